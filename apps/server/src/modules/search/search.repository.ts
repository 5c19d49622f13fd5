import { sql, type RawBuilder } from 'kysely';
import { ANSWER_STATUS, OBJECT_TYPES, type SearchOrder } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { isSqlite } from '../posts/search-index.js';
import { listedQuestionCheckSql, listedQuestionSql } from '../posts/public-questions.js';

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
/** A word of letters and digits outside the CJK scripts (PostgreSQL's parser splits those). */
const WORD = /^[\p{L}\p{N}]+$/u;
const isWord = (term: string) => WORD.test(term) && !CJK.test(term);
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** FTS5 string: the term as one quoted phrase (a substring for the trigram tokenizer). */
const ftsString = (term: string) => `"${term.replace(/"/g, '""')}"`;
/** websearch_to_tsquery input: always one quoted phrase, so words like "or" are not operators. */
const websearchString = (term: string) => `"${term.replace(/"/g, ' ')}"`;

/**
 * The text terms' side of a search, on the index alone: which documents match (`where` on
 * `table`), and two ranks. `rank` is the engine's (bm25 / ts_rank_cd, which read every match:
 * bm25 counts each term's documents, ts_rank_cd reads each vector); `titleRank` only looks
 * whether the title holds each term, for a bounded set of candidates.
 */
interface TextSearch {
  table: RawBuilder<unknown>;
  where: RawBuilder<unknown>[];
  /** The document's post id as text, and the key its post ids order by (newest last). */
  id: RawBuilder<unknown>;
  key: RawBuilder<unknown>;
  rank: RawBuilder<unknown>;
  titleRank: RawBuilder<unknown>;
  sqlite: boolean;
}

function textSearch(terms: string[], sqlite: boolean): TextSearch | undefined {
  if (terms.length === 0) return undefined;
  const indexTerms = terms.filter((t) => !needsLike(t, sqlite));
  // Beside real words, a 1-2 letter Latin word ("to", "a") only narrows by substring and costs a
  // scan, so it is left out of the match (it is still marked in excerpts). CJK ones always count.
  const shortTerms = terms.filter((t) => needsLike(t, sqlite) && (indexTerms.length === 0 || CJK.test(t)));
  // PostgreSQL has no index for a 1-2 character substring (pg_trgm needs 3), but its word index
  // finds words starting with one ("go" finds go, golang): a short Latin word matches so there.
  const prefixTerms = sqlite ? [] : shortTerms.filter(isWord);
  const likeTerms = shortTerms.filter((t) => !prefixTerms.includes(t));
  const doc = sqlite ? sql.raw('search_fts') : sql.raw('s');
  const where = likeTerms.map((t) => {
    const p = likePattern(t);
    return sqlite
      ? sql`(${doc}.title like ${p} escape '\\' or ${doc}.body like ${p} escape '\\' or ${doc}.tags like ${p} escape '\\')`
      : sql`(${doc}.title ilike ${p} or ${doc}.body ilike ${p} or ${doc}.tags ilike ${p})`;
  });
  // A term in the title ranks the post up: short and CJK terms in the engine's rank too.
  const inTitle = (t: string) =>
    sqlite
      ? sql`(case when ${doc}.title like ${likePattern(t)} escape '\\' then 1.0 else 0 end)`
      : sql`(case when ${doc}.title ilike ${likePattern(t)} then 1.0 else 0 end)`;
  const titleBonus = likeTerms.map(inTitle);
  const titleRank = sql.join([sql`0`, ...[...indexTerms, ...shortTerms].map(inTitle)], sql` + `);
  let indexRank: RawBuilder<unknown> = sql`0`;
  if (sqlite) {
    if (indexTerms.length) {
      where.push(sql`search_fts match ${indexTerms.map(ftsString).join(' AND ')}`);
      indexRank = sql`(-${BM25})`;
    }
  } else if (indexTerms.length || prefixTerms.length) {
    const query = sql.join(
      [
        ...indexTerms.map((t) => sql`websearch_to_tsquery('simple', ${websearchString(t)})`),
        ...prefixTerms.map((t) => sql`to_tsquery('simple', ${`${t}:*`})`),
      ],
      sql` && `,
    );
    where.push(sql`s.doc @@ (${query})`);
    indexRank = sql`ts_rank_cd(${TS_WEIGHTS}, s.doc, ${query})`;
  }
  return {
    table: sqlite ? sql`search_fts` : sql`search_docs s`,
    where,
    // Answers' FTS5 rowids are their ids negated (posts/search-index.ts).
    id: sqlite ? sql`cast(abs(search_fts.rowid) as text)` : sql`s.id`,
    key: sqlite ? sql`search_fts.rowid` : sql`s.id`,
    rank: sql.join([indexRank, ...titleBonus], sql` + `),
    titleRank,
    sqlite,
  };
}

