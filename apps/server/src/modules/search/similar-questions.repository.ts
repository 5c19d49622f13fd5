import { sql, type RawBuilder } from 'kysely';
import { OBJECT_TYPES } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { listedQuestionCheckSql } from '../posts/public-questions.js';
import { isSqlite } from '../posts/search-index.js';
import { postsOfMatches } from './search.repository.js';
import { ftsPhrase, searchWords, tsPhrase } from './search-text.js';

export interface SimilarQuestionRow {
  id: string;
  title: string;
  answer_count: number;
  accepted_answer_id: string;
}

/**
 * How many of the newest matching questions are ranked: common words match a large share of a
 * big site, and ranking every match would read all of them. The newest matches of the words are
 * a fair pool for "questions like this one".
 */
const CANDIDATES = 300;
/** Questions' index keys: `1` + the type's 3 digits + a 13-digit sequence (shared ids.ts). */
const QUESTION_LOW = `1${String(OBJECT_TYPES.question).padStart(3, '0')}${'0'.repeat(13)}`;
const QUESTION_HIGH = `1${String(OBJECT_TYPES.question + 1).padStart(3, '0')}${'0'.repeat(13)}`;

/** SQLite: FTS5's word index, any of the words (a CJK piece as a phrase), ranked by bm25. */
function sqliteMatches(phrases: string[][]): RawBuilder<unknown> {
  const match = phrases.map((words) => ftsPhrase(words)).join(' OR ');
  return sql`select cast(rowid as text) as id, -bm25(search_fts, 10.0, 3.0, 1.0) as rank from search_fts
    where search_fts match ${match} and rowid >= ${sql.raw(QUESTION_LOW)} and rowid < ${sql.raw(QUESTION_HIGH)}
    order by rowid desc limit ${CANDIDATES}`;
}

/**
 * PostgreSQL: the questions' word index (the range as literals, so the planner can prove its
 * partial index applies: migration 0014), ranked by ts_rank_cd (title over body over tags).
 */
function postgresMatches(phrases: string[][]): RawBuilder<unknown> {
  const query = sql`to_tsquery('simple', ${phrases.map((words) => `(${tsPhrase(words)})`).join(' | ')})`;
  return sql`select s.id, ts_rank_cd('{0.05, 0.1, 0.2, 1.0}', s.doc, ${query}) as rank from search_docs s
    where s.doc @@ ${query} and s.id >= ${sql.lit(QUESTION_LOW)} and s.id < ${sql.lit(QUESTION_HIGH)}
    order by s.id desc limit ${CANDIDATES}`;
}

export const similarQuestionsRepository = {
  /**
   * Listed questions whose text holds any of `words` (letters and digits, 3+ characters), those
   * matching more and rarer words in their titles first; `exceptId` is left out.
   */
  async matchingAnyWord(db: Db, words: string[], limit: number, exceptId = ''): Promise<SimilarQuestionRow[]> {
    const phrases = words.map(searchWords).filter((w) => w.length > 0);
    if (phrases.length === 0) return [];
    const sqlite = isSqlite(db);
    const matches = sqlite ? sqliteMatches(phrases) : postgresMatches(phrases);
    const rows = await sql<SimilarQuestionRow>`select q.id, q.title, q.answer_count, q.accepted_answer_id
      from ${postsOfMatches(sql`(${matches}) m`, 'questions', 'q', sqlite)}
      where q.id = m.id and q.id <> ${exceptId} and ${listedQuestionCheckSql('q')}
      order by m.rank desc, q.id desc limit ${limit}`.execute(db);
    return rows.rows.map((r) => ({ ...r, answer_count: Number(r.answer_count) }));
  },
};
