import type { Generated } from 'kysely';
/**
 * Table types. Ids of objects are 17-digit strings (see @inquire/shared ids); times are
 * Unix seconds; booleans are 0/1 integers so both engines store them alike.
 */
export interface Database {
  uniqid: { object_type: number; last_seq: number };
  users: UsersTable;
  user_sessions: UserSessionsTable;
  site_settings: { section: string; content: string; updated_at: number };
  questions: QuestionsTable;
  answers: AnswersTable;
  tags: TagsTable;
  tag_relations: { object_id: string; tag_id: string; status: number; created_at: number };
  revisions: RevisionsTable;
  activities: ActivitiesTable;
  email_outbox: EmailOutboxTable;
  email_codes: {
    code_hash: string;
    user_id: string;
    action: string;
    content: Generated<string>;
    created_at: number;
    expires_at: number;
    used_at: Generated<number>;
  };
  captcha_codes: { captcha_id: string; answer_hash: string; created_at: number; expires_at: number };
  uploads: {
    id: string;
    user_id: string;
    source: string;
    path: string;
    mime: string;
    size: number;
    created_at: number;
  };
  /** `kind` is the plugin's type (migration 0020), so SQL can ask whether a search plugin is on. */
  plugin_state: { slug_name: string; enabled: number; config: string; updated_at: number; kind: Generated<string> };
  /** Posts waiting to be pushed to the active search plugin's index (migration 0020). */
  search_plugin_queue: {
    post_id: string;
    version: Generated<number>;
    attempts: Generated<number>;
    next_attempt_at: number;
    last_error: Generated<string>;
  };
  /** A member's identities at sign-in providers (migration 0028). */
  user_external_logins: {
    user_id: string;
    provider: string;
    external_id: string;
    meta_info: Generated<string>;
    created_at: number;
  };
  /** External logins waiting for an email address, by the hash of their key (migration 0028). */
  connector_bindings: ConnectorBindingsTable;
  rate_counters: { counter_key: string; window_start: number; count: number; last_at: number };
  user_notification_config: { user_id: string; source: string; channels: string; updated_at: number };
  votes: VotesTable;
  comments: CommentsTable;
  view_records: { question_id: string; visitor: string; day: number };
  collections: { id: string; user_id: string; object_id: string; created_at: number };
  follows: { user_id: string; object_id: string; created_at: number };
  reactions: { object_id: string; user_id: string; reaction: string; created_at: number };
  question_invites: { question_id: string; user_id: string; inviter_id: string; created_at: number };
  /** One row (id 1): moves forward on every write that changes what a page shows. */
  content_generation: { id: number; generation: number };
  /** One row (id 1), kept by triggers: how many questions are listed, and how many of those have no answer. */
  question_list_counts: { id: number; listed: number; unanswered: number };
  /** Linked questions: a post (a question's body, or an answer) pointing at a question; kind 1 body, 2 duplicate. */
  question_links: {
    from_question_id: string;
    from_answer_id: string;
    kind: number;
    to_question_id: string;
    created_at: number;
  };
  notifications: NotificationsTable;
  /** What the live stream tells open tabs (migration 0019): new red-dot items, arrived answers and comments. */
  live_events: LiveEventsTable;
  /** Notification emails waiting to be merged into one email per receiver and digest (migration 0018). */
  email_digest_items: EmailDigestItemsTable;
  /** New-question emails sent to an "all new questions" subscriber in the current 7-day window. */
  email_question_quota: { user_id: string; window_start: number; count: number };
  /** Red dots: unread items per receiver and type (1 inbox, 2 achievement), cleared by PUT notification/status. */
  notification_counters: { user_id: string; type: number; unread: number };
  /** Flags (moderation, migration 0013): status 1 pending, 2 completed, 3 ignored. */
  reports: ReportsTable;
  /** Queued (held) posts: status 1 pending, 2 approved, 3 rejected. */
  review_items: ReviewItemsTable;
  /** Where a post was written from (migration 0021): staff-only, for reviewers. */
  post_origins: { object_id: string; ip: string; user_agent: string; created_at: number };
  moderation_decisions: ModerationDecisionsTable;
  /** Appeals of decisions: status 1 open, 2 granted, 3 denied; one open per decision. */
  appeals: AppealsTable;
}

