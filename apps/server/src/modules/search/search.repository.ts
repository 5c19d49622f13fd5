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

interface MatchOptions {
  /** Rank and return only this many of the index's documents. */
  candidates?: number;
  /** Rank 0 for all (a count needs no rank, and bm25/ts_rank_cd cost per match). */
  unranked?: boolean;
}

/** How the text terms narrow and rank: an index subquery `m(id, rank)` of matching documents. */
interface TextSearch {
  /** The matching documents' ids (post ids as text) and ranks. */
  matches: RawBuilder<unknown>;
  /** Whether `matches` is a bounded candidate set (the best or newest few), not every match. */
  bounded: boolean;
}

/**
 * The documents matching the terms, read from the index alone (no join onto the posts, so
 * each engine runs its own index plan), with their rank. With `candidates`, only that many
 * documents are ranked and returned: SQLite's best by bm25 (FTS5 orders by its rank cheaply),
 * PostgreSQL's newest matches by id (ts_rank_cd reads each document's vector, so only the
 * candidates are ranked).
 */
function textSearch(
  terms: string[],
  sqlite: boolean,
  { candidates, unranked = false }: MatchOptions,
): TextSearch | undefined {
  if (terms.length === 0) return undefined;
  const indexTerms = terms.filter((t) => !needsLike(t, sqlite));
  // Beside real words, a 1-2 letter Latin word ("to", "a") only narrows by substring and costs a
  // scan, so it is left out of the match (it is still marked in excerpts). CJK ones always count.
  const likeTerms = terms.filter((t) => needsLike(t, sqlite) && (indexTerms.length === 0 || CJK.test(t)));
  const doc = sqlite ? sql.raw('search_fts') : sql.raw('s');
  const where = likeTerms.map((t) => {
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
  // Short terms alone have no index to rank by: every match is read (a scan of the index only).
  const bounded = candidates !== undefined && indexTerms.length > 0;
  if (sqlite) {
    let indexRank: RawBuilder<unknown> = sql`0`;
    if (indexTerms.length) {
      where.push(sql`search_fts match ${indexTerms.map(ftsString).join(' AND ')}`);
      indexRank = sql`(-${BM25})`;
    }
    const rank = unranked ? sql`0` : sql.join([indexRank, ...titleBonus], sql` + `);
    const limit = bounded ? sql`order by ${BM25} limit ${candidates}` : sql``;
    return {
      matches: sql`select cast(search_fts.rowid as text) as id, ${rank} as rank from search_fts
        where ${sql.join(where, sql` and `)} ${limit}`,
      bounded,
    };
  }
  let indexRank: RawBuilder<unknown> = sql`0`;
  if (indexTerms.length) {
    const query = sql.join(
      indexTerms.map((t) => sql`websearch_to_tsquery('simple', ${websearchString(t)})`),
      sql` && `,
    );
    where.push(sql`s.doc @@ (${query})`);
    indexRank = sql`ts_rank_cd(${TS_WEIGHTS}, s.doc, ${query})`;
  }
  const rank = unranked ? sql`0` : sql.join([indexRank, ...titleBonus], sql` + `);
  const found = sql`select s.id, s.title, s.doc from search_docs s where ${sql.join(where, sql` and `)}`;
  return {
    matches: bounded
      ? sql`select s.id, ${rank} as rank from (${found} order by s.id desc limit ${candidates}) s`
      : sql`select s.id, ${rank} as rank from search_docs s where ${sql.join(where, sql` and `)}`,
    bounded,
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

/** The post-side conditions of the question branch (the index knows none of them). */
function questionFilters(c: SearchConditions): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [...tagConditions(c.tagGroups, sql.raw('q.id'))];
  if (c.userId !== undefined) where.push(sql`q.user_id = ${c.userId}`);
  if (c.score !== undefined) where.push(atLeast(sql.raw('q.vote_count'), c.score));
  if (c.answers !== undefined) where.push(atLeast(sql.raw('q.answer_count'), c.answers));
  if (c.views !== undefined) where.push(sql`q.view_count >= ${c.views}`);
  if (c.hasAccepted !== undefined) {
    where.push(c.hasAccepted ? sql`q.accepted_answer_id not in ('', '0')` : sql`q.accepted_answer_id in ('', '0')`);
  }
  return where;
}

function answerFilters(c: SearchConditions): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [...tagConditions(c.tagGroups, sql.raw('a.question_id'))];
  if (c.userId !== undefined) where.push(sql`a.user_id = ${c.userId}`);
  if (c.score !== undefined) where.push(atLeast(sql.raw('a.vote_count'), c.score));
  if (c.isAccepted !== undefined)
    where.push(c.isAccepted ? sql`a.accepted = ${ACCEPTED}` : sql`a.accepted <> ${ACCEPTED}`);
  if (c.inQuestion !== undefined) where.push(sql`a.question_id = ${c.inQuestion}`);
  return where;
}

/**
 * With text, the posts are reached from the index's matches `m` by primary key; `cross join`
 * keeps `m` first on SQLite (whose planner would otherwise scan the posts and probe `m`).
 */
function questionBranch(c: SearchConditions, hasText: boolean) {
  const where = [publicQuestion, ...questionFilters(c)];
  if (hasText) where.unshift(sql`q.id = m.id`);
  return sql`select q.id as id, 1 as kind, q.created_at as created_at, q.post_update_time as active_at,
    q.vote_count as score, ${hasText ? sql`m.rank` : sql`0`} as rank
    from ${hasText ? sql`m cross join questions q` : sql`questions q`} where ${sql.join(where, sql` and `)}`;
}

function answerBranch(c: SearchConditions, hasText: boolean) {
  const where = [sql`a.status = ${ANSWER_STATUS.normal}`, publicQuestion, ...answerFilters(c)];
  if (hasText) where.unshift(sql`a.id = m.id`);
  return sql`select a.id as id, 2 as kind, a.created_at as created_at, a.updated_at as active_at,
    a.vote_count as score, ${hasText ? sql`m.rank` : sql`0`} as rank
    from ${hasText ? sql`m cross join answers a` : sql`answers a`} join questions q on q.id = a.question_id
    where ${sql.join(where, sql` and `)}`;
}

function orderBy(order: SearchOrder, hasTerms: boolean): RawBuilder<unknown> {
  if (order === 'relevance' && hasTerms) return sql`rank desc, created_at desc, id desc`;
  if (order === 'active') return sql`active_at desc, id desc`;
  if (order === 'score') return sql`score desc, created_at desc, id desc`;
  return sql`created_at desc, id desc`;
}

/** Documents ranked for a relevance page when nothing but text narrows the search. */
const CANDIDATES = 1000;
/**
 * A relevance page from the candidates counts its matches separately and stops here: past it
 * the count says "at least" (the peer's wire has only `count`, so nothing else says so).
 */
export const COUNT_CAP = 10_000;

/** Whether only the text narrows the search, so the index's best candidates hold the best page. */
const onlyText = (c: SearchConditions) =>
  c.kinds.question &&
  c.kinds.answer &&
  c.tagGroups.length === 0 &&
  [c.userId, c.score, c.answers, c.views, c.hasAccepted, c.isAccepted, c.inQuestion].every((v) => v === undefined);

/** The matching posts anyone may see, as rows (id, kind, created_at, active_at, score, rank). */
function matchingPosts(c: SearchConditions, sqlite: boolean, options: MatchOptions = {}) {
  const text = textSearch(c.terms, sqlite, options);
  const branches: RawBuilder<unknown>[] = [];
  if (c.kinds.question) branches.push(questionBranch(c, text !== undefined));
  if (c.kinds.answer) branches.push(answerBranch(c, text !== undefined));
  if (branches.length === 0) return undefined;
  const union = sql.join(branches, sql` union all `);
  // The index is read once, before the posts: each engine then joins its matches by primary key.
  const withText = text ? sql`with m as materialized (${text.matches}) ` : sql``;
  return { rows: sql`${withText}select * from (${union}) p`, bounded: text?.bounded ?? false };
}

export const searchRepository = {
  /**
   * One page of matching posts anyone may see, best first, and how many match in all. Posts are
   * checked against the public rule themselves, not only through the index. A relevance page
   * narrowed by index terms alone ranks only the index's best CANDIDATES, and counts up to COUNT_CAP.
   */
  async search(
    db: Db,
    c: SearchConditions,
    order: SearchOrder,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; hits: SearchHit[] }> {
    const sqlite = isSqlite(db);
    const all = matchingPosts(c, sqlite);
    if (!all) return { count: 0, hits: [] };
    const sorted = orderBy(order, c.terms.length > 0);
    const fitsCandidates = order === 'relevance' && onlyText(c) && page.offset + page.limit <= CANDIDATES;
    const ranked = fitsCandidates ? matchingPosts(c, sqlite, { candidates: CANDIDATES }) : undefined;
    const toHits = (rows: { id: string; kind: number }[]): SearchHit[] =>
      rows.map((r) => ({ id: r.id, kind: Number(r.kind) === 1 ? 'question' : 'answer' }));
    if (ranked?.bounded) {
      // The page from the best candidates; the count from the index's matches (cheap without ranking).
      const [rows, total] = await Promise.all([
        sql<{ id: string; kind: number }>`select id, kind from (${ranked.rows}) r
          order by ${sorted} limit ${page.limit} offset ${page.offset}`.execute(db),
        sql<{
          n: number;
        }>`select count(*) as n from (select 1 from (${matchingPosts(c, sqlite, { unranked: true })!.rows}) r limit ${COUNT_CAP}) capped`.execute(
          db,
        ),
      ]);
      return { count: Number(total.rows[0]?.n ?? 0), hits: toHits(rows.rows) };
    }
    // Every match is read to order them anyway: the page and the count in one pass (a window count).
    const rows = await sql<{ id: string; kind: number; total: number }>`select id, kind, count(*) over () as total
      from (${all.rows}) r order by ${sorted} limit ${page.limit} offset ${page.offset}`.execute(db);
    let count = Number(rows.rows[0]?.total ?? 0);
    // A page past the end has no row to carry the total.
    if (rows.rows.length === 0 && page.offset > 0) {
      const total = await sql<{ n: number }>`select count(*) as n from (${all.rows}) r`.execute(db);
      count = Number(total.rows[0]?.n ?? 0);
    }
    return { count, hits: toHits(rows.rows) };
  },
};
