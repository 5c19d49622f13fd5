import { translate } from '@inquire/i18n';
import {
  ANSWER_STATUS,
  MAIL_STATUS,
  objectTypeOf,
  REASONS,
  slugify,
  USER_STATUS,
  type Language,
  type Paged,
  type QuestionTag,
  type SiteSettings,
} from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { plainText } from '../../lib/markdown.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { avatarUrl, statusName } from '../users/users.presenter.js';
import type { UserRow } from '../users/users.repository.js';
import { peopleRepository } from './people.repository.js';
import { personalRepository, visibleTitle } from './personal.repository.js';
import { questionsRepository } from '../posts/questions.repository.js';
import { presentQuestionTag, tagMarks } from '../posts/tags.presenter.js';

const WEEK = 7 * 24 * 60 * 60;
const RANKING_SIZE = 20;
const TOP_SIZE = 5;

export interface RankedUser {
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  vote_count: number;
}

export interface PublicProfile {
  id: string;
  created_at: number;
  last_login_date: number;
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  bio: string;
  bio_html: string;
  website: string;
  location: string;
  question_count: number;
  answer_count: number;
  follow_count: number;
  status: 'normal' | 'suspended' | 'deleted' | 'inactive';
  status_msg: string;
  suspended_until: number;
}

type Card = Pick<UserRow, 'username' | 'display_name' | 'avatar' | 'e_mail' | 'status' | 'rank'>;

function card(row: Card, users: SiteSettings['site_users'], voteCount = 0): RankedUser {
  return {
    username: row.username,
    display_name: row.display_name,
    avatar: avatarUrl(row, users),
    rank: Number(row.rank),
    vote_count: Number(voteCount),
  };
}

/** Suspensions from 2090 on are "forever" (the peer's forever is 2099-12-31). */
const FOREVER_FROM = 3_786_912_000;

function statusMessage(status: PublicProfile['status'], until: number, lang: Language): string {
  if (status === 'normal') return '';
  if (status !== 'suspended') return translate(lang, `ui.people.status.${status}`);
  if (until >= FOREVER_FROM) return translate(lang, 'ui.people.status.suspended_forever');
  const iso = new Date(until * 1000).toISOString();
  return translate(lang, 'ui.people.status.suspended_until', { time: `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` });
}

