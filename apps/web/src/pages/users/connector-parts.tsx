import type { ConnectorInfoItem, ConnectorUserInfoItem, SessionUser } from '@inquire/shared';
import { afterSignIn } from '../../lib/auth-storage';
import { API_BASE, ApiError, http } from '../../lib/http';

/** `GET connector/info`: one external sign-in (connector plugin) that is on and configured. */
export type ConnectorItem = ConnectorInfoItem;
/** `GET connector/user/info`: a connector and whether the signed-in member has it linked. */
export type ConnectorUserItem = ConnectorUserInfoItem;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The icon as an image address: only ever a base64 SVG in a `data:` URL on an `<img>`, where
 * an SVG runs no script and reaches nothing; anything that is not plain base64 shows no icon.
 */
export function iconSrc(icon: string): string | undefined {
  const compact = icon.replace(/\s+/g, '');
  return compact && BASE64.test(compact) ? `data:image/svg+xml;base64,${compact}` : undefined;
}

/** A connector's link as given, when it is an http(s) address or a path of this site. */
export function connectorHref(link: string): string | undefined {
  if (link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')) return link;
  try {
    const { protocol } = new URL(link);
    return protocol === 'http:' || protocol === 'https:' ? link : undefined;
  } catch {
    return undefined;
  }
}

/** The list a read answered, or none: a connector read that fails never fails its page. */
export function connectorList<T extends ConnectorItem>(value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  return (value as T[]).filter((item) => typeof item?.name === 'string' && connectorHref(item.link) !== undefined);
}

/** A connector's icon: light behind it in dark mode, as providers' marks are often dark. */
export function ConnectorIcon({ icon }: { icon: string }) {
  const src = iconSrc(icon);
  if (!src) return <span aria-hidden="true" className="inline-block h-5 w-5 shrink-0" />;
  return <img src={src} alt="" width={20} height={20} className="h-5 w-5 shrink-0 rounded-sm dark:bg-white" />;
}

/**
 * After a token sign-in (the auth landing): the member the stored token belongs to
 * (`user/info`, S4-024), then where the login page would send them (S4-025..S4-027).
 * Rejects when the token signs no one in.
 */
export async function landingDestination(): Promise<string> {
  const user = await http.get<SessionUser | null>(`${API_BASE}/user/info`, { silent: true });
  if (!user) throw new Error('the sign-in token names no member');
  return afterSignIn(user);
}

/** What `POST connector/binding/email` answered, for the confirm-email page. */
export type BindingOutcome =
  | { kind: 'sent' }
  /** The address belongs to an account (S8-054): the page offers to connect to it (S8-055). */
  | { kind: 'exists'; message: string }
  | { kind: 'refused'; error: ApiError; fields: Record<string, string> };

function carriesEmailExists(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { email_exists?: unknown }).email_exists === true;
}

/** The server's "Email already exists" refusal: `data.email_exists`, on the data or a field. */
export function isEmailExists(error: ApiError): boolean {
  if (carriesEmailExists(error.data)) return true;
  if (Array.isArray(error.data) && error.data.some(carriesEmailExists)) return true;
  return error.reason === 'error.email.already_exists';
}

/**
 * Gives an external login without an email its address (S7-161); `must` connects it to the
 * account that already has the address (S8-055), by a link sent there.
 */
export async function bindEmail(bindingKey: string, email: string, must = false): Promise<BindingOutcome> {
  const body = must ? { binding_key: bindingKey, email, must: true } : { binding_key: bindingKey, email };
  try {
    await http.post(`${API_BASE}/connector/binding/email`, body, { passingError: true });
    return { kind: 'sent' };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fields = Object.fromEntries(error.list.map((f) => [f.error_field, f.error_msg]));
    if (isEmailExists(error)) return { kind: 'exists', message: fields.email || error.message };
    return { kind: 'refused', error, fields };
  }
}

/** Removes one of the member's external logins (S7-162); the server refuses the last way in. */
export function unlinkLogin(externalId: string): Promise<unknown> {
  return http.delete(`${API_BASE}/connector/user/unbinding`, { external_id: externalId }, { passingError: true });
}
