import type { ConnectorUser } from '@inquire/plugin-sdk';
import { EMAIL_PATTERN, LIMITS, type SiteSettings } from '@inquire/shared';
import { emailDomainAllowed } from '../accounts/accounts.service.js';

/*
 * What a provider's answer means for a member: the address it may use, the names a new member
 * gets, what is kept beside the login, and whether the site takes new members at all.
 */

/** What is kept of the provider's answer beside the login. */
export const metaOf = (user: ConnectorUser) =>
  JSON.stringify({
    display_name: user.display_name,
    username: user.username ?? '',
    email: user.email ?? '',
    avatar: user.avatar ?? '',
  });

/** A usable address from the provider, lower-cased, or '' (missing or not an address). */
export function providerEmail(user: ConnectorUser): string {
  const email = (user.email ?? '').trim().toLowerCase();
  return email.length <= 512 && EMAIL_PATTERN.test(email) ? email : '';
}

/** The name a new member shows: the provider's (control characters dropped, cut to the limit). */
function displayNameOf(user: Pick<ConnectorUser, 'display_name' | 'username'>, email: string): string {
  const given = user.display_name || user.username || email.split('@')[0] || 'user';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = given.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...(clean || 'user')].slice(0, LIMITS.displayNameMax).join('');
}

/** The names of a new member from the provider's: the name shown, and the base of the username. */
export function newMemberNames(user: Pick<ConnectorUser, 'display_name' | 'username'>, email: string) {
  const name = displayNameOf(user, email);
  return { name, usernameBase: user.username || name };
}

/**
 * Whether a new member may sign up with this address: registrations open and its domain
 * allowed, as the sign-up form checks them. The email-registration switch is left out: it is
 * about the password form, and a site may well take new members only through its providers.
 */
export function registrationOpen(settings: SiteSettings, email: string): boolean {
  return settings.login.allow_new_registrations && emailDomainAllowed(email, settings.login.allow_email_domains);
}
