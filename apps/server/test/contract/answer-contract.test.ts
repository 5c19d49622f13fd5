import {
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
import { buildUser, loginAs } from '../factories.js';
import { buildTestApp, call, type TestApp } from '../harness.js';

const V1 = '/answer/api/v1';

/**
 * The contract suite (issue 14, item 7): every built call's real output, read as a client
 * written for Apache Answer 2.x reads it, must satisfy the shape in packages/shared
 * (schemas/answer-contract.ts). Extra Inquire fields may stay; a missing or mistyped Answer
 * field fails. One site is built, then each row calls the route as its caller and checks the
 * envelope's data against the row's schema.
 */
describe('Answer contract: each call answers the shape Answer clients read', () => {
  let t: TestApp;
  const tokens: Record<'asker' | 'answerer' | 'admin', string> = { asker: '', answerer: '', admin: '' };
  const ids = { question: '', answer: '', comment: '', tag: '', extraQuestion: '', extraAnswer: '', extraTag: '' };
  const usernames = { answerer: '', asker: '' };
  const users = { asker: '' };
  const accounts = { asker: { email: '', password: '' } };

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
    input?: () => Record<string, unknown>;
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

  /** Votes, follows, bookmarks and reactions, as the answerer (the reads below show them). */
  function engagementRows(): Row[] {
    const onQuestion = () => ({ object_id: ids.question });
    return [
      { ids: '', method: 'POST', path: 'vote/up', input: onQuestion, as: 'answerer', schema: voteResultSchema },
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
    ];
  }

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
      const input = row.input?.() ?? {};
      const token = row.as === 'guest' ? undefined : tokens[row.as];
      const url = row.path.startsWith('/') ? row.path : `${V1}/${row.path}`;
      const res =
        row.method === 'GET'
          ? await call(t.app, 'GET', url, undefined, {
              token,
              query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])),
            })
          : await call(t.app, row.method, url, input, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const parsed = row.schema.safeParse(res.body.data);
      expect(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error)).toBe(true);
      row.keep?.(res.body.data as Record<string, unknown>);
    },
  );
});
