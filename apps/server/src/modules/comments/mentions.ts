import { MAIL_STATUS, USER_STATUS } from '@inquire/shared';
import type { Db } from '../../infra/db.js';

/**
 * `@username` in a comment, not part of a word, an email address or an existing link. A
 * username may contain dots and dashes, but a trailing one is punctuation ("thanks @ann.").
 */
const MENTION = /(^|[^\w@/[\]])@([a-z0-9._-]*[a-z0-9_])(?![\w@])/gi;

/** The usernames a comment mentions, lowercased, in order of first mention. */
export function mentionedNames(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((m) => (m[2] as string).toLowerCase()))];
}

/** Which of these usernames belong to members who can be mentioned (activated, not deleted). */
export async function mentionableUsers(db: Db, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('username')
    .where('username', 'in', names.slice(0, 50))
    .where('mail_status', '=', MAIL_STATUS.activated)
    .where('status', '!=', USER_STATUS.deleted)
    .execute();
  return new Set(rows.map((r) => r.username));
}

/**
 * Rewrites real members' mentions as markdown links to their profiles, as the peer's client
 * writes them (`[@name](/users/name)`), before the text is rendered and sanitized. Other
 * `@words` stay text.
 */
export function linkMentions(text: string, members: Set<string>): string {
  if (members.size === 0) return text;
  // Code spans (odd pieces of the split) are shown as written.
  return text
    .split(CODE_SPAN)
    .map((piece, i) =>
      i % 2 === 1
        ? piece
        : piece.replace(MENTION, (whole, before: string, name: string) => {
            const username = name.toLowerCase();
            return members.has(username) ? `${before}[@${username}](/users/${encodeURIComponent(username)})` : whole;
          }),
    )
    .join('');
}

const CODE_SPAN = /(`+[^`]*`+)/;

/** A comment's text with its real members' mentions linked (what is rendered and whom it tells). */
export async function linkedMentions(db: Db, text: string): Promise<string> {
  return linkMentions(text, await mentionableUsers(db, mentionedNames(text)));
}

/** The members a linked comment mentions (its `[@name](/users/name)` links, as the peer reads them). */
export async function mentionedMemberIds(db: Db, linkedText: string): Promise<string[]> {
  const names = [...new Set([...linkedText.matchAll(LINKED_MENTION)].map((m) => (m[1] as string).toLowerCase()))];
  if (names.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('username', 'in', names.slice(0, 50))
    .where('mail_status', '=', MAIL_STATUS.activated)
    .where('status', '!=', USER_STATUS.deleted)
    .execute();
  return rows.map((r) => r.id);
}

const LINKED_MENTION = /\[@([a-z0-9._-]+)\]\(\/users\//gi;
