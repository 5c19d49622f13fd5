import {
  answerSchema,
  askQuestionSchema,
  commentSchema,
  CURATION_REASONS,
  editAnswerSchema,
  editQuestionSchema,
  MAIL_STATUS,
  REASONS,
  ROLE,
  USER_STATUS,
  type QuestionOperation,
} from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { UsersTable } from '../../src/db/database.js';
import { parseInput } from '../../src/infra/validate.js';
import { nowSeconds } from '../../src/lib/clock.js';
import { buildUser, loginAs } from '../factories.js';
import type { TestApp } from '../harness.js';

/** Helpers of the authorization matrix: route enumeration, callers, and "nothing changed". */

export const V1 = '/answer/api/v1';
export const ADMIN_PREFIX = '/answer/admin/api/';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface Route {
  method: Method;
  url: string;
}

/** `METHOD url`, the key of the allowlists below and of every assertion message. */
export const keyOf = (route: Route) => `${route.method} ${route.url}`;

/** A concrete URL for a registered route (path parameters filled in). */
export const concrete = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*$/, 'x');

/** Every route of a method, once each, from the table the onRoute hook collected (never by hand). */
export function routesOf(app: FastifyInstance, methods: readonly string[]): Route[] {
  const seen = new Map<string, Route>();
  for (const { method, url } of app.routeTable) {
    if (!methods.includes(method)) continue;
    const route = { method: method as Method, url };
    seen.set(keyOf(route), route);
  }
  return [...seen.values()];
}

export const writeRoutes = (app: FastifyInstance) => routesOf(app, ['POST', 'PUT', 'DELETE']);

const INSTALLER_CALLS: Record<string, string> = {
  'POST config-file/check': 'the wizard runs before any account exists; refused once installed',
  'POST db/check': 'the wizard runs before any account exists; refused once installed',
  'POST init': 'the wizard runs before any account exists; refused once installed',
  'POST base-info': 'creates the first admin, so no one can be signed in yet; refused once installed',
};

/**
 * Write routes a guest may call, each with why (peer facts 12.1, tier P). Any other write
 * route must answer a guest 401.
 */
export const PUBLIC_WRITES: Record<string, string> = {
  [`POST ${V1}/user/login/email`]: 'signing in is how a guest gets a token',
  [`POST ${V1}/user/register/email`]: 'signing up is how a guest gets an account',
  [`POST ${V1}/user/email/verification`]: 'the activation link is opened from a mailbox, maybe in another browser',
  [`POST ${V1}/user/password/reset`]: 'a member who forgot the password cannot sign in first',
  [`POST ${V1}/user/password/replacement`]: 'the reset link carries its own single-use code',
  [`PUT ${V1}/user/email`]: 'the confirm-new-email link carries its own single-use code',
  [`PUT ${V1}/user/notification/unsubscribe`]: 'the unsubscribe link of an email carries its own 24-hour code',
  [`POST ${V1}/user/notification/unsubscribe`]: 'a one-click unsubscribe from a mail client (RFC 8058) has no session',
  [`POST ${V1}/connector/binding/email`]:
    'an external login that came without an email gets one: its binding key (from the OAuth callback) is the credential',
  [`DELETE ${V1}/user/session-cookie`]:
    'a page whose stored token is gone drops its cookie: no token, no session ended',
  ...Object.fromEntries(
    ['/installation/', '/answer/installation/'].flatMap((prefix) =>
      Object.entries(INSTALLER_CALLS).map(([call, why]) => {
        const [method, path] = call.split(' ');
        return [`${method} ${prefix}${path}`, why];
      }),
    ),
  ),
};

/**
 * Write routes a signed-in member may call whatever the account's status (peer facts 8.2,
 * "logged-in (any status)"): they are how an unactivated account gets activated. Any other
 * write route answers a suspended or unactivated member 403.
 */
export const ANY_STATUS_WRITES: Record<string, string> = {
  [`POST ${V1}/user/email/verification/send`]: 'an unactivated member asks for a new activation link',
  [`POST ${V1}/user/email/change/code`]: 'an unactivated member fixes a mistyped address',
};

/**
 * Write routes a suspended member may still call: an appeal is how a suspended member asks
 * staff to look again at the decision (moderation). An unactivated account may not.
 */
export const SUSPENDED_MAY_WRITE: Record<string, string> = {
  [`POST ${V1}/moderation/appeal`]: 'a suspended member appeals the decision',
};

export interface Member {
  id: string;
  username: string;
  token: string;
}

