import type { Db } from '../infra/db.js';
import { acceptKeys } from '../modules/answers/answers.service.js';
import { mentionedNames } from '../modules/comments/mentions.js';
import { insertTagWithHistory } from '../modules/posts/tag-history.js';
import type { ReputationKey } from '../modules/reputation/reputation.service.js';
import { reputationKeys } from '../modules/votes/votes.service.js';
import { CounterDeltas, emptyRows, IdCounters, type BulkRows } from './bulk-rows.js';
import type { BulkTarget } from './bulk-target.js';
import type { PostRef, QuestionEvent, QuestionPlan } from './plan.js';
import { ReputationLedger } from './reputation-ledger.js';
import { SeedRenderer } from './render.js';
import { AUTHOR_MENTION } from './text.js';
import { tagFields, type SeedContext } from './writer.js';

interface Post {
  id: string;
  authorId: string;
  kind: 'question' | 'answer' | 'comment';
  /** The post's row in this chunk: its score moves as votes arrive. */
  row: { vote_count?: number };
}

interface QuestionRow {
  id: string;
  answer_count: number;
  last_answer_id: string;
  accepted_answer_id: string;
  post_update_time: number;
  vote_count: number;
}

/**
 * `inquire seed`'s writer: the rows the reference writer (`writer.ts`, one repository call
 * per row, as the services write) would leave, built in memory and written in bulk
 * (`bulk-target.ts`), one transaction per chunk. What the services decide with queries is
 * decided from memory with the same rules: ids are counted from the claimed `uniqid`
 * counters; reputation follows `reputation.grant` (`ReputationLedger`); scores, answer counts
 * and acceptance are set on the rows before they are written. This holds because the seeded
 * posts and members are new: nothing else votes on them or grants them reputation while the
 * seed runs. The seed tests prove both writers leave the same database.
 */
export class BulkWriter {
  private readonly ids = new IdCounters();
  private readonly render = new SeedRenderer();
  private readonly reputation: ReputationLedger;

  constructor(
    private readonly ctx: SeedContext,
    private readonly target: BulkTarget,
  ) {
    this.reputation = new ReputationLedger(ctx.members.map((m) => [m.actor.user.id, m.actor.user.rank]));
  }

  /**
   * One transaction. Rows go out every few questions, so they are short-lived garbage; the
   * counters move once, at the end.
   */
  async writeChunk(plans: QuestionPlan[]): Promise<void> {
    await this.target.db.transaction().execute(async (trx) => {
      const chunk = new ChunkBuild();
      await this.ids.claim(trx);
      for (const [i, plan] of plans.entries()) {
        await this.question(trx, plan, chunk);
        if ((i + 1) % QUESTIONS_PER_INSERT === 0) await chunk.insert(this.target, trx);
      }
      await chunk.insert(this.target, trx);
      await chunk.written();
      await this.ids.release(trx);
      await this.target.bump(trx, chunk.deltas);
    });
  }

  private async question(db: Db, plan: QuestionPlan, chunk: ChunkBuild): Promise<void> {
    const { ctx } = this;
    const askerId = memberId(ctx, plan.author);
    const tagIds = await this.questionTags(db, plan, askerId);
    // The rows of insertQuestionRows (QuestionsService.ask), in its order of ids.
    const id = this.ids.next('question');
    const revisionId = this.ids.next('revision');
    const at = plan.at;
    const row: QuestionRow = {
      id,
      answer_count: 0,
      last_answer_id: '',
      accepted_answer_id: '',
      post_update_time: at,
      vote_count: 0,
    };
    chunk.rows.questions.push(
      Object.assign(row, {
        user_id: askerId,
        title: plan.title,
        original_text: plan.body,
        parsed_text: this.render.body(plan.body),
        revision_id: revisionId,
        created_at: at,
        updated_at: at,
      }),
    );
    for (const tagId of tagIds)
      chunk.rows.tag_relations.push({ object_id: id, tag_id: tagId, status: 1, created_at: at });
    chunk.rows.revisions.push({
      id: revisionId,
      user_id: askerId,
      object_type: 1,
      object_id: id,
      title: plan.title,
      content: JSON.stringify({ title: plan.title, content: plan.body, tags: tagIds }),
      created_at: at,
      updated_at: at,
    });
    chunk.rows.activities.push(this.activity(askerId, '', id, id, 'question.asked', 0, at));
    for (const tagId of tagIds) chunk.deltas.tag(tagId);
    chunk.deltas.user(askerId, 'question_count', 1);
    ctx.totals.questions += 1;
    const question: Post = { id, authorId: askerId, kind: 'question', row };
    const state: QuestionState = { question, row, answers: [], comments: [], voted: new Set(), chunk };
    for (const event of plan.events) this.event(event, state);
  }

