import type { TestApp } from '../harness.js';

/** Helpers shared by the account security suites (sign-in, sign-up, recovery, profile). */

export const V1 = '/answer/api/v1';
export type Fields = { error_field: string; error_msg: string }[];

/** Turns the built-in captcha on or off (it starts on, as on a fresh site). */
export async function setCaptcha(t: TestApp, enabled: boolean): Promise<void> {
  const value = enabled ? 1 : 0;
  await t.app.site.db
    .insertInto('plugin_state')
    .values({ slug_name: 'captcha-basic', enabled: value, config: '', updated_at: 0 })
    .onConflict((oc) => oc.column('slug_name').doUpdateSet({ enabled: value }))
    .execute();
}

/** One API call from a given client address, with an optional bearer token. */
export async function from(
  t: TestApp,
  ip: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  token?: string,
): Promise<{ status: number; body: { reason: string; data: unknown } }> {
  const response = await t.app.inject({
    method,
    url: `${V1}/${url}`,
    remoteAddress: ip,
    headers: token ? { authorization: token } : {},
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

/** The emails waiting in the outbox for an address, oldest first. */
export function outboxTo(t: TestApp, address: string) {
  return t.app.site.db
    .selectFrom('email_outbox')
    .select(['subject', 'html', 'text'])
    .where('to_address', '=', address)
    .orderBy('id')
    .execute();
}

/** The `code` of the site link to `page` in an email's text. */
export function linkCode(text: string, page: string): string {
  const match = new RegExp(`/users/${page}\\?code=([\\w%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link in: ${text}`);
  return decodeURIComponent(match[1]);
}
