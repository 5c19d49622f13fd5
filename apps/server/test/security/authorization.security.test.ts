import { REASONS, ROLE } from '@inquire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../harness.js';
import { V1 } from './accounts-helpers.js';
import {
  ADMIN_PREFIX,
  ANY_STATUS_WRITES,
  deletedMember,
  keyOf,
  member,
  PUBLIC_WRITES,
  routesOf,
  SUSPENDED_MAY_WRITE,
  send,
  stateOf,
  suspended,
  unactivated,
  writeRoutes,
  type Member,
  type Route,
} from './matrix-helpers.js';

/**
 * The route-table sweeps of the authorization matrix: every write route (and every admin
 * route) called with an empty body by each kind of caller who must not write. Guards run
 * before input parsing, so the exact status and reason show which guard answered: a route
 * that lost its guard would answer 400 (bad input) instead, and fail here.
 */
const GARBAGE_TOKEN = 'not-a-session-0123456789abcdefghijklmnopqrstuvwxyz';
/** Past the guard: neither 401 nor 403, and no server error (what it then does is the route's business). */
const REACHABLE = 'reachable';

describe('[SEC-6][SEC-8] write routes × callers who may not write', () => {
  let t: TestApp;
  let routes: Route[];
  const is = (list: Record<string, string>) => (route: Route) => keyOf(route) in list;
  const guarded = (route: Route) => !is(PUBLIC_WRITES)(route);
  const activeOnly = (route: Route) => guarded(route) && !is(ANY_STATUS_WRITES)(route);

  beforeAll(async () => {
    t = await buildTestApp();
    routes = writeRoutes(t.app);
  });
  afterAll(async () => t.close());

  /** Calls every route with the token and checks the database is as it was. */
  async function sweep(token: string | undefined, expectOf: (route: Route) => string) {
    const before = await stateOf(t.app);
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const route of routes) {
      const reply = await send(t.app, route, token);
      const expected = expectOf(route);
      const reachable = reply.status < 500 && reply.status !== 401 && reply.status !== 403;
      const actual = expected === REACHABLE && reachable ? REACHABLE : `${reply.status} ${reply.reason} ${reply.type}`;
      seen.push(`${keyOf(route)} → ${actual}`.trim());
      wanted.push(`${keyOf(route)} → ${expected}`.trim());
    }
    expect(seen).toEqual(wanted);
    expect(await stateOf(t.app)).toEqual(before);
  }

  it('the allowlists name real write routes, and the sweep covers many', () => {
    const keys = routes.map(keyOf);
    expect(routes.length).toBeGreaterThan(40);
    for (const key of [
      ...Object.keys(PUBLIC_WRITES),
      ...Object.keys(ANY_STATUS_WRITES),
      ...Object.keys(SUSPENDED_MAY_WRITE),
    ]) {
      expect(keys, `allowlisted but not registered: ${key}`).toContain(key);
    }
  });

  it('[SEC-6][ANS-28] a guest, a garbage token and a deleted account get 401 on every write route but the public ones', async () => {
    const expectOf = (route: Route) => (guarded(route) ? `401 ${REASONS.unauthorized}` : publicAnswer(route));
    await sweep(undefined, expectOf);
    await sweep(GARBAGE_TOKEN, expectOf);
    await sweep((await deletedMember(t.app)).token, expectOf);
  });

  it('[SEC-8] a suspended member gets 403 suspended on every write route but the public and any-status ones, and the appeal', async () => {
    const { token } = await member(t.app, suspended());
    await sweep(token, (route) =>
      activeOnly(route) && !is(SUSPENDED_MAY_WRITE)(route)
        ? `403 ${REASONS.userSuspended} suspended`
        : allowedAnswer(route),
    );
  });

  it('[SEC-8] an unactivated member gets 403 inactive on every write route but the public and any-status ones', async () => {
    const { token } = await member(t.app, unactivated());
    await sweep(token, (route) => (activeOnly(route) ? `403 ${REASONS.userInactive} inactive` : allowedAnswer(route)));
  });

  /**
   * What a public route answers an empty body: the installer is closed once installed, every
   * other one wants its fields. Never 2xx, never 401 (they are public), so a stale entry fails.
   */
  function publicAnswer(route: Route): string {
    if (route.url.includes('/installation/')) return `400 ${REASONS.alreadyInstalled}`;
    // Dropping the caller's own cookie takes no input and is the same for everyone.
    if (route.url === `${V1}/user/session-cookie`) return '200 base.success';
    return `400 ${REASONS.requestFormatError}`;
  }

  /** The any-status routes let the caller through (an activated account's resend is a no-op 200). */
  function allowedAnswer(route: Route): string {
    return is(PUBLIC_WRITES)(route) ? publicAnswer(route) : REACHABLE;
  }
});

