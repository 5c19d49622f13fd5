import type { ConnectorInfoItem, ConnectorLandingError, ConnectorUserInfoItem } from '@inquire/shared';
import type { ConnectorContract } from '@inquire/plugin-sdk';

/** A connector that is on and configured, by its plugin slug. */
export interface ActiveConnector {
  slug: string;
  contract: ConnectorContract;
}

const API = '/answer/api/v1/connector';
const base = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

/** Where the login button sends the browser (following it while signed in links the account). */
export const loginLink = (siteUrl: string, slug: string) => `${base(siteUrl)}${API}/login/${encodeURIComponent(slug)}`;

/** The callback address the provider is told (and must have registered for the client). */
export const redirectUri = (siteUrl: string, slug: string) =>
  `${base(siteUrl)}${API}/redirect/${encodeURIComponent(slug)}`;

export function presentConnector(connector: ActiveConnector, siteUrl: string): ConnectorInfoItem {
  return {
    name: connector.contract.button.name,
    icon: connector.contract.button.icon,
    link: loginLink(siteUrl, connector.slug),
  };
}

export function presentUserConnector(
  connector: ActiveConnector,
  siteUrl: string,
  externalId: string | undefined,
): ConnectorUserInfoItem {
  return { ...presentConnector(connector, siteUrl), binding: externalId !== undefined, external_id: externalId ?? '' };
}

/** What the OAuth callback ended in; the route turns it into the redirect of `landingPath`. */
export type CallbackOutcome =
  | { kind: 'signed_in'; token: string }
  | { kind: 'bound' }
  | { kind: 'needs_email'; bindingKey: string }
  | { kind: 'failed'; error: ConnectorLandingError; cause?: unknown };

/**
 * The web page the callback sends the browser to. The token rides in the query of a page that
 * stores it and removes it from the address bar at once (and sends no referrer); the web app
 * keeps its tokens in local storage, which a redirect cannot write to.
 */
export function landingPath(outcome: CallbackOutcome): string {
  switch (outcome.kind) {
    case 'signed_in':
      return `/users/auth-landing?access_token=${encodeURIComponent(outcome.token)}`;
    case 'bound':
      return '/users/settings/account';
    case 'needs_email':
      return `/users/confirm-email?binding_key=${encodeURIComponent(outcome.bindingKey)}`;
    case 'failed':
      return `/users/auth-landing?error=${outcome.error}`;
  }
}
