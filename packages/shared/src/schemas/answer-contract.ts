import { z } from 'zod';

/**
 * Apache Answer 2.x's response shapes (peer facts 12.3 and the sections it names): what a
 * client written for Answer reads from each call. The contract suite
 * (`apps/server/test/contract`) checks every built call's real output against these, on both
 * engines. Objects are loose: Inquire's own extra fields may stay beside Answer's, but a
 * missing or mistyped Answer field fails. The same schemas feed the OpenAPI document later.
 */

const id = z.string();
const count = z.number().int();
const time = z.number().int();
const obj = z.looseObject;

export const pagedOf = <T extends z.ZodType>(item: T) => obj({ count, list: z.array(item) });

/** One thing the caller may do with an object, as Answer's clients draw its menu. */
export const memberActionSchema = obj({ action: z.string(), name: z.string(), type: z.string() });
export type MemberAction = { action: string; name: string; type: string };
export const memberActionsSchema = z.array(memberActionSchema);

/** Answer's user status words (`normal`, `inactive` while the email is unverified, ...). */
export const USER_STATUS_WORDS = ['normal', 'inactive', 'suspended', 'deleted'] as const;
export type UserStatusWord = (typeof USER_STATUS_WORDS)[number];

/** UserBasicInfo: the author and editor objects hung on posts and list items. */
export const userBasicInfoSchema = obj({
  id,
  username: z.string(),
  display_name: z.string(),
  avatar: z.string(),
  rank: count,
  status: z.enum(USER_STATUS_WORDS),
});

export const questionTagSchema = obj({
  slug_name: z.string(),
  display_name: z.string(),
  main_tag_slug_name: z.string(),
  recommend: z.boolean(),
  reserved: z.boolean(),
});

const voteStatus = z.enum(['vote_up', 'vote_down', '']);

/** GET question/info (and the question of answer/info). */
export const questionInfoSchema = obj({
  id,
  title: z.string(),
  url_title: z.string(),
  content: z.string(),
  html: z.string(),
  description: z.string(),
  tags: z.array(questionTagSchema),
  view_count: count,
  unique_view_count: count,
  vote_count: count,
  answer_count: count,
  collection_count: count,
  follow_count: count,
  accepted_answer_id: id,
  last_answer_id: id,
  create_time: time,
  update_time: time,
  edit_time: time,
  pin: count,
  show: count,
  status: count,
  operation: obj({ type: z.string(), description: z.string(), msg: z.string(), time, level: z.string() })
    .nullable()
    .optional(),
  user_info: userBasicInfoSchema,
  update_user_info: userBasicInfoSchema.nullable(),
  last_answered_user_info: userBasicInfoSchema.nullable(),
  answered: z.boolean(),
  first_answer_id: id,
  collected: z.boolean(),
  vote_status: voteStatus,
  is_followed: z.boolean(),
  member_actions: memberActionsSchema,
  extends_actions: z.array(memberActionSchema),
});

/** An answer as answer/page lists it and answer/info returns it. */
export const answerInfoSchema = obj({
  id,
  question_id: id,
  content: z.string(),
  html: z.string(),
  create_time: time,
  update_time: time,
  accepted: z.union([z.literal(1), z.literal(2)]),
  user_id: id,
  update_user_id: z.string(),
  user_info: userBasicInfoSchema,
  update_user_info: userBasicInfoSchema.nullable(),
  collected: z.boolean(),
  vote_status: voteStatus,
  vote_count: count,
  status: count,
  member_actions: memberActionsSchema,
});

/** `GET answer/info` and `POST answer`: the answer with its question. */
export const answerWithQuestionSchema = obj({ info: answerInfoSchema, question: questionInfoSchema });

/** A comment as comment/page lists it (peer facts 6.6); POST comment answers the same. */
export const commentItemSchema = obj({
  comment_id: id,
  created_at: time,
  object_id: id,
  vote_count: count,
  is_vote: z.boolean(),
  original_text: z.string(),
  parsed_text: z.string(),
  user_id: id,
  username: z.string(),
  user_display_name: z.string(),
  user_avatar: z.string(),
  user_status: z.enum(USER_STATUS_WORDS),
  reply_user_id: z.string(),
  reply_username: z.string(),
  reply_user_display_name: z.string(),
  reply_comment_id: z.string(),
  reply_user_status: z.string(),
  member_actions: memberActionsSchema,
});

const listOperator = obj({
  id,
  username: z.string(),
  display_name: z.string(),
  avatar: z.string(),
  rank: count,
  status: z.enum(USER_STATUS_WORDS),
});

/** One row of question/page. */
export const questionListItemSchema = obj({
  id,
  title: z.string(),
  url_title: z.string(),
  description: z.string(),
  tags: z.array(obj({ slug_name: z.string(), display_name: z.string() })),
  view_count: count,
  unique_view_count: count,
  vote_count: count,
  answer_count: count,
  collection_count: count,
  follow_count: count,
  accepted_answer_id: id,
  last_answer_id: id,
  created_at: time,
  pin: count,
  show: count,
  status: count,
  operated_at: time,
  operation_type: z.enum(['asked', 'answered', 'modified']),
  operator: listOperator,
  user_info: listOperator,
});

