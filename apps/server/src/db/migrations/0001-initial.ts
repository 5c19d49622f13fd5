import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * The whole data model of the spec, on SQLite and PostgreSQL alike: only portable column
 * types (text, integer, bigint), object ids as 17-character text, times as Unix seconds,
 * booleans as 0/1, JSON as text.
 */
type Table = CreateTableBuilder<string, string>;

const id = (t: Table) => t.addColumn('id', 'varchar(24)', (c) => c.primaryKey());
const int = (t: Table, name: string, value = 0) => t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(value));
const big = (t: Table, name: string) => t.addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0));
const text = (t: Table, name: string) => t.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));
const ref = (t: Table, name: string) => t.addColumn(name, 'varchar(24)', (c) => c.notNull().defaultTo(''));
const times = (t: Table) => big(big(t, 'created_at'), 'updated_at');

function apply(t: Table, ...steps: ((t: Table) => Table)[]): Table {
  return steps.reduce((acc, step) => step(acc), t);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('uniqid')
    .addColumn('object_type', 'integer', (c) => c.primaryKey())
    .addColumn('last_seq', 'bigint', (c) => c.notNull())
    .execute();

  await apply(
    s.createTable('users'),
    id,
    (t) => t.addColumn('username', 'varchar(64)', (c) => c.notNull().unique()),
    (t) => t.addColumn('e_mail', 'varchar(512)', (c) => c.notNull().unique()),
    (t) => text(t, 'pass'),
    (t) => text(t, 'display_name'),
    (t) => int(t, 'mail_status', 2),
    (t) => int(t, 'status', 1),
    (t) => int(t, 'role_id', 1),
    (t) => int(t, 'rank'),
    (t) => text(t, 'avatar'),
    (t) => text(t, 'bio'),
    (t) => text(t, 'bio_html'),
    (t) => text(t, 'website'),
    (t) => text(t, 'location'),
    (t) => text(t, 'language'),
    (t) => t.addColumn('color_scheme', 'varchar(16)', (c) => c.notNull().defaultTo('default')),
    (t) => text(t, 'time_zone'),
    (t) => big(t, 'suspended_until'),
    (t) => int(t, 'question_count'),
    (t) => int(t, 'answer_count'),
    (t) => int(t, 'follow_count'),
    times,
    (t) => big(t, 'last_login_date'),
    (t) => big(t, 'deleted_at'),
  ).execute();

  await apply(
    s.createTable('user_sessions'),
    (t) => t.addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey()),
    (t) => ref(t, 'user_id'),
    (t) => big(t, 'created_at'),
    (t) => big(t, 'expires_at'),
    (t) => big(t, 'last_seen_at'),
    (t) => text(t, 'ip'),
    (t) => text(t, 'user_agent'),
  ).execute();
  await s.createIndex('user_sessions_user').on('user_sessions').column('user_id').execute();

  await apply(
    s.createTable('site_settings'),
    (t) => t.addColumn('section', 'varchar(64)', (c) => c.primaryKey()),
    (t) => text(t, 'content'),
    (t) => big(t, 'updated_at'),
  ).execute();

  await apply(
    s.createTable('questions'),
    id,
    (t) => ref(t, 'user_id'),
    (t) => ref(t, 'last_edit_user_id'),
    (t) => text(t, 'title'),
    (t) => text(t, 'original_text'),
    (t) => text(t, 'parsed_text'),
    (t) => int(t, 'status', 1),
    (t) => int(t, 'show', 1),
    (t) => int(t, 'pin', 1),
    (t) => int(t, 'view_count'),
    (t) => int(t, 'unique_view_count'),
    (t) => int(t, 'vote_count'),
    (t) => int(t, 'answer_count'),
    (t) => int(t, 'collection_count'),
    (t) => int(t, 'follow_count'),
    (t) => ref(t, 'accepted_answer_id'),
    (t) => ref(t, 'last_answer_id'),
    (t) => ref(t, 'revision_id'),
    (t) => t.addColumn('hot_score', 'double precision', (c) => c.notNull().defaultTo(0)),
    (t) => big(t, 'post_update_time'),
    times,
    (t) => big(t, 'deleted_at'),
  ).execute();
  await s.createIndex('questions_list').on('questions').columns(['status', 'show', 'created_at']).execute();
  await s.createIndex('questions_user').on('questions').column('user_id').execute();

  await apply(
    s.createTable('answers'),
    id,
    (t) => ref(t, 'question_id'),
    (t) => ref(t, 'user_id'),
    (t) => ref(t, 'last_edit_user_id'),
    (t) => text(t, 'original_text'),
    (t) => text(t, 'parsed_text'),
    (t) => int(t, 'status', 1),
    (t) => int(t, 'accepted', 1),
    (t) => int(t, 'vote_count'),
    (t) => ref(t, 'revision_id'),
    times,
    (t) => big(t, 'deleted_at'),
  ).execute();
  await s.createIndex('answers_question').on('answers').column('question_id').execute();
  await s.createIndex('answers_user').on('answers').column('user_id').execute();

  await apply(
    s.createTable('comments'),
    id,
    (t) => ref(t, 'user_id'),
    (t) => ref(t, 'reply_user_id'),
    (t) => ref(t, 'reply_comment_id'),
    (t) => ref(t, 'object_id'),
    (t) => ref(t, 'question_id'),
    (t) => int(t, 'vote_count'),
    (t) => int(t, 'status', 1),
    (t) => text(t, 'original_text'),
    (t) => text(t, 'parsed_text'),
    times,
  ).execute();
  await s.createIndex('comments_object').on('comments').column('object_id').execute();

  await apply(
    s.createTable('tags'),
    id,
    (t) => ref(t, 'main_tag_id'),
    (t) => t.addColumn('slug_name', 'varchar(64)', (c) => c.notNull().unique()),
    (t) => text(t, 'display_name'),
    (t) => text(t, 'original_text'),
    (t) => text(t, 'parsed_text'),
    (t) => int(t, 'follow_count'),
    (t) => int(t, 'question_count'),
    (t) => int(t, 'status', 1),
    (t) => int(t, 'recommend'),
    (t) => int(t, 'reserved'),
    (t) => ref(t, 'revision_id'),
    times,
  ).execute();

  await apply(
    s.createTable('tag_relations'),
    (t) => ref(t, 'object_id'),
    (t) => ref(t, 'tag_id'),
    (t) => int(t, 'status', 1),
    (t) => big(t, 'created_at'),
    (t) => t.addPrimaryKeyConstraint('tag_relations_pk', ['object_id', 'tag_id']),
  ).execute();
  await s.createIndex('tag_relations_tag').on('tag_relations').column('tag_id').execute();

  await apply(
    s.createTable('votes'),
    (t) => ref(t, 'object_id'),
    (t) => ref(t, 'user_id'),
    (t) => ref(t, 'object_user_id'),
    (t) => int(t, 'vote', 1),
    times,
    (t) => t.addPrimaryKeyConstraint('votes_pk', ['object_id', 'user_id']),
  ).execute();

  await apply(
    s.createTable('reactions'),
    (t) => ref(t, 'object_id'),
    (t) => ref(t, 'user_id'),
    (t) => t.addColumn('reaction', 'varchar(16)', (c) => c.notNull()),
    (t) => big(t, 'created_at'),
    (t) => t.addPrimaryKeyConstraint('reactions_pk', ['object_id', 'user_id', 'reaction']),
  ).execute();

  await apply(
    s.createTable('collections'),
    id,
    (t) => ref(t, 'user_id'),
    (t) => ref(t, 'object_id'),
    (t) => big(t, 'created_at'),
    (t) => t.addUniqueConstraint('collections_user_object', ['user_id', 'object_id']),
  ).execute();

  await apply(
    s.createTable('follows'),
    (t) => ref(t, 'user_id'),
    (t) => ref(t, 'object_id'),
    (t) => big(t, 'created_at'),
    (t) => t.addPrimaryKeyConstraint('follows_pk', ['user_id', 'object_id']),
  ).execute();
  await s.createIndex('follows_object').on('follows').column('object_id').execute();

  await apply(
    s.createTable('revisions'),
    id,
    (t) => ref(t, 'user_id'),
    (t) => int(t, 'object_type'),
    (t) => ref(t, 'object_id'),
    (t) => text(t, 'title'),
    (t) => text(t, 'content'),
    (t) => text(t, 'log'),
    (t) => int(t, 'status'),
    (t) => ref(t, 'reviewer_id'),
    times,
  ).execute();
  await s.createIndex('revisions_object').on('revisions').column('object_id').execute();

  await apply(
    s.createTable('activities'),
    id,
    (t) => ref(t, 'user_id'),
    (t) => ref(t, 'trigger_user_id'),
    (t) => ref(t, 'object_id'),
    (t) => ref(t, 'original_object_id'),
    (t) => t.addColumn('activity_type', 'varchar(64)', (c) => c.notNull()),
    (t) => int(t, 'rank'),
    (t) => int(t, 'has_rank'),
    (t) => int(t, 'cancelled'),
    times,
  ).execute();
  await s.createIndex('activities_user').on('activities').columns(['user_id', 'created_at']).execute();
  await s.createIndex('activities_object').on('activities').column('original_object_id').execute();

  await apply(
    s.createTable('notifications'),
    id,
    (t) => ref(t, 'user_id'),
    (t) => ref(t, 'object_id'),
    (t) => int(t, 'type', 1),
    (t) => int(t, 'msg_type'),
    (t) => int(t, 'is_read', 1),
    (t) => text(t, 'content'),
    times,
  ).execute();
  await s.createIndex('notifications_user').on('notifications').columns(['user_id', 'type', 'is_read']).execute();

  await apply(
    s.createTable('reports'),
    id,
    (t) => ref(t, 'user_id'),
    (t) => ref(t, 'object_id'),
    (t) => ref(t, 'reported_user_id'),
    (t) => int(t, 'object_type'),
    (t) => int(t, 'report_type'),
    (t) => text(t, 'content'),
    (t) => int(t, 'status', 1),
    (t) => ref(t, 'reviewer_id'),
    times,
  ).execute();

  await apply(
    s.createTable('review_items'),
    id,
    (t) => int(t, 'object_type'),
    (t) => ref(t, 'object_id'),
    (t) => ref(t, 'submitter_id'),
    (t) => ref(t, 'reviewer_id'),
    (t) => int(t, 'status', 1),
    (t) => text(t, 'reason'),
    times,
  ).execute();

  await apply(
    s.createTable('plugin_state'),
    (t) => t.addColumn('slug_name', 'varchar(64)', (c) => c.primaryKey()),
    (t) => int(t, 'enabled', 1),
    (t) => text(t, 'config'),
    (t) => big(t, 'updated_at'),
  ).execute();

  await apply(
    s.createTable('user_plugin_config'),
    (t) => ref(t, 'user_id'),
    (t) => t.addColumn('slug_name', 'varchar(64)', (c) => c.notNull()),
    (t) => text(t, 'value'),
    (t) => big(t, 'updated_at'),
    (t) => t.addPrimaryKeyConstraint('user_plugin_config_pk', ['user_id', 'slug_name']),
  ).execute();

  await apply(
    s.createTable('uploads'),
    id,
    (t) => ref(t, 'user_id'),
    (t) => t.addColumn('source', 'varchar(32)', (c) => c.notNull()),
    (t) => text(t, 'path'),
    (t) => text(t, 'mime'),
    (t) => int(t, 'size'),
    (t) => big(t, 'created_at'),
  ).execute();

  await apply(
    s.createTable('email_outbox'),
    id,
    (t) => text(t, 'to_address'),
    (t) => text(t, 'subject'),
    (t) => text(t, 'html'),
    (t) => text(t, 'text'),
    (t) => int(t, 'status', 1),
    (t) => int(t, 'attempts'),
    (t) => big(t, 'next_attempt_at'),
    (t) => text(t, 'last_error'),
    (t) => big(t, 'created_at'),
    (t) => big(t, 'sent_at'),
  ).execute();
  await s.createIndex('email_outbox_due').on('email_outbox').columns(['status', 'next_attempt_at']).execute();

  await apply(
    s.createTable('email_codes'),
    (t) => t.addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey()),
    (t) => ref(t, 'user_id'),
    (t) => t.addColumn('action', 'varchar(32)', (c) => c.notNull()),
    (t) => text(t, 'content'),
    (t) => big(t, 'created_at'),
    (t) => big(t, 'expires_at'),
    (t) => big(t, 'used_at'),
  ).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'email_codes',
    'email_outbox',
    'uploads',
    'user_plugin_config',
    'plugin_state',
    'review_items',
    'reports',
    'notifications',
    'activities',
    'revisions',
    'follows',
    'collections',
    'reactions',
    'votes',
    'tag_relations',
    'tags',
    'comments',
    'answers',
    'questions',
    'site_settings',
    'user_sessions',
    'users',
    'uniqid',
  ];
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