  /** The question's tags as `ask` links them: those the site has, then the ones it creates. */
  private async questionTags(db: Db, plan: QuestionPlan, askerId: string): Promise<string[]> {
    const { ctx } = this;
    const existing: string[] = [];
    const created: string[] = [];
    for (const index of plan.tags) {
      const tag = ctx.tags[index];
      if (!tag) continue;
      const id = ctx.tagIds.get(tag.slug);
      if (id === undefined) {
        // A new tag goes through the tag service's own writer, which takes ids itself.
        await this.ids.release(db);
        const createdId = await insertTagWithHistory(db, tagFields(tag), askerId, plan.at);
        await this.ids.claim(db);
        ctx.tagIds.set(tag.slug, createdId);
        ctx.totals.tags += 1;
        created.push(createdId);
      } else if (id !== null) existing.push(id);
    }
    return [...new Set([...existing, ...created])];
  }

  private event(event: QuestionEvent, state: QuestionState): void {
    switch (event.type) {
      case 'answer':
        return this.answer(event, state);
      case 'comment':
        return this.comment(event, state);
      case 'vote':
        return this.vote(event, state);
      case 'accept':
        return this.accept(event, state);
    }
  }

  /** AnswersService.create: the answer, its first revision, the question's answer count, the activity. */
  private answer(event: Extract<QuestionEvent, { type: 'answer' }>, state: QuestionState): void {
    const { rows, deltas } = state.chunk;
    const authorId = memberId(this.ctx, event.author);
    const id = this.ids.next('answer');
    const revisionId = this.ids.next('revision');
    const at = event.at;
    const row = {
      id,
      question_id: state.question.id,
      user_id: authorId,
      original_text: event.body,
      parsed_text: this.render.body(event.body),
      revision_id: revisionId,
      accepted: 1,
      vote_count: 0,
      created_at: at,
      updated_at: at,
    };
    rows.answers.push(row);
    rows.revisions.push({
      id: revisionId,
      user_id: authorId,
      object_type: 2,
      object_id: id,
      title: '',
      content: JSON.stringify({ content: event.body }),
      created_at: at,
      updated_at: at,
    });
    Object.assign(state.row, { answer_count: state.row.answer_count + 1, last_answer_id: id, post_update_time: at });
    rows.activities.push(this.activity(authorId, '', id, state.question.id, 'answer.answered', 0, at));
    state.answers[event.index] = { id, authorId, kind: 'answer', row };
    deltas.user(authorId, 'answer_count', 1);
    this.ctx.totals.answers += 1;
  }

  /** CommentsService.create: the post's author mentioned and linked, the text rendered inline. */
  private comment(event: Extract<QuestionEvent, { type: 'comment' }>, state: QuestionState): void {
    const post = postOf(state, event.on);
    if (!post) return;
    const authorId = memberId(this.ctx, event.author);
    const postAuthor = this.ctx.usernameOf.get(post.authorId) ?? '';
    const text = event.text.replace(AUTHOR_MENTION, `@${postAuthor}`);
    const mentionable = new Set(mentionedNames(text).filter((name) => name === postAuthor));
    const id = this.ids.next('comment');
    const row = {
      id,
      user_id: authorId,
      object_id: post.id,
      question_id: state.question.id,
      reply_comment_id: '',
      reply_user_id: '',
      original_text: text,
      parsed_text: this.render.comment(text, mentionable),
      vote_count: 0,
      created_at: event.at,
      updated_at: event.at,
    };
    state.chunk.rows.comments.push(row);
    state.comments[event.index] = { id, authorId, kind: 'comment', row };
    this.ctx.totals.comments += 1;
  }

