import {
  adminAnswerItemSchema,
  adminDashboardSchema,
  adminPluginConfigInfoSchema,
  adminPluginListSchema,
  adminQuestionItemSchema,
  adminRolesSchema,
  adminActivationLinkSchema,
  adminBrandingSchema,
  adminCustomCssHtmlSchema,
  adminPrivilegesSchema,
  installConfigCheckSchema,
  installDbCheckSchema,
  questionPageDataSchema,
  type Envelope,
  actionRecordSchema,
  adminGeneralSchema,
  adminInterfaceSchema,
  adminLegalSchema,
  adminLoginSchema,
  adminSeoSchema,
  adminSmtpSchema,
  adminThemeSchema,
  adminUserSchema,
  adminUsersSettingsSchema,
  adminWriteSchema,
  bookmarkResultSchema,
  followedTagsSchema,
  followResultSchema,
  invitedUsersSchema,
  languageOptionsSchema,
  loginUserSchema,
  legalTextSchema,
  notificationChannelsSchema,
  notificationPageSchema,
  notificationStatusSchema,
  permissionSchema,
  personalAnswerPageSchema,
  personalCollectionPageSchema,
  personalCommentPageSchema,
  personalQuestionPageSchema,
  personalUserInfoSchema,
  personalVotePageSchema,
  personBriefListSchema,
  reactionSummarySchema,
  reasonListSchema,
  reviewingTypesSchema,
  revisionListSchema,
  searchDescSchema,
  searchResultSchema,
  similarQuestionsSchema,
  tagPickSchema,
  timelineDetailSchema,
  timelineSchema,
  unreviewedRevisionsSchema,
  userRankingSchema,
  voteResultSchema,
  connectorInfoSchema,
  connectorUserInfoSchema,
  languageConfigSchema,
  pluginStatusSchema,
  questionListItemSchema,
  siteinfo2Schema,
  userCenterAgentSchema,
  userPluginConfigsSchema,
  answerInfoSchema,
  answerWithQuestionSchema,
  commentItemSchema,
  pagedOf,
  questionInfoSchema,
  sessionUserSchema,
  tagInfoSchema,
  tagListItemSchema,
  tagSynonymListSchema,
} from '@inquire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROLE } from '@inquire/shared';
import type { LightMyRequestResponse } from 'fastify';
import { buildUser, loginAs } from '../factories.js';
import { buildTestApp, call, type TestApp } from '../harness.js';
import { linkCode, outboxTo } from '../security/accounts-helpers.js';
import { hashToken, newToken } from '../../src/infra/tokens.js';
import { nowSeconds } from '../../src/lib/clock.js';
import { emailCodesRepository } from '../../src/modules/accounts/email-codes.repository.js';

const V1 = '/answer/api/v1';

/** The routes a client written for Answer calls: each needs a row below. */
const CONTRACT_PREFIXES = ['/answer/api/v1/', '/answer/admin/api/'];
/**
 * Routes under those prefixes that answer no JSON envelope (a stream or a file), so no shape
 * applies. Uploads (`/uploads/*`) and `/custom.css` are served outside the API.
 */
const NOT_JSON = new Set<string>([
  // Server-sent events (text/event-stream): the live notification dots, not a JSON reply.
  'GET /answer/api/v1/notification/stream',
  // External sign-in's browser round trip: each answers a 302 to the provider or a web page.
  'GET /answer/api/v1/connector/login/:name',
  'GET /answer/api/v1/connector/redirect/:name',
]);

const urlOf = (path: string) => (path.startsWith('/') ? path : `${V1}/${path}`);

/** A 1×1 PNG, for the upload row. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

function multipartUpload(source: string, file: Buffer) {
  const boundary = '----inquire-contract-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\n${source}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pixel.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The contract suite (issue 14, item 7): every built call's real output, read as a client
 * written for Apache Answer 2.x reads it, must satisfy the shape in packages/shared
 * (schemas/answer-contract.ts). Extra Inquire fields may stay; a missing or mistyped Answer
 * field fails. One site is built, then each row calls the route as its caller and checks the
 * envelope's data against the row's schema.
 */
