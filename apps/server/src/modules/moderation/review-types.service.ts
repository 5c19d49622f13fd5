import { translate } from '@inquire/i18n';
import type { Language, ReviewTypeItem } from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import type { Actor } from '../auth/auth.service.js';
import { reviewQueues } from './review-queues.js';

/**
 * GET reviewing/type (peer facts 3.4, 5.1): the review screen's tabs with what is left in
 * each. Staff in good standing see every queue; members with an audit privilege see the
 * suggested edits of the types they may review; everyone else an empty list.
 */
export class ReviewTypesService {
  constructor(private readonly site: SiteRuntime) {}

  async list(actor: Actor, lang: Language): Promise<ReviewTypeItem[]> {
    return (await reviewQueues(this.site.db, actor)).map(({ name, todo }) => ({
      name,
      label: translate(lang, `ui.review.type.${name}`),
      todo_amount: todo,
    }));
  }
}
