import { sql, type RawBuilder } from 'kysely';
import { objectIdRange } from '@inquire/shared';
import { listedQuestionCheckSql } from '../posts/public-questions.js';
import { isSqlite, type Db } from '../../infra/db.js';
import { postsOfMatches, sqliteNewestByTitle } from './search.repository.js';
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
/** Questions' index keys, `low` <= key < `high` (literals: see postgresMatches). */
const QUESTIONS = objectIdRange('question');

/**
 * SQLite: the newest questions holding any of the words (a CJK piece as a phrase), ranked by how
 * many of them their titles hold. Not bm25: it weighs a word by how rare it is, and FTS5 counts
 * that by reading the word's whole list of documents (40 ms median, 106 ms at p90, per related
 * list at 1M questions); the titles are read over the candidates' stretch of rowids only.
 */
function sqliteMatches(phrases: string[][]): RawBuilder<unknown> {
  const range = sql`search_fts.rowid >= ${sql.raw(QUESTIONS.low)} and search_fts.rowid < ${sql.raw(QUESTIONS.high)}`;
  const anyWord = phrases.map((words) => ftsPhrase(words)).join(' OR ');
  const inTitle = phrases.map((words) => `{title} : ${ftsPhrase(words)}`);
  return sqliteNewestByTitle(sql`search_fts match ${anyWord} and ${range}`, inTitle, CANDIDATES);
}

/**
 * PostgreSQL: the questions' word index (the range as literals, so the planner can prove its
 * partial index applies: migration 0014), ranked by ts_rank_cd (title over body over tags).
 */
function postgresMatches(phrases: string[][]): RawBuilder<unknown> {
  const query = sql`to_tsquery('simple', ${phrases.map((words) => `(${tsPhrase(words)})`).join(' | ')})`;
  return sql`select s.id, ts_rank_cd('{0.05, 0.1, 0.2, 1.0}', s.doc, ${query}) as rank from search_docs s
    where s.doc @@ ${query} and s.id >= ${sql.lit(QUESTIONS.low)} and s.id < ${sql.lit(QUESTIONS.high)}
    order by s.id desc limit ${CANDIDATES}`;
}

export const similarQuestionsRepository = {
  /**
   * Listed questions whose text holds any of `words` (letters and digits, 3+ characters), those
   * holding more of the words in their titles first; `exceptId` is left out.
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
