import type { Db } from '../infra/db.js';
import { nextId } from '../lib/ids.js';
import { renderInline, renderMarkdown } from '../lib/markdown.js';
import { activitiesRepository } from '../modules/activity/activities.repository.js';
import { acceptKeys } from '../modules/answers/answers.service.js';
import { answersRepository } from '../modules/posts/answers.repository.js';
import { commentsRepository } from '../modules/posts/comments.repository.js';
import { linkMentions, mentionedNames } from '../modules/comments/mentions.js';
import { insertQuestionRows } from '../modules/posts/question-rows.js';
import { questionsRepository } from '../modules/posts/questions.repository.js';
import { reputation } from '../modules/reputation/reputation.service.js';
import { revisionsRepository } from '../modules/posts/revisions.repository.js';
import { insertTagWithHistory } from '../modules/posts/tag-history.js';
import { tagsRepository } from '../modules/posts/tags.repository.js';
import { usersRepository } from '../modules/users/users.repository.js';
import { reputationKeys } from '../modules/votes/votes.service.js';
import { votesRepository, type VoteTable } from '../modules/posts/votes.repository.js';
import type { SeededMember } from './members.js';
import type { PostRef, QuestionEvent, QuestionPlan, TagPlan } from './plan.js';
import { AUTHOR_MENTION } from './text.js';

export interface SeedTotals {
  tags: number;
  questions: number;
  answers: number;
  comments: number;
  votes: number;
  accepted: number;
}

/** What the writer needs across chunks: the members, the tags, and the counts so far. */
export interface SeedContext {
  members: SeededMember[];
  /** Username by member id, for @mentions of a post's author. */
  usernameOf: Map<string, string>;
  tags: TagPlan[];
  /** Tag id by slug: known tags, null for unusable ones (deleted), absent until created. */
  tagIds: Map<string, string | null>;
  totals: SeedTotals;
}

interface Post {
  id: string;
  authorId: string;
  kind: 'question' | 'answer' | 'comment';
}

/**
 * The reference writer: what `inquire seed` writes, one repository call per row. The seed runs
 * the bulk writer (`bulk-writer.ts`), which must leave the same database; the seed tests run
 * both and compare every table.
 *
 * Writes a chunk of questions, each with everything that happens to it, in one transaction.
 * Each step writes the rows its service writes (QuestionsService.ask, AnswersService.create,
 * CommentsService.create, VotesService.vote, AnswersService.accept), through the same
 * repositories, at the planned time instead of now. Members' and tags' counters move once per
 * chunk by the chunk's total, which leaves them where one bump per post would.
 */
export async function writeChunk(db: Db, plans: QuestionPlan[], ctx: SeedContext): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const bumps = new Counters();
    for (const plan of plans) await writeQuestion(trx, plan, ctx, bumps);
    await bumps.flush(trx);
  });
}

async function writeQuestion(db: Db, plan: QuestionPlan, ctx: SeedContext, bumps: Counters): Promise<void> {
  const asker = member(ctx, plan.author);
  const at = plan.at;
  const tagIds = await questionTags(db, plan, ctx, asker.id);
  const questionId = await insertQuestionRows(db, {
    authorId: asker.id,
    title: plan.title,
    content: plan.body,
    tagIds,
    at,
  });
  for (const tagId of tagIds) bumps.tag(tagId);
  bumps.user(asker.id, 'question_count');
  ctx.totals.questions += 1;
  const question: Post = { id: questionId, authorId: asker.id, kind: 'question' };
  const answers: Post[] = [];
  const comments: Post[] = [];
  const postOf = (ref: PostRef): Post | undefined =>
    ref.kind === 'question' ? question : ref.kind === 'answer' ? answers[ref.index] : comments[ref.index];
  const state = { question, postOf, answers, comments, ctx, bumps };
  for (const event of plan.events) await writeEvent(db, event, state);
}

interface QuestionState {
  question: Post;
  postOf(ref: PostRef): Post | undefined;
  answers: Post[];
  comments: Post[];
  ctx: SeedContext;
  bumps: Counters;
}

async function writeEvent(db: Db, event: QuestionEvent, state: QuestionState): Promise<void> {
  const { question, ctx } = state;
  switch (event.type) {
    case 'answer': {
      const author = member(ctx, event.author);
      state.answers[event.index] = await writeAnswer(db, question.id, author.id, event.body, event.at);
      state.bumps.user(author.id, 'answer_count');
      ctx.totals.answers += 1;
      return;
    }
    case 'comment': {
      const post = state.postOf(event.on);
      if (!post) return;
      const author = member(ctx, event.author);
      const postAuthor = ctx.usernameOf.get(post.authorId) ?? '';
      const text = event.text.replace(AUTHOR_MENTION, `@${postAuthor}`);
      // Only a post's author is mentioned, and seeded members are activated: mentionable.
      const mentionable = new Set(mentionedNames(text).filter((name) => name === postAuthor));
      const id = await writeComment(db, post.id, question.id, author.id, text, event.at, mentionable);
      state.comments[event.index] = { id, authorId: author.id, kind: 'comment' };
      ctx.totals.comments += 1;
      return;
    }
    case 'vote': {
      const post = state.postOf(event.on);
      if (!post) return;
      if (await writeVote(db, post, question.id, memberOf(ctx, event.voter), event.vote, event.at)) {
        ctx.totals.votes += 1;
      }
      return;
    }
    case 'accept': {
      const answer = state.answers[event.answer];
      if (!answer) return;
      await writeAccept(db, question, answer, event.at);
      ctx.totals.accepted += 1;
      return;
    }
  }
}

