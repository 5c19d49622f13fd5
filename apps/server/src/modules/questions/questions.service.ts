import { slugify, type Paged, type QuestionListItem, type QuestionPageQuery } from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { plainText } from '../../lib/markdown.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { avatarUrl } from '../users/users.presenter.js';
import { questionsRepository } from './questions.repository.js';

export class QuestionsService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
  ) {}

  /** The question list: listed questions only, pinned first, in the chosen order. */
  async page(query: QuestionPageQuery): Promise<Paged<QuestionListItem>> {
    const db = this.site.db;
    const since = query.in_days > 0 ? nowSeconds() - query.in_days * 86_400 : 0;
    const { count, list } = await questionsRepository.listPage(db, query, since);
    const tags = await questionsRepository.tagsOf(
      db,
      list.map((q) => q.id),
    );
    const { site_users: users } = await this.siteinfo.settings();
    return {
      count,
      list: list.map((q) => ({
        id: q.id,
        title: q.title,
        url_title: slugify(q.title),
        excerpt: plainText(q.parsed_text, 240),
        status: q.status,
        pin: q.pin,
        vote_count: q.vote_count,
        answer_count: q.answer_count,
        view_count: q.view_count,
        accepted_answer_id: q.accepted_answer_id || '0',
        created_at: q.created_at,
        updated_at: q.updated_at,
        tags: tags
          .filter((t) => t.object_id === q.id)
          .map(({ slug_name, display_name }) => ({ slug_name, display_name })),
        operator: {
          username: q.username,
          display_name: q.display_name,
          avatar: avatarUrl({ avatar: q.avatar, e_mail: q.e_mail, status: q.user_status }, users),
        },
      })),
    };
  }
}
