import { translate } from '@inquire/i18n';
import type { Language, ReviewTypeItem } from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import type { Actor } from '../auth/auth.service.js';
import { reviewQueues } from './review-queues.js';

/**
 * GET reviewing/type (peer facts 3.4, 5.1; spec 9): the review types with what is left in
 * each. Staff in good standing get all seven; members with an audit privilege the edits of
 * the object types they may review; everyone else an empty list. Appeals are not a review
 * type: staff read their count from `moderation/appeal/page`.
 */
export class ReviewTypesService {
  constructor(private readonly site: SiteRuntime) {}

  async list(actor: Actor, lang: Language): Promise<ReviewTypeItem[]> {
    const items: ReviewTypeItem[] = [];
    for (const { name, todo } of await reviewQueues(this.site.db, actor)) {
      if (name === 'appeal') continue;
      items.push({ name, label: translate(lang, `ui.review.type.${name}`), todo_amount: todo });
    }
    return items;
  }
}
