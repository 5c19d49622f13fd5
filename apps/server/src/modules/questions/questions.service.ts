import { heldPosts } from '../posts/held-posts.repository.js';
import { decisionsFor } from '../posts/decisions.js';
import { PostReviewer, type PostVerdict } from '../posts/post-reviewer.js';
import { holds, isActiveStaff } from '../auth/actor.js';
import {
  ANSWER_STATUS,
  normalizeTagSlug,
  REASONS,
  slugify,
  TAG_REASONS,
  TAG_SLUG_PATTERN,
  TAG_STATUS,
  type AskQuestionInput,
  type AskWithAnswerInput,
  type Paged,
  type QuestionDetail,
  type QuestionListItem,
  type QuestionPageQuery,
} from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import type { SiteRuntime } from '../../infra/site.js';
import { DUPLICATE_WINDOW_SECONDS, nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { renderMarkdown } from '../../lib/markdown.js';
import type { Actor } from '../auth/auth.service.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { insertTagWithHistory } from '../posts/tag-history.js';
import { NO_ORIGIN, postOriginsRepository, type PostOrigin } from '../posts/post-origins.repository.js';
import {
  marksOf,
  presentQuestionTag,
  presentRecommended,
  presentSuggestions,
  tagMarks,
  type TagSuggestion,
} from '../posts/tags.presenter.js';
import { NO_MAIN_TAG, tagsRepository } from '../posts/tags.repository.js';
import { avatarUrl, statusWord } from '../users/users.presenter.js';
import { usersRepository } from '../users/users.repository.js';
import { canSeePost } from '../posts/visibility.js';
import { insertQuestionRows } from '../posts/question-rows.js';
import {
  isNoId,
  presentAuthor,
  presentQuestion,
  type QuestionParts,
  type QuestionSurroundings,
} from '../posts/post.presenter.js';
import { answersRepository } from '../posts/answers.repository.js';
import { questionsRepository, type ListedCounts, type QuestionRow } from '../posts/questions.repository.js';
import { queueNewQuestionEmails } from '../notifications/email-notices.js';
import type { AnswersService } from '../answers/answers.service.js';
import { RecordedViews } from './recorded-views.js';
import { QuestionExcerpts } from './question-excerpts.js';

type ListRow = Awaited<ReturnType<typeof questionsRepository.listPage>>['list'][number];
/** An ask checked and reviewed, not yet written (`prepareAsk`, then `writeAsk` in a transaction). */
interface PreparedAsk {
  input: AskQuestionInput;
  actor: Actor;
  origin: PostOrigin;
  tags: Awaited<ReturnType<QuestionsService['resolveTags']>>;
  verdict: PostVerdict;
  now: number;
}
type ListOperation = { operated_at: number; operation_type: 'asked' | 'answered' | 'modified'; by: string };

/**
 * What a list row says happened last, and who did it (peer facts 6.2): asked by the author,
 * except in the active order, where the newest activity shows: the last answer (by its
 * author, at its time) or the last edit of the question (by its editor, at the edit).
 */
function listOperation(
  q: ListRow,
  order: QuestionPageQuery['order'],
  lastAnswers: ReadonlyMap<string, { user_id: string; created_at: number }>,
): ListOperation {
  const asked: ListOperation = { operated_at: q.created_at, operation_type: 'asked', by: q.user_id };
  if (order !== 'active' || q.post_update_time <= q.created_at) return asked;
  const answer = lastAnswers.get(q.last_answer_id);
  const editor = isNoId(q.last_edit_user_id) ? '' : q.last_edit_user_id;
  if (answer && (!editor || answer.created_at >= q.updated_at))
    return { operated_at: answer.created_at, operation_type: 'answered', by: answer.user_id };
  if (editor) return { operated_at: q.updated_at, operation_type: 'modified', by: editor };
  return asked;
}

/** How long a window list (`in_days`) is kept at most: its window moves on with the clock. */
const WINDOW_LIST_TTL_MS = 60_000;
/** Window lists kept per process (one per query asked for: the sidebar asks for one). */
const WINDOW_LISTS = 50;

export class QuestionsService {
  /** Repeat views of the day, counted already: not sent to the database again. */
  private readonly recordedViews = new RecordedViews();
  /**
   * Lists of a time window (`in_days`: the hot list every page's sidebar shows, 0.7 ms of a
   * member's 7 ms question page) by query: the same for every reader (listed questions only,
   * no reader's follows), so kept until the content generation moves (`forget`, as the guest
   * pages and related lists are) and for a minute at most, as the window slides.
   */
  private readonly windowLists = new Map<string, { until: number; page: Paged<QuestionListItem> }>();
  /** Counts the drops: a list read before the latest one may miss its write, so is not kept. */
  private drops = 0;
  /**
   * The site's listed counts (a list's total, and a tag list's choice of plan). They change
   * only with writes that move the content generation, so they are kept until it moves: one
   * round trip less for every list.
   */
  private counts: Promise<ListedCounts> | undefined;
  /** Lists' excerpts by question and revision (question-excerpts.ts). */
  private readonly excerpts = new QuestionExcerpts();

  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
    private readonly reviewer: PostReviewer = new PostReviewer(siteinfo),
  ) {}

  /**
   * The question list: listed questions only, pinned first, in the chosen order. The
   * recommend order keeps the signed-in reader's followed tags and questions, not their own
   * (newest first); a guest's is the newest list.
   */
  async page(
    query: QuestionPageQuery,
    actor: Actor | null = null,
    linkedTo?: string,
  ): Promise<Paged<QuestionListItem>> {
    if (query.in_days === 0 || query.order === 'recommend' || linkedTo) return this.listPage(query, actor, linkedTo);
    const key = JSON.stringify(query);
    const kept = this.windowLists.get(key);
    if (kept && kept.until > Date.now()) return kept.page;
    const drops = this.drops;
    const page = await this.listPage(query, actor);
    if (drops !== this.drops) return page;
    if (this.windowLists.size >= WINDOW_LISTS) this.windowLists.delete(this.windowLists.keys().next().value!);
    this.windowLists.set(key, { until: Date.now() + WINDOW_LIST_TTL_MS, page });
    return page;
  }

  /** Drops the kept window lists: called whenever the site's content generation moves. */
  forget(): void {
    this.windowLists.clear();
    this.counts = undefined;
    this.drops += 1;
  }

  /** The kept listed counts, read when none are kept (a failed read is not kept). */
  private listedCounts(): Promise<ListedCounts> {
    if (this.counts) return this.counts;
    const read = questionsRepository.listedCounts(this.site.db);
    this.counts = read;
    read.catch(() => {
      if (this.counts === read) this.counts = undefined;
    });
    return read;
  }

  private async listPage(
    query: QuestionPageQuery,
    actor: Actor | null,
    linkedTo?: string,
  ): Promise<Paged<QuestionListItem>> {
    const db = this.site.db;
    const since = query.in_days > 0 ? nowSeconds() - query.in_days * 86_400 : 0;
    const tagIds = query.tag ? await this.tagFilter(query.tag) : undefined;
    const followerId = query.order === 'recommend' ? actor?.user.id : undefined;
    const { count, list } = await questionsRepository.listPage(db, query, since, tagIds, { followerId, linkedTo }, () =>
      this.listedCounts(),
    );
    const [tags, lastAnswers, excerpts] = await Promise.all([
      questionsRepository.tagsOf(
        db,
        list.map((q) => q.id),
      ),
      this.lastAnswersOf(list, query.order),
      this.excerpts.of(db, list),
    ]);
    const operations = new Map(list.map((q) => [q.id, listOperation(q, query.order, lastAnswers)]));
    const { site_users: users } = await this.siteinfo.settings();
    const operators = new Map(
      (
        await usersRepository.authors(
          db,
          [...operations.values()].map((o) => o.by).filter((id) => !list.some((q) => q.user_id === id)),
        )
      ).map((row) => [row.id, presentAuthor(row, users)]),
    );
    return {
      count,
      list: list.map((q) => {
        const author = {
          id: q.user_id,
          username: q.username,
          display_name: q.display_name,
          avatar: avatarUrl({ avatar: q.avatar, e_mail: q.e_mail, status: q.user_status }, users),
          rank: q.rank,
          status: statusWord({ status: q.user_status, suspended_until: q.suspended_until, mail_status: q.mail_status }),
        };
        const { by, ...operation } = operations.get(q.id) ?? listOperation(q, 'newest', lastAnswers);
        const excerpt = excerpts.get(q.id) ?? '';
        return {
          id: q.id,
          title: q.title,
          url_title: slugify(q.title),
          excerpt,
          description: excerpt,
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
          operator: by === q.user_id ? author : (operators.get(by) ?? author),
          user_info: author,
          unique_view_count: q.unique_view_count,
          collection_count: q.collection_count,
          follow_count: q.follow_count,
          last_answer_id: isNoId(q.last_answer_id) ? '0' : q.last_answer_id,
          show: q.show,
          ...operation,
        };
      }),
    };
  }

  /** The last answers of an active list's questions (their authors and times), in one query. */
  private async lastAnswersOf(list: ListRow[], order: QuestionPageQuery['order']) {
    if (order !== 'active') return new Map<string, { user_id: string; created_at: number }>();
    const ids = list.map((q) => q.last_answer_id).filter((id) => !isNoId(id));
    const rows = await answersRepository.findByIds(this.site.db, ids);
    // A deleted or held answer names nobody in a public list: the edit or the ask shows instead.
    const live = rows.filter((a) => a.status === ANSWER_STATUS.normal);
    return new Map(live.map((a) => [a.id, { user_id: a.user_id, created_at: a.created_at }]));
  }

  /**
   * `question/link`: the listed questions that link to a question the caller may see (in a
   * body, a live answer, or as the original of a duplicate), as list items (404 otherwise).
   */
  async linked(questionId: string, query: QuestionPageQuery, actor: Actor | null): Promise<Paged<QuestionListItem>> {
    const question = await questionsRepository.findById(this.site.db, questionId);
    if (!question || !canSeePost(actor, question)) throw AppError.notFound(REASONS.questionNotFound);
    return this.page({ ...query, order: query.order === 'recommend' ? 'newest' : query.order }, actor, question.id);
  }

  /**
   * Counts a view of a question the visitor may see, once per visitor and day; true when this
   * one counted. A page served from the guest page cache counts through here, as a render does.
   */
  async countView(questionId: string, visitor: string): Promise<boolean> {
    const day = Math.floor(nowSeconds() / 86_400);
    if (this.recordedViews.has(day, questionId, visitor)) return false;
    const counted = await questionsRepository.recordView(this.site.db, questionId, visitor, day);
    this.recordedViews.add(day, questionId, visitor);
    return counted;
  }

  /**
   * One question as its page shows it; hidden ones answer 404 to those who may not see them.
   * `visitor` (a member id, or a hash of a guest's address) counts the view once a day.
   */
  async info(id: string, actor: Actor | null, visitor = ''): Promise<QuestionDetail> {
    return this.present(await this.readable(id, actor, visitor), actor);
  }

  /**
   * The question's row when the caller may see it (404 otherwise), its view counted for
   * `visitor`. A page that shows more of the question (its answers, invitations, related
   * questions) passes this row on instead of each part loading and checking it again.
   */
  async readable(id: string, actor: Actor | null, visitor = ''): Promise<QuestionRow> {
    const question = await this.visibleRow(id, actor);
    return visitor && (await this.countView(question.id, visitor)) ? withCountedView(question) : question;
  }

  /** The question's row when the caller may see it (404 otherwise); no view is counted. */
  async visibleRow(id: string, actor: Actor | null): Promise<QuestionRow> {
    return this.checkedVisible(await questionsRepository.findById(this.site.db, id), actor);
  }

  /** A question row read some other way (with a page's parts): itself when the caller may see it, else 404. */
  checkedVisible<Row extends QuestionRow>(question: Row | undefined, actor: Actor | null): Row {
    if (!question || !canSeePost(actor, question)) throw AppError.notFound(REASONS.questionNotFound);
    return question;
  }

  /**
   * A readable question as Answer's `question/info` shows it, with what the caller may do. The
   * question page's data (pages/question-page.service.ts) reads its parts with the row and
   * leaves out what only Answer's fields need (the editor, the last answerer, the caller's answer).
   */
  async present(question: QuestionRow, actor: Actor | null): Promise<QuestionDetail> {
    const db = this.site.db;
    const [authors, tags, engagement, around, decided] = await Promise.all([
      usersRepository.authors(db, [question.user_id]),
      questionsRepository.tagsOf(db, [question.id]),
      questionsRepository.engagementOf(db, actor?.user.id ?? '', question.id),
      this.surroundings(question, actor),
      decisionsFor(db, actor, [question]),
    ]);
    return this.presentWith(question, { author: authors[0], tags, engagement }, actor, around, decided);
  }

  /**
   * `present` from parts read already (a page reads them with the row: pages/question-page.repository.ts).
   * Only for a row checked readable by the caller.
   */
  async presentWith(
    question: QuestionRow,
    { author, tags, engagement }: QuestionParts,
    actor: Actor | null,
    around?: QuestionSurroundings,
    /** The decisions behind the question, when read already (decisionsFor). */
    decisions?: Awaited<ReturnType<typeof decisionsFor>>,
  ): Promise<QuestionDetail> {
    const [settings, decided] = await Promise.all([
      this.siteinfo.settings(),
      decisions ?? decisionsFor(this.site.db, actor, [question]),
    ]);
    if (!author) throw AppError.notFound(REASONS.questionNotFound);
    const marks = tagMarks(settings.site_write);
    const presented = presentQuestion(
      question,
      presentAuthor(author, settings.site_users),
      tags.map((tag) => presentQuestionTag(tag, marks)),
      actor,
      engagement.vote,
      { collected: engagement.collected, followed: engagement.followed },
      around,
    );
    // The decision behind a closed, deleted or unlisted question: its author and staff only.
    return { ...presented, decision: decided.get(question.id) ?? null };
  }

  /** The last editor, the newest answer's author and the caller's first answer (Answer's fields). */
  private async surroundings(question: QuestionRow, actor: Actor | null): Promise<QuestionSurroundings> {
    const db = this.site.db;
    const [lastAnswer, firstAnswerId] = await Promise.all([
      isNoId(question.last_answer_id) ? undefined : answersRepository.findById(db, question.last_answer_id),
      actor ? answersRepository.firstIdByAuthor(db, question.id, actor.user.id) : '',
    ]);
    const editorId = isNoId(question.last_edit_user_id) ? '' : question.last_edit_user_id;
    const people = await usersRepository.authors(
      db,
      [editorId, lastAnswer?.user_id ?? ''].filter((userId) => userId !== ''),
    );
    const { site_users: users } = await this.siteinfo.settings();
    const person = (userId: string | undefined) => {
      const row = people.find((p) => p.id === userId);
      return row ? presentAuthor(row, users) : null;
    };
    return { editor: editorId ? person(editorId) : null, lastAnswerer: person(lastAnswer?.user_id), firstAnswerId };
  }

  /** Asks a question: the question, its first revision, its tags (new ones by privilege), an activity. */
  async ask(
    input: AskQuestionInput,
    actor: Actor,
    origin: PostOrigin = NO_ORIGIN,
  ): Promise<{ id: string; url_title: string }> {
    const asking = await this.prepareAsk(input, actor, origin);
    const id = await this.site.db.transaction().execute((trx) => this.writeAsk(trx, asking));
    return { id, url_title: slugify(input.title) };
  }

  /**
   * POST question/answer: asks a question and posts the asker's own answer to it in one
   * transaction, each by the rules of asking and of answering (`prepareAsk` and
   * `AnswersService.prepareOwn` check and review both before anything is written). A refusal of
   * either writes nothing: no question is left without the answer it was asked with.
   */
  async askWithAnswer(
    input: AskWithAnswerInput,
    actor: Actor,
    answers: AnswersService,
    origin: PostOrigin = NO_ORIGIN,
  ): Promise<{ id: string; url_title: string; answerId: string }> {
    const asking = await this.prepareAsk(input, actor, origin);
    const answering = await answers.prepareOwn(input.title, input.answer_content, actor, origin);
    const written = await this.site.db.transaction().execute(async (trx) => {
      const id = await this.writeAsk(trx, asking);
      return { id, answerId: await answers.write(trx, answering, { id, user_id: actor.user.id }) };
    });
    return { ...written, url_title: slugify(input.title) };
  }

  /** An ask's checks and review, before anything is written: tags, a duplicate, the reviewers' verdict. */
  private async prepareAsk(input: AskQuestionInput, actor: Actor, origin: PostOrigin): Promise<PreparedAsk> {
    const tags = await this.resolveTags(input.tags, actor);
    const now = nowSeconds();
    if (
      await questionsRepository.findDuplicate(
        this.site.db,
        actor.user.id,
        input.title,
        input.content,
        now - DUPLICATE_WINDOW_SECONDS,
      )
    ) {
      throw AppError.badRequest(REASONS.duplicateRequest);
    }
    const verdict = await this.reviewer.review(actor, {
      object_type: 'question',
      title: input.title,
      content: input.content,
      tags: input.tags.map((tag) => tag.slug_name),
      ip: origin.ip,
      user_agent: origin.userAgent,
      language: '',
    });
    return { input, actor, origin, tags, verdict, now };
  }

  /** Writes a prepared ask in the caller's transaction; the new question's id. */
  private async writeAsk(trx: Db, { input, actor, origin, tags, verdict, now }: PreparedAsk): Promise<string> {
    const tagIds = await this.createMissingTags(trx, tags, actor.user.id, now);
    const questionId = await insertQuestionRows(trx, {
      authorId: actor.user.id,
      title: input.title,
      content: input.content,
      tagIds,
      at: now,
    });
    await postOriginsRepository.record(trx, questionId, origin, now);
    for (const tagId of tagIds) await tagsRepository.bumpQuestionCount(trx, tagId, 1);
    await usersRepository.bumpCount(trx, actor.user.id, 'question_count', 1);
    const held = { kind: 'question' as const, id: questionId, authorId: actor.user.id, questionId };
    // A held question is emailed to nobody until it is approved.
    if (!(await heldPosts.applyVerdict(trx, held, verdict, now))) await queueNewQuestionEmails(trx, questionId, now);
    return questionId;
  }

  /**
   * Tag suggestions for the ask form (question/tags?tag=): main tags (a synonym brings its
   * main tag), recommended first, then reserved; nothing typed lists the recommended tags.
   */
  async suggestTags(text: string): Promise<TagSuggestion[]> {
    const trimmed = text.trim();
    const marks = tagMarks((await this.siteinfo.settings()).site_write);
    if (!trimmed) {
      return presentRecommended(await tagsRepository.availableBySlugs(this.site.db, [...marks.recommend]), marks);
    }
    return presentSuggestions(await tagsRepository.search(this.site.db, trimmed, 10), marks);
  }

  /** A tag and its synonyms, for question/page?tag=; an unknown or deleted tag has no questions. */
  private async tagFilter(slug: string): Promise<string[]> {
    const db = this.site.db;
    const tag = await tagsRepository.findBySlug(db, normalizeTagSlug(slug));
    if (!tag || tag.status !== TAG_STATUS.normal) return [];
    const mainId = tag.main_tag_id === NO_MAIN_TAG ? tag.id : tag.main_tag_id;
    const synonyms = await tagsRepository.synonymsOf(db, mainId);
    return [mainId, ...synonyms.map((s) => s.id)];
  }

  /**
   * Checks the tags of a question before anything is written: names, reserved tags, new tags
   * (ask and edit). `alreadyLinked` are the tag ids an edited question has now: keeping a
   * reserved tag that staff put there is allowed; putting one on is not.
   */
  async resolveTags(tags: AskQuestionInput['tags'], actor: Actor, alreadyLinked: string[] = []) {
    const wanted = [...new Map(tags.map((t) => [normalizeTagSlug(t.slug_name), t])).entries()];
    if (wanted.some(([slug]) => !TAG_SLUG_PATTERN.test(slug)))
      throw AppError.fields([{ field: 'tags', key: 'form.tags.invalid' }]);
    const found = await tagsRepository.findBySlugs(
      this.site.db,
      wanted.map(([slug]) => slug),
    );
    if (found.some((t) => t.status !== TAG_STATUS.normal)) {
      throw AppError.fields([{ field: 'tags', key: TAG_REASONS.deleted }], TAG_REASONS.deleted);
    }
    // A synonym stands for its main tag (peer facts 7).
    const mains = await tagsRepository.findByIds(
      this.site.db,
      found.filter((t) => t.main_tag_id !== NO_MAIN_TAG).map((t) => t.main_tag_id),
    );
    // A synonym of a deleted main tag cannot bring that tag back onto a question.
    if (mains.some((m) => m.status !== TAG_STATUS.normal)) {
      throw AppError.fields([{ field: 'tags', key: TAG_REASONS.deleted }], TAG_REASONS.deleted);
    }
    const existing = [
      ...new Map(
        found
          .map((t) => (t.main_tag_id === NO_MAIN_TAG ? t : (mains.find((m) => m.id === t.main_tag_id) ?? t)))
          .map((t) => [t.id, t]),
      ).values(),
    ];
    const marks = tagMarks((await this.siteinfo.settings()).site_write);
    const addsReserved = existing.some(
      (t) => marksOf({ ...t, recommend: 0 }, marks).reserved && !alreadyLinked.includes(t.id),
    );
    if (addsReserved && !isActiveStaff(actor)) {
      throw AppError.fields([{ field: 'tags', key: REASONS.tagReserved }], REASONS.tagReserved);
    }
    const missing = wanted.filter(([slug]) => !found.some((t) => t.slug_name === slug));
    if (missing.length && !holds(actor, 'tag.add')) {
      throw AppError.fields([{ field: 'tags', key: REASONS.tagCreateForbidden }], REASONS.tagCreateForbidden);
    }
    return {
      existing,
      missing: missing.map(([slug, tag]) => ({
        slug,
        display: tag.display_name?.trim() || slug,
        text: tag.original_text ?? '',
      })),
    };
  }

  async createMissingTags(
    db: Db,
    tags: Awaited<ReturnType<QuestionsService['resolveTags']>>,
    userId: string,
    now: number,
  ): Promise<string[]> {
    const ids = tags.existing.map((t) => t.id);
    for (const tag of tags.missing) {
      const fields = {
        slug_name: tag.slug,
        display_name: tag.display,
        original_text: tag.text,
        parsed_text: renderMarkdown(tag.text),
      };
      ids.push(await insertTagWithHistory(db, fields, userId, now));
    }
    return ids;
  }
}

/** A question's counts with the view just counted (one more view, one more unique viewer). */
export function withCountedView<T extends { view_count: number; unique_view_count: number }>(question: T): T {
  return { ...question, view_count: question.view_count + 1, unique_view_count: question.unique_view_count + 1 };
}