/** A member with a live session; overrides pick role, rank and status. */
export async function member(app: FastifyInstance, overrides: Partial<Insertable<UsersTable>> = {}): Promise<Member> {
  const user = await buildUser(app, overrides);
  return { id: user.id, username: user.username, token: await loginAs(app, user.id) };
}

/** Suspended for a day from now (`isSuspended` in infra/guards.ts). */
export const suspended = (overrides: Partial<Insertable<UsersTable>> = {}) => ({
  status: USER_STATUS.suspended,
  suspended_until: nowSeconds() + 24 * 60 * 60,
  ...overrides,
});
export const unactivated = (overrides: Partial<Insertable<UsersTable>> = {}) => ({
  mail_status: MAIL_STATUS.inactive,
  ...overrides,
});

/** A member whose session was opened before the account was deleted. */
export async function deletedMember(app: FastifyInstance, role_id: number = ROLE.user): Promise<Member> {
  const user = await member(app, { role_id });
  await app.site.db.updateTable('users').set({ status: USER_STATUS.deleted }).where('id', '=', user.id).execute();
  return user;
}

export interface Reply {
  status: number;
  reason: string;
  type: string;
}

/** One request; a body that is not the JSON envelope (a feed, a file) reads as no reason. */
export async function send(
  app: FastifyInstance,
  route: Route,
  token?: string,
  body: object | undefined = route.method === 'GET' ? undefined : {},
): Promise<Reply> {
  const response = await app.inject({
    method: route.method,
    url: concrete(route.url),
    headers: token ? { authorization: token } : {},
    ...(body === undefined ? {} : { payload: body }),
  });
  let envelope: { reason?: string; data?: { type?: string } | null } = {};
  try {
    envelope = response.json();
  } catch {
    // Not JSON: only the status matters.
  }
  return {
    status: response.statusCode,
    reason: envelope.reason ?? '',
    type: (envelope.data && typeof envelope.data === 'object' && envelope.data.type) || '',
  };
}

/** Tables a write would touch: content, accounts, sessions, settings. */
const WATCHED_TABLES = [
  'users',
  'user_sessions',
  'questions',
  'answers',
  'comments',
  'votes',
  'revisions',
  'tags',
  'tag_relations',
  'activities',
  'collections',
  'follows',
  'reactions',
  'question_invites',
  'uploads',
  'site_settings',
] as const;

/**
 * Row counts of the watched tables, plus the fields of users and settings that a refused
 * write could change without adding a row (role, status, address, password, settings).
 */
export async function stateOf(app: FastifyInstance): Promise<Record<string, unknown>> {
  const db = app.site.db;
  const state: Record<string, unknown> = {};
  for (const table of WATCHED_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    state[table] = Number(row.n);
  }
  state.accounts = await db
    .selectFrom('users')
    .select(['id', 'username', 'e_mail', 'pass', 'role_id', 'status', 'mail_status', 'rank', 'display_name', 'bio'])
    .orderBy('id')
    .execute();
  state.settings = await db.selectFrom('site_settings').select(['section', 'content']).orderBy('section').execute();
  return state;
}

// ---- The ownership scene: real rows and every write on them -------------------------------

/**
 * Real rows for the ownership matrix: member A's question (edited once, so it has an older
 * revision to roll back to) with an answer by member C, a comment by A, and a suggested edit
 * waiting on the question and on the answer; A's deleted question and D's deleted answer.
 */
export interface Scene {
  questionId: string;
  answerId: string;
  commentId: string;
  firstRevisionId: string;
  questionSuggestionId: string;
  answerSuggestionId: string;
  deletedQuestionId: string;
  deletedAnswerId: string;
  answerer: Member;
}

const actorOf = async (t: TestApp, token: string) => {
  const actor = await t.app.services.auth.resolve(token);
  if (!actor) throw new Error('no session for this token');
  return actor;
};
const parse = <S extends z.ZodType>(schema: S, value: unknown) => parseInput(schema, value);
let sequence = 0;

/** A question asked through the use case (setup is not what the matrix tests). */
export async function ask(t: TestApp, asker: Member, title: string): Promise<string> {
  const input = parse(askQuestionSchema, {
    title,
    content: 'A body for this question.',
    tags: [{ slug_name: 'support' }],
  });
  return (await t.app.services.questions.ask(input, await actorOf(t, asker.token))).id;
}

