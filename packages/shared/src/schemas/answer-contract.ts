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
  is_admin: z.boolean(),
  status: z.string(),
  have_password: z.boolean(),
  created_at: time,
  last_login_date: time,
});

/** `POST user/login/email`: Answer's UserLoginResp, the same fields with the avatar as its URL. */
export const loginUserSchema = sessionUserSchema.extend({ avatar: z.string() });

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
/** `GET connector/user/info`: the connectors with this member's binding. */
export const connectorUserInfoSchema = z.array(
  obj({ name: z.string(), icon: z.string(), link: z.string(), binding: z.boolean(), external_id: z.string() }),
);
/** `GET user-center/agent`. */
export const userCenterAgentSchema = obj({ enabled: z.boolean(), agent_info: obj({}).nullable() });
/** `GET user/plugin/configs`. */
export const userPluginConfigsSchema = z.array(obj({ name: z.string(), slug_name: z.string() }));

// ---- The remaining built calls (issue 14, item 7): each route's Answer shape. ----

/** A person as lists of people show them (ranking, staff, mentions, timeline actors). */
const personBriefSchema = obj({ username: z.string(), display_name: z.string(), avatar: z.string() });
const rankedPersonSchema = personBriefSchema.extend({ rank: count, vote_count: count });

/** `GET search`: questions and answers, each as `{object_type, object}`. */
export const searchResultSchema = pagedOf(
  obj({
    object_type: z.enum(['question', 'answer']),
    object: obj({
      id,
      question_id: id,
      title: z.string(),
      url_title: z.string(),
      excerpt: z.string(),
      created_at: time,
      vote_count: count,
      accepted: z.boolean(),
      answer_count: count,
      user_info: userBasicInfoSchema,
      tags: z.array(obj({ slug_name: z.string(), display_name: z.string() })),
      status: count,
    }),
  }),
);
/** `GET search/desc`: the search plugin's name and link (empty without one). */
export const searchDescSchema = obj({ name: z.string(), icon: z.string(), link: z.string() });

/** `GET activity/timeline` (peer facts 3.5). */
export const timelineSchema = obj({
  object_info: obj({
    title: z.string(),
    object_type: z.string(),
    question_id: z.string(),
    answer_id: z.string(),
    username: z.string(),
    display_name: z.string(),
    main_tag_slug_name: z.string(),
  }),
  timeline: z.array(
    obj({
      activity_id: id,
      revision_id: z.string(),
      created_at: time,
      activity_type: z.string(),
      comment: z.string(),
      object_id: id,
      object_type: z.string(),
      cancelled: z.boolean(),
      cancelled_at: time,
      user_info: personBriefSchema.nullable(),
    }),
  ),
});
/** `GET activity/timeline/detail`: the two revisions compared. */
export const timelineDetailSchema = obj({ new_revision: obj({}).nullable(), old_revision: obj({}).nullable() });

/** `GET revisions?object_id=`: the history, newest first. */
export const revisionListSchema = z.array(
  obj({
    id,
    object_id: id,
    status: count,
    reason: z.string(),
    created_at: time,
    content: obj({}),
    user_info: personBriefSchema,
  }),
);
/** `GET revisions/unreviewed`: one suggested edit per page. */
export const unreviewedRevisionsSchema = pagedOf(obj({ type: z.string(), info: obj({}), unreviewed_info: obj({}) }));

/** `GET notification/page` (peer facts 4.3). */
export const notificationPageSchema = pagedOf(
  obj({
    id,
    user_info: userBasicInfoSchema.nullable(),
    object_info: obj({ title: z.string(), object_id: id, object_map: obj({}), object_type: z.string() }),
    rank: count,
    notification_action: z.string(),
    is_read: z.boolean(),
    update_time: time,
  }),
);
/** `GET`/`PUT notification/status`: the red dots. */
export const notificationStatusSchema = obj({
  inbox: count,
  achievement: count,
  revision: count,
  can_revision: z.boolean(),
});

