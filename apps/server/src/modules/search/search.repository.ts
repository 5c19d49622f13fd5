import { sql, type RawBuilder } from 'kysely';
import { ANSWER_STATUS, type SearchOrder } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { isSqlite } from '../posts/search-index.js';
import { listedQuestionSql } from '../posts/public-questions.js';

/** The parsed query with names resolved to ids: what the engines search with. */
export interface SearchConditions {
  terms: string[];
  /** Each group is a tag with its synonyms; a result's question carries one of each group. */
  tagGroups: string[][];
  kinds: { question: boolean; answer: boolean };
  userId?: string;
  score?: number;
  answers?: number;
  views?: number;
  hasAccepted?: boolean;
  isAccepted?: boolean;
  inQuestion?: string;
}

export interface SearchHit {
  id: string;
  kind: 'question' | 'answer';
}

const ACCEPTED = 2;
/** bm25 weights of the FTS5 columns: title over body over tags. */
const BM25 = sql.raw('bm25(search_fts, 10.0, 3.0, 1.0)');
/** ts_rank_cd weights {D, C, B, A}: tags (C) 0.1, body (B) 0.2, title (A) 1. */
const TS_WEIGHTS = sql.raw(`'{0.05, 0.1, 0.2, 1.0}'`);
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Terms too short for trigrams (1-2 characters) are matched with LIKE on the same documents.
 * On PostgreSQL, CJK terms are too (the text-search parser keeps a CJK run as one word, so a
 * word inside it would not be found); pg_trgm's index serves those of 3+ characters.
 */
const needsLike = (term: string, sqlite: boolean) => [...term].length < 3 || (!sqlite && CJK.test(term));
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** FTS5 string: the term as one quoted phrase (a substring for the trigram tokenizer). */
const ftsString = (term: string) => `"${term.replace(/"/g, '""')}"`;
/** websearch_to_tsquery input: always one quoted phrase, so words like "or" are not operators. */
const websearchString = (term: string) => `"${term.replace(/"/g, ' ')}"`;

interface TextSearch {
  /** The join onto the index and its conditions, empty without terms. */
  join: RawBuilder<unknown>;
  where: RawBuilder<unknown>[];
  rank: RawBuilder<unknown>;
}

function textSearch(terms: string[], sqlite: boolean, idColumn: RawBuilder<unknown>): TextSearch | undefined {
  if (terms.length === 0) return undefined;
  const indexTerms = terms.filter((t) => !needsLike(t, sqlite));
  // Beside real words, a 1-2 letter Latin word ("to", "a") only narrows by substring and costs a
  // scan, so it is left out of the match (it is still marked in excerpts). CJK ones always count.
  const likeTerms = terms.filter((t) => needsLike(t, sqlite) && (indexTerms.length === 0 || CJK.test(t)));
  const doc = sqlite ? sql.raw('search_fts') : sql.raw('s');
  const likes = likeTerms.map((t) => {
    const p = likePattern(t);
    return sqlite
      ? sql`(${doc}.title like ${p} escape '\\' or ${doc}.body like ${p} escape '\\' or ${doc}.tags like ${p} escape '\\')`
      : sql`(${doc}.title ilike ${p} or ${doc}.body ilike ${p} or ${doc}.tags ilike ${p})`;
  });
  // A short or CJK term in the title ranks the post up, as a title word does in the index.
  const titleBonus = likeTerms.map((t) =>
    sqlite
      ? sql`(case when ${doc}.title like ${likePattern(t)} escape '\\' then 1.0 else 0 end)`
      : sql`(case when ${doc}.title ilike ${likePattern(t)} then 1.0 else 0 end)`,
  );
  const where = [...likes];
  let indexRank: RawBuilder<unknown> = sql`0`;
  if (sqlite) {
    if (indexTerms.length) {
      where.push(sql`search_fts match ${indexTerms.map(ftsString).join(' AND ')}`);
      indexRank = sql`(-${BM25})`;
    }
    const join = sql`join search_fts on search_fts.rowid = cast(${idColumn} as integer) and ${idColumn} = cast(search_fts.rowid as text)`;
    return { join, where, rank: sql.join([indexRank, ...titleBonus], sql` + `) };
  }
  if (indexTerms.length) {
    const query = sql.join(
      indexTerms.map((t) => sql`websearch_to_tsquery('simple', ${websearchString(t)})`),
      sql` && `,
    );
    where.push(sql`s.doc @@ (${query})`);
    indexRank = sql`ts_rank_cd(${TS_WEIGHTS}, s.doc, ${query})`;
  }
  return {
    join: sql`join search_docs s on s.id = ${idColumn}`,
    where,
    rank: sql.join([indexRank, ...titleBonus], sql` + `),
  };
}

const atLeast = (column: RawBuilder<unknown>, n: number) => (n === 0 ? sql`${column} = 0` : sql`${column} >= ${n}`);