describe('Answer contract: each call answers the shape Answer clients read', () => {
  let t: TestApp;
  /** Callers: `editor` (rank 100) suggests edits, `newbie` (rank 1) is held, `newcomer` signs up in a row. */
  const tokens: Record<'asker' | 'answerer' | 'admin' | 'editor' | 'newbie' | 'newcomer', string> = {
    asker: '',
    answerer: '',
    admin: '',
    editor: '',
    newbie: '',
    newcomer: '',
  };
  const ids = {
    question: '',
    answer: '',
    comment: '',
    reply: '',
    tag: '',
    extraQuestion: '',
    extraAnswer: '',
    extraTag: '',
    adminAnswer: '',
    notification: '',
    flag: '',
    revision: '',
    review: '',
    appeal: '',
  };
  const usernames = { answerer: '', asker: '' };
  const users = { asker: '', target: '' };
  const accounts = { asker: { email: '', password: '' } };
  const newcomer = { email: 'newcomer@example.com', next: 'newcomer-two@example.com', password: 'first-pass-1' };

  beforeAll(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    const asker = await buildUser(t.app, { rank: 20_000 });
    const answerer = await buildUser(t.app, { rank: 20_000 });
    const admin = await t.app.site.db
      .selectFrom('users')
      .select('id')
      .where('role_id', '=', ROLE.admin)
      .executeTakeFirstOrThrow();
    tokens.asker = await loginAs(t.app, asker.id);
    tokens.answerer = await loginAs(t.app, answerer.id);
    usernames.answerer = answerer.username;
    usernames.asker = asker.username;
    users.asker = asker.id;
    accounts.asker = { email: asker.email, password: asker.password };
    tokens.admin = await loginAs(t.app, admin.id);
    tokens.editor = await loginAs(t.app, (await buildUser(t.app, { rank: 100 })).id);
    tokens.newbie = await loginAs(t.app, (await buildUser(t.app, { rank: 1 })).id);
    users.target = (await buildUser(t.app)).id;
    const asked = await call<{ id: string }>(
      t.app,
      'POST',
      `${V1}/question`,
      {
        title: 'How do contract tests keep API shapes honest?',
        content: 'A body long enough.',
        tags: [{ slug_name: 'contracts' }],
      },
      { token: tokens.asker },
    );
    ids.question = asked.body.data.id;
    const tag = await t.app.site.db
      .selectFrom('tags')
      .select('id')
      .where('slug_name', '=', 'contracts')
      .executeTakeFirstOrThrow();
    ids.tag = tag.id;
  }, 60_000);
  afterAll(async () => t?.close());

  type Caller = keyof typeof tokens | 'guest';
  interface Row {
    ids: string;
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    path: string;
    /** The query (GET) or body, built when the row runs (ids are known by then). */
    input?: () => Record<string, unknown> | Promise<Record<string, unknown>>;
    /** A call whose body is not JSON (an upload) sends itself. */
    send?: (token: string | undefined) => Promise<LightMyRequestResponse>;
    as: Caller;
    schema: z.ZodType;
    /** Keeps what a write created, for the rows after it. */
    keep?: (data: Record<string, unknown>) => void;
  }

  const rows: Row[] = [
    {
      ids: '[C-1]',
      method: 'GET',
      path: 'user/info',
      as: 'asker',
      schema: sessionUserSchema.refine((u) => u.access_token === tokens.asker && u.avatar.type === 'default'),
    },
    {
      ids: '[C-3]',
      method: 'POST',
      path: 'answer',
      input: () => ({ question_id: ids.question, content: 'An answer with enough words.' }),
      as: 'answerer',
      schema: answerWithQuestionSchema,
      keep: (data) => {
        ids.answer = (data.info as { id: string }).id;
      },
    },
    {
      ids: '[C-3]',
      method: 'POST',
      path: 'comment',
      input: () => ({ object_id: ids.question, original_text: 'A comment on the question.' }),
      as: 'answerer',
      schema: commentItemSchema,
      keep: (data) => {
        ids.comment = data.comment_id as string;
      },
    },
    {
      ids: '[C-3]',
      method: 'POST',
      path: 'comment',
      input: () => ({ object_id: ids.question, original_text: 'A reply to it.', reply_comment_id: ids.comment }),
      as: 'asker',
      schema: commentItemSchema.refine((c) => c.reply_user_id !== '' && c.reply_user_status === 'normal'),
      keep: (data) => {
        ids.reply = data.comment_id as string;
      },
    },
    {
      ids: '[C-3]',
      method: 'PUT',
      path: 'comment',
      input: () => ({ comment_id: ids.comment, original_text: 'An edited comment.' }),
      as: 'answerer',
      schema: z.looseObject({ comment_id: z.string(), original_text: z.string(), parsed_text: z.string() }),
    },
    {
      ids: '[C-3]',
      method: 'PUT',
      path: 'answer',
      input: () => ({ id: ids.answer, content: 'An edited answer with enough words.' }),
      as: 'admin',
      schema: answerWithQuestionSchema.refine((d) => d.info.update_user_info !== null),
    },
    {
      ids: '[C-3]',
      method: 'PUT',
      path: 'question',
      input: () => ({
        id: ids.question,
        title: 'How do contract tests keep API shapes honest, edited?',
        content: 'A body long enough, edited.',
        tags: [{ slug_name: 'contracts' }],
      }),
      as: 'admin',
      schema: questionInfoSchema,
    },
    {
      ids: '[C-2]',
      method: 'GET',
      path: 'question/info',
      input: () => ({ id: ids.question }),
      as: 'answerer',
      schema: questionInfoSchema.refine(
        (q) =>
          q.answered &&
          q.first_answer_id === ids.answer &&
          q.update_user_info !== null &&
          q.last_answered_user_info !== null &&
          q.edit_time > 0,
      ),
    },
    {
      ids: '[C-2]',
      method: 'GET',
      path: 'question/info',
      input: () => ({ id: ids.question }),
      as: 'guest',
      schema: questionInfoSchema,
    },
    {
      ids: '[C-2]',
      method: 'GET',
      path: 'answer/page',
      input: () => ({ question_id: ids.question }),
      as: 'asker',
      schema: pagedOf(answerInfoSchema),
    },
    {
      ids: '[C-2]',
      method: 'GET',
      path: 'answer/info',
      input: () => ({ id: ids.answer }),
      as: 'guest',
      schema: answerWithQuestionSchema,
    },
    {
      ids: '[C-2]',
      method: 'GET',
      path: 'comment/page',
      input: () => ({ object_id: ids.question }),
      as: 'answerer',
      schema: pagedOf(commentItemSchema).refine((p) =>
        p.list.some((c) => c.member_actions.some((a) => a.action === 'edit')),
      ),
    },
    {
      ids: '[C-2]',
      method: 'GET',
      path: 'tag',
      input: () => ({ name: 'contracts' }),
      as: 'admin',
      schema: tagInfoSchema,
    },
    { ids: '[C-2]', method: 'GET', path: 'tags/page', as: 'guest', schema: pagedOf(tagListItemSchema) },
    {
      ids: '[C-2]',
      method: 'GET',
      path: 'tag/synonyms',
      input: () => ({ tag_id: ids.tag }),
      as: 'admin',
      schema: tagSynonymListSchema.refine((s) => s.member_actions.length === 1),
    },
    {
      ids: '[C-4]',
      method: 'GET',
      path: 'question/page',
      input: () => ({ order: 'active' }),
      as: 'guest',
      schema: pagedOf(questionListItemSchema),
    },
    { ids: '[C-4]', method: 'GET', path: 'question/page', as: 'guest', schema: pagedOf(questionListItemSchema) },
    {
      ids: '[C-4]',
      method: 'GET',
      path: 'question/similar/tag',
      input: () => ({ question_id: ids.question }),
      as: 'guest',
      schema: pagedOf(z.looseObject({ id: z.string(), title: z.string() })),
    },
    {
      ids: '[C-4]',
      method: 'GET',
      path: 'personal/qa/top',
      input: () => ({ username: usernames.answerer }),
      as: 'guest',
      schema: z.looseObject({
        question: z.array(z.looseObject({ question_id: z.string(), create_time: z.number() })),
        answer: z
          .array(
            z.looseObject({
              answer_id: z.string(),
              create_time: z.number(),
              question_info: z.looseObject({ title: z.string(), url_title: z.string() }),
            }),
          )
          .min(1),
      }),
    },
    {
      ids: '[C-4]',
      method: 'GET',
      path: 'personal/rank/page',
      input: () => ({ username: usernames.answerer }),
      as: 'guest',
      schema: pagedOf(z.looseObject({ rank_type: z.string(), reason: z.string().min(1) })),
    },
    { ids: '[C-5]', method: 'GET', path: 'plugin/status', as: 'guest', schema: pluginStatusSchema },
    { ids: '[C-5]', method: 'GET', path: 'connector/info', as: 'guest', schema: connectorInfoSchema },
    { ids: '[C-5]', method: 'GET', path: 'user-center/agent', as: 'guest', schema: userCenterAgentSchema },
    { ids: '[C-5]', method: 'GET', path: 'user/plugin/configs', as: 'asker', schema: userPluginConfigsSchema },
    { ids: '[C-6]', method: 'GET', path: 'siteinfo', as: 'guest', schema: siteinfo2Schema },
    {
      ids: '[C-6]',
      method: 'GET',
      path: 'language/config',
      input: () => ({ lang: 'zh_CN' }),
      as: 'guest',
      schema: languageConfigSchema,
    },
    // Every other built call (item 7). Writes first, so the reads after them have something to show.
    ...engagementRows(),
    ...readRows(),
    ...adminRows(),
    // Writes that change state the rows above read (closing, deleting), last.
    ...writeRows(),
    ...revisionRows(),
    ...moderationRows(),
    ...adminWriteRows(),
    ...accountRows(),
    ...connectorRows(),
    ...unsubscribeRows(),
    ...removalRows(),
  ];

  /** Asking, accepting, post and tag operations, reports, rendering and signing in. */
  function writeRows(): Row[] {
    const nothing = z.null();
    const onExtra = () => ({ id: ids.extraQuestion });
    return [
      {
        ids: '',
        method: 'POST',
        path: 'question',
        input: () => ({
          title: 'Which writes answer what Answer clients read?',
          content: 'A second question body.',
          tags: [{ slug_name: 'contracts' }],
        }),
        as: 'asker',
        schema: questionInfoSchema,
        keep: (data) => {
          ids.extraQuestion = data.id as string;
        },
      },
      {
        ids: '[S7-071]',
        method: 'POST',
        path: 'question/answer',
        input: () => ({
          title: 'Can one ask and answer in a single request?',
          content: 'A question its asker answers at once.',
          tags: [{ slug_name: 'contracts' }],
          answer_content: 'Yes: question/answer writes both.',
        }),
        as: 'asker',
        schema: answerWithQuestionSchema,
      },
      {
        ids: '[C-3]',
        method: 'POST',
        path: 'answer',
        input: () => ({ question_id: ids.extraQuestion, content: 'An answer to the second question.' }),
        as: 'answerer',
        schema: answerWithQuestionSchema,
        keep: (data) => {
          ids.extraAnswer = (data.info as { id: string }).id;
        },
      },
      {
        ids: '',
        method: 'POST',
        path: 'answer/acceptance',
        input: () => ({ question_id: ids.extraQuestion, answer_id: ids.extraAnswer }),
        as: 'asker',
        schema: nothing,
      },
      {
        ids: '',
        method: 'POST',
        path: 'post/render',
        input: () => ({ content: '**bold**' }),
        as: 'asker',
        schema: z.string().min(1),
      },
      {
        ids: '',
        method: 'POST',
        path: 'report',
        input: () => ({ object_id: ids.extraQuestion, report_type: 57 }),
        as: 'answerer',
        schema: nothing,
      },
      {
        ids: '',
        method: 'PUT',
        path: 'question/operation',
        input: () => ({ id: ids.extraQuestion, operation: 'pin' }),
        as: 'admin',
        schema: nothing,
      },
      {
        ids: '',
        method: 'PUT',
        path: 'question/status',
        input: () => ({ id: ids.extraQuestion, close_type: 63 }),
        as: 'admin',
        schema: nothing,
      },
      {
        ids: '',
        method: 'PUT',
        path: 'question/reopen',
        input: () => ({ question_id: ids.extraQuestion }),
        as: 'admin',
        schema: nothing,
      },
      {
        ids: '',
        method: 'POST',
        path: 'tag',
        input: () => ({ slug_name: 'contract-extra', display_name: 'contract-extra', original_text: 'A tag.' }),
        as: 'admin',
        schema: z.looseObject({ slug_name: z.literal('contract-extra') }),
      },
      {
        ids: '',
        method: 'GET',
        path: 'tag',
        input: () => ({ name: 'contract-extra' }),
        as: 'admin',
        schema: tagInfoSchema,
        keep: (data) => {
          ids.extraTag = data.tag_id as string;
        },
      },
      {
        ids: '',
        method: 'PUT',
        path: 'tag',
        input: () => ({
          tag_id: ids.extraTag,
          slug_name: 'contract-extra',
          display_name: 'Contract extra',
          original_text: 'A tag, edited.',
        }),
        as: 'admin',
        schema: z.looseObject({ wait_for_review: z.boolean() }),
      },
      {
        ids: '',
        method: 'PUT',
        path: 'tag/synonym',
        input: () => ({ tag_id: ids.extraTag, synonym_tag_list: [] }),
        as: 'admin',
        schema: nothing,
      },
      { ids: '', method: 'DELETE', path: 'tag', input: () => ({ tag_id: ids.extraTag }), as: 'admin', schema: nothing },
      {
        ids: '',
        method: 'POST',
        path: 'tag/recover',
        input: () => ({ tag_id: ids.extraTag }),
        as: 'admin',
        schema: nothing,
      },
      { ids: '', method: 'DELETE', path: 'question', input: onExtra, as: 'admin', schema: nothing },
      {
        ids: '',
        method: 'POST',
        path: 'question/recover',
        input: () => ({ question_id: ids.extraQuestion }),
        as: 'admin',
        schema: nothing,
      },
      {
        ids: '',
        method: 'PUT',
        path: 'question/invite',
        input: () => ({ id: ids.extraQuestion, invite_user: [usernames.answerer] }),
        as: 'asker',
        schema: invitedUsersSchema.refine((list) => list.length === 1),
      },
      {
        ids: '',
        method: 'PUT',
        path: 'user/interface',
        input: () => ({ language: 'en_US' }),
        as: 'asker',
        schema: nothing,
      },
      {
        ids: '',
        method: 'PUT',
        path: 'user/notification/config',
        input: () => ({ inbox: { key: 'email', enable: true } }),
        as: 'asker',
        schema: nothing,
      },
      {
        ids: '',
        method: 'POST',
        path: 'user/login/email',
        input: () => ({ e_mail: accounts.asker.email, pass: accounts.asker.password }),
        as: 'guest',
        schema: loginUserSchema.refine((u) => u.access_token.length > 0),
      },
    ];
  }

  /** Suggested edits (a rank-1 member's edit waits for review), their audit, and a rollback. */
  function revisionRows(): Row[] {
    return [
      {
        ids: '[C-3]',
        method: 'PUT',
        path: 'question',
        input: () => ({
          id: ids.question,
          title: 'How do contract tests keep API shapes honest, suggested?',
          content: 'A body long enough, with a suggested edit.',
          tags: [{ slug_name: 'contracts' }],
          edit_summary: 'A clearer title.',
        }),
        as: 'editor',
        // Answer's UpdateQuestionResp for an edit that waits for review.
        schema: z.looseObject({ url_title: z.string(), wait_for_review: z.literal(true) }),
      },
      {
        ids: '',
        method: 'GET',
        path: 'revisions/unreviewed',
        as: 'admin',
        schema: unreviewedRevisionsSchema.refine((p) => p.list.length === 1),
        keep: (data) => {
          const [item] = (data as { list: { unreviewed_info: { id: string } }[] }).list;
          ids.revision = item?.unreviewed_info.id ?? '';
        },
      },
      {
        ids: '',
        method: 'PUT',
        path: 'revisions/audit',
        input: () => ({ id: ids.revision, operation: 'approve' }),
        as: 'admin',
        schema: z.null(),
      },
      {
        ids: '',
        method: 'POST',
        path: 'revisions/rollback',
        input: async () => ({
          revision_id: (
            await t.app.site.db
              .selectFrom('revisions')
              .select('id')
              .where('object_id', '=', ids.question)
              .orderBy('id')
              .executeTakeFirstOrThrow()
          ).id,
          edit_summary: 'Back to the first version.',
        }),
        as: 'admin',
        schema: z.null(),
      },
    ];
  }

  /** Flags and their review, held posts and their review, a decision's appeal and its answer. */
  function moderationRows(): Row[] {
    return [
      {
        ids: '',
        method: 'POST',
        path: 'report',
        input: () => ({ object_id: ids.question, report_type: 57 }),
        as: 'answerer',
        schema: z.null(),
      },
      {
        ids: '',
        method: 'GET',
        path: 'report/unreviewed/post',
        as: 'admin',
        schema: pagedOf(z.looseObject({ flag_id: z.string(), object_id: z.string(), object_type: z.string() })).refine(
          (p) => p.list.length === 1,
        ),
        keep: (data) => {
          ids.flag = (data as { list: { flag_id: string }[] }).list[0]?.flag_id ?? '';
        },
      },
      {
        ids: '',
        method: 'PUT',
        path: 'report/review',
        input: () => ({ flag_id: ids.flag, operation_type: 'ignore_report' }),
        as: 'admin',
        schema: z.null(),
      },
      {
        ids: '',
        method: 'PUT',
        path: '/answer/admin/api/siteinfo/write',
        input: async () => ({ ...(await adminRead('siteinfo/write')), hold_posts_below_rank: 5 }),
        as: 'admin',
        schema: adminWriteSchema.refine((w) => w.hold_posts_below_rank === 5),
      },
      {
        ids: '[C-3]',
        method: 'POST',
        path: 'question',
        input: () => ({
          title: 'A newcomer asks a question that waits for review',
          content: 'A held question body.',
          tags: [{ slug_name: 'contracts' }],
        }),
        as: 'newbie',
        // Held for review: question/info's shape, in the pending status its author sees.
        schema: questionInfoSchema.refine((q) => q.status === 11),
      },
      {
        ids: '',
        method: 'GET',
        path: 'review/pending/post/page',
        as: 'admin',
        schema: pagedOf(
          z.looseObject({ review_id: z.string(), object_id: z.string(), object_type: z.string() }),
        ).refine((p) => p.list.length === 1),
        keep: (data) => {
          ids.review = (data as { list: { review_id: string }[] }).list[0]?.review_id ?? '';
        },
      },
      {
        ids: '',
        method: 'PUT',
        path: 'review/pending/post',
        input: () => ({ review_id: ids.review, status: 'approve' }),
        as: 'admin',
        schema: z.null(),
      },
      {
        ids: '',
        method: 'PUT',
        path: '/answer/admin/api/question/status',
        input: () => ({ question_id: ids.extraQuestion, status: 'closed', reason_type: 63 }),
        as: 'admin',
        schema: z.null(),
      },
      {
        ids: '',
        method: 'POST',
        path: 'moderation/appeal',
        input: async () => ({
          decision_id: (
            await t.app.site.db
              .selectFrom('moderation_decisions')
              .select('id')
              .where('user_id', '=', users.asker)
              .orderBy('id', 'desc')
              .executeTakeFirstOrThrow()
          ).id,
          content: 'The question is on topic; please look again.',
        }),
        as: 'asker',
        // Inquire's own call (appeals are not in Answer): the new appeal's id.
        schema: z.looseObject({ appeal_id: z.string() }),
        keep: (data) => {
          ids.appeal = data.appeal_id as string;
        },
      },
      {
        ids: '',
        method: 'PUT',
        path: 'moderation/appeal',
        input: () => ({ appeal_id: ids.appeal, status: 'deny' }),
        as: 'admin',
        schema: z.null(),
      },
      {
        ids: '',
        method: 'PUT',
        path: '/answer/admin/api/question/status',
        input: () => ({ question_id: ids.extraQuestion, status: 'available' }),
        as: 'admin',
        schema: z.null(),
      },
    ];
  }

  /** The admin's writes: settings saved as read, a member's status, role, profile and password, posts, plugins. */
  function adminWriteRows(): Row[] {
    const admin = (path: string, schema: z.ZodType, input: () => Promise<Record<string, unknown>>): Row => ({
      ids: '',
      method: 'PUT',
      path: `/answer/admin/api/${path}`,
      as: 'admin',
      schema,
      input,
    });
    const asRead = (path: string) => () => adminRead(path);
    const onTarget = (body: Record<string, unknown>) => async () => ({ user_id: users.target, ...body });
    return [
      // A settings save answers the section as it now reads.
      admin('siteinfo/general', adminGeneralSchema, asRead('siteinfo/general')),
      admin('siteinfo/interface', adminInterfaceSchema, asRead('siteinfo/interface')),
      admin('siteinfo/login', adminLoginSchema, asRead('siteinfo/login')),
      admin('siteinfo/users', adminUsersSettingsSchema, asRead('siteinfo/users')),
      admin('siteinfo/seo', adminSeoSchema, asRead('siteinfo/seo')),
      admin('siteinfo/legal', adminLegalSchema, async () => ({
        terms_of_service_original_text: 'Be **kind**.',
        privacy_policy_original_text: '',
      })),
      admin('siteinfo/theme', adminThemeSchema, asRead('siteinfo/theme')),
      admin('siteinfo/branding', adminBrandingSchema, asRead('siteinfo/branding')),
      admin('siteinfo/custom-css-html', adminCustomCssHtmlSchema, asRead('siteinfo/custom-css-html')),
      admin('setting/privileges', adminPrivilegesSchema, async () => ({
        level: (await adminRead('setting/privileges')).selected_level,
      })),
      admin('siteinfo/write', adminWriteSchema, async () => ({
        ...(await adminRead('siteinfo/write')),
        hold_posts_below_rank: 0,
      })),
      admin('setting/smtp', z.null(), asRead('setting/smtp')),
      // Answer answers these with nothing; Inquire with the member as the admin list shows them.
      admin('user/status', adminUserSchema, onTarget({ status: 'suspended', suspend_duration: '24h' })),
      admin('user/status', adminUserSchema, onTarget({ status: 'normal' })),
      admin('user/role', adminUserSchema, onTarget({ role_id: ROLE.moderator })),
      admin('user/profile', adminUserSchema, async () => {
        const user = (await adminRead('user', { user_id: users.target })) as { username: string; e_mail: string };
        return { user_id: users.target, display_name: 'Target Member', username: user.username, email: user.e_mail };
      }),
      admin('user/password', z.null(), onTarget({ password: 'a-new-password-9' })),
      { ...admin('user/activation', z.null(), onTarget({})), method: 'POST' },
      {
        ...admin('users', z.looseObject({ count: z.literal(1) }), async () => ({
          users: 'Bulk Member, bulk-member@example.com, bulk-pass-1',
        })),
        // Answer answers nothing; Inquire says how many members were added.
        method: 'POST',
      },
      admin('answer/status', z.null(), async () => ({ answer_id: ids.adminAnswer, status: 'deleted' })),
      admin('answer/status', z.null(), async () => ({ answer_id: ids.adminAnswer, status: 'available' })),
      admin('plugin/status', z.null(), async () => ({ plugin_slug_name: 'captcha-basic', enabled: true })),
      // Left off: the sign-up rows after these would otherwise need the captcha solved.
      admin('plugin/status', z.null(), async () => ({ plugin_slug_name: 'captcha-basic', enabled: false })),
      admin('plugin/config', z.null(), async () => {
        const config = (await adminRead('plugin/config', { plugin_slug_name: 'captcha-basic' })) as {
          config_fields: { name: string; value: string | number | boolean }[];
        };
        return {
          plugin_slug_name: 'captcha-basic',
          config_fields: Object.fromEntries(config.config_fields.map((field) => [field.name, field.value])),
        };
      }),
    ];
  }

  /** An admin read's data, for a save that sends it back. */
  async function adminRead(path: string, query: Record<string, string> = {}): Promise<Record<string, unknown>> {
    const res = await call<Record<string, unknown>>(t.app, 'GET', `/answer/admin/api/${path}`, undefined, {
      token: tokens.admin,
      query,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  /** The newest email's link code to `page` for an address (the outbox the worker sends from). */
  async function mailedCode(address: string, page: string): Promise<string> {
    const mail = await outboxTo(t, address);
    return linkCode(mail.at(-1)?.text ?? '', page);
  }

  /** A newcomer signs up, activates, changes email and password, recovers it and signs out. */
  /**
   * External sign-in, with the built-in connector configured: a binding waiting for its
   * address (as a callback without an email leaves one) and a login of the asker to unlink.
   */
  function connectorRows(): Row[] {
    const key = newToken();
    const db = () => t.app.site.db;
    const configure = () =>
      t.app.services.plugins.saveConfig({
        plugin_slug_name: 'connector_basic',
        config_fields: {
          client_id: 'contract',
          authorize_url: 'https://provider.example/authorize',
          token_url: 'https://provider.example/token',
          user_json_url: 'https://provider.example/user',
        },
      });
    return [
      {
        ids: '',
        method: 'GET',
        path: 'connector/user/info',
        input: async () => {
          await configure();
          return {};
        },
        as: 'asker',
        schema: connectorUserInfoSchema.refine((list) => list.length === 1),
      },
      {
        ids: '',
        method: 'POST',
        path: 'connector/binding/email',
        input: async () => {
          const now = nowSeconds();
          await db()
            .insertInto('connector_bindings')
            .values({
              key_hash: hashToken(key),
              provider: 'connector_basic',
              external_id: 'contract-1',
              created_at: now,
              expires_at: now + 600,
            })
            .execute();
          return { binding_key: key, email: 'contract-external@example.com' };
        },
        as: 'guest',
        schema: z.object({}).strict(),
      },
      {
        ids: '',
        method: 'DELETE',
        path: 'connector/user/unbinding',
        input: async () => {
          await db()
            .insertInto('user_external_logins')
            .values({
              user_id: users.asker,
              provider: 'connector_basic',
              external_id: 'contract-2',
              created_at: nowSeconds(),
            })
            .execute();
          return { external_id: 'contract-2' };
        },
        as: 'asker',
        schema: z.null(),
      },
    ];
  }

  function accountRows(): Row[] {
    const nothing = z.null();
    return [
      {
        ids: '',
        method: 'POST',
        path: 'user/register/email',
        input: () => ({ name: 'contract-newcomer', e_mail: newcomer.email, pass: newcomer.password }),
        as: 'guest',
        schema: loginUserSchema.refine((u) => u.access_token.length > 0 && u.mail_status === 2),
        keep: (data) => {
          tokens.newcomer = data.access_token as string;
        },
      },
      { ids: '', method: 'POST', path: 'user/email/verification/send', as: 'newcomer', schema: nothing },
      {
        ids: '',
        method: 'POST',
        path: 'user/email/verification',
        input: async () => ({ code: await mailedCode(newcomer.email, 'account-activation') }),
        as: 'guest',
        schema: loginUserSchema.refine((u) => u.mail_status === 1),
        keep: (data) => {
          tokens.newcomer = data.access_token as string;
        },
      },
      {
        ids: '',
        method: 'POST',
        path: 'user/email/change/code',
        input: () => ({ e_mail: newcomer.next, pass: newcomer.password }),
        as: 'newcomer',
        schema: nothing,
      },
      {
        ids: '',
        method: 'PUT',
        path: 'user/email',
        input: async () => ({ code: await mailedCode(newcomer.next, 'confirm-new-email') }),
        as: 'newcomer',
        schema: loginUserSchema.refine((u) => u.e_mail === newcomer.next),
        keep: (data) => {
          tokens.newcomer = data.access_token as string;
        },
      },
      {
        ids: '',
        method: 'PUT',
        path: 'user/password',
        input: () => ({ old_pass: newcomer.password, pass: 'second-pass-2' }),
        as: 'newcomer',
        schema: nothing,
      },
      {
        ids: '',
        method: 'POST',
        path: 'user/password/reset',
        input: () => ({ e_mail: newcomer.next }),
        as: 'guest',
        schema: nothing,
      },
      {
        ids: '',
        method: 'POST',
        path: 'user/password/replacement',
        input: async () => ({ code: await mailedCode(newcomer.next, 'password-reset'), pass: 'third-pass-3' }),
        as: 'guest',
        schema: nothing,
      },
      {
        ids: '',
        method: 'PUT',
        path: 'user/info',
        input: async () => {
          const me = await call<{
            display_name: string;
            username: string;
            bio: string;
            website: string;
            location: string;
          }>(t.app, 'GET', `${V1}/user/info`, undefined, { token: tokens.asker });
          const { display_name, username, bio, website, location } = me.body.data;
          return {
            display_name,
            username,
            bio,
            website,
            location,
            avatar: { type: 'default', gravatar: '', custom: '' },
          };
        },
        as: 'asker',
        // Answer answers nothing; Inquire the saved profile in the sign-in object's fields.
        schema: loginUserSchema.omit({ access_token: true }),
      },
      {
        ids: '',
        method: 'POST',
        path: 'file',
        send: (token) => {
          const upload = multipartUpload('post', PIXEL_PNG);
          return t.app.inject({
            method: 'POST',
            url: `${V1}/file`,
            payload: upload.payload,
            headers: { ...upload.headers, authorization: token ?? '' },
          });
        },
        as: 'asker',
        // Answer answers the file's URL as a bare string.
        schema: z.string().startsWith('http'),
      },
    ];
  }

  /** An unsubscribe code, as a notification email carries one (the digest writes it the same way). */
  async function unsubscribeCode(): Promise<string> {
    const code = newToken();
    await emailCodesRepository.store(t.app.site.db, {
      code_hash: hashToken(code),
      user_id: users.asker,
      action: 'unsubscribe',
      content: JSON.stringify(['inbox']),
      now: nowSeconds(),
      ttl: 3600,
    });
    return code;
  }

  /** Unsubscribing from a notification email: the unsubscribe page's call and the mail client's one-click form. */
  function unsubscribeRows(): Row[] {
    return [
      {
        ids: '',
        method: 'PUT',
        path: 'user/notification/unsubscribe',
        input: async () => ({ code: await unsubscribeCode() }),
        as: 'guest',
        schema: z.null(),
      },
      {
        ids: '',
        method: 'POST',
        path: 'user/notification/unsubscribe',
        // RFC 8058: the form body says One-Click, the code rides in the link's query.
        send: async () =>
          t.app.inject({
            method: 'POST',
            url: `${V1}/user/notification/unsubscribe?code=${encodeURIComponent(await unsubscribeCode())}`,
            payload: 'List-Unsubscribe=One-Click',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }),
        as: 'guest',
        schema: z.null(),
      },
    ];
  }

  /** Deleting and restoring: a comment, an answer; and signing out, last of all. */
  function removalRows(): Row[] {
    const nothing = z.null();
    return [
      {
        ids: '',
        method: 'DELETE',
        path: 'comment',
        input: () => ({ comment_id: ids.reply }),
        as: 'asker',
        schema: nothing,
      },
      {
        ids: '',
        method: 'DELETE',
        path: 'answer',
        input: () => ({ id: ids.adminAnswer }),
        as: 'admin',
        schema: nothing,
      },
      {
        ids: '',
        method: 'POST',
        path: 'answer/recover',
        input: () => ({ answer_id: ids.adminAnswer }),
        as: 'admin',
        schema: nothing,
      },
      { ids: '', method: 'GET', path: 'user/logout', as: 'newcomer', schema: nothing },
      { ids: '[S4-001]', method: 'DELETE', path: 'user/session-cookie', as: 'guest', schema: nothing },
    ];
  }

  /** Votes, follows, bookmarks and reactions, as the answerer (the reads below show them). */
  function engagementRows(): Row[] {
    const onQuestion = () => ({ object_id: ids.question });
    return [
      { ids: '', method: 'POST', path: 'vote/up', input: onQuestion, as: 'answerer', schema: voteResultSchema },
      {
        ids: '',
        method: 'POST',
        path: 'vote/down',
        input: () => ({ object_id: ids.answer }),
        as: 'asker',
        schema: voteResultSchema.refine((v) => v.vote_status === 'vote_down'),
      },
      {
        ids: '[C-3]',
        method: 'POST',
        path: 'answer',
        input: () => ({ question_id: ids.question, content: 'A second answer, from the admin.' }),
        as: 'admin',
        schema: answerWithQuestionSchema,
        keep: (data) => {
          ids.adminAnswer = (data.info as { id: string }).id;
        },
      },
      { ids: '', method: 'POST', path: 'follow', input: onQuestion, as: 'answerer', schema: followResultSchema },
      {
        ids: '',
        method: 'POST',
        path: 'collection/switch',
        input: () => ({ object_id: ids.question, bookmark: true }),
        as: 'answerer',
        schema: bookmarkResultSchema,
      },
      {
        ids: '',
        method: 'PUT',
        path: 'meta/reaction',
        input: () => ({ object_id: ids.question, emoji: 'heart', reaction: 'activate' }),
        as: 'answerer',
        schema: reactionSummarySchema,
      },
      { ids: '', method: 'GET', path: 'meta/reaction', input: onQuestion, as: 'guest', schema: reactionSummarySchema },
      {
        ids: '',
        method: 'PUT',
        path: 'follow/tags',
        input: () => ({ slug_name_list: ['contracts'] }),
        as: 'asker',
        schema: z.null(),
      },
    ];
  }

  /** Public and member reads: search, timeline, revisions, notifications, personal pages, people, lists. */
  function readRows(): Row[] {
    const byAnswerer = () => ({ username: usernames.answerer });
    const nonEmpty = <T extends { count: number }>(page: T) => page.count > 0;
    return [
      {
        ids: '',
        method: 'GET',
        path: 'search',
        input: () => ({ q: 'contract' }),
        as: 'guest',
        schema: searchResultSchema.refine(nonEmpty),
      },
      { ids: '', method: 'GET', path: 'search/desc', as: 'guest', schema: searchDescSchema },
      {
        ids: '',
        method: 'GET',
        path: 'question/page-data',
        input: () => ({ id: ids.question }),
        as: 'answerer',
        schema: questionPageDataSchema,
      },
      {
        ids: '',
        method: 'GET',
        path: 'activity/timeline',
        input: () => ({ object_id: ids.question }),
        as: 'admin',
        schema: timelineSchema.refine((d) => d.object_info.username === usernames.asker && d.timeline.length > 0),
      },
      {
        ids: '',
        method: 'GET',
        path: 'activity/timeline/detail',
        input: () => ({ new_revision_id: '' }),
        as: 'admin',
        schema: timelineDetailSchema,
      },
      {
        ids: '',
        method: 'GET',
        path: 'revisions',
        input: () => ({ object_id: ids.question }),
        as: 'answerer',
        schema: revisionListSchema.refine((list) => list.length > 0),
      },
      { ids: '', method: 'GET', path: 'revisions/unreviewed', as: 'admin', schema: unreviewedRevisionsSchema },
      {
        ids: '',
        method: 'GET',
        path: 'revisions/edit/check',
        input: () => ({ id: ids.question }),
        as: 'answerer',
        schema: z.looseObject({}),
      },
      {
        ids: '',
        method: 'GET',
        path: 'notification/page',
        input: () => ({ type: 'inbox' }),
        as: 'asker',
        schema: notificationPageSchema.refine(nonEmpty),
        keep: (data) => {
          ids.notification = (data as { list: { id: string }[] }).list[0]?.id ?? '';
        },
      },
      {
        ids: '',
        method: 'PUT',
        path: 'notification/read/state',
        input: () => ({ id: ids.notification }),
        as: 'asker',
        schema: z.looseObject({}),
      },
      { ids: '', method: 'GET', path: 'notification/status', as: 'asker', schema: notificationStatusSchema },
      {
        ids: '',
        method: 'PUT',
        path: 'notification/status',
        input: () => ({ type: 'inbox' }),
        as: 'asker',
        schema: notificationStatusSchema,
      },
      {
        ids: '',
        method: 'PUT',
        path: 'notification/read/state/all',
        input: () => ({ type: 'inbox' }),
        as: 'asker',
        schema: z.looseObject({}),
      },
      {
        ids: '',
        method: 'GET',
        path: 'personal/user/info',
        input: byAnswerer,
        as: 'guest',
        schema: personalUserInfoSchema,
      },
      {
        ids: '',
        method: 'GET',
        path: 'personal/question/page',
        input: () => ({ username: usernames.asker }),
        as: 'guest',
        schema: personalQuestionPageSchema.refine(nonEmpty),
      },
      {
        ids: '',
        method: 'GET',
        path: 'personal/answer/page',
        input: byAnswerer,
        as: 'guest',
        schema: personalAnswerPageSchema.refine(nonEmpty),
      },
      {
        ids: '',
        method: 'GET',
        path: 'personal/comment/page',
        input: byAnswerer,
        as: 'guest',
        schema: personalCommentPageSchema.refine(nonEmpty),
      },
      {
        ids: '',
        method: 'GET',
        path: 'personal/collection/page',
        as: 'answerer',
        schema: personalCollectionPageSchema.refine(nonEmpty),
      },
      {
        ids: '',
        method: 'GET',
        path: 'personal/vote/page',
        as: 'answerer',
        schema: personalVotePageSchema.refine((p) => p.list.some((v) => v.content !== '')),
      },
      { ids: '', method: 'GET', path: 'user/ranking', as: 'guest', schema: userRankingSchema },
      { ids: '', method: 'GET', path: 'user/staff', as: 'guest', schema: personBriefListSchema },
      {
        ids: '',
        method: 'GET',
        path: 'user/info/search',
        input: () => ({ username: usernames.answerer.slice(0, 4) }),
        as: 'asker',
        schema: personBriefListSchema,
      },
      { ids: '', method: 'GET', path: 'user/notification/config', as: 'asker', schema: notificationChannelsSchema },
      {
        ids: '',
        method: 'GET',
        path: 'user/action/record',
        input: () => ({ action: 'question' }),
        as: 'asker',
        schema: actionRecordSchema,
      },
      {
        ids: '',
        method: 'GET',
        path: 'permission',
        input: () => ({ action: 'question.add,answer.add' }),
        as: 'asker',
        schema: permissionSchema,
      },
      {
        ids: '',
        method: 'GET',
        path: 'reasons',
        input: () => ({ object_type: 'question', action: 'close' }),
        as: 'admin',
        schema: reasonListSchema.refine((list) => list.length > 0),
      },
      {
        ids: '',
        method: 'GET',
        path: 'question/invite',
        input: () => ({ id: ids.question }),
        as: 'asker',
        schema: invitedUsersSchema,
      },
      {
        ids: '[C-5]',
        method: 'GET',
        path: 'question/link',
        input: () => ({ question_id: ids.question }),
        as: 'guest',
        schema: pagedOf(questionListItemSchema),
      },
      {
        ids: '[C-4][C-5]',
        method: 'GET',
        path: 'question/recommend/page',
        as: 'answerer',
        schema: pagedOf(questionListItemSchema).refine(nonEmpty),
      },
      {
        ids: '[C-4]',
        method: 'GET',
        path: 'question/page',
        input: () => ({ order: 'hot' }),
        as: 'guest',
        schema: pagedOf(questionListItemSchema).refine(nonEmpty),
      },
      {
        ids: '[C-4]',
        method: 'GET',
        path: 'question/page',
        input: () => ({ order: 'recommend' }),
        as: 'answerer',
        schema: pagedOf(questionListItemSchema).refine(nonEmpty),
      },
      {
        ids: '',
        method: 'GET',
        path: 'question/similar',
        input: () => ({ title: 'contract tests keep shapes' }),
        as: 'guest',
        schema: similarQuestionsSchema.refine((list) => list.length > 0),
      },
      {
        ids: '',
        method: 'GET',
        path: 'question/tags',
        input: () => ({ tag: 'contr' }),
        as: 'asker',
        schema: tagPickSchema.refine((list) => list.length > 0),
      },
      {
        ids: '',
        method: 'GET',
        path: 'tags',
        input: () => ({ tags: 'contracts' }),
        as: 'guest',
        schema: z.array(z.looseObject({ slug_name: z.string(), display_name: z.string() })).min(1),
      },
      {
        ids: '',
        method: 'GET',
        path: 'tags/following',
        as: 'asker',
        schema: followedTagsSchema.refine((list) => list.length === 1),
      },
      { ids: '', method: 'GET', path: 'language/options', as: 'guest', schema: languageOptionsSchema },
      {
        ids: '',
        method: 'GET',
        path: 'siteinfo/legal',
        input: () => ({ info_type: 'tos' }),
        as: 'guest',
        schema: legalTextSchema,
      },
      { ids: '', method: 'GET', path: 'reviewing/type', as: 'admin', schema: reviewingTypesSchema },
      ...['report/unreviewed/post', 'report/unreviewed/user', 'review/pending/post/page', 'moderation/appeal/page'].map(
        (path): Row => ({ ids: '', method: 'GET', path, as: 'admin', schema: pagedOf(z.looseObject({})) }),
      ),
    ];
  }

  /** The admin area's reads (Answer's admin screens load these). */
  function adminRows(): Row[] {
    const admin = (path: string, schema: z.ZodType, input?: () => Record<string, unknown>): Row => ({
      ids: '',
      method: 'GET',
      path: `/answer/admin/api/${path}`,
      as: 'admin',
      schema,
      input,
    });
    return [
      admin('siteinfo/general', adminGeneralSchema),
      admin('siteinfo/interface', adminInterfaceSchema),
      admin('siteinfo/login', adminLoginSchema),
      admin('siteinfo/users', adminUsersSettingsSchema),
      admin('siteinfo/write', adminWriteSchema),
      admin('siteinfo/seo', adminSeoSchema),
      admin('siteinfo/legal', adminLegalSchema),
      admin('siteinfo/theme', adminThemeSchema),
      admin('setting/smtp', adminSmtpSchema),
      admin(
        'users/page',
        pagedOf(adminUserSchema).refine((p) => p.count > 0),
      ),
      admin('user', adminUserSchema, () => ({ user_id: users.asker })),
      admin('dashboard', adminDashboardSchema),
      admin(
        'question/page',
        pagedOf(adminQuestionItemSchema).refine((p) => p.count > 0),
      ),
      admin(
        'answer/page',
        pagedOf(adminAnswerItemSchema).refine((p) => p.count > 0),
      ),
      admin(
        'plugins',
        adminPluginListSchema.refine((list) => list.length > 0),
      ),
      admin('plugin/config', adminPluginConfigInfoSchema, () => ({ plugin_slug_name: 'captcha-basic' })),
      admin(
        'roles',
        adminRolesSchema.refine((list) => list.length === 3),
      ),
      admin('language/options', languageOptionsSchema),
      admin(
        'reasons',
        reasonListSchema.refine((list) => list.length > 0),
        () => ({ object_type: 'question', action: 'close' }),
      ),
      admin('user-center/agent', userCenterAgentSchema),
      admin('siteinfo/branding', adminBrandingSchema),
      admin('siteinfo/custom-css-html', adminCustomCssHtmlSchema),
      admin(
        'setting/privileges',
        adminPrivilegesSchema.refine((p) => p.options.length > 0),
      ),
      admin('user/activation', adminActivationLinkSchema, () => ({ user_id: users.target })),
    ];
  }

  /** Calls a row's route as its caller; any answer but 200 fails the row. */
  async function respond(row: Row, token: string | undefined): Promise<Envelope<unknown>> {
    if (row.send) {
      const response = await row.send(token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Envelope<unknown>>();
    }
    const input = (await row.input?.()) ?? {};
    const url = urlOf(row.path);
    const res =
      row.method === 'GET'
        ? await call(t.app, 'GET', url, undefined, {
            token,
            query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])),
          })
        : await call(t.app, row.method, url, input, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  it('[C-7] every public and admin route has a contract row, so a new call cannot slip by without one', () => {
    const covered = new Set(rows.map((row) => `${row.method} ${urlOf(row.path)}`));
    const routes = t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && CONTRACT_PREFIXES.some((prefix) => r.url.startsWith(prefix)))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => !covered.has(route) && !NOT_JSON.has(route))).toEqual([]);
    // The skip list names only routes that exist, so it cannot hide a renamed one.
    expect([...NOT_JSON].filter((route) => !routes.includes(route))).toEqual([]);
  });

  it("[C-5] GET /custom.css answers the admin's custom CSS as text/css, empty when unset", async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/custom.css' });
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toMatch(/^text\/css/);
    expect(empty.body).toBe('');
    await t.app.services.siteinfo.update('custom_css_html', { custom_css: 'body { color: teal; }' });
    expect((await t.app.inject({ method: 'GET', url: '/custom.css' })).body).toBe('body { color: teal; }');
  });

  it('[C-1] user/info echoes the token sent in the header, never one read from the HttpOnly cookie', async () => {
    const fromCookie = await call<{ access_token: string; id: string }>(t.app, 'GET', `${V1}/user/info`, undefined, {
      cookie: `inquire_token=${tokens.asker}`,
    });
    expect(fromCookie.body.data.id).not.toBe('');
    expect(fromCookie.body.data.access_token).toBe('');
  });

  it.each(rows.map((row) => [`${row.ids}[C-7] ${row.method} ${row.path} as ${row.as}`, row] as const))(
    '%s satisfies its Answer shape',
    async (_title, row) => {
      const token = row.as === 'guest' ? undefined : tokens[row.as];
      const body = await respond(row, token);
      const parsed = row.schema.safeParse(body.data);
      expect(
        parsed.success,
        parsed.success ? '' : `${z.prettifyError(parsed.error)}\n${JSON.stringify(body.data)}`,
      ).toBe(true);
      row.keep?.(body.data as Record<string, unknown>);
    },
  );
});