/**
 * The index rows of one kind of post, and the direction that reads them newest first: ids are
 * `1` + the type's 3 digits + a 13-digit sequence (packages/shared ids.ts), so each kind is one
 * range of the key. On SQLite answers' rowids are negated, so the answers' range is read upwards.
 */
function kindRange(text: TextSearch, kind: 'question' | 'answer') {
  const low = `1${String(OBJECT_TYPES[kind]).padStart(3, '0')}${'0'.repeat(13)}`;
  const high = `1${String(OBJECT_TYPES[kind] + 1).padStart(3, '0')}${'0'.repeat(13)}`;
  if (!text.sqlite) {
    return { where: sql`${text.key} >= ${sql.lit(low)} and ${text.key} < ${sql.lit(high)}`, newest: sql`desc` };
  }
  // Constants of our own: SQLite compares its integer rowid with integer literals (past 2^53).
  if (kind === 'answer') {
    return { where: sql`${text.key} > -${sql.raw(high)} and ${text.key} <= -${sql.raw(low)}`, newest: sql`asc` };
  }
  return { where: sql`${text.key} >= ${sql.raw(low)} and ${text.key} < ${sql.raw(high)}`, newest: sql`desc` };
}

/** The kinds of post a search reads. */
const kindsOf = (c: SearchConditions) => (['question', 'answer'] as const).filter((kind) => c.kinds[kind]);

/**
 * Every matching document with the engine's rank, one kind at a time: each kind is one range
 * of the key, and PostgreSQL has a word index per kind (migration 0014).
 */
function allMatches(text: TextSearch, c: SearchConditions): RawBuilder<unknown> {
  const arms = kindsOf(c).map(
    (kind) => sql`select ${text.id} as id, ${text.rank} as rank from ${text.table}
      where ${sql.join([...text.where, kindRange(text, kind).where], sql` and `)}`,
  );
  return sql.join(arms, sql` union all `);
}

/** The newest `perKind` matching documents of each kind searched, ranked by their titles. */
function newestMatches(text: TextSearch, c: SearchConditions, perKind: number): RawBuilder<unknown> {
  const arms = kindsOf(c).map((kind) => {
    const range = kindRange(text, kind);
    return sql`select * from (select ${text.id} as id, ${text.titleRank} as rank from ${text.table}
      where ${sql.join([...text.where, range.where], sql` and `)} order by ${text.key} ${range.newest} limit ${perKind}) ${sql.raw(`newest_${kind}`)}`;
  });
  return sql.join(arms, sql` union all `);
}

/** Matching documents in the index, counted up to `cap` + 1 per kind (a count that stops early). */
function countMatches(text: TextSearch, c: SearchConditions, cap: number): RawBuilder<{ n: number }> {
  const counts = kindsOf(c).map(
    (kind) => sql`(select count(*) from (select 1 from ${text.table}
      where ${sql.join([...text.where, kindRange(text, kind).where], sql` and `)} limit ${cap + 1}) capped)`,
  );
  return sql<{ n: number }>`select ${sql.join(counts, sql` + `)} as n`;
}

const atLeast = (column: RawBuilder<unknown>, n: number) => (n === 0 ? sql`${column} = 0` : sql`${column} >= ${n}`);

function tagConditions(groups: string[][], questionId: RawBuilder<unknown>): RawBuilder<unknown>[] {
  return groups.map((ids) =>
    ids.length === 0
      ? sql`1 = 0`
      : sql`exists (select 1 from tag_relations tr where tr.object_id = ${questionId} and tr.status = 1 and tr.tag_id in (${sql.join(ids)}))`,
  );
}

/**
 * The public-question rule of every list (public-questions.ts), on the question `q`: as the
 * lists state it without text (their partial indexes then serve the scan), and as a row check
 * when `q` is reached by id from the matches.
 */
const publicQuestion = (hasText: boolean) => (hasText ? listedQuestionCheckSql('q') : listedQuestionSql('q'));

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
  const where = [publicQuestion(hasText), ...questionFilters(c)];
  if (hasText) where.unshift(sql`q.id = m.id`);
  return sql`select q.id as id, 1 as kind, q.created_at as created_at, q.post_update_time as active_at,
    q.vote_count as score, ${hasText ? sql`m.rank` : sql`0`} as rank
    from ${hasText ? sql`m cross join questions q` : sql`questions q`} where ${sql.join(where, sql` and `)}`;
}

