import type { MemberAction, PostActions, TagActions } from '@inquire/shared';

/**
 * Answer's `member_actions`: the menu its clients draw under a post, comment or tag, as
 * `{action, name, type}` (type `edit` opens the editor, `confirm` asks first, `reason` asks
 * for a reason). Derived from the same flags the web app reads as `actions`, so both say the
 * same thing; the order is Answer's (flag, edit, the staff operations, delete, undelete).
 */
const MENU: Record<string, Omit<MemberAction, 'action'>> = {
  report: { name: 'Flag', type: 'reason' },
  edit: { name: 'Edit', type: 'edit' },
  close: { name: 'Close', type: 'confirm' },
  reopen: { name: 'Reopen', type: 'confirm' },
  pin: { name: 'Pin', type: 'confirm' },
  unpin: { name: 'Unpin', type: 'confirm' },
  hide: { name: 'Unlist', type: 'confirm' },
  show: { name: 'List', type: 'confirm' },
  delete: { name: 'Delete', type: 'confirm' },
  undelete: { name: 'Undelete', type: 'confirm' },
  synonym: { name: 'Edit synonyms', type: 'edit' },
};

function menuOf(flags: Record<string, boolean | undefined>, order: readonly string[]): MemberAction[] {
  return order.flatMap((action) => {
    const entry = MENU[action];
    return flags[action] && entry ? [{ action, ...entry }] : [];
  });
}

const POST_ORDER = ['report', 'edit', 'close', 'reopen', 'pin', 'unpin', 'hide', 'show', 'delete', 'undelete'];

/** A question's or an answer's menu; `canFlag` is whether the caller may flag it (signed in, active). */
export function postMemberActions(actions: PostActions, canFlag: boolean): MemberAction[] {
  return menuOf({ ...actions, report: canFlag }, POST_ORDER);
}

/** A comment's menu: deleting a comment asks for a reason in Answer's client. */
export function commentMemberActions(actions: { edit: boolean; delete: boolean }, canFlag: boolean): MemberAction[] {
  return menuOf({ ...actions, report: canFlag }, ['report', 'edit', 'delete']).map((a) =>
    a.action === 'delete' ? { ...a, type: 'reason' } : a,
  );
}

export function tagMemberActions(actions: TagActions): MemberAction[] {
  return menuOf({ ...actions }, ['edit', 'delete', 'undelete']);
}

export function synonymMemberActions(canEdit: boolean): MemberAction[] {
  return menuOf({ edit: canEdit }, ['edit']);
}