/**
 * The planned tags no question brought, created directly as `TagsService.create` does, so the
 * site has all of them (a tag list shows some with no questions yet, as real sites do).
 */
export async function writeRemainingTags(db: Db, ctx: SeedContext, creatorId: string, at: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const tag of ctx.tags) {
      if (ctx.tagIds.has(tag.slug)) continue;
      ctx.tagIds.set(tag.slug, await insertTagWithHistory(trx, tagFields(tag), creatorId, at));
      ctx.totals.tags += 1;
    }
  });
}

export function tagFields(tag: TagPlan) {
  return {
    slug_name: tag.slug,
    display_name: tag.displayName,
    original_text: tag.description,
    parsed_text: renderMarkdown(tag.description),
  };
}

/** The question's tags as `ask` links them: those the site has, then the ones it creates. */
async function questionTags(db: Db, plan: QuestionPlan, ctx: SeedContext, askerId: string): Promise<string[]> {
  const existing: string[] = [];
  const missing: TagPlan[] = [];
  for (const index of plan.tags) {
    const tag = ctx.tags[index];
    if (!tag) continue;
    const id = ctx.tagIds.get(tag.slug);
    if (id === undefined) missing.push(tag);
    else if (id !== null) existing.push(id);
  }
  const created: string[] = [];
  for (const tag of missing) {
    const id = await insertTagWithHistory(db, tagFields(tag), askerId, plan.at);
    ctx.tagIds.set(tag.slug, id);
    ctx.totals.tags += 1;
    created.push(id);
  }
  return [...new Set([...existing, ...created])];
}

async function writeAnswer(db: Db, questionId: string, userId: string, body: string, at: number): Promise<Post> {
  const answerId = await nextId(db, 'answer');
  const revisionId = await nextId(db, 'revision');
  await answersRepository.insert(db, {
    id: answerId,
    question_id: questionId,
    user_id: userId,
    original_text: body,
    parsed_text: renderMarkdown(body),
    revision_id: revisionId,
    created_at: at,
    updated_at: at,
  });
  await revisionsRepository.insert(db, {
    id: revisionId,
    user_id: userId,
    object_type: 2,
    object_id: answerId,
    content: JSON.stringify({ content: body }),
    created_at: at,
    updated_at: at,
  });
  await questionsRepository.recordAnswer(db, questionId, answerId, at);
  await activitiesRepository.insert(db, {
    id: await nextId(db, 'activity'),
    user_id: userId,
    object_id: answerId,
    original_object_id: questionId,
    activity_type: 'answer.answered',
    created_at: at,
    updated_at: at,
  });
  return { id: answerId, authorId: userId, kind: 'answer' };
}

async function writeComment(
  db: Db,
  objectId: string,
  questionId: string,
  userId: string,
  text: string,
  at: number,
  mentionable: Set<string>,
): Promise<string> {
  const id = await nextId(db, 'comment');
  await commentsRepository.insert(db, {
    id,
    user_id: userId,
    object_id: objectId,
    question_id: questionId,
    reply_comment_id: '',
    reply_user_id: '',
    original_text: text,
    parsed_text: renderInline(linkMentions(text, mentionable)),
    created_at: at,
    updated_at: at,
  });
  return id;
}

const VOTE_TABLE: Record<Post['kind'], VoteTable> = { question: 'questions', answer: 'answers', comment: 'comments' };

async function writeVote(
  db: Db,
  post: Post,
  questionId: string,
  voter: SeededMember,
  vote: 1 | -1,
  at: number,
): Promise<boolean> {
  const inserted = await votesRepository.insert(db, {
    objectId: post.id,
    userId: voter.actor.user.id,
    objectUserId: post.authorId,
    vote,
    now: at,
  });
  if (!inserted) return false;
  await votesRepository.bumpScore(db, VOTE_TABLE[post.kind], post.id, vote);
  const target = { id: post.id, kind: post.kind, table: VOTE_TABLE[post.kind], authorId: post.authorId, questionId };
  for (const key of reputationKeys(target, voter.actor, vote)) await reputation.grant(db, key, { now: at });
  return true;
}

async function writeAccept(db: Db, question: Post, answer: Post, at: number): Promise<void> {
  await answersRepository.setAccepted(db, question.id, answer.id);
  await questionsRepository.setAccepted(db, question.id, answer.id, at);
  const self = answer.authorId === question.authorId;
  const keys = acceptKeys({ id: question.id, user_id: question.authorId }, { id: answer.id, user_id: answer.authorId });
  for (const key of keys) await reputation.grant(db, key, { zero: self, now: at });
}

function memberOf(ctx: SeedContext, index: number): SeededMember {
  const found = ctx.members[index];
  if (!found) throw new Error(`no seeded member ${index}`);
  return found;
}

function member(ctx: SeedContext, index: number): { id: string } {
  return memberOf(ctx, index).actor.user;
}

/** Counter bumps gathered over a chunk: one update per member and column, one per tag. */
class Counters {
  private readonly users = new Map<string, number>();
  private readonly tags = new Map<string, number>();

  user(id: string, column: 'question_count' | 'answer_count'): void {
    const key = `${column}:${id}`;
    this.users.set(key, (this.users.get(key) ?? 0) + 1);
  }

  tag(id: string): void {
    this.tags.set(id, (this.tags.get(id) ?? 0) + 1);
  }

  async flush(db: Db): Promise<void> {
    for (const [key, by] of this.users) {
      const [column, id] = key.split(':') as ['question_count' | 'answer_count', string];
      await usersRepository.bumpCount(db, id, column, by);
    }
    for (const [id, by] of this.tags) await tagsRepository.bumpQuestionCount(db, id, by);
  }
}