export async function buildScene(t: TestApp): Promise<Scene> {
  sequence += 1;
  const n = sequence;
  const [asker, answerer, other, editor] = [
    await member(t.app),
    await member(t.app),
    await member(t.app),
    await member(t.app, { rank: 200 }),
  ];
  const { services } = t.app;
  const questionId = await ask(t, asker, `Whose question is this, number ${n}?`);
  const revisionsOf = async (objectId: string) =>
    t.app.site.db
      .selectFrom('revisions')
      .select(['id', 'status'])
      .where('object_id', '=', objectId)
      .orderBy('id')
      .execute();
  const firstRevisionId = (await revisionsOf(questionId))[0]?.id ?? '';
  const edit = { id: questionId, content: 'A body the author rewrote.', tags: [{ slug_name: 'support' }] };
  await services.revisions.editQuestion(
    parse(editQuestionSchema, { ...edit, title: `Edited question ${n}` }),
    await actorOf(t, asker.token),
  );
  const answerInput = (token: string, content: string) =>
    actorOf(t, token).then((actor) =>
      services.answers.create(parse(answerSchema, { question_id: questionId, content }), actor),
    );
  const answerId = (await answerInput(answerer.token, 'An answer written by member C, long enough.')).id;
  const deletedAnswerId = (await answerInput(other.token, 'An answer its author deleted, long enough.')).id;
  await services.operations.deleteAnswer(deletedAnswerId, await actorOf(t, other.token));
  const comment = parse(commentSchema, { object_id: questionId, original_text: `A comment by the asker ${n}` });
  const commentId = (await services.comments.create(comment, await actorOf(t, asker.token))).comment_id;
  const suggest = { ...edit, title: `A suggested title ${n}`, content: 'A body someone suggested.' };
  await services.revisions.editQuestion(parse(editQuestionSchema, suggest), await actorOf(t, editor.token));
  const answerSuggestion = { id: answerId, content: 'A better answer someone suggested, long enough.' };
  await services.revisions.editAnswer(parse(editAnswerSchema, answerSuggestion), await actorOf(t, editor.token));
  const deletedQuestionId = await ask(t, asker, `A question its author deleted, number ${n}?`);
  await services.operations.deleteQuestion(deletedQuestionId, await actorOf(t, asker.token));
  const waiting = async (objectId: string) => (await revisionsOf(objectId)).find((r) => r.status === 1)?.id ?? '';
  return {
    questionId,
    answerId,
    commentId,
    firstRevisionId,
    questionSuggestionId: await waiting(questionId),
    answerSuggestionId: await waiting(answerId),
    deletedQuestionId,
    deletedAnswerId,
    answerer,
  };
}

/** Every row of the scene, and the counts and accounts of the whole site. */
export async function sceneRows(t: TestApp, s: Scene): Promise<Record<string, unknown>> {
  const db = t.app.site.db;
  const questions = [s.questionId, s.deletedQuestionId];
  const answers = [s.answerId, s.deletedAnswerId];
  return {
    site: await stateOf(t.app),
    questions: await db.selectFrom('questions').selectAll().where('id', 'in', questions).orderBy('id').execute(),
    answers: await db.selectFrom('answers').selectAll().where('id', 'in', answers).orderBy('id').execute(),
    comment: await db.selectFrom('comments').selectAll().where('id', '=', s.commentId).execute(),
    revisions: await db
      .selectFrom('revisions')
      .selectAll()
      .where('object_id', 'in', [s.questionId, s.answerId])
      .orderBy('id')
      .execute(),
    tags: await db
      .selectFrom('tag_relations')
      .selectAll()
      .where('object_id', 'in', questions)
      .orderBy('tag_id')
      .execute(),
    invites: await db.selectFrom('question_invites').selectAll().where('question_id', '=', s.questionId).execute(),
  };
}

export interface Attempt {
  name: string;
  /** Only staff may do it, whatever the reputation (threshold -1 in privileges.ts). */
  staffOnly: boolean;
  method: Method;
  path: string;
  body(s: Scene): object;
  /** What member B (rank 1, owns nothing involved) gets. */
  refusal: string;
}

const operation = (op: QuestionOperation): Attempt => ({
  name: `${op} A's question`,
  staffOnly: true,
  method: 'PUT',
  path: 'question/operation',
  body: (s) => ({ id: s.questionId, operation: op }),
  refusal: `403 ${CURATION_REASONS.operationForbidden}`,
});

/**
 * Every write on somebody else's content, in an order a staff member can run them all on one
 * scene (reviews before edits close the suggestions; deletions last).
 */
