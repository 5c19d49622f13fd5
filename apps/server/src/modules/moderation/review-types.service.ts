import { translate } from '@inquire/i18n';
import type { Language, ReviewType, ReviewTypeItem } from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { holds, isActiveStaff } from '../auth/actor.js';
import type { Actor } from '../auth/auth.service.js';
import { revisionsRepository } from '../posts/revisions.repository.js';
import { appealsRepository, reviewItemsRepository } from './moderation.repository.js';
import type { FlagsService } from './flags.service.js';

/** Object types (question 1, answer 2, tag 3) and the privilege that audits their suggested edits. */
const AUDIT = { 1: 'question.audit', 2: 'answer.audit', 3: 'tag.audit' } as const;

/**
 * GET reviewing/type (peer facts 3.4, 5.1): the review screen's tabs with what is left in
 * each. Staff in good standing see every queue; members with an audit privilege see the
 * suggested edits of the types they may review; everyone else an empty list.
 */
export class ReviewTypesService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly flags: FlagsService,
  ) {}

  async list(actor: Actor, lang: Language): Promise<ReviewTypeItem[]> {
    const db = this.site.db;
    const item = (name: ReviewType, todo: number): ReviewTypeItem => ({
      name,
      label: translate(lang, `ui.review.type.${name}`),
      todo_amount: todo,
    });
    const auditTypes = ([1, 2, 3] as const).filter((type) => holds(actor, AUDIT[type]));
    const items: ReviewTypeItem[] = [];
    if (auditTypes.length > 0) {
      const { count } = await revisionsRepository.unreviewedPage(db, [...auditTypes], actor.user.id, 1, 1);
      items.push(item('suggested_post_edit', count));
    }
    if (!isActiveStaff(actor)) return items;
    const [flaggedPosts, flaggedUsers, queued, appeals] = await Promise.all([
      this.flags.pendingPosts(),
      this.flags.pendingUsers(),
      reviewItemsRepository.pendingCount(db),
      appealsRepository.openCount(db),
    ]);
    items.push(
      item('flagged_post', flaggedPosts),
      item('flagged_user', flaggedUsers),
      item('queued_post', queued),
      item('appeal', appeals),
    );
    return items;
  }
}
