import type { ReviewContent, ReviewerContract, ReviewVerdict } from '@inquire/plugin-sdk';
import type { Actor } from '../auth/auth.service.js';
import { isActiveStaff } from '../auth/actor.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';

/** What the reviewers decided about a new post, and who held it and why (the queue shows it). */
export interface PostVerdict {
  verdict: ReviewVerdict;
  reason: string;
}

const PASS: PostVerdict = { verdict: 'pass', reason: '' };
const STRICTNESS: Record<ReviewVerdict, number> = { pass: 0, need_review: 1, delete_directly: 2 };

/** The built-in reviewer's name in the queue's `submitter_display_name`. */
export const BUILTIN_REVIEWER = 'hold_posts_below_rank';

/**
 * Decides whether a new question, answer or comment is published, held or stored deleted
 * (issue 12 item 3; peer facts 5.1). The built-in rule holds posts of members below the
 * admin's `hold_posts_below_rank` (0 = off); reviewer plugins (`ReviewerContract`) are asked
 * too and the strictest verdict wins. Staff are never held.
 */
export class PostReviewer {
  constructor(
    private readonly siteinfo: SiteinfoService,
    private readonly plugins: readonly ReviewerContract[] = [],
  ) {}

  async review(actor: Actor, content: Omit<ReviewContent, 'author'>): Promise<PostVerdict> {
    if (isActiveStaff(actor)) return PASS;
    const { site_write: write } = await this.siteinfo.settings();
    let result = PASS;
    if (write.hold_posts_below_rank > 0 && actor.user.rank < write.hold_posts_below_rank) {
      result = { verdict: 'need_review', reason: BUILTIN_REVIEWER };
    }
    const author = {
      rank: actor.user.rank,
      role: actor.user.role_id,
      approved_question_amount: actor.user.question_count,
      approved_answer_amount: actor.user.answer_count,
    };
    for (const plugin of this.plugins) {
      const answer = await plugin.review({ ...content, author });
      if (STRICTNESS[answer.verdict] > STRICTNESS[result.verdict]) {
        result = { verdict: answer.verdict, reason: answer.reason ?? '' };
      }
    }
    return result;
  }
}