/** `GET personal/user/info`: a member's public profile. */
export const personalUserInfoSchema = obj({
  id,
  username: z.string(),
  display_name: z.string(),
  avatar: z.string(),
  rank: count,
  bio: z.string(),
  bio_html: z.string(),
  website: z.string(),
  location: z.string(),
  question_count: count,
  answer_count: count,
  follow_count: count,
  status: z.string(),
  created_at: time,
  last_login_date: time,
});
/** `GET personal/question/page`. */
export const personalQuestionPageSchema = pagedOf(
  obj({
    question_id: id,
    title: z.string(),
    url_title: z.string(),
    vote_count: count,
    view_count: count,
    answer_count: count,
    collection_count: count,
    accepted_answer_id: z.string(),
    status: count,
    created_at: time,
    tags: z.array(questionTagSchema),
  }),
);
/** `GET personal/answer/page`. */
export const personalAnswerPageSchema = pagedOf(
  obj({
    answer_id: id,
    question_id: id,
    accepted: count,
    vote_count: count,
    create_time: time,
    update_time: time,
    question_info: obj({ title: z.string(), url_title: z.string(), tags: z.array(questionTagSchema) }),
  }),
);
/** `GET personal/comment/page`. */
export const personalCommentPageSchema = pagedOf(
  obj({
    comment_id: id,
    created_at: time,
    object_id: id,
    question_id: id,
    answer_id: z.string(),
    object_type: z.string(),
    title: z.string(),
    url_title: z.string(),
    content: z.string(),
  }),
);
/** `GET personal/collection/page`: the caller's bookmarks, as question objects. */
export const personalCollectionPageSchema = pagedOf(
  obj({
    id,
    title: z.string(),
    url_title: z.string(),
    vote_count: count,
    answer_count: count,
    view_count: count,
    created_at: time,
  }),
);
/** `GET personal/vote/page`: the caller's votes. */
export const personalVotePageSchema = pagedOf(
  obj({
    created_at: time,
    object_id: id,
    question_id: z.string(),
    answer_id: z.string(),
    object_type: z.string(),
    title: z.string(),
    url_title: z.string(),
    content: z.string(),
    vote_type: z.enum(['vote_up', 'vote_down']),
  }),
);

/** `GET user/ranking`. */
export const userRankingSchema = obj({
  users_with_the_most_reputation: z.array(rankedPersonSchema),
  users_with_the_most_vote: z.array(rankedPersonSchema),
  staffs: z.array(personBriefSchema),
});
/** `GET user/staff` and `GET user/info/search`. */
export const personBriefListSchema = z.array(personBriefSchema);
/** `GET user/notification/config`: one channel switch per source. */
const channelSchema = obj({ key: z.string(), enable: z.boolean() });
export const notificationChannelsSchema = obj({
  inbox: channelSchema,
  all_new_question: channelSchema,
  all_new_question_for_following_tags: channelSchema,
});
/** `GET user/action/record`: whether the action needs a captcha now. */
export const actionRecordSchema = obj({ verify: z.boolean(), captcha_id: z.string(), captcha_img: z.string() });
/** `GET permission?action=`: per privilege, whether the caller has it and why not. */
export const permissionSchema = z.record(
  z.string(),
  obj({ has_permission: z.boolean(), no_permission_tip: z.string() }),
);
/** `GET reasons`: the close, flag and status reasons. */
export const reasonListSchema = z.array(
  obj({
    reason_type: count,
    name: z.string(),
    description: z.string(),
    content_type: z.string(),
    placeholder: z.string(),
  }),
);
/** `GET question/similar`: questions whose titles share words. */
export const similarQuestionsSchema = z.array(
  obj({ id, title: z.string(), url_title: z.string(), answer_count: count, accepted: z.boolean() }),
);
/** `GET question/tags` and `GET tags?tag=`: tags for the picker. */
export const tagPickSchema = z.array(
  obj({ slug_name: z.string(), display_name: z.string(), recommend: z.boolean(), reserved: z.boolean() }),
);
/** `GET tags/following`. */
export const followedTagsSchema = z.array(tagBriefSchema);
/** `GET`/`PUT meta/reaction`. */
export const reactionSummarySchema = obj({
  reaction_summary: z.array(obj({ emoji: z.string(), is_active: z.boolean(), count, tooltip: z.string() })),
});
/** `GET question/invite`: the invited members. */
export const invitedUsersSchema = z.array(personBriefSchema);
/** `GET language/options`. */
export const languageOptionsSchema = z.array(obj({ label: z.string(), value: z.string() }));
/** `GET siteinfo/legal?info_type=tos`. */
export const legalTextSchema = obj({
  terms_of_service_original_text: z.string(),
  terms_of_service_parsed_text: z.string(),
});
/** `GET reviewing/type`: the review queues the caller may work, with their sizes. */
export const reviewingTypesSchema = z.array(obj({ name: z.string(), label: z.string(), todo_amount: count }));

