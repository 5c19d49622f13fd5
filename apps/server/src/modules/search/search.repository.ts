import { sql, type RawBuilder } from 'kysely';
import { ANSWER_STATUS, OBJECT_TYPES, type SearchOrder } from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import { isSqlite } from '../posts/search-index.js';
import { listedQuestionCheckSql, listedQuestionSql } from '../posts/public-questions.js';
import { ftsPhrase, termWords, tsPhrase, tsPrefix } from './search-text.js';

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

/**
 * A search narrowed by text alone counts its matches in the index up to COUNT_CAP: past it the
 * count says COUNT_CAP (the peer's wire has only `count`, so nothing says "more"). With more
 * matches than the engine ranks cheaply (`rankAllUpTo`), only the newest CANDIDATES of each kind
 * are read, ranked by whether their titles hold the terms.
 */
export const COUNT_CAP = 2_000;
const CANDIDATES = 250;

const ACCEPTED = 2;
/** bm25 weights of the FTS5 columns: title over body over tags. */
const BM25 = sql.raw('bm25(search_fts, 10.0, 3.0, 1.0)');
/** ts_rank_cd weights {D, C, B, A}: tags (C) 0.1, body (B) 0.2, title (A) 1. */
const TS_WEIGHTS = sql.raw(`'{0.05, 0.1, 0.2, 1.0}'`);

/** A term as the index matches it: a phrase of its words, a prefix when it is a short word alone. */
interface IndexTerm {
  words: string[];
  prefix: boolean;
}

/**
 * The terms the index matches (search-text.ts): every term's words as a phrase; beside other
 * terms a 1-2 letter Latin word is left out (it narrows nothing; excerpts still mark it), alone
 * a 2-letter one is a prefix. Undefined when no term has a word at all ("%", "*"): nothing can match.
 */
function indexTerms(terms: string[]): IndexTerm[] | undefined {
  const read = terms.map(termWords).filter((t) => t.words.length > 0);
  if (read.length === 0) return undefined;
  const long = read.filter((t) => !t.short);
  if (long.length > 0) return long.map((t) => ({ words: t.words, prefix: false }));
  return read.map((t) => ({ words: t.words, prefix: t.prefixWhenAlone }));
}

/**
 * The text terms' side of a search, on the index alone: which documents match (`where` on
 * `table`), and how they rank. `rank` is the engine's (bm25 / ts_rank_cd, which read every
 * match: bm25 counts each term's documents, ts_rank_cd reads each vector). The newest
 * candidate questions of a large match rank by whether their titles hold each term (answers
 * have no title): PostgreSQL checks each candidate's vector (`titleRank`); SQLite's contentless
 * table cannot be asked about one row cheaply (85 us a row), so the title's matches of each term
 * (`titleMatches`) are read over the candidates' stretch of rowids, and a candidate ranks by how
 * many of those lists hold it.
 */
interface TextSearch {
  table: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  /** The document's post id as text, and the key its post ids order by (newest last). */
  id: RawBuilder<unknown>;
  key: RawBuilder<unknown>;
  rank: RawBuilder<unknown>;
  titleRank: RawBuilder<unknown>;
  titleMatches: string[];
  /** Up to how many matching documents `rank` orders them all (past it, the newest candidates). */
  rankAllUpTo: number;
  sqlite: boolean;
}

function sqliteSearch(terms: IndexTerm[]): TextSearch {
  const match = terms.map((t) => ftsPhrase(t.words, t.prefix)).join(' AND ');
  return {
    table: sql`search_fts`,
    where: sql`search_fts match ${match}`,
    // Answers' FTS5 rowids are their ids negated (posts/search-index.ts).
    id: sql`cast(abs(search_fts.rowid) as text)`,
    key: sql`search_fts.rowid`,
    rank: sql`(-${BM25})`,
    titleRank: sql`0`,
    titleMatches: terms.map((t) => `{title} : ${ftsPhrase(t.words, t.prefix)}`),
    // bm25 is cheap per match once it has counted each term's documents, but a prefix's count
    // merges the lists of every word it starts (4 ms for "go" at 2,000 questions).
    rankAllUpTo: terms.some((t) => t.prefix) ? 0 : COUNT_CAP,
    sqlite: true,
  };
}

/**
 * A term as a PostgreSQL tsquery: a phrase of words through to_tsquery's parser (as the document's
 * words went through to_tsvector's), a 2-letter prefix as its own lexeme (search-text.ts).
 */