/** tags/page item (peer facts 12.3). */
export const tagListItemSchema = obj({
  tag_id: id,
  slug_name: z.string(),
  display_name: z.string(),
  excerpt: z.string(),
  description: z.string(),
  original_text: z.string(),
  parsed_text: z.string(),
  follow_count: count,
  question_count: count,
  is_follower: z.boolean(),
  created_at: time,
  updated_at: time,
  recommend: z.boolean(),
  reserved: z.boolean(),
});

/** GET tag. */
export const tagInfoSchema = tagListItemSchema.extend({
  status: count,
  main_tag_slug_name: z.string(),
  member_actions: memberActionsSchema,
});

export const tagBriefSchema = obj({
  tag_id: id,
  slug_name: z.string(),
  display_name: z.string(),
  main_tag_slug_name: z.string(),
  recommend: z.boolean(),
  reserved: z.boolean(),
});

/** GET tag/synonyms. */
export const tagSynonymListSchema = obj({ synonyms: z.array(tagBriefSchema), member_actions: memberActionsSchema });

/** Answer's avatar object (user/info): which kind the member chose, and its addresses. */
export const avatarInfoSchema = obj({ type: z.string(), gravatar: z.string(), custom: z.string() });

/** GET user/info for a signed-in caller (null for a guest). */
export const sessionUserSchema = obj({
  id,
  access_token: z.string(),
  username: z.string(),
  e_mail: z.string(),
  mail_status: count,
  notice_status: count,
  rank: count,
  display_name: z.string(),
  avatar: avatarInfoSchema,
  bio: z.string(),
  bio_html: z.string(),
  website: z.string(),
  location: z.string(),
  language: z.string(),
  color_scheme: z.string(),
  role_id: count,
  status: z.string(),
  have_password: z.boolean(),
  created_at: time,
  last_login_date: time,
});

/**
 * Answer 2.x's `GET siteinfo` sections, made from the same stored settings as the spec's 1.x
 * ones (2.x split site_write into questions, tags and advanced, and legal into security).
 */
export const siteinfo2Schema = obj({
  general: obj({ name: z.string(), site_url: z.string(), contact_email: z.string() }),
  interface: obj({ language: z.string(), time_zone: z.string() }),
  branding: obj({ logo: z.string(), mobile_logo: z.string(), square_icon: z.string(), favicon: z.string() }),
  login: obj({
    allow_new_registrations: z.boolean(),
    allow_email_registrations: z.boolean(),
    allow_password_login: z.boolean(),
  }),
  theme: obj({ theme: z.string(), color_scheme: z.string() }),
  custom_css_html: obj({ custom_css: z.string(), custom_head: z.string() }),
  site_seo: obj({ permalink: count, robots: z.string() }),
  site_users: obj({ default_avatar: z.string(), gravatar_base_url: z.string() }),
  site_questions: obj({ min_tags: count, min_content: count, restrict_answer: z.boolean() }),
  site_tags: obj({
    reserved_tags: z.array(obj({ slug_name: z.string(), display_name: z.string() })),
    recommend_tags: z.array(obj({ slug_name: z.string(), display_name: z.string() })),
    required_tag: z.boolean(),
  }),
  site_advanced: obj({
    max_image_size: count,
    max_attachment_size: count,
    max_image_megapixel: count,
    authorized_image_extensions: z.array(z.string()),
    authorized_attachment_extensions: z.array(z.string()),
  }),
  site_legal: obj({ external_content_display: z.string() }),
  site_security: obj({ login_required: z.boolean(), external_content_display: z.string(), check_update: z.boolean() }),
  users_settings: obj({ default_avatar: z.string(), gravatar_base_url: z.string() }),
  version: z.string(),
  revision: z.string(),
});
export type Siteinfo2Sections = Pick<
  z.infer<typeof siteinfo2Schema>,
  'site_questions' | 'site_tags' | 'site_advanced' | 'site_legal' | 'site_security' | 'users_settings'
>;

/** `GET language/config`: the translation bundle under Answer's `ui` key. */
export const languageConfigSchema = obj({ ui: z.record(z.string(), z.unknown()) });

/** `GET plugin/status`. */
export const pluginStatusSchema = z.array(obj({ slug_name: z.string(), enabled: z.boolean() }));
/** `GET connector/info`. */
export const connectorInfoSchema = z.array(obj({ name: z.string(), icon: z.string(), link: z.string() }));
/** `GET user-center/agent`. */
export const userCenterAgentSchema = obj({ enabled: z.boolean(), agent_info: obj({}).nullable() });
/** `GET user/plugin/configs`. */
export const userPluginConfigsSchema = z.array(obj({ name: z.string(), slug_name: z.string() }));