/** `POST vote/up|down`. */
export const voteResultSchema = obj({ votes: count, up_votes: count, down_votes: count, vote_status: voteStatus });
/** `POST follow`. */
export const followResultSchema = obj({ follows: count, is_followed: z.boolean() });
/** `POST collection/switch`. */
export const bookmarkResultSchema = obj({ object_collection_count: count });

/** Admin: `GET /answer/admin/api/users/page` items and `GET user`. */
export const adminUserSchema = obj({
  user_id: id,
  created_at: time,
  deleted_at: time,
  suspended_at: time,
  suspended_until: time,
  username: z.string(),
  e_mail: z.string(),
  rank: count,
  status: z.string(),
  display_name: z.string(),
  avatar: z.string(),
  role_id: count,
  role_name: z.string(),
});
/** Admin settings reads (the sections Answer's admin screens load). */
export const adminGeneralSchema = obj({
  name: z.string(),
  short_description: z.string(),
  description: z.string(),
  site_url: z.string(),
  contact_email: z.string(),
  check_update: z.boolean(),
});
export const adminInterfaceSchema = obj({ language: z.string(), time_zone: z.string() });
export const adminLoginSchema = obj({
  allow_new_registrations: z.boolean(),
  allow_email_registrations: z.boolean(),
  allow_password_login: z.boolean(),
  login_required: z.boolean(),
  allow_email_domains: z.array(z.string()),
});
export const adminUsersSettingsSchema = obj({
  allow_update_avatar: z.boolean(),
  allow_update_bio: z.boolean(),
  allow_update_display_name: z.boolean(),
  allow_update_location: z.boolean(),
  allow_update_username: z.boolean(),
  allow_update_website: z.boolean(),
  default_avatar: z.string(),
  gravatar_base_url: z.string(),
});
export const adminWriteSchema = obj({
  restrict_answer: z.boolean(),
  required_tag: z.boolean(),
  recommend_tags: z.array(z.unknown()),
  reserved_tags: z.array(z.unknown()),
});
export const adminSeoSchema = obj({ robots: z.string(), permalink: count });
export const adminLegalSchema = obj({
  terms_of_service_original_text: z.string(),
  terms_of_service_parsed_text: z.string(),
  privacy_policy_original_text: z.string(),
  privacy_policy_parsed_text: z.string(),
});
export const adminThemeSchema = obj({
  theme: z.string(),
  color_scheme: z.string(),
  theme_options: z.array(obj({ label: z.string(), value: z.string() })),
  theme_config: z.record(z.string(), z.unknown()),
});
/** `GET setting/smtp`: the stored password is never read back in clear. */
export const adminSmtpSchema = obj({
  from_email: z.string(),
  from_name: z.string(),
  smtp_host: z.string(),
  smtp_port: count,
  encryption: z.string(),
  smtp_username: z.string(),
  smtp_authentication: z.boolean(),
});

// ---- Admin reads beyond the settings (peer facts 12.2). ----

/**
 * `GET dashboard` (Answer's DashboardInfo). Inquire sends the rates and sizes as numbers where
 * Answer sends preformatted English text, so each client formats them in its reader's language;
 * `node_version` stands where Answer names its Go version, as Inquire runs on Node.
 */
export const adminDashboardSchema = obj({
  question_count: count,
  resolved_count: count,
  resolved_rate: z.number(),
  unanswered_count: count,
  unanswered_rate: z.number(),
  answer_count: count,
  comment_count: count,
  vote_count: count,
  user_count: count,
  report_count: count,
  uploading_files: z.boolean(),
  smtp: z.enum(['enabled', 'not_configured', 'disabled']),
  https: z.boolean(),
  time_zone: z.string(),
  occupying_storage_space: z.number(),
  app_start_time: z.string().regex(/^\d+$/),
  version_info: obj({ version: z.string(), revision: z.string(), remote_version: z.string() }),
  login_required: z.boolean(),
  database_version: z.string(),
  database_size: z.number(),
});

