import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/0001-initial.js';
import * as accounts from './migrations/0002-accounts.js';
import * as views from './migrations/0003-views.js';
import * as interactions from './migrations/0004-interactions.js';
import * as curation from './migrations/0006-curation.js';
import * as contentGeneration from './migrations/0007-content-generation.js';
import * as search from './migrations/0008-search.js';
import * as questionListScale from './migrations/0009-question-list-scale.js';
import * as notifications from './migrations/0010-notifications.js';
import * as searchAnswerRowids from './migrations/0011-search-answer-rowids.js';
import * as userSuspension from './migrations/0012-user-suspension.js';
import * as moderation from './migrations/0013-moderation.js';
import * as searchKindIndexes from './migrations/0014-search-kind-indexes.js';
import * as hotQuestions from './migrations/0015-hot-questions.js';
import * as questionLinks from './migrations/0016-question-links.js';
import * as adminContent from './migrations/0017-admin-content.js';
import * as notificationEmails from './migrations/0018-notification-emails.js';
import * as liveEvents from './migrations/0019-live-events.js';
import * as searchPluginFeed from './migrations/0020-search-plugin-feed.js';
import * as postOrigins from './migrations/0021-post-origins.js';
import * as unreviewedRevisions from './migrations/0022-unreviewed-revisions.js';
import * as searchWords from './migrations/0023-search-words.js';
import * as searchPrefixes from './migrations/0024-search-prefixes.js';
import * as searchAnswerTags from './migrations/0025-search-answer-tags.js';
import * as searchTagMarks from './migrations/0026-search-tag-marks.js';
import * as searchAges from './migrations/0027-search-ages.js';
import * as externalLogins from './migrations/0028-external-logins.js';

/** Migrations are listed here, in order, so bundling and tests need no file-system scan. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-accounts': accounts,
  '0003-views': views,
  '0004-interactions': interactions,
  '0006-curation': curation,
  '0007-content-generation': contentGeneration,
  '0008-search': search,
  '0009-question-list-scale': questionListScale,
  '0010-notifications': notifications,
  '0011-search-answer-rowids': searchAnswerRowids,
  '0012-user-suspension': userSuspension,
  '0013-moderation': moderation,
  '0014-search-kind-indexes': searchKindIndexes,
  '0015-hot-questions': hotQuestions,
  '0016-question-links': questionLinks,
  '0017-admin-content': adminContent,
  '0018-notification-emails': notificationEmails,
  '0019-live-events': liveEvents,
  '0020-search-plugin-feed': searchPluginFeed,
  '0021-post-origins': postOrigins,
  '0022-unreviewed-revisions': unreviewedRevisions,
  '0023-search-words': searchWords,
  '0024-search-prefixes': searchPrefixes,
  '0025-search-answer-tags': searchAnswerTags,
  '0026-search-tag-marks': searchTagMarks,
  '0027-search-ages': searchAges,
  '0028-external-logins': externalLogins,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema up to date; throws with the failing migration's error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
