import { createStaticHandler, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';
import { firstSegmentOf, fixedFirstSegments, routesForSegment, withTreeIds } from './routes-by-segment';

const treeRoutes = withTreeIds(routes);
const fixed = fixedFirstSegments(treeRoutes);

/** Every path the table names, its parents' paths joined in. */
function fullPaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    return [path || '/', ...(route.children ? fullPaths(route.children, path) : [])];
  });
}

/** Addresses each path matches (its parameters filled in), and near misses of them. */
function addressesOf(path: string): string[] {
  const filled = path.replace(/:[^/]+/g, '10010000000000001').replace(/\*$/, 'a/b');
  const upper = filled.replace(/^\/([a-z])/, (_, c: string) => `/${c.toUpperCase()}`);
  const encoded = filled.replace(/^\/([a-z])/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`);
  return [filled, `${filled}/`, `${filled}/extra`, upper, encoded, `/x${filled}`, `/${filled}`];
}

const ADDRESSES = [
  ...new Set([
    ...fullPaths(routes).flatMap(addressesOf),
    '/',
    '/nope',
    '/%E0%A4%A',
    '/questions/10010000000000001/a-title/10020000000000001',
    '/users/someone/answers',
    '/admin/anything/else',
  ]),
];

const idsOf = (table: RouteObject[], address: string) => matchRoutes(table, address)?.map((m) => m.route.id) ?? null;

describe('routes cut by their first segment (the server render matches against them)', () => {
  it('keep the ids React Router gives the routes, so hydration in the browser finds the same ones', () => {
    const ids = (list: { id?: string; children?: unknown[] }[]): string[] =>
      list.flatMap((r) => [r.id ?? '', ...ids((r.children ?? []) as typeof list)]);
    expect(ids(treeRoutes)).toEqual(ids(createStaticHandler(routes).dataRoutes));
  });

  it(`match every address (${ADDRESSES.length}, from each path of the table) as the whole table does`, () => {
    for (const address of ADDRESSES) {
      const cut = routesForSegment(treeRoutes, firstSegmentOf(address, fixed));
      expect(idsOf(cut, address), address).toEqual(idsOf(treeRoutes, address));
    }
  });

  it('are kept for the fixed segments of the table only: any other address shares one cut', () => {
    expect(firstSegmentOf('/no-such-page/1', fixed)).toBeUndefined();
    expect(firstSegmentOf('/%E0%A4%A', fixed)).toBeUndefined();
    expect(firstSegmentOf('/', fixed)).toBe('');
    expect(firstSegmentOf('/Questions/1', fixed)).toBe('questions');
  });

  it('leave far fewer routes to try than the whole table', () => {
    const count = (list: RouteObject[]): number => list.reduce((n, r) => n + 1 + count(r.children ?? []), 0);
    const question = routesForSegment(treeRoutes, firstSegmentOf('/questions/1/title', fixed));
    expect(count(question)).toBeLessThan(count(treeRoutes) / 2);
  });
});
