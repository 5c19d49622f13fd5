import { MAIL_STATUS, QUESTION_STATUS, ROLE, USER_STATUS } from '@inquire/shared';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/users.repository.js';
import { canDeleteComment, canEditComment, canVoteComment } from '../comments/comments.service.js';
import { canAccept, canDelete } from '../posts/post-policy.js';
import { holds, isActive, isActiveAdmin, isActiveStaff } from './actor.js';
import type { Actor } from './auth.service.js';

const FAR_FUTURE = 4_000_000_000;

function actor(overrides: Partial<UserRow> = {}): Actor {
  return {
    tokenHash: 'x',
    user: {
      id: '1',
      role_id: ROLE.user,
      rank: 1,
      mail_status: MAIL_STATUS.activated,
      status: USER_STATUS.normal,
      suspended_until: 0,
      ...overrides,
    } as UserRow,
  };
}

const moderator = actor({ id: '7', role_id: ROLE.moderator });
const suspendedModerator = actor({
  id: '7',
  role_id: ROLE.moderator,
  status: USER_STATUS.suspended,
  suspended_until: FAR_FUTURE,
});
const inactiveAdmin = actor({ id: '8', role_id: ROLE.admin, mail_status: MAIL_STATUS.inactive });
const othersPost = { user_id: '99', status: QUESTION_STATUS.normal };
const othersComment = { user_id: '99', created_at: 0 };

describe('actor kernel', () => {
  it('[P-1] staff in good standing is an active admin or moderator, nobody else', () => {
    expect(isActiveStaff(moderator)).toBe(true);
    expect(isActiveStaff(suspendedModerator)).toBe(false);
    expect(isActiveStaff(inactiveAdmin)).toBe(false);
    expect(isActiveStaff(actor())).toBe(false);
    expect(isActiveStaff(null)).toBe(false);
    expect(isActiveAdmin(actor({ role_id: ROLE.admin }))).toBe(true);
    expect(isActiveAdmin(moderator)).toBe(false);
  });

  it('[P-1] a suspension that has run out no longer counts', () => {
    const served = actor({ status: USER_STATUS.suspended, suspended_until: 1 });
    expect(isActive(served)).toBe(true);
  });

  it('[P-1] privileges need an active account', () => {
    const rich = actor({ rank: 100_000 });
    expect(holds(rich, 'comment.vote_up')).toBe(true);
    expect(holds({ ...rich, user: { ...rich.user, mail_status: MAIL_STATUS.inactive } }, 'comment.vote_up')).toBe(
      false,
    );
  });

  it("[P-1] a suspended moderator keeps no staff power over others' posts and comments", () => {
    expect(canAccept(moderator, othersPost)).toBe(true);
    expect(canAccept(suspendedModerator, othersPost)).toBe(false);
    expect(canDelete(moderator, othersPost)).toBe(true);
    expect(canDelete(suspendedModerator, othersPost)).toBe(false);
    expect(canEditComment(moderator, othersComment, 10_000)).toBe(true);
    expect(canEditComment(suspendedModerator, othersComment, 10_000)).toBe(false);
    expect(canDeleteComment(moderator, othersComment)).toBe(true);
    expect(canDeleteComment(suspendedModerator, othersComment)).toBe(false);
    expect(canVoteComment(suspendedModerator, othersComment)).toBe(false);
  });
});