export interface ReportsTable {
  id: string;
  /** The flagger. */
  user_id: string;
  object_id: string;
  reported_user_id: string;
  object_type: number;
  report_type: number;
  content: Generated<string>;
  status: Generated<number>;
  reviewer_id: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface ReviewItemsTable {
  id: string;
  object_type: number;
  object_id: string;
  /** The post's author. */
  submitter_id: string;
  reviewer_id: Generated<string>;
  status: Generated<number>;
  /** Who held it and why (the reviewer's name and reason). */
  reason: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface ModerationDecisionsTable {
  id: string;
  object_id: string;
  object_type: number;
  /** The member the decision affects (the post's author, or the suspended member). */
  user_id: string;
  actor_id: string;
  /** close | delete | unlist | reject | suspend */
  action: string;
  reason_type: Generated<number>;
  reason_msg: Generated<string>;
  created_at: number;
}

export interface AppealsTable {
  id: string;
  decision_id: string;
  user_id: string;
  content: Generated<string>;
  status: Generated<number>;
  reviewer_id: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** One inbox item or achievement (migration 0010); is_read 1 unread, 2 read as the peer. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  type: number;
  msg_type: number;
  action: string;
  actor_id: string;
  object_id: string;
  question_id: string;
  answer_id: string;
  comment_id: string;
  group_key: string;
  rank: number;
  is_read: number;
  created_at: number;
  updated_at: number;
}

export interface LiveEventsTable {
  id: string;
  kind: 'notification' | 'answer' | 'comment';
  user_id: string;
  question_id: string;
  object_id: string;
  created_at: number;
}

export interface VotesTable {
  object_id: string;
  user_id: string;
  object_user_id: string;
  vote: number;
  created_at: number;
  updated_at: number;
}

export interface UsersTable {
  id: string;
  username: string;
  e_mail: string;
  pass: Generated<string>;
  display_name: Generated<string>;
  mail_status: Generated<number>;
  status: Generated<number>;
  role_id: Generated<number>;
  rank: Generated<number>;
  avatar: Generated<string>;
  bio: Generated<string>;
  bio_html: Generated<string>;
  website: Generated<string>;
  location: Generated<string>;
  language: Generated<string>;
  color_scheme: Generated<string>;
  time_zone: Generated<string>;
  suspended_until: Generated<number>;
  suspended_at: Generated<number>;
  suspended_reason: Generated<string>;
  question_count: Generated<number>;
  answer_count: Generated<number>;
  follow_count: Generated<number>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
  last_login_date: Generated<number>;
  deleted_at: Generated<number>;
}

export interface UserSessionsTable {
  token_hash: string;
  user_id: string;
  created_at: Generated<number>;
  expires_at: Generated<number>;
  last_seen_at: Generated<number>;
  ip: Generated<string>;
  user_agent: Generated<string>;
}

export interface QuestionsTable {
  id: string;
  user_id: string;
  last_edit_user_id: Generated<string>;
  title: Generated<string>;
  original_text: Generated<string>;
  parsed_text: Generated<string>;
  status: Generated<number>;
  show: Generated<number>;
  pin: Generated<number>;
  view_count: Generated<number>;
  unique_view_count: Generated<number>;
  vote_count: Generated<number>;
  answer_count: Generated<number>;
  collection_count: Generated<number>;
  follow_count: Generated<number>;
  accepted_answer_id: Generated<string>;
  last_answer_id: Generated<string>;
  revision_id: Generated<string>;
  hot_score: Generated<number>;
  post_update_time: Generated<number>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
  deleted_at: Generated<number>;
  /** Why a closed question was closed (a close reason's type, 0 when open) and the closer's message. */
  close_type: Generated<number>;
  close_msg: Generated<string>;
  closed_at: Generated<number>;
}

export interface AnswersTable {
  id: string;
  question_id: string;
  user_id: string;
  last_edit_user_id: Generated<string>;
  original_text: Generated<string>;
  parsed_text: Generated<string>;
  status: Generated<number>;
  accepted: Generated<number>;
  vote_count: Generated<number>;
  revision_id: Generated<string>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
  deleted_at: Generated<number>;
}

export interface TagsTable {
  id: string;
  main_tag_id: Generated<string>;
  slug_name: string;
  display_name: Generated<string>;
  original_text: Generated<string>;
  parsed_text: Generated<string>;
  follow_count: Generated<number>;
  question_count: Generated<number>;
  status: Generated<number>;
  recommend: Generated<number>;
  reserved: Generated<number>;
  revision_id: Generated<string>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
}

export interface RevisionsTable {
  id: string;
  user_id: string;
  object_type: number;
  object_id: string;
  title: Generated<string>;
  content: string;
  log: Generated<string>;
  status: Generated<number>;
  reviewer_id: Generated<string>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
}

export interface ActivitiesTable {
  id: string;
  user_id: string;
  trigger_user_id: Generated<string>;
  object_id: string;
  original_object_id: Generated<string>;
  activity_type: string;
  rank: Generated<number>;
  has_rank: Generated<number>;
  cancelled: Generated<number>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
  /** The revision an edit, creation or rollback applied. */
  revision_id: Generated<string>;
  /** What the timeline shows with the entry: edit summary, close message. */
  comment: Generated<string>;
}

export interface EmailOutboxTable {
  id: string;
  to_address: string;
  subject: Generated<string>;
  html: Generated<string>;
  text: Generated<string>;
  status: Generated<number>;
  attempts: Generated<number>;
  next_attempt_at: Generated<number>;
  last_error: Generated<string>;
  created_at: Generated<number>;
  sent_at: Generated<number>;
  /** Extra headers as a JSON object (List-Unsubscribe), '' for none. */
  headers: Generated<string>;
}

export interface EmailDigestItemsTable {
  id: string;
  user_id: string;
  /** `inbox` (answers, comments, invitations) or `question` (new questions). */
  digest: string;
  /** The notification source that asked for it (`inbox`, `all_new_question`, `all_new_question_for_following_tags`). */
  source: string;
  action: string;
  actor_id: string;
  question_id: string;
  answer_id: string;
  comment_id: string;
  created_at: number;
  due_at: number;
}

export interface CommentsTable {
  id: string;
  user_id: string;
  reply_user_id: Generated<string>;
  reply_comment_id: Generated<string>;
  object_id: string;
  question_id: string;
  vote_count: Generated<number>;
  status: Generated<number>;
  original_text: string;
  parsed_text: string;
  created_at: number;
  updated_at: number;
}

export interface ConnectorBindingsTable {
  key_hash: string;
  provider: string;
  external_id: string;
  display_name: Generated<string>;
  username: Generated<string>;
  /** What the provider said, unverified ('' when it gave none). */
  email: Generated<string>;
  avatar: Generated<string>;
  created_at: number;
  expires_at: number;
}
