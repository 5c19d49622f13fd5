import { timingSafeEqual } from 'node:crypto';
import { newToken } from '../../infra/tokens.js';

/**
 * The OAuth2 `state` (RFC 6749 10.12) lives in the browser, not the database: `connector/login`
 * is a GET that any page can link to, so it must write no row. The cookie is HttpOnly and
 * SameSite=Lax (it goes along on the provider's top-level redirect back to us, never on a
 * cross-site subrequest), scoped to the connector routes and short-lived. The callback
 * accepts only the state in its own cookie, compared in constant time, which is what stops a
 * forged callback (another person's code planted in this browser) from signing anyone in.
 */
export const STATE_COOKIE = 'inquire_connector_state';
export const STATE_COOKIE_PATH = '/answer/api/v1/connector';
export const STATE_TTL_SECONDS = 600;

/** Signed in when the flow began: the callback links the account instead of signing in. */
export type FlowPurpose = 'login' | 'bind';

export interface FlowState {
  state: string;
  purpose: FlowPurpose;
  slug: string;
}

export function newFlowState(purpose: FlowPurpose, slug: string): FlowState {
  return { state: newToken(), purpose, slug };
}

/** `<state>.<purpose>.<slug>`: the state is base64url, so the dots are unambiguous. */
export const encodeFlowState = (flow: FlowState) => `${flow.state}.${flow.purpose}.${flow.slug}`;

/**
 * The flow of this callback: the cookie's, when its state equals the query's and it was
 * started for this connector; null otherwise (missing, mangled, another flow's).
 */
export function matchFlowState(cookie: string | undefined, queryState: unknown, slug: string): FlowState | null {
  if (!cookie || typeof queryState !== 'string') return null;
  const [state = '', purpose, ...slugParts] = cookie.split('.');
  if ((purpose !== 'login' && purpose !== 'bind') || slugParts.join('.') !== slug) return null;
  const given = Buffer.from(queryState);
  const expected = Buffer.from(state);
  if (expected.length < 32 || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { state, purpose, slug };
}