function answerBranch(c: SearchConditions, hasText: boolean) {
  // By id from the matches, `+` keeps the status a row check (see listedQuestionCheckSql).
  const liveAnswer = hasText ? sql`+a.status = ${ANSWER_STATUS.normal}` : sql`a.status = ${ANSWER_STATUS.normal}`;
  const where = [liveAnswer, publicQuestion(hasText), ...answerFilters(c)];
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

/**
 * A search narrowed by text alone counts its matches in the index up to COUNT_CAP: past it the
 * count says COUNT_CAP (the peer's wire has only `count`, so nothing says "more"). With more
 * matches than the engine ranks cheaply (rankAllUpTo), only the newest CANDIDATES of each kind
 * are read, ranked by whether their titles hold the terms.
 */
export const COUNT_CAP = 2_000;
const CANDIDATES = 250;
/**
 * Up to how many matching documents the engine ranks them all: bm25 is cheap per match once
 * it has counted each term's documents; ts_rank_cd reads each document's vector (TOASTed).
 */
const rankAllUpTo = (sqlite: boolean) => (sqlite ? COUNT_CAP : 300);

/** Whether only the text (and the kind) narrows the search, so the index alone can bound it. */
const onlyText = (c: SearchConditions) =>
  c.tagGroups.length === 0 &&
  [c.userId, c.score, c.answers, c.views, c.hasAccepted, c.isAccepted, c.inQuestion].every((v) => v === undefined);

/** The posts anyone may see among `matches` (or all posts without text), as sortable rows. */
function visiblePosts(c: SearchConditions, matches: RawBuilder<unknown> | undefined): RawBuilder<unknown> {
  const branches: RawBuilder<unknown>[] = [];
  if (c.kinds.question) branches.push(questionBranch(c, matches !== undefined));
  if (c.kinds.answer) branches.push(answerBranch(c, matches !== undefined));
  const union = sql.join(branches, sql` union all `);
  // The index is read once, before the posts: each engine then joins its matches by primary key.
  const withText = matches ? sql`with m as materialized (${matches}) ` : sql``;
  return sql`${withText}select * from (${union}) p`;
}

type HitRow = { id: string; kind: number };
const toHits = (rows: HitRow[]): SearchHit[] =>
  rows.map((r) => ({ id: r.id, kind: Number(r.kind) === 1 ? 'question' : 'answer' }));

export const searchRepository = {
  /**
   * One page of matching posts anyone may see, best first, and how many match in all. Posts are
   * checked against the public rule themselves, not only through the index. Many matches of
   * text alone are bounded (see COUNT_CAP).
   */
  async search(
    db: Db,
    c: SearchConditions,
    order: SearchOrder,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; hits: SearchHit[] }> {
    if (!c.kinds.question && !c.kinds.answer) return { count: 0, hits: [] };
    const text = textSearch(c.terms, isSqlite(db));
    const sorted = orderBy(order, c.terms.length > 0);
    if (text && onlyText(c)) {
      const matched = Number((await countMatches(text, c, COUNT_CAP).execute(db)).rows[0]?.n ?? 0);
      if (matched === 0) return { count: 0, hits: [] };
      if (matched > rankAllUpTo(text.sqlite)) {
        const perKind = Math.max(CANDIDATES, page.offset + page.limit);
        const rows = await sql<HitRow>`select id, kind from (${visiblePosts(c, newestMatches(text, c, perKind))}) r
          order by ${sorted} limit ${page.limit} offset ${page.offset}`.execute(db);
        // The index's count (it holds public posts only, written with them): reading every
        // matching post to count it is what this path avoids.
        return { count: Math.min(matched, COUNT_CAP), hits: toHits(rows.rows) };
      }
    }
    // Every match is read to order them: the page and the count in one pass (a window count).
    const posts = visiblePosts(c, text ? allMatches(text, c) : undefined);
    const rows = await sql<HitRow & { total: number }>`select id, kind, count(*) over () as total
      from (${posts}) r order by ${sorted} limit ${page.limit} offset ${page.offset}`.execute(db);
    let count = Number(rows.rows[0]?.total ?? 0);
    // A page past the end has no row to carry the total.
    if (rows.rows.length === 0 && page.offset > 0) {
      const total = await sql<{ n: number }>`select count(*) as n from (${posts}) r`.execute(db);
      count = Number(total.rows[0]?.n ?? 0);
    }
    return { count, hits: toHits(rows.rows) };
  },
};