function tagConditions(groups: string[][], questionId: RawBuilder<unknown>): RawBuilder<unknown>[] {
  return groups.map((ids) =>
    ids.length === 0
      ? sql`1 = 0`
      : sql`exists (select 1 from tag_relations tr where tr.object_id = ${questionId} and tr.status = 1 and tr.tag_id in (${sql.join(ids)}))`,
  );
}

/** The public-question rule of every list (public-questions.ts), on the question `q`. */
const publicQuestion = listedQuestionSql('q');

function questionBranch(c: SearchConditions, sqlite: boolean) {
  const text = textSearch(c.terms, sqlite, sql.raw('q.id'));
  const where: RawBuilder<unknown>[] = [publicQuestion, ...tagConditions(c.tagGroups, sql.raw('q.id'))];
  if (c.userId !== undefined) where.push(sql`q.user_id = ${c.userId}`);
  if (c.score !== undefined) where.push(atLeast(sql.raw('q.vote_count'), c.score));
  if (c.answers !== undefined) where.push(atLeast(sql.raw('q.answer_count'), c.answers));
  if (c.views !== undefined) where.push(sql`q.view_count >= ${c.views}`);
  if (c.hasAccepted !== undefined) {
    where.push(c.hasAccepted ? sql`q.accepted_answer_id not in ('', '0')` : sql`q.accepted_answer_id in ('', '0')`);
  }
  if (text) where.push(...text.where);
  return sql`select q.id as id, 1 as kind, q.created_at as created_at, q.post_update_time as active_at,
    q.vote_count as score, ${text ? text.rank : sql`0`} as rank
    from questions q ${text ? text.join : sql``} where ${sql.join(where, sql` and `)}`;
}

function answerBranch(c: SearchConditions, sqlite: boolean) {
  const text = textSearch(c.terms, sqlite, sql.raw('a.id'));
  const where: RawBuilder<unknown>[] = [
    sql`a.status = ${ANSWER_STATUS.normal}`,
    publicQuestion,
    ...tagConditions(c.tagGroups, sql.raw('a.question_id')),
  ];
  if (c.userId !== undefined) where.push(sql`a.user_id = ${c.userId}`);
  if (c.score !== undefined) where.push(atLeast(sql.raw('a.vote_count'), c.score));
  if (c.isAccepted !== undefined)
    where.push(c.isAccepted ? sql`a.accepted = ${ACCEPTED}` : sql`a.accepted <> ${ACCEPTED}`);
  if (c.inQuestion !== undefined) where.push(sql`a.question_id = ${c.inQuestion}`);
  if (text) where.push(...text.where);
  return sql`select a.id as id, 2 as kind, a.created_at as created_at, a.updated_at as active_at,
    a.vote_count as score, ${text ? text.rank : sql`0`} as rank
    from answers a join questions q on q.id = a.question_id ${text ? text.join : sql``}
    where ${sql.join(where, sql` and `)}`;
}

function orderBy(order: SearchOrder, hasTerms: boolean): RawBuilder<unknown> {
  if (order === 'relevance' && hasTerms) return sql`rank desc, created_at desc, id desc`;
  if (order === 'active') return sql`active_at desc, id desc`;
  if (order === 'score') return sql`score desc, created_at desc, id desc`;
  return sql`created_at desc, id desc`;
}

export const searchRepository = {
  /**
   * One page of matching posts anyone may see, best first, and how many match in all. Posts
   * are checked against the public rule themselves, not only through the index.
   */
  async search(
    db: Db,
    c: SearchConditions,
    order: SearchOrder,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; hits: SearchHit[] }> {
    const sqlite = isSqlite(db);
    const branches: RawBuilder<unknown>[] = [];
    if (c.kinds.question) branches.push(questionBranch(c, sqlite));
    if (c.kinds.answer) branches.push(answerBranch(c, sqlite));
    if (branches.length === 0) return { count: 0, hits: [] };
    const matches = sql.join(branches, sql` union all `);
    // One pass: the page and the number of all matches (a window count), since ranking already
    // visits every match; a second count query would run the text search again.
    const rows = await sql<{ id: string; kind: number; total: number }>`select id, kind, count(*) over () as total
      from (${matches}) m order by ${orderBy(order, c.terms.length > 0)} limit ${page.limit} offset ${page.offset}`.execute(
      db,
    );
    let count = Number(rows.rows[0]?.total ?? 0);
    // A page past the end has no row to carry the total.
    if (rows.rows.length === 0 && page.offset > 0) {
      const total = await sql<{ n: number }>`select count(*) as n from (${matches}) m`.execute(db);
      count = Number(total.rows[0]?.n ?? 0);
    }
    return {
      count,
      hits: rows.rows.map((r) => ({ id: r.id, kind: Number(r.kind) === 1 ? 'question' : 'answer' })),
    };
  },
};