function tsTerm(t: IndexTerm, titleOnly = false): RawBuilder<unknown> {
  if (t.prefix) return sql`${tsPrefix(t.words[0]!, { titleOnly })}::tsquery`;
  return sql`to_tsquery('simple', ${tsPhrase(t.words, { titleOnly })})`;
}

function postgresSearch(terms: IndexTerm[]): TextSearch {
  const query = sql`(${sql.join(
    terms.map((t) => tsTerm(t)),
    sql` && `,
  )})`;
  // Weight A is the title's (posts/search-index.ts).
  const inTitle = (t: IndexTerm) => sql`(case when s.doc @@ ${tsTerm(t, true)} then 1 else 0 end)`;
  return {
    table: sql`search_docs s`,
    where: sql`s.doc @@ ${query}`,
    id: sql`s.id`,
    key: sql`s.id`,
    rank: sql`ts_rank_cd(${TS_WEIGHTS}, s.doc, ${query})`,
    titleRank: sql.join(terms.map(inTitle), sql` + `),
    titleMatches: [],
    // ts_rank_cd reads each matching document's vector (TOASTed).
    rankAllUpTo: 300,
    sqlite: false,
  };
}

/** The index side of the terms; undefined without terms; `nothing` when none can match. */
function textSearch(terms: string[], sqlite: boolean): TextSearch | 'nothing' | undefined {
  if (terms.length === 0) return undefined;
  const read = indexTerms(terms);
  if (!read) return 'nothing';
  return sqlite ? sqliteSearch(read) : postgresSearch(read);
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
      where ${text.where} and ${kindRange(text, kind).where}`,
  );
  return sql.join(arms, sql` union all `);
}

/** The newest `perKind` matching documents of each kind searched, ranked by their titles. */
function newestMatches(text: TextSearch, c: SearchConditions, perKind: number): RawBuilder<unknown> {
  const arms = kindsOf(c).map((kind) => {
    const range = kindRange(text, kind);
    const name = sql.raw(`newest_${kind}`);
    if (kind === 'question' && text.titleMatches.length > 0) return sqliteNewestQuestions(text, range.where, perKind);
    const rank = kind === 'question' ? text.titleRank : sql`0`;
    return sql`select * from (select ${text.id} as id, ${rank} as rank from ${text.table}
      where ${text.where} and ${range.where} order by ${text.key} ${range.newest} limit ${perKind}) ${name}`;
  });
  return sql.join(arms, sql` union all `);
}

/**
 * SQLite's newest candidate questions (`candidates`, rank 0) with a row for each term their
 * title holds (rank 1), from the title's matches at or above the oldest candidate's rowid only:
 * FTS5 seeks a term's list to that bound, so this reads about as many rows as the candidates.
 */
function sqliteNewestQuestions(text: TextSearch, range: RawBuilder<unknown>, perKind: number): RawBuilder<unknown> {
  const oldest = sql`(select min(k) from candidates)`;
  const inTitle = text.titleMatches.map(
    (match) => sql`select search_fts.rowid as k, 1 as rank from search_fts
      where search_fts match ${match} and ${range} and search_fts.rowid >= ${oldest}`,
  );
  return sql`select * from (with candidates as (select search_fts.rowid as k from search_fts
      where ${text.where} and ${range} order by search_fts.rowid desc limit ${perKind})
    select cast(k as text) as id, sum(rank) as rank
    from (select k, 0 as rank from candidates union all ${sql.join(inTitle, sql` union all `)}) hits
    group by k having min(rank) = 0) newest_question`;
}

/** Matching documents in the index, counted up to `cap` + 1 per kind (a count that stops early). */
function countMatches(text: TextSearch, c: SearchConditions, cap: number): RawBuilder<{ n: number }> {
  const counts = kindsOf(c).map(
    (kind) => sql`(select count(*) from (select 1 from ${text.table}
      where ${text.where} and ${kindRange(text, kind).where} limit ${cap + 1}) capped)`,
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
/**
 * The posts of `table` (as `alias`) whose ids are the matches' in `matches` (`m`), reached by
 * primary key. SQLite keeps `m` first for a `cross join`. PostgreSQL's planner reorders joins,
 * and it so underrates the public rule's row checks (expressions, see listedQuestionCheckSql)
 * that it scanned the posts and compared each with every match (1.5 s at 2,000 questions): a
 * lateral lookup behind `offset 0` (which keeps it from being flattened) holds the order.
 */
export function postsOfMatches(
  matches: RawBuilder<unknown>,
  table: 'questions' | 'answers',
  alias: 'q' | 'a',
  sqlite: boolean,
): RawBuilder<unknown> {
  const posts = sql.table(table);
  return sqlite
    ? sql`${matches} cross join ${posts} ${sql.raw(alias)}`
    : sql`${matches} cross join lateral (select * from ${posts} where id = m.id offset 0) ${sql.raw(alias)}`;
}

/** Where the posts of a search come from: all of them, or those of the matches `m` (on `engine`). */
type PostSource = { matched: false } | { matched: true; sqlite: boolean };

function questionBranch(c: SearchConditions, source: PostSource) {
  const hasText = source.matched;
  const where = [publicQuestion(hasText), ...questionFilters(c)];
  if (hasText) where.unshift(sql`q.id = m.id`);
  return sql`select q.id as id, 1 as kind, q.created_at as created_at, q.post_update_time as active_at,
    q.vote_count as score, ${hasText ? sql`m.rank` : sql`0`} as rank
    from ${source.matched ? postsOfMatches(sql`m`, 'questions', 'q', source.sqlite) : sql`questions q`}
    where ${sql.join(where, sql` and `)}`;
}

function answerBranch(c: SearchConditions, source: PostSource) {
  const hasText = source.matched;
  // By id from the matches, `+` keeps the status a row check (see listedQuestionCheckSql).
  const liveAnswer = hasText ? sql`+a.status = ${ANSWER_STATUS.normal}` : sql`a.status = ${ANSWER_STATUS.normal}`;
  const where = [liveAnswer, publicQuestion(hasText), ...answerFilters(c)];
  if (hasText) where.unshift(sql`a.id = m.id`);
  return sql`select a.id as id, 2 as kind, a.created_at as created_at, a.updated_at as active_at,
    a.vote_count as score, ${hasText ? sql`m.rank` : sql`0`} as rank
    from ${source.matched ? postsOfMatches(sql`m`, 'answers', 'a', source.sqlite) : sql`answers a`}
    join questions q on q.id = a.question_id
    where ${sql.join(where, sql` and `)}`;
}

function orderBy(order: SearchOrder, hasTerms: boolean): RawBuilder<unknown> {
  if (order === 'relevance' && hasTerms) return sql`rank desc, created_at desc, id desc`;
  if (order === 'active') return sql`active_at desc, id desc`;
  if (order === 'score') return sql`score desc, created_at desc, id desc`;
  return sql`created_at desc, id desc`;
}

/** Whether only the text (and the kind) narrows the search, so the index alone can bound it. */
const onlyText = (c: SearchConditions) =>
  c.tagGroups.length === 0 &&
  [c.userId, c.score, c.answers, c.views, c.hasAccepted, c.isAccepted, c.inQuestion].every((v) => v === undefined);

/** The posts anyone may see among `matches` (or all posts without text), as sortable rows. */
function visiblePosts(
  c: SearchConditions,
  matches: RawBuilder<unknown> | undefined,
  sqlite: boolean,
): RawBuilder<unknown> {
  const source: PostSource = matches ? { matched: true, sqlite } : { matched: false };
  const branches: RawBuilder<unknown>[] = [];
  if (c.kinds.question) branches.push(questionBranch(c, source));
  if (c.kinds.answer) branches.push(answerBranch(c, source));
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
    if (text === 'nothing') return { count: 0, hits: [] };
    const sorted = orderBy(order, c.terms.length > 0);
    if (text && onlyText(c)) {
      const matched = Number((await countMatches(text, c, COUNT_CAP).execute(db)).rows[0]?.n ?? 0);
      if (matched === 0) return { count: 0, hits: [] };
      if (matched > text.rankAllUpTo) {
        const perKind = Math.max(CANDIDATES, page.offset + page.limit);
        const rows =
          await sql<HitRow>`select id, kind from (${visiblePosts(c, newestMatches(text, c, perKind), text.sqlite)}) r
          order by ${sorted} limit ${page.limit} offset ${page.offset}`.execute(db);
        // The index's count (it holds public posts only, written with them): reading every
        // matching post to count it is what this path avoids.
        return { count: Math.min(matched, COUNT_CAP), hits: toHits(rows.rows) };
      }
    }
    // Every match is read to order them: the page and the count in one pass (a window count).
    const posts = visiblePosts(c, text ? allMatches(text, c) : undefined, isSqlite(db));
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
