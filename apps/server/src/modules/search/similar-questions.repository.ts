import { sql, type RawBuilder } from 'kysely';
import { OBJECT_TYPES } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { listedQuestionCheckSql } from '../posts/public-questions.js';
import { isSqlite } from '../posts/search-index.js';

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
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Questions' index keys: `1` + the type's 3 digits + a 13-digit sequence (shared ids.ts). */
const QUESTION_LOW = `1${String(OBJECT_TYPES.question).padStart(3, '0')}${'0'.repeat(13)}`;
const QUESTION_HIGH = `1${String(OBJECT_TYPES.question + 1).padStart(3, '0')}${'0'.repeat(13)}`;

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQLite: FTS5's trigram index, any of the words, ranked by bm25 (title over body over tags). */
function sqliteMatches(words: string[]): RawBuilder<unknown> {
  const match = words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' OR ');
  return sql`select cast(rowid as text) as id, -bm25(search_fts, 10.0, 3.0, 1.0) as rank from search_fts
    where search_fts match ${match} and rowid >= ${sql.raw(QUESTION_LOW)} and rowid < ${sql.raw(QUESTION_HIGH)}
    order by rowid desc limit ${CANDIDATES}`;
}

/**
 * PostgreSQL: the questions' word index for words (the range as literals, so the planner
 * can prove its partial index applies: migration 0014), pg_trgm's for CJK pieces (the text-search parser keeps a
 * CJK run as one word); a title holding a piece ranks as a word in the title would.
 */
function postgresMatches(words: string[]): RawBuilder<unknown> {
  const latin = words.filter((w) => !CJK.test(w));
  const cjk = words.filter((w) => CJK.test(w));
  const query = latin.length ? sql`to_tsquery('simple', ${latin.join(' | ')})` : undefined;
  const matches: RawBuilder<unknown>[] = cjk.map(
    (w) => sql`s.title ilike ${likePattern(w)} or s.body ilike ${likePattern(w)}`,
  );
  const ranks: RawBuilder<unknown>[] = cjk.map(
    (w) => sql`(case when s.title ilike ${likePattern(w)} then 1.0 else 0.1 end)`,
  );
  if (query) {
    matches.unshift(sql`s.doc @@ ${query}`);
    ranks.unshift(sql`ts_rank_cd('{0.05, 0.1, 0.2, 1.0}', s.doc, ${query})`);
  }
  return sql`select s.id, ${sql.join(ranks, sql` + `)} as rank from search_docs s
    where (${sql.join(matches, sql` or `)}) and s.id >= ${sql.lit(QUESTION_LOW)} and s.id < ${sql.lit(QUESTION_HIGH)}
    order by s.id desc limit ${CANDIDATES}`;
}

export const similarQuestionsRepository = {
  /**
   * Listed questions whose text holds any of `words` (letters and digits, 3+ characters), those
   * matching more and rarer words in their titles first; `exceptId` is left out.
   */
  async matchingAnyWord(db: Db, words: string[], limit: number, exceptId = ''): Promise<SimilarQuestionRow[]> {
    if (words.length === 0) return [];
    const matches = isSqlite(db) ? sqliteMatches(words) : postgresMatches(words);
    const rows = await sql<SimilarQuestionRow>`select q.id, q.title, q.answer_count, q.accepted_answer_id
      from (${matches}) m cross join questions q
      where q.id = m.id and q.id <> ${exceptId} and ${listedQuestionCheckSql('q')}
      order by m.rank desc, q.id desc limit ${limit}`.execute(db);
    return rows.rows.map((r) => ({ ...r, answer_count: Number(r.answer_count) }));
  },
};