/** The people pages: public profiles, the weekly ranking with staff, and a member's top posts. */
export class PeopleService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
  ) {}

  private async load(username: string): Promise<UserRow> {
    const user = await peopleRepository.findByUsername(this.site.db, username);
    if (!user) throw AppError.notFound(REASONS.userNotFound);
    return user;
  }

  /** `GET personal/user/info`: what anyone may see of a member (no email, no settings). */
  async profile(username: string, lang: Language): Promise<PublicProfile> {
    const user = await this.load(username);
    const { site_users } = await this.siteinfo.settings();
    const now = nowSeconds();
    const deleted = user.status === USER_STATUS.deleted;
    const base = statusName(user, now);
    const status = base === 'normal' && user.mail_status !== MAIL_STATUS.activated ? 'inactive' : base;
    return {
      id: user.id,
      created_at: user.created_at,
      last_login_date: user.last_login_date,
      username: user.username,
      display_name: user.display_name,
      avatar: avatarUrl(user, site_users),
      rank: user.rank,
      bio: deleted ? '' : user.bio,
      bio_html: deleted ? '' : user.bio_html,
      website: deleted ? '' : user.website,
      location: deleted ? '' : user.location,
      question_count: user.question_count,
      answer_count: user.answer_count,
      follow_count: user.follow_count,
      status,
      status_msg: statusMessage(status, user.suspended_until, lang),
      suspended_until: status === 'suspended' ? user.suspended_until : 0,
    };
  }

  /** `GET user/ranking`: the last 7 days' top reputation and votes, and the staff. */
  async ranking() {
    const db = this.site.db;
    const { site_users } = await this.siteinfo.settings();
    const since = nowSeconds() - WEEK;
    const [reputation, votes, staff] = await Promise.all([
      peopleRepository.mostReputation(db, since, RANKING_SIZE),
      peopleRepository.mostVotes(db, since, RANKING_SIZE),
      peopleRepository.staff(db),
    ]);
    return {
      users_with_the_most_reputation: reputation.map((r) => ({ ...card(r, site_users), rank: Number(r.rank) })),
      users_with_the_most_vote: votes.map((r) => card(r, site_users, r.vote_count)),
      staffs: staff.map((r) => card(r, site_users)),
    };
  }

  /** `GET user/info/search`: up to 5 members for @mentions and invitations, not the caller. */
  async search(text: string, callerId: string): Promise<RankedUser[]> {
    const { site_users } = await this.siteinfo.settings();
    const rows = await peopleRepository.search(this.site.db, text, callerId, 5);
    return rows.map((r) => card(r, site_users));
  }

  /** `GET user/staff`: staff by username prefix. */
  async staff(prefix: string, pageSize: number): Promise<RankedUser[]> {
    const { site_users } = await this.siteinfo.settings();
    const rows = await peopleRepository.staff(this.site.db, prefix, pageSize);
    return rows.map((r) => card(r, site_users));
  }

  /** `GET personal/qa/top`: a member's five best questions and answers. */
  async top(username: string) {
    const user = await this.load(username);
    const db = this.site.db;
    const [questions, answers] = await Promise.all([
      peopleRepository.topQuestions(db, user.id, TOP_SIZE),
      peopleRepository.topAnswers(db, user.id, TOP_SIZE),
    ]);
    return {
      question: questions.map((q) => ({
        question_id: q.id,
        title: q.title,
        url_title: slugify(q.title),
        vote_count: q.vote_count,
        answer_count: q.answer_count,
        accepted_answer_id: q.accepted_answer_id,
        created_at: q.created_at,
        create_time: q.created_at,
      })),
      answer: answers.map((a) => ({
        answer_id: a.id,
        question_id: a.question_id,
        title: a.title,
        url_title: slugify(a.title),
        vote_count: a.vote_count,
        accepted: a.accepted === 2 ? 2 : 1,
        created_at: a.created_at,
        // Answer's names for the same facts.
        create_time: a.created_at,
        question_info: { title: a.title, url_title: slugify(a.title) },
      })),
    };
  }

  private async paged<R, T>(
    username: string,
    page: { page: number; page_size: number },
    load: (userId: string, offset: number, limit: number) => Promise<{ count: number; list: R[] }>,
    map: (row: R) => T,
  ): Promise<Paged<T>> {
    const user = await this.load(username);
    const { count, list } = await load(user.id, (page.page - 1) * page.page_size, page.page_size);
    return { count, list: list.map(map) };
  }

  /** `GET personal/question/page`: each question with its tags (one read for the page). */
  async questions(username: string, order: 'newest' | 'score', page: { page: number; page_size: number }) {
    const { count, list } = await this.paged(
      username,
      page,
      (id, offset, limit) => personalRepository.questions(this.site.db, id, order, offset, limit),
      (q) => ({
        question_id: q.id,
        title: q.title,
        url_title: slugify(q.title),
        vote_count: q.vote_count,
        view_count: q.view_count,
        answer_count: q.answer_count,
        collection_count: q.collection_count,
        accepted_answer_id: q.accepted_answer_id,
        status: q.status,
        created_at: q.created_at,
      }),
    );
    const tags = await this.tagsOf(list.map((q) => q.question_id));
    return { count, list: list.map((q) => ({ ...q, tags: tags.get(q.question_id) ?? [] })) };
  }

  /** `GET personal/answer/page`: each answer's question carries its tags (one read for the page). */
  async answers(username: string, order: 'newest' | 'score', page: { page: number; page_size: number }) {
    const { count, list } = await this.paged(
      username,
      page,
      (id, offset, limit) => personalRepository.answers(this.site.db, id, order, offset, limit),
      (a) => ({
        answer_id: a.id,
        question_id: a.question_id,
        accepted: a.accepted === 2 ? 2 : 1,
        vote_count: a.vote_count,
        create_time: a.created_at,
        update_time: a.updated_at,
        question_info: { title: a.title, url_title: slugify(a.title) },
      }),
    );
    const tags = await this.tagsOf(list.map((a) => a.question_id));
    return {
      count,
      list: list.map((a) => ({ ...a, question_info: { ...a.question_info, tags: tags.get(a.question_id) ?? [] } })),
    };
  }

  /** The tags of a page's questions, by question, in one batched read (never one per row). */
  private async tagsOf(questionIds: string[]): Promise<Map<string, QuestionTag[]>> {
    const [rows, settings] = await Promise.all([
      questionsRepository.tagsOf(this.site.db, [...new Set(questionIds)]),
      this.siteinfo.settings(),
    ]);
    const marks = tagMarks(settings.site_write);
    const byQuestion = new Map<string, QuestionTag[]>();
    for (const row of rows) {
      const tags = byQuestion.get(row.object_id) ?? [];
      tags.push(presentQuestionTag(row, marks));
      byQuestion.set(row.object_id, tags);
    }
    return byQuestion;
  }

  /** `GET personal/rank/page`: reputation gains only. */
  reputation(username: string, page: { page: number; page_size: number }, lang: Language = 'en_US') {
    return this.paged(
      username,
      page,
      (id, offset, limit) => personalRepository.reputation(this.site.db, id, offset, limit),
      (r) => ({
        created_at: r.created_at,
        object_id: r.object_id,
        question_id: r.original_object_id,
        answer_id: objectTypeOf(r.object_id) === 'answer' ? r.object_id : '',
        object_type: objectTypeOf(r.object_id) ?? '',
        title: visibleTitle(r),
        url_title: slugify(visibleTitle(r)),
        reputation: r.rank,
        rank_type: r.activity_type,
        // The reason in the reader's language, beside its key.
        reason: translate(lang, `ui.people.rank_type.${r.activity_type}`),
      }),
    );
  }

  /** `GET personal/comment/page`. */
  comments(username: string, page: { page: number; page_size: number }) {
    return this.paged(
      username,
      page,
      (id, offset, limit) => personalRepository.comments(this.site.db, id, offset, limit),
      (c) => ({
        comment_id: c.id,
        created_at: c.created_at,
        object_id: c.object_id,
        question_id: c.question_id,
        answer_id: objectTypeOf(c.object_id) === 'answer' ? c.object_id : '',
        object_type: objectTypeOf(c.object_id) ?? '',
        title: c.title,
        url_title: slugify(c.title),
        content: plainText(c.parsed_text, 240),
      }),
    );
  }

  /** `GET personal/collection/page`: the caller's own bookmarks. */
  async bookmarks(userId: string, page: { page: number; page_size: number }) {
    const { count, list } = await personalRepository.bookmarks(
      this.site.db,
      userId,
      (page.page - 1) * page.page_size,
      page.page_size,
    );
    return {
      count,
      list: list.map((q) => ({
        // Answer lists bookmarks as question objects: `id` beside Inquire's question_id.
        id: q.id,
        question_id: q.id,
        title: q.title,
        url_title: slugify(q.title),
        vote_count: q.vote_count,
        answer_count: q.answer_count,
        view_count: q.view_count,
        accepted_answer_id: q.accepted_answer_id,
        created_at: q.created_at,
      })),
    };
  }

  /** `GET personal/vote/page`: the caller's own votes. */
  async votes(userId: string, page: { page: number; page_size: number }) {
    const { count, list } = await personalRepository.votes(
      this.site.db,
      userId,
      (page.page - 1) * page.page_size,
      page.page_size,
    );
    return {
      count,
      list: list.map((v) => ({
        created_at: v.updated_at,
        object_id: v.object_id,
        question_id: v.question_id ?? '',
        answer_id: objectTypeOf(v.object_id) === 'answer' ? v.object_id : '',
        object_type: objectTypeOf(v.object_id) ?? '',
        title: visibleTitle(v),
        url_title: slugify(visibleTitle(v)),
        // A hidden question's or a removed answer's text is not shown, as its title is not.
        content:
          visibleTitle(v) && (v.answer_status === null || v.answer_status === ANSWER_STATUS.normal)
            ? plainText(v.parsed_text ?? '', 240)
            : '',
        vote_type: v.vote === 1 ? 'vote_up' : 'vote_down',
      })),
    };
  }
}