export const ATTEMPTS: Attempt[] = [
  {
    name: "reject the suggested edit of A's question [ANS-50]",
    staffOnly: false,
    method: 'PUT',
    path: 'revisions/audit',
    body: (s) => ({ id: s.questionSuggestionId, operation: 'reject' }),
    refusal: `403 ${REASONS.rankTooLow}`,
  },
  {
    name: "approve the suggested edit of C's answer [ANS-50]",
    staffOnly: false,
    method: 'PUT',
    path: 'revisions/audit',
    body: (s) => ({ id: s.answerSuggestionId, operation: 'approve' }),
    refusal: `403 ${REASONS.rankTooLow}`,
  },
  {
    name: "accept C's answer on A's question [ANS-23]",
    staffOnly: true,
    method: 'POST',
    path: 'answer/acceptance',
    body: (s) => ({ question_id: s.questionId, answer_id: s.answerId }),
    refusal: `403 ${REASONS.acceptForbidden}`,
  },
  {
    name: "edit A's comment",
    staffOnly: true,
    method: 'PUT',
    path: 'comment',
    body: (s) => ({ comment_id: s.commentId, original_text: 'Words put in the asker’s mouth.' }),
    refusal: `403 ${REASONS.forbidden}`,
  },
  {
    name: "invite someone to answer A's question",
    staffOnly: false,
    method: 'PUT',
    path: 'question/invite',
    body: (s) => ({ id: s.questionId, invite_user: [s.answerer.username] }),
    refusal: `403 ${REASONS.rankTooLow}`,
  },
  {
    name: "close A's question",
    staffOnly: true,
    method: 'PUT',
    path: 'question/status',
    body: (s) => ({ id: s.questionId, close_type: 63, close_msg: '' }),
    refusal: `403 ${CURATION_REASONS.operationForbidden}`,
  },
  {
    name: "reopen A's question",
    staffOnly: true,
    method: 'PUT',
    path: 'question/reopen',
    body: (s) => ({ question_id: s.questionId }),
    refusal: `403 ${CURATION_REASONS.operationForbidden}`,
  },
  operation('pin'),
  operation('unpin'),
  operation('hide'),
  operation('show'),
  {
    name: "roll A's question back to its first revision",
    staffOnly: false,
    method: 'POST',
    path: 'revisions/rollback',
    body: (s) => ({ revision_id: s.firstRevisionId }),
    refusal: `403 ${CURATION_REASONS.operationForbidden}`,
  },
  {
    name: "edit A's question",
    staffOnly: false,
    method: 'PUT',
    path: 'question',
    body: (s) => ({
      id: s.questionId,
      title: 'Taken over by someone else',
      content: 'Replaced.',
      tags: [{ slug_name: 'support' }],
    }),
    refusal: `403 ${REASONS.rankTooLow}`,
  },
  {
    name: "edit C's answer",
    staffOnly: false,
    method: 'PUT',
    path: 'answer',
    body: (s) => ({ id: s.answerId, content: 'Replaced by someone who did not write it.' }),
    refusal: `403 ${REASONS.rankTooLow}`,
  },
  {
    name: "undelete D's deleted answer",
    staffOnly: true,
    method: 'POST',
    path: 'answer/recover',
    body: (s) => ({ answer_id: s.deletedAnswerId }),
    refusal: `403 ${CURATION_REASONS.operationForbidden}`,
  },
  {
    // Hidden from B: not found rather than forbidden, so its existence does not leak.
    name: "undelete A's deleted question",
    staffOnly: true,
    method: 'POST',
    path: 'question/recover',
    body: (s) => ({ question_id: s.deletedQuestionId }),
    refusal: `404 ${REASONS.questionNotFound}`,
  },
  {
    name: "delete A's comment",
    staffOnly: true,
    method: 'DELETE',
    path: 'comment',
    body: (s) => ({ comment_id: s.commentId }),
    refusal: `403 ${REASONS.forbidden}`,
  },
  {
    name: "delete C's answer",
    staffOnly: true,
    method: 'DELETE',
    path: 'answer',
    body: (s) => ({ id: s.answerId }),
    refusal: `403 ${CURATION_REASONS.operationForbidden}`,
  },
  {
    name: "delete A's question",
    staffOnly: true,
    method: 'DELETE',
    path: 'question',
    body: (s) => ({ id: s.questionId }),
    refusal: `403 ${CURATION_REASONS.operationForbidden}`,
  },
];

/** Runs one attempt over HTTP; the answer as `status reason`. */
export async function attempt(t: TestApp, a: Attempt, s: Scene, token: string): Promise<string> {
  const response = await t.app.inject({
    method: a.method,
    url: `${V1}/${a.path}`,
    headers: { authorization: token },
    payload: a.body(s),
  });
  const { reason } = response.json<{ reason: string }>();
  return `${response.statusCode} ${reason}`;
}