/** The install wizard's calls, each prefix on a site of its own (a site installs once). */
const INSTALL_PREFIXES = ['/installation', '/answer/installation'] as const;

interface InstallRow {
  method: 'GET' | 'POST';
  path: string;
  body?: (dbFields: Record<string, unknown>) => Record<string, unknown>;
  schema: z.ZodType;
}

/** In the wizard's order: the page's reads, the database check, then the two install steps. */
const INSTALL_ROWS: InstallRow[] = [
  { method: 'GET', path: 'language/options', schema: languageOptionsSchema },
  { method: 'POST', path: 'config-file/check', schema: installConfigCheckSchema },
  { method: 'POST', path: 'db/check', body: (db) => db, schema: installDbCheckSchema },
  {
    method: 'POST',
    path: 'init',
    body: (db) => ({ ...db, lang: 'en_US' }),
    // Answer answers nothing; Inquire also says whether a config file was already there.
    schema: z.looseObject({ config_exists: z.boolean() }),
  },
  {
    method: 'POST',
    path: 'base-info',
    body: () => ({
      lang: 'en_US',
      site_name: 'Contract site',
      site_url: 'http://localhost:9080',
      contact_email: 'owner@example.com',
      login_required: false,
      name: 'owner',
      email: 'owner@example.com',
      password: 'owner-password-1',
    }),
    schema: z.null(),
  },
];

describe.each(INSTALL_PREFIXES)('Answer contract: the installer under %s', (prefix) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ installed: false });
  }, 60_000);
  afterAll(async () => t?.close());

  it('[C-7] every installer call has a contract row', () => {
    const covered = new Set(
      INSTALL_PREFIXES.flatMap((p) => INSTALL_ROWS.map((row) => `${row.method} ${p}/${row.path}`)),
    );
    const routes = t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && INSTALL_PREFIXES.some((p) => r.url.startsWith(`${p}/`)))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBe(covered.size);
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
  });

  it.each(INSTALL_ROWS.map((row) => [`[C-7] ${row.method} ${prefix}/${row.path}`, row] as const))(
    '%s satisfies its Answer shape',
    async (_title, row) => {
      const res = await call(t.app, row.method, `${prefix}/${row.path}`, row.body?.(t.dbFields));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const parsed = row.schema.safeParse(res.body.data);
      expect(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error)).toBe(true);
    },
  );
});