describe('[SEC-6][ANS-28][ANS-42] admin routes × every caller', () => {
  let t: TestApp;
  let adminRoutes: Route[];
  const callers: Record<string, Member | undefined> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    callers.member = await member(t.app);
    callers.highRank = await member(t.app, { rank: 100_000 });
    callers.moderator = await member(t.app, { role_id: ROLE.moderator });
    callers.admin = await member(t.app, { role_id: ROLE.admin });
    callers.suspendedAdmin = await member(t.app, suspended({ role_id: ROLE.admin }));
    callers.unactivatedAdmin = await member(t.app, unactivated({ role_id: ROLE.admin }));
    callers.deletedAdmin = await deletedMember(t.app, ROLE.admin);
    adminRoutes = await findAdminRoutes();
  });
  afterAll(async () => t.close());

  /**
   * The admin prefix, plus any route elsewhere that answers a moderator "admin required"
   * (`requireAdmin`): found by calling every route but the state-changing GET (logout) and the
   * event stream, which answers a member by staying open (it requires a member, never an admin).
   */
  async function findAdminRoutes(): Promise<Route[]> {
    const all = routesOf(t.app, ['GET', 'POST', 'PUT', 'DELETE']);
    const loggingOut = new Set(t.app.routeTable.filter((r) => r.config.changesState).map((r) => r.url));
    const streams = new Set(t.app.routeTable.filter((r) => r.config.eventStream).map((r) => r.url));
    const found: Route[] = [];
    for (const route of all) {
      if (loggingOut.has(route.url) || streams.has(route.url)) continue;
      const underPrefix = route.url.startsWith(ADMIN_PREFIX);
      const reply = await send(t.app, route, callers.moderator?.token);
      if (underPrefix || reply.reason === REASONS.adminRequired) found.push(route);
    }
    return found;
  }

  it('every route under the admin prefix, and every route that requires an admin, is in the sweep', () => {
    const keys = adminRoutes.map(keyOf);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(keys).toContain(`PUT ${ADMIN_PREFIX}setting/smtp`);
    expect(keys).toContain(`PUT ${ADMIN_PREFIX}siteinfo/theme`);
    // Issue 13, items 2, 3, 6 and 7: the dashboard, content lists, plugins and supporting calls.
    for (const route of [
      'GET dashboard',
      'GET question/page',
      'GET answer/page',
      'PUT question/status',
      'PUT answer/status',
      'GET plugins',
      'PUT plugin/status',
      'GET plugin/config',
      'PUT plugin/config',
      'GET roles',
      'GET language/options',
      'GET reasons',
      'GET user-center/agent',
      // Items 1 to 3 of issue 13 (admin13a): branding, CSS & HTML, privileges.
      'GET siteinfo/branding',
      'PUT siteinfo/branding',
      'GET siteinfo/custom-css-html',
      'PUT siteinfo/custom-css-html',
      'GET setting/privileges',
      'PUT setting/privileges',
    ]) {
      const [method, path] = route.split(' ');
      expect(keys).toContain(`${method} ${ADMIN_PREFIX}${path}`);
    }
    for (const section of ['general', 'interface', 'legal', 'login', 'users', 'write', 'seo']) {
      expect(keys).toContain(`GET ${ADMIN_PREFIX}siteinfo/${section}`);
      expect(keys).toContain(`PUT ${ADMIN_PREFIX}siteinfo/${section}`);
    }
  });

  it('[ANS-28][ANS-42][S4-006] no token, a garbage token or a deleted admin get 401; members, moderators and admins not in good standing get 403', async () => {
    const before = await stateOf(t.app);
    const expected: Record<string, string> = {
      guest: `401 ${REASONS.unauthorized}`,
      garbage: `401 ${REASONS.unauthorized}`,
      deletedAdmin: `401 ${REASONS.unauthorized}`,
      member: `403 ${REASONS.adminRequired}`,
      highRank: `403 ${REASONS.adminRequired}`,
      moderator: `403 ${REASONS.adminRequired}`,
      suspendedAdmin: `403 ${REASONS.userSuspended} suspended`,
      unactivatedAdmin: `403 ${REASONS.userInactive} inactive`,
    };
    const tokens: Record<string, string | undefined> = {
      guest: undefined,
      garbage: GARBAGE_TOKEN,
      ...Object.fromEntries(Object.entries(callers).map(([name, caller]) => [name, caller?.token])),
    };
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const route of adminRoutes) {
      for (const [who, answer] of Object.entries(expected)) {
        const reply = await send(t.app, route, tokens[who]);
        seen.push(`${who} ${keyOf(route)} → ${reply.status} ${reply.reason} ${reply.type}`.trim());
        wanted.push(`${who} ${keyOf(route)} → ${answer}`);
      }
    }
    expect(seen).toEqual(wanted);
    expect(await stateOf(t.app)).toEqual(before);
  });

  it('[SEC-6] an admin in good standing passes the guard of every admin route', async () => {
    for (const route of adminRoutes) {
      const reply = await send(t.app, route, callers.admin?.token);
      const passed = reply.status < 500 && reply.status !== 401 && reply.status !== 403;
      expect(`${keyOf(route)} → ${passed ? REACHABLE : reply.status}`).toBe(`${keyOf(route)} → ${REACHABLE}`);
    }
  });
});
