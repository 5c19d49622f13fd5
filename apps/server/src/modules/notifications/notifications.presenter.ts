import { translate } from '@inquire/i18n';
import { objectTypeOf, USER_STATUS, type Language, type NotificationItem, type SiteSettings } from '@inquire/shared';
import { avatarUrl } from '../users/users.presenter.js';
import { NOTIFICATION_TYPE, READ_STATE, type NotificationRow } from './notifications.repository.js';

/** A question as the reader may see it now: its title ('' when withheld) and the answers they may not see. */
export interface ShownPost {
  title: string;
  hiddenAnswers: Set<string>;
}

interface ActorRow {
  id: string;
  username: string;
  display_name: string;
  avatar: string;
  e_mail: string;
  status: number;
  rank: number;
}

/** The wire shape of `notification/page` items (peer facts 4.3). */
export function presentNotification(
  row: NotificationRow,
  context: {
    actor: ActorRow | undefined;
    post: ShownPost | undefined;
    users: SiteSettings['site_users'];
    lang: Language;
  },
): NotificationItem {
  const { actor, post } = context;
  const title = post?.title ?? '';
  // Nothing that points into a post the reader may no longer see.
  const answer = row.answer_id && title && !post?.hiddenAnswers.has(row.answer_id) ? row.answer_id : '';
  const objectMap: NotificationItem['object_info']['object_map'] = {};
  if (title) objectMap.question = row.question_id;
  if (answer) objectMap.answer = answer;
  if (answer || (title && !row.answer_id)) {
    if (row.comment_id) objectMap.comment = row.comment_id;
  }
  const item: NotificationItem = {
    id: row.id,
    object_info: {
      title,
      object_id: title ? row.object_id : '',
      object_map: objectMap,
      object_type: objectTypeOf(row.object_id) ?? '',
    },
    rank: row.rank,
    notification_action: translate(context.lang, actionKey(row)),
    is_read: row.is_read === READ_STATE.read,
    update_time: row.updated_at,
  };
  if (actor) item.user_info = presentActor(actor, context.users);
  return item;
}

function actionKey(row: NotificationRow): string {
  return row.type === NOTIFICATION_TYPE.achievement
    ? `notification.achievement.${row.action.replace('.', '_')}`
    : `notification.action.${row.action}`;
}

/** The actor of an item; a deleted member shows as "user" and a short id, as the peer. */
function presentActor(row: ActorRow, users: SiteSettings['site_users']): NonNullable<NotificationItem['user_info']> {
  if (row.status === USER_STATUS.deleted) {
    return {
      id: row.id,
      username: '',
      display_name: `user${row.id.slice(-6)}`,
      avatar: '',
      rank: 0,
      status: 'deleted',
    };
  }
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    avatar: avatarUrl(row, users),
    rank: row.rank,
    status: 'normal',
  };
}