  /** VotesService.vote: the vote, the post's score, and the reputation it moves. */
  private vote(event: Extract<QuestionEvent, { type: 'vote' }>, state: QuestionState): void {
    const post = postOf(state, event.on);
    if (!post) return;
    const voter = this.ctx.members[event.voter];
    if (!voter) throw new Error(`no seeded member ${event.voter}`);
    const voterId = voter.actor.user.id;
    // The votes table's key: a second vote by the same member on the same post is not written.
    const key = `${post.id}:${voterId}`;
    if (state.voted.has(key)) return;
    state.voted.add(key);
    state.chunk.rows.votes.push({
      object_id: post.id,
      user_id: voterId,
      object_user_id: post.authorId,
      vote: event.vote,
      created_at: event.at,
      updated_at: event.at,
    });
    post.row.vote_count = (post.row.vote_count ?? 0) + event.vote;
    const target = { id: post.id, kind: post.kind, table: TABLE_OF[post.kind], authorId: post.authorId };
    const keys = reputationKeys({ ...target, questionId: state.question.id }, voter.actor, event.vote);
    for (const k of keys) this.grant(k, event.at, false, state.chunk);
    this.ctx.totals.votes += 1;
  }

  /** AnswersService.accept: the answer marked (the others unmarked), the question's pointer, reputation. */
  private accept(event: Extract<QuestionEvent, { type: 'accept' }>, state: QuestionState): void {
    const answer = state.answers[event.answer];
    if (!answer) return;
    for (const other of state.answers) if (other) Object.assign(other.row, { accepted: other === answer ? 2 : 1 });
    Object.assign(state.row, { accepted_answer_id: answer.id, post_update_time: event.at });
    const question = state.question;
    const self = answer.authorId === question.authorId;
    const keys = acceptKeys(
      { id: question.id, user_id: question.authorId },
      { id: answer.id, user_id: answer.authorId },
    );
    for (const k of keys) this.grant(k, event.at, self, state.chunk);
    this.ctx.totals.accepted += 1;
  }

  /** `reputation.grant`: the receiver's reputation (once per chunk) and the activity row. */
  private grant(key: ReputationKey, at: number, zero: boolean, chunk: ChunkBuild): void {
    const rank = this.reputation.grant(key, at, zero);
    if (rank !== 0) chunk.deltas.user(key.userId, 'rank', rank);
    chunk.rows.activities.push(
      this.activity(key.userId, key.triggerUserId, key.objectId, key.originalObjectId, key.event, rank, at),
    );
  }

  private activity(
    userId: string,
    triggerUserId: string,
    objectId: string,
    originalObjectId: string,
    type: string,
    rank: number,
    at: number,
  ) {
    return {
      id: this.ids.next('activity'),
      user_id: userId,
      trigger_user_id: triggerUserId,
      object_id: objectId,
      original_object_id: originalObjectId,
      activity_type: type,
      rank,
      has_rank: rank === 0 ? 0 : 1,
      created_at: at,
      updated_at: at,
    };
  }
}

const TABLE_OF = { question: 'questions', answer: 'answers', comment: 'comments' } as const;

/** Questions whose rows are built before they are written. */
const QUESTIONS_PER_INSERT = 50;

/**
 * What one chunk writes: rows not written yet, and the counters they move. A batch is sent
 * without waiting for it: the database writes it while the next one is built (PostgreSQL
 * works in its own process), and the next send waits for it first.
 */
class ChunkBuild {
  rows: BulkRows = emptyRows();
  readonly deltas = new CounterDeltas();
  private sending: Promise<void> = Promise.resolve();

  async insert(target: BulkTarget, trx: Db): Promise<void> {
    const rows = this.rows;
    this.rows = emptyRows();
    await this.sending;
    this.sending = target.insert(trx, rows);
    // Its failure surfaces at the next send or at `written`, not as an unhandled rejection.
    this.sending.catch(() => undefined);
  }

  /** Waits for the last batch sent. */
  async written(): Promise<void> {
    await this.sending;
  }
}

interface QuestionState {
  question: Post;
  row: QuestionRow;
  answers: Post[];
  comments: Post[];
  /** Post and voter pairs voted already. */
  voted: Set<string>;
  chunk: ChunkBuild;
}

function postOf(state: QuestionState, ref: PostRef): Post | undefined {
  if (ref.kind === 'question') return state.question;
  return ref.kind === 'answer' ? state.answers[ref.index] : state.comments[ref.index];
}

function memberId(ctx: SeedContext, index: number): string {
  const found = ctx.members[index];
  if (!found) throw new Error(`no seeded member ${index}`);
  return found.actor.user.id;
}