/** `GET question/page` (admin): Answer's AdminQuestionInfo. */
export const adminQuestionItemSchema = obj({
  id,
  title: z.string(),
  vote_count: count,
  answer_count: count,
  accepted_answer_id: id,
  create_time: time,
  update_time: time,
  edit_time: time,
  show: count,
  pin: count,
  user_info: userBasicInfoSchema.nullable(),
});

/** `GET answer/page` (admin): Answer's AdminAnswerInfo. */
export const adminAnswerItemSchema = obj({
  id,
  question_id: id,
  description: z.string(),
  create_time: time,
  update_time: time,
  accepted: z.union([z.literal(1), z.literal(2)]),
  vote_count: count,
  user_info: userBasicInfoSchema.nullable(),
  question_info: obj({ title: z.string() }),
});

/** `GET plugins`. */
export const adminPluginListSchema = z.array(
  obj({
    name: z.string(),
    slug_name: z.string(),
    description: z.string(),
    version: z.string(),
    enabled: z.boolean(),
    have_config: z.boolean(),
    link: z.string(),
  }),
);
/** `GET plugin/config?plugin_slug_name=`: the declared fields the config form is drawn from. */
export const adminPluginConfigInfoSchema = obj({
  name: z.string(),
  slug_name: z.string(),
  description: z.string(),
  config_fields: z.array(
    obj({
      name: z.string(),
      type: z.string(),
      title: z.string(),
      description: z.string(),
      required: z.boolean(),
      value: z.union([z.string(), z.number(), z.boolean()]),
    }),
  ),
});
/** `GET roles`. */
export const adminRolesSchema = z.array(obj({ id: count, name: z.string(), description: z.string() }));

/**
 * `GET question/page-data`: Inquire's own call (not Answer's), everything the question page
 * shows in one read: the question, the first answers, comments and reactions by post.
 */
export const questionPageDataSchema = obj({
  question: obj({ id, title: z.string(), html: z.string() }),
  answers: pagedOf(obj({ id, html: z.string() })),
  comments: z.record(z.string(), pagedOf(obj({ comment_id: id }))),
  reactions: z.record(z.string(), z.unknown()),
  invited: z.array(z.unknown()),
  related: z.array(z.unknown()),
  can_flag: z.boolean(),
});

// ---- The installer (peer facts 12.4), before there is a site. ----

/** `POST installation/config-file/check` (Answer's CheckConfigFileResp). */
export const installConfigCheckSchema = obj({
  config_file_exist: z.boolean(),
  db_connection_success: z.boolean(),
  db_table_exist: z.boolean(),
});
/** `POST installation/db/check`. */
export const installDbCheckSchema = obj({ connection_success: z.literal(true) });

// ---- Admin branding, CSS and HTML, privileges, activation (peer facts 9, 2.2, 8.7). ----

/** `GET`/`PUT siteinfo/branding`: the images' addresses. */
export const adminBrandingSchema = obj({
  logo: z.string(),
  mobile_logo: z.string(),
  square_icon: z.string(),
  favicon: z.string(),
});
/** `GET`/`PUT siteinfo/custom-css-html`. */
export const adminCustomCssHtmlSchema = obj({
  custom_css: z.string(),
  custom_head: z.string(),
  custom_header: z.string(),
  custom_footer: z.string(),
  custom_sidebar: z.string(),
});
/** `GET`/`PUT setting/privileges`: each level's reputation per privilege, and the chosen level. */
export const adminPrivilegesSchema = obj({
  options: z.array(
    obj({
      level: count,
      level_desc: z.string(),
      privileges: z.array(obj({ key: z.string(), label: z.string(), value: count })),
    }),
  ),
  selected_level: count,
});
/** `GET user/activation`: a fresh link to pass on. */
export const adminActivationLinkSchema = obj({ activation_url: z.string().url() });
