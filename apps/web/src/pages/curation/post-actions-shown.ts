import type { PageActions as Actions } from '@inquire/shared';

/** The server's flags PostActions shows an entry for (a member always gets the timeline link too). */
const SHOWN_FOR = ['edit', 'close', 'reopen', 'pin', 'unpin', 'hide', 'show', 'delete', 'undelete'] as const;

/**
 * Whether PostActions shows anything for these flags: the page leaves out a guest's empty row,
 * and does not load PostActions' code for a reader it has nothing for.
 */
export function showsPostActions(actions: Actions, signedIn: boolean): boolean {
  return signedIn || SHOWN_FOR.some((key) => actions[key] === true);
}
