import { sql, type RawBuilder } from 'kysely';
import {
  ANSWER_STATUS,
  makeObjectId,
  objectIdRange,
  objectTypeOf,
  SEARCH_COUNT_CAP,
  type SearchOrder,
} from '@inquire/shared';
import { isSqlite, type Db } from '../../infra/db.js';
import { listedQuestionCheckSql, listedQuestionSql } from '../posts/public-questions.js';
import { wordShares, type KindShares, type WordShares } from './word-shares.repository.js';
import {
  AGE_STRETCH_IDS,
  ageLexeme,
  ageStretch,
  ftsPhrase,
  tagLexeme,
  tagMark,
  termWords,
  tsLexeme,
  tsPhrase,
  tsPrefixes,
} from './search-text.js';

/** The parsed query with names resolved to ids: what the engines search with. */
export interface SearchConditions {
  terms: string[];
  /** Each group is a tag with its synonyms; a result's question carries one of each group. */
  tagGroups: string[][];
  /** The slugs of each group's tags (as `tagGroups`): their words are in their questions' documents. */
  tagSlugs: string[][];
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
 * A search counts its matches up to COUNT_CAP: past it the count is COUNT_CAP + 1 ("more than",
 * SEARCH_COUNT_CAP). With more matches of text (and tags) alone than the engine ranks cheaply
 * (`rankAllUpTo`), the newest COUNT_CAP + 1 of each kind (or as many as the page reaches) are the
 * candidates, the newest CANDIDATES questions among them ranked by how many terms their titles
 * hold, the rest after them, newest first. (PostgreSQL reads answers by relevance only as far as
 * the count and the page need: findNewestPostgres.)
 */
const COUNT_CAP = SEARCH_COUNT_CAP;
const CANDIDATES = 250;

const ACCEPTED = 2;
/** bm25 weights of the FTS5 columns: title over body over tags. */
const BM25 = sql.raw('bm25(search_fts, 10.0, 3.0, 1.0)');
/** The same without the tags column: what a tag filter in the match leaves comparable (ftsTagFilter). */
const BM25_UNTAGGED = sql.raw('bm25(search_fts, 10.0, 3.0, 0.0)');
/** ts_rank_cd weights {D, C, B, A}: tags (C) 0.1, body (B) 0.2, title (A) 1. */
const TS_WEIGHTS = sql.raw(`'{0.05, 0.1, 0.2, 1.0}'`);

type PerKind = Record<'question' | 'answer', RawBuilder<unknown>>;
const bothKinds = (each: RawBuilder<unknown>): PerKind => ({ question: each, answer: each });

/** A term as the index matches it: a phrase of its words, a prefix when it is a short word alone. */
interface IndexTerm {
  words: string[];
  prefix: boolean;
}

/**
 * The terms the index matches (search-text.ts): every term's words as a phrase; beside other
 * terms a 1-2 letter Latin word is left out (it narrows nothing; excerpts still mark it), and
 * so is a 1-letter word beside a 2-letter one; without longer terms a 2-letter word is a
 * prefix (so a search is either all prefixes or all words). Undefined when no term has a word
 * at all ("%", "*"): nothing can match.
 */
function indexTerms(terms: string[]): IndexTerm[] | undefined {
  const read = terms.map(termWords).filter((t) => t.words.length > 0);
  if (read.length === 0) return undefined;
  const long = read.filter((t) => !t.short);
  if (long.length > 0) return long.map((t) => ({ words: t.words, prefix: false }));
  const prefixes = read.filter((t) => t.prefixWhenAlone);
  if (prefixes.length > 0) return prefixes.map((t) => ({ words: t.words, prefix: true }));
  return read.map((t) => ({ words: t.words, prefix: false }));
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
  /** Each kind's matching documents, narrowed by the search's tags where the index holds them. */
  where: PerKind;
  /** PostgreSQL's word documents: the share of a kind's documents that match (by `wordShares`). */
  share?: (kind: KindShares) => number;
  /** The document's post id as text, and the key its post ids order by (newest last). */
  id: RawBuilder<unknown>;
  key: RawBuilder<unknown>;
  rank: PerKind;
  titleRank: RawBuilder<unknown>;
  titleMatches: string[];
  /** Up to how many matching documents `rank` orders them all (past it, the newest candidates). */
  rankAllUpTo: number;
  /** PostgreSQL's word documents: the tsquery they match, to read them by age (`readNewestByAge`). */
  tsquery?: RawBuilder<unknown>;
  sqlite: boolean;
}

/**
 * FTS5 query text that exactly the posts whose question carries a tag of each group match: one
 * of the group's tag marks in the document's tags column (posts/search-index.ts writes the
 * question's listed tags' marks in its answers' documents too, in step with every tag edit).
 * The index then bounds a tagged search as it does one of text alone: its matches are the
 * results, and their count is the search's. Matched on the tags' words (a superset: "ruby" is in
 * "ruby-on-rails"), each match had to be joined to its post (an answer's to its question too) and
 * checked for the tag until 501 of each kind passed: thousands of rows all over the tables, for
 * "[ruby] paginate" at 1M questions 49 ms; the bench's tagged searches took 27 ms each with the
 * database in memory, 170 ms read from disk. Ranked without the tags column: the filter's own
 * term would lift every question by its weight.
 */
function ftsTagFilter(tagGroups: string[][]): string {
  return tagGroups.map((ids) => ` AND {tags} : (${ids.map((id) => ftsPhrase([tagMark(id)])).join(' OR ')})`).join('');
}

/**
 * SQLite: a question's terms match its title, text and tags; an answer's its own text only
 * (its tags column holds its question's tags, for the tag filter).
 */
function sqliteSearch(terms: IndexTerm[], tagGroups: string[][]): TextSearch {
  const match = terms.map((t) => ftsPhrase(t.words, t.prefix)).join(' AND ');
  const tagFilter = ftsTagFilter(tagGroups);
  return {
    table: sql`search_fts`,
    where: {
      question: sql`search_fts match ${match + tagFilter}`,
      answer: sql`search_fts match ${`{title body} : (${match})${tagFilter}`}`,
    },
    rank: { question: tagFilter ? sql`(-${BM25_UNTAGGED})` : sql`(-${BM25})`, answer: sql`(-${BM25_UNTAGGED})` },
    // Answers' FTS5 rowids are their ids negated (posts/search-index.ts).
    id: sql`cast(abs(search_fts.rowid) as text)`,
    key: sql`search_fts.rowid`,
    titleRank: sql`0`,
    // With the tag filter, a term's title list is read only where it meets the tag's: "[mysql]
    // cache" read 2,411 "cache" titles over its candidates' stretch at 1M questions (2.2 ms), 64 with it.
    titleMatches: terms.map((t) => `{title} : ${ftsPhrase(t.words, t.prefix)}${tagFilter}`),
    // Every match is ranked while the count is exact; past it ("more than 500"), the newest
    // candidates. bm25 over every match costs per match (its phrase positions are read): at 1M
    // questions ranking up to 2,000 took 24 ms a search for the 5% of the bench's mix between
    // 501 and 2,000 matches, and counting to 2,001 cost 3 ms for every other; with 500 the mix
    // took 3.9 ms a search in-process instead of 6.4 (at 2,000 questions, 1.65 both). A prefix
    // ranks none: its count merges the lists of every word it starts (4 ms for "go" at 2,000).
    rankAllUpTo: terms.some((t) => t.prefix) ? 0 : COUNT_CAP,
    sqlite: true,
  };
}

/**
 * tsquery text (for a `::tsquery` cast) that every document whose question carries a tag of
 * each group matches: one of the group's tag lexemes (posts/search-index.ts). Exact, one
 * posting list per slug in the GIN index, which intersects it with the terms' before any row
 * is read ("[numpy] validate" walked every "validate" for the 1% under numpy: 5 s at 1M
 * questions). Empty without tags.
 */
const tsTagFilter = (tagSlugs: string[][]) =>
  tagSlugs
    .filter((slugs) => slugs.length > 0)
    .map((slugs) => `(${slugs.map((slug) => tsLexeme(tagLexeme(slug))).join(' | ')})`)
    .join(' & ');

function postgresSearch(read: IndexTerm[], tagSlugs: string[][]): TextSearch {
  if (read.some((t) => t.prefix)) return postgresPrefixSearch(read);
  const terms = read;
  const query = sql`to_tsquery('simple', ${terms.map((t) => `(${tsPhrase(t.words)})`).join(' & ')})`;
  const tagFilter = tsTagFilter(tagSlugs);
  const matched = tagFilter ? sql`(${query} && ${tagFilter}::tsquery)` : query;
  // The share of documents holding every term (its rarest word) and a tag of every group.
  const share = ({ shares }: KindShares) => {
    const of = (lexeme: string) => shares.get(lexeme) ?? 0;
    const terms = read.map((t) => Math.min(...t.words.map(of)));
    const groups = tagSlugs
      .filter((slugs) => slugs.length > 0)
      .map((slugs) => slugs.map((slug) => of(tagLexeme(slug))));
    return [
      ...terms,
      ...groups.map((group) =>
        Math.min(
          1,
          group.reduce((a, b) => a + b, 0),
        ),
      ),
    ].reduce((a, b) => a * b, 1);
  };
  const rank = sql`ts_rank_cd(${TS_WEIGHTS}, s.doc, ${query})`;
  // Weight A is the title's (posts/search-index.ts).
  const inTitle = (t: IndexTerm) =>
    sql`(case when s.doc @@ to_tsquery('simple', ${tsPhrase(t.words, { titleOnly: true })}) then 1 else 0 end)`;
  return {
    table: sql`search_docs s`,
    where: bothKinds(sql`s.doc @@ ${matched}`),
    share,
    id: sql`s.id`,
    key: sql`s.id`,
    rank: bothKinds(rank),
    titleRank: sql.join(terms.map(inTitle), sql` + `),
    titleMatches: [],
    // ts_rank_cd reads each matching document's vector (TOASTed).
    rankAllUpTo: 300,
    tsquery: matched,
    sqlite: false,
  };
}

/**
 * 2-letter prefixes on PostgreSQL: matched in `search_prefixes` (each document's words' first
 * two letters, posts/search-index.ts), one posting list per prefix as FTS5's prefix index has,
 * where `'go':*` on the documents read the list of every lexeme starting "go" (1.8 s at 1M
 * questions). Ranks (of at most `rankAllUpTo` matches, or the newest candidates' titles) read
 * the document itself by id with `'go':*`.
 */
function postgresPrefixSearch(terms: IndexTerm[]): TextSearch {
  const prefixes = sql`${tsPrefixes(terms.map((t) => t.words[0]!))}::tsquery`;
  const query = sql`to_tsquery('simple', ${terms.map((t) => tsPhrase(t.words, { prefix: true })).join(' & ')})`;
  const rank = sql`(select ts_rank_cd(${TS_WEIGHTS}, s.doc, ${query}) from search_docs s where s.id = p.id)`;
  const inTitle = (t: IndexTerm) =>
    sql`(select case when s.doc @@ to_tsquery('simple', ${tsPhrase(t.words, { prefix: true, titleOnly: true })})
      then 1 else 0 end from search_docs s where s.id = p.id)`;
  return {
    table: sql`search_prefixes p`,
    where: bothKinds(sql`p.doc @@ ${prefixes}`),
    id: sql`p.id`,
    key: sql`p.id`,
    rank: bothKinds(rank),
    titleRank: sql.join(terms.map(inTitle), sql` + `),
    titleMatches: [],
    rankAllUpTo: 300,
    sqlite: false,
  };
}

/** The index side of the terms; undefined without terms; `nothing` when none can match. */
function textSearch(c: SearchConditions, sqlite: boolean): TextSearch | 'nothing' | undefined {
  if (c.terms.length === 0) return undefined;
  const read = indexTerms(c.terms);
  if (!read) return 'nothing';
  return sqlite ? sqliteSearch(read, c.tagGroups) : postgresSearch(read, c.tagSlugs);
}

/**
 * The index rows of one kind of post, and the direction that reads them newest first: ids are
 * `1` + the type's 3 digits + a 13-digit sequence (packages/shared ids.ts), so each kind is one
 * range of the key. On SQLite answers' rowids are negated, so the answers' range is read upwards.
 */
function kindRange(text: TextSearch, kind: 'question' | 'answer') {
  const { low, high } = objectIdRange(kind);
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

type Kind = 'question' | 'answer';

/**
 * How PostgreSQL reads a kind's newest matches: by key (`key`: windows of the kind's newest
 * documents by primary key, each checked; cheap when many match), or through the GIN index,
 * ordering every match (`index`: cheap when few do); `planner` lets the planner choose
 * (prefixes, or no word shares). Reading W matches by key costs about W / share rows, the
 * index share x documents, so the key wins when share^2 x documents > W.
 */
type Read = { how: 'key'; share: number; documents: number } | { how: 'index' } | { how: 'planner' };
type ReadPlan = (kind: Kind, wanted: number) => Read;
const byPlanner: ReadPlan = () => ({ how: 'planner' });

/** Whether reading `wanted` matches by key costs less than through the GIN index (see Read). */
const keyWins = (share: number, documents: number, wanted: number) => share > 0 && share * share * documents > wanted;

function readPlan(text: TextSearch, shares: WordShares | undefined): ReadPlan {
  const share = text.share;
  if (!share || !shares) return byPlanner;
  return (kind, wanted) => {
    const held = share(shares[kind]);
    const { documents } = shares[kind];
    return keyWins(held, documents, wanted) ? { how: 'key', share: held, documents } : { how: 'index' };
  };
}

/**
 * Rows a read by key checks per window at most, and in all before the GIN index reads the rest
 * (a share the sample overrated, when the windows' own share still looks dense enough).
 */
const KEY_WINDOW_MAX = 20_000;
const KEY_ROWS_MAX = 60_000;
type Match = { id: string; rank: number };

/**
 * PostgreSQL: a kind's newest `wanted` matches (below the key `below`), with `rank`. By key, a
 * window of the newest documents is read by primary key (its `limit` leaves the planner no
 * other order; the match is checked on the window's rows, never estimated, and only until
 * enough match) and the next window starts below it, sized by what is still wanted. Through the
 * GIN index, word documents are read by age (`readNewestByAge`); prefix documents, which carry
 * no age, order the key as an expression, which no index gives, so every match is read and sorted.
 */
async function readNewest(
  db: Db,
  text: TextSearch,
  kind: Kind,
  read: Read,
  wanted: number,
  rank: RawBuilder<unknown>,
  below?: string,
): Promise<Match[]> {
  const range = kindRange(text, kind).where;
  const under = (key: string | undefined) => (key === undefined ? sql`` : sql`and ${text.key} < ${key}`);
  if (read.how === 'index' && text.tsquery) return readNewestByAge(db, text, text.tsquery, kind, wanted, rank, below);
  if (read.how !== 'key') {
    const order = read.how === 'index' ? sql`(${text.key} || '')` : text.key;
    const { rows } = await sql<Match>`select ${text.id} as id, ${rank} as rank from ${text.table}
      where ${text.where[kind]} and ${range} ${under(below)} order by ${order} desc limit ${wanted}`.execute(db);
    return rows;
  }
  const found: Match[] = [];
  let from = below;
  let share = read.share;
  for (let scanned = 0; found.length < wanted;) {
    if (scanned >= KEY_ROWS_MAX || !keyWins(share, read.documents, wanted - found.length)) {
      return [...found, ...(await readNewest(db, text, kind, { how: 'index' }, wanted - found.length, rank, from))];
    }
    const size = Math.min(KEY_WINDOW_MAX, Math.ceil(((wanted - found.length) / share) * 1.25));
    // The window twice: its keys alone (the primary key's index) for where it ends, and its rows
    // in key order, checked until enough match (streamed: materializing the documents cost 3x).
    const window = (columns: RawBuilder<unknown>) =>
      sql`(select ${columns} from ${text.table} where ${range} ${under(from)} order by ${text.key} desc limit ${size})`;
    const { rows } = await sql<Match & { last: string | null; n: number }>`
      select hit.id, hit.rank, edge.last, edge.n
      from (select min(w.id) as last, count(*) as n from ${window(sql`${text.id} as id`)} w) edge
      left join lateral (select s.id, ${rank} as rank from ${window(sql`s.id, s.doc`)} s where ${text.where[kind]}
        order by s.id desc limit ${wanted - found.length}) hit on true`.execute(db);
    for (const row of rows) if (row.id !== null) found.push({ id: row.id, rank: Number(row.rank) });
    const edge = rows[0];
    if (!edge || edge.last === null || Number(edge.n) < size) break;
    from = edge.last;
    scanned += size;
    // The rows read tell the share better than the sample, whose product of each word's share
    // overrates words that seldom meet ("stream background": 1 answer in 20,000, where three
    // windows were read before the index; 80 ms of a 130 ms search at 1M questions).
    share = found.length / scanned;
  }
  return found;
}

/** Age stretches a round reads one after another at most, else the rest is read at once (readNewestByAge). */
const AGE_STRETCHES_READ = 16;
/** Rounds of stretches read after the first two, each sized by the rate of matches so far. */
const AGE_ROUNDS = 3;

/**
 * PostgreSQL: a kind's newest `wanted` matches of `query` (below the key `below`) through its GIN
 * index, by age (`ageLexeme`). The index knows no order, so ordering every match fetched each
 * one's row first ("[react] cache" at 1M questions: 22,637 rows from 21,683 heap pages, 182 ms,
 * for its newest 501). Here the stretches are read newest first, each on its own (its lexeme
 * then narrows the index scan; several in one `|` made the scan walk every match of the words):
 * the two newest first (the newest is seldom full); the matches so far tell how many more stretches
 * hold the rest wanted, read next if few enough (a few rounds); anything still missing comes from
 * every older match at once, as before. A stretch's matches are all newer than the next one's.
 */
async function readNewestByAge(
  db: Db,
  text: TextSearch,
  query: RawBuilder<unknown>,
  kind: Kind,
  wanted: number,
  rank: RawBuilder<unknown>,
  below?: string,
): Promise<Match[]> {
  const range = kindRange(text, kind).where;
  const under = below === undefined ? sql`` : sql`and ${text.key} < ${below}`;
  const newest = below ?? (await newestKey(db, text, kind));
  if (newest === undefined) return [];
  const select = (where: RawBuilder<unknown>, limit: number) =>
    sql`select ${text.id} as id, ${rank} as rank from ${text.table}
      where ${where} and ${range} ${under} order by (${text.key} || '') desc limit ${limit}`;
  // Stretches `from` down to `from - count + 1`, each read on its own, newest first (an Append
  // runs its arms in turn and stops once the limit is met).
  const stretches = async (from: number, count: number, limit: number) => {
    const arms = Array.from({ length: count }, (_, i) => {
      const age = sql`s.doc @@ (${query} && ${tsLexeme(ageLexeme(from - i))}::tsquery)`;
      return sql`(${select(age, limit)})`;
    });
    return (await sql<Match>`select * from (${sql.join(arms, sql` union all `)}) aged limit ${limit}`.execute(db)).rows;
  };
  const seq = Number(newest.slice(4));
  let from = ageStretch(newest);
  const first = Math.min(2, from + 1);
  const found = await stretches(from, first, wanted);
  from -= first;
  // Estimated from the rate so far, a round can fall a few matches short: the next round reads
  // the stretches those few need, where reading every older match at once for them cost
  // "log uploads" at 1M questions 108 ms for its last 22 answers (3,000 matches sorted).
  for (let round = 0; round < AGE_ROUNDS && found.length > 0 && found.length < wanted && from >= 0; round++) {
    const perId = found.length / (seq - (from + 1) * AGE_STRETCH_IDS + 1);
    const count = Math.ceil(((wanted - found.length) / (perId * AGE_STRETCH_IDS)) * 1.25);
    if (count > Math.min(AGE_STRETCHES_READ, from + 1)) break;
    found.push(...(await stretches(from, count, wanted - found.length)));
    from -= count;
  }
  if (found.length < wanted && from >= 0) {
    const older = sql`${text.where[kind]} and ${text.key} < ${makeObjectId(kind, (from + 1) * AGE_STRETCH_IDS)}`;
    found.push(...(await sql<Match>`${select(older, wanted - found.length)}`.execute(db)).rows);
  }
  return found;
}

/** PostgreSQL: the key of a kind's newest document (its primary key's last in the kind's range). */
async function newestKey(db: Db, text: TextSearch, kind: Kind): Promise<string | undefined> {
  const { rows } = await sql<{ key: string | null }>`select max(${text.key}) as key from ${text.table}
    where ${kindRange(text, kind).where}`.execute(db);
  return rows[0]?.key ?? undefined;
}

/**
 * Every matching document with the engine's rank, one kind at a time: each kind is one range
 * of the key, and PostgreSQL has a word index per kind (migration 0014).
 */
function allMatches(text: TextSearch, c: SearchConditions): RawBuilder<unknown> {
  const arms = kindsOf(c).map(
    (kind) => sql`select ${text.id} as id, ${text.rank[kind]} as rank
      from ${text.table} where ${text.where[kind]} and ${kindRange(text, kind).where}`,
  );
  return sql.join(arms, sql` union all `);
}

/**
 * SQLite: the `perKind` best-ranked matching documents of each kind searched (FTS5 ranks every
 * match but keeps only the best in its sorter; ties go to the newest, as the page's order).
 */
function bestMatches(text: TextSearch, c: SearchConditions, perKind: number): RawBuilder<unknown> {
  const arms = kindsOf(c).map((kind) => {
    const range = kindRange(text, kind);
    return sql`select * from (select ${text.id} as id, ${text.rank[kind]} as rank from ${text.table}
      where ${text.where[kind]} and ${range.where} order by ${text.rank[kind]} desc, ${text.key} ${range.newest}
      limit ${perKind}) ${sql.raw(`best_${kind}`)}`;
  });
  return sql.join(arms, sql` union all `);
}

/**
 * The candidates (newest first within each kind) that can be on a page ending at `end`, ordered
 * by rank and then age: at most `end` of each kind at each rank, the newest, taking age within
 * a kind from the id's order (ids follow creation; the candidates are the newest by id too).
 * Joining the page's few instead of all 500 candidates saved each search 2-3 ms at 1M
 * questions, most of it rows read back into a page cache the index walks had just used.
 */
function pageCandidates(candidates: Match[], end: number): Match[] {
  const taken = new Map<string, number>();
  return candidates.filter((m) => {
    const group = `${objectTypeOf(m.id)}:${m.rank}`;
    const n = taken.get(group) ?? 0;
    taken.set(group, n + 1);
    return n < end;
  });
}

/** Matches found by id, as a set the posts join (SQLite: one JSON parameter of [id, rank] pairs). */
const listedMatches = (rows: Match[]) =>
  sql`select value ->> 0 as id, value ->> 1 as rank from json_each(${JSON.stringify(rows.map((r) => [r.id, r.rank]))})`;

/**
 * SQLite: the newest `limit` questions matching `where` (id, rank), each ranked by how many of
 * `titleMatches` its title holds. The titles are read from the oldest candidate's rowid up only
 * (sqliteTitleHits), so this reads about as many rows as the candidates.
 */
export function sqliteNewestByTitle(
  where: RawBuilder<unknown>,
  titleMatches: string[],
  limit: number,
): RawBuilder<unknown> {
  return rankedByTitle(
    sql`select search_fts.rowid as k from search_fts where ${where} order by search_fts.rowid desc limit ${limit}`,
    titleMatches,
  );
}

/** SQLite: the questions `ids` (id, rank), each ranked by how many of `titleMatches` its title holds. */
function sqliteTitleRanks(ids: string[], titleMatches: string[]): RawBuilder<unknown> {
  return rankedByTitle(sql`select cast(value as integer) as k from json_each(${JSON.stringify(ids)})`, titleMatches);
}

/** The candidates' rowids (`k`, from `candidates`) as ids, ranked by the terms their titles hold. */
function rankedByTitle(candidates: RawBuilder<unknown>, titleMatches: string[]): RawBuilder<unknown> {
  return sql`with candidates as (${candidates})
    select cast(k as text) as id, sum(rank) as rank
    from (select k, 0 as rank from candidates union all ${sqliteTitleHits(titleMatches, 'candidates')}) hits
    group by k having min(rank) = 0`;
}

/**
 * SQLite: a row (k, 1) per term for each question whose title holds it, among the questions at
 * or above the oldest of `table`'s `k`: FTS5 seeks each term's title list to that bound. That
 * must be the only lower bound on the rowid: given the questions' range's too, FTS5 used that
 * one and read the term's whole title list (8 ms a common word at 1M questions, not 0.15).
 */
function sqliteTitleHits(titleMatches: string[], table: string): RawBuilder<unknown> {
  const oldest = sql`(select min(k) from ${sql.table(table)})`;
  const { high } = objectIdRange('question');
  const inTitle = titleMatches.map(
    (match) => sql`select search_fts.rowid as k, 1 as rank from search_fts
      where search_fts match ${match} and search_fts.rowid >= ${oldest} and search_fts.rowid < ${sql.raw(high)}`,
  );
  return sql.join(inTitle, sql` union all `);
}

/** Each kind's newest matching documents' post ids, newest first, up to a bound (newestMatches). */
type KindIds = Record<Kind, string[]>;

/**
 * SQLite: each kind's newest matching documents in the index, up to `upTo`, as one JSON array a
 * kind: how many there are is the search's count and tells whether every match can be ranked,
 * and a large match's candidates are the newest of them (newestCandidates), so its lists are
 * walked once. Newest first is the cheap way for FTS5 to reach a kind's stretch: read upwards,
 * the questions' came only after every answer's entry of each term ("deploy large" at 1M
 * questions: 2,001 questions counted in 5.7 ms upwards, 0.6 ms downwards).
 */
async function newestMatches(db: Db, text: TextSearch, c: SearchConditions, upTo: number): Promise<KindIds> {
  const ids = (kind: Kind) => {
    if (!c.kinds[kind]) return sql`'[]'`;
    const range = kindRange(text, kind);
    return sql`(select json_group_array(id) from (select ${text.id} as id from ${text.table}
      where ${text.where[kind]} and ${range.where} order by ${text.key} ${range.newest} limit ${upTo}))`;
  };
  const { rows } = await sql<Record<Kind, string>>`select ${ids('question')} as question,
    ${ids('answer')} as answer`.execute(db);
  const parse = (json: string | undefined) => newestFirst(JSON.parse(json ?? '[]') as string[]);
  return { question: parse(rows[0]?.question), answer: parse(rows[0]?.answer) };
}

/** Ids of one kind, newest first: they are one width, so they compare as text. */
const newestFirst = (ids: string[]) => ids.sort((x, y) => (x < y ? 1 : x > y ? -1 : 0));

/**
 * SQLite: a large match's candidates, all of `newest` (each kind's newest matches, at least
 * COUNT_CAP + 1 of a kind that has them), newest first within each kind, the newest
 * CANDIDATES questions ranked by how many terms their titles hold (one statement over their
 * stretch of rowids), the rest rank 0: the set and its order are the same for every page.
 */
async function newestCandidates(db: Db, text: TextSearch, newest: KindIds): Promise<Match[]> {
  const unranked = (ids: string[]) => ids.map((id) => ({ id, rank: 0 }));
  const ranked = newest.question.slice(0, CANDIDATES);
  const older = unranked(newest.question.slice(CANDIDATES));
  if (ranked.length === 0 || text.titleMatches.length === 0)
    return [...unranked(newest.question), ...unranked(newest.answer)];
  const { rows } = await sql<{ id: string; rank: number }>`${sqliteTitleRanks(ranked, text.titleMatches)}`.execute(db);
  const rankById = new Map(rows.map((r) => [r.id, Number(r.rank)]));
  return [...ranked.map((id) => ({ id, rank: rankById.get(id) ?? 0 })), ...older, ...unranked(newest.answer)];
}

/** The count a search answers: exact up to COUNT_CAP, COUNT_CAP + 1 past it. */
const cappedCount = (n: number) => Math.min(n, COUNT_CAP + 1);

const atLeast = (column: RawBuilder<unknown>, n: number) => (n === 0 ? sql`${column} = 0` : sql`${column} >= ${n}`);

/** Where the posts of a search come from: all of them, or those of the matches `m` (on `engine`). */
type PostSource = { matched: false } | { matched: true; sqlite: boolean };
const sqliteById = (source: PostSource) => source.matched && source.sqlite;

/**
 * Each tag group as a check on the question `questionId`. On SQLite, for posts reached by id
 * from the matches (`byId`), through the index of listed links (tag, status, question), which
 * answers it alone: the planner prefers the unique (question, tag) key, which then reads the
 * link's row for its status (half the time of "[python] install" at 1M questions).
 */
function tagConditions(groups: string[][], questionId: RawBuilder<unknown>, byId: boolean): RawBuilder<unknown>[] {
  const links = byId ? sql`tag_relations tr indexed by tag_relations_listed` : sql`tag_relations tr`;
  return groups.map((ids) =>
    ids.length === 0
      ? sql`1 = 0`
      : sql`exists (select 1 from ${links} where tr.object_id = ${questionId} and tr.status = 1 and tr.tag_id in (${sql.join(ids)}))`,
  );
}

/**
 * The public-question rule of every list (public-questions.ts), on the question `q`: as the
 * lists state it without text (their partial indexes then serve the scan), and as a row check
 * when `q` is reached by id from the matches.
 */
const publicQuestion = (hasText: boolean) => (hasText ? listedQuestionCheckSql('q') : listedQuestionSql('q'));

/** The post-side conditions of the question branch (the index knows none of them). */
function questionFilters(c: SearchConditions, source: PostSource): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [...tagConditions(c.tagGroups, sql.raw('q.id'), sqliteById(source))];
  if (c.userId !== undefined) where.push(sql`q.user_id = ${c.userId}`);
  if (c.score !== undefined) where.push(atLeast(sql.raw('q.vote_count'), c.score));
  if (c.answers !== undefined) where.push(atLeast(sql.raw('q.answer_count'), c.answers));
  if (c.views !== undefined) where.push(sql`q.view_count >= ${c.views}`);
  if (c.hasAccepted !== undefined) {
    where.push(c.hasAccepted ? sql`q.accepted_answer_id not in ('', '0')` : sql`q.accepted_answer_id in ('', '0')`);
  }
  return where;
}

function answerFilters(c: SearchConditions, source: PostSource): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [...tagConditions(c.tagGroups, sql.raw('a.question_id'), sqliteById(source))];
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

/**
 * The matches of one kind, by their ids' range: a branch then looks up only its own kind's
 * posts (each answer's id probed the questions too, and each question's the answers: 1 ms of
 * a PostgreSQL page of 310 candidates at 1M questions).
 */
function matchesOfKind(kind: Kind) {
  const { low, high } = objectIdRange(kind);
  return sql`(select * from m where m.id >= ${sql.lit(low)} and m.id < ${sql.lit(high)}) m`;
}

function questionBranch(c: SearchConditions, source: PostSource) {
  const hasText = source.matched;
  const where = [publicQuestion(hasText), ...questionFilters(c, source)];
  if (hasText) where.unshift(sql`q.id = m.id`);
  return sql`select q.id as id, 1 as kind, q.created_at as created_at, q.post_update_time as active_at,
    q.vote_count as score, ${hasText ? sql`m.rank` : sql`0`} as rank
    from ${source.matched ? postsOfMatches(matchesOfKind('question'), 'questions', 'q', source.sqlite) : sql`questions q`}
    where ${sql.join(where, sql` and `)}`;
}

function answerBranch(c: SearchConditions, source: PostSource) {
  const hasText = source.matched;
  // By id from the matches, `+` keeps the status a row check (see listedQuestionCheckSql).
  const liveAnswer = hasText ? sql`+a.status = ${ANSWER_STATUS.normal}` : sql`a.status = ${ANSWER_STATUS.normal}`;
  const where = [liveAnswer, publicQuestion(hasText), ...answerFilters(c, source)];
  if (hasText) where.unshift(sql`a.id = m.id`);
  return sql`select a.id as id, 2 as kind, a.created_at as created_at, a.updated_at as active_at,
    a.vote_count as score, ${hasText ? sql`m.rank` : sql`0`} as rank
    from ${source.matched ? postsOfMatches(matchesOfKind('answer'), 'answers', 'a', source.sqlite) : sql`answers a`}
    join questions q on q.id = a.question_id
    where ${sql.join(where, sql` and `)}`;
}

/**
 * SQLite: the newest `perKind` posts of each kind whose documents match the text and which pass
 * the search's conditions on the posts (a user, a score...): FTS5 is read newest first and each
 * match joined to its post by key in the same pass, so a common word with a common condition
 * stops after a few thousand documents instead of checking every match ("[python] install" at
 * 1M questions, when tags were checked here, had read 15,604 posts: 76 ms, then 30). Questions
 * rank by how many terms their titles hold (`titleMatches` over the passing questions' stretch
 * of rowids, as sqliteNewestByTitle), answers by age: bm25 first counts each term's documents in the whole
 * index (36 ms for "test" at 1M questions, per kind). PostgreSQL walks in batches instead
 * (walkInBatches).
 */
function newestPassing(c: SearchConditions, text: TextSearch, perKind: number): RawBuilder<unknown> {
  const source: PostSource = { matched: true, sqlite: true };
  const byKey = (table: 'questions' | 'answers', alias: 'q' | 'a') =>
    sql`${text.table} cross join ${sql.table(table)} ${sql.raw(alias)}`;
  const arms = kindsOf(c).map((kind) => {
    const range = kindRange(text, kind);
    const newest = sql`order by ${text.key} ${range.newest} limit ${perKind}`;
    if (kind === 'question') {
      const where = [sql`q.id = ${text.id}`, text.where.question, range.where, publicQuestion(true)];
      return sql`select * from (with passing as (select q.id as id, 1 as kind, q.created_at as created_at,
          q.post_update_time as active_at, q.vote_count as score, search_fts.rowid as k
          from ${byKey('questions', 'q')}
          where ${sql.join([...where, ...questionFilters(c, source)], sql` and `)} ${newest})
        select id, kind, created_at, active_at, score, coalesce(titled.n, 0) as rank from passing
        left join (select k, count(*) as n from (${sqliteTitleHits(text.titleMatches, 'passing')}) hits group by k) titled
          using (k)) newest_question`;
    }
    const where = [sql`a.id = ${text.id}`, text.where.answer, range.where, sql`+a.status = ${ANSWER_STATUS.normal}`];
    return sql`select * from (select a.id as id, 2 as kind, a.created_at as created_at,
      a.updated_at as active_at, a.vote_count as score, 0 as rank
      from ${byKey('answers', 'a')} join questions q on q.id = a.question_id
      where ${sql.join([...where, publicQuestion(true), ...answerFilters(c, source)], sql` and `)} ${newest}) newest_answer`;
  });
  return sql.join(arms, sql` union all `);
}

function orderBy(order: SearchOrder, hasTerms: boolean): RawBuilder<unknown> {
  if (order === 'relevance' && hasTerms) return sql`rank desc, created_at desc, id desc`;
  if (order === 'active') return sql`active_at desc, id desc`;
  if (order === 'score') return sql`score desc, created_at desc, id desc`;
  return sql`created_at desc, id desc`;
}

/**
 * Whether the index alone bounds the search: only its text, kinds and tags narrow it (both
 * engines mark tags exactly in the documents), not a condition on the posts (a user, a score...).
 */
const indexBounds = (c: SearchConditions) =>
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
/** Which results a page holds, and one page of hits with the search's count. */
type PageWindow = { limit: number; offset: number };
type SearchPage = { count: number; hits: SearchHit[] };
const toHits = (rows: HitRow[]): SearchHit[] =>
  rows.map((r) => ({ id: r.id, kind: Number(r.kind) === 1 ? 'question' : 'answer' }));

export const searchRepository = {
  /**
   * One page of matching posts anyone may see, best first, and how many match in all. Posts are
   * checked against the public rule themselves, not only through the index. Many matches of
   * text and tags alone are bounded (see COUNT_CAP).
   */
  async search(db: Db, c: SearchConditions, order: SearchOrder, page: PageWindow): Promise<SearchPage> {
    if (!c.kinds.question && !c.kinds.answer) return { count: 0, hits: [] };
    // An unknown or deleted tag (no ids in its group): nothing carries it.
    if (c.tagGroups.some((ids) => ids.length === 0)) return { count: 0, hits: [] };
    const text = textSearch(c, isSqlite(db));
    if (text === 'nothing') return { count: 0, hits: [] };
    if (isSqlite(db)) return find(db, c, text, order, page, byPlanner);
    // Sampled only for searches that can read by key (not prefixes, not without text).
    const plan = text?.share ? readPlan(text, await wordShares(db)) : byPlanner;
    // A search reads a few thousand rows at a time: starting parallel workers cost more (about
    // 20 ms at 1M questions) than they saved and took cores from the other requests, and JIT
    // compiling a costly plan took 124 ms before it ran. With text every read is through an
    // index (readPlan), never a scan of the whole table, whatever the planner estimates: a
    // common prefix looked so dense that "the first 501 matches" seemed cheapest by a scan, but
    // each kind is one stretch of the table, so a question scan first read all 3M answers (1.3 s
    // at 1M questions, against 35 ms through the kind's GIN index).
    return db.transaction().execute(async (trx) => {
      const seqscan = text ? 'off' : 'on';
      await sql`select set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true),
        set_config('enable_seqscan', ${seqscan}, true)`.execute(trx);
      return find(trx, c, text, order, page, plan);
    });
  },
};

/**
 * One page of `posts` in order and how many there are in all, in one pass (a window count); a
 * page past the end, which has no row to carry the total, counts them on its own.
 */
async function pageWithTotal(
  db: Db,
  posts: RawBuilder<unknown>,
  sorted: RawBuilder<unknown>,
  page: PageWindow,
): Promise<SearchPage> {
  const rows = await sql<HitRow & { total: number }>`select id, kind, count(*) over () as total
    from (${posts}) r order by ${sorted} limit ${page.limit} offset ${page.offset}`.execute(db);
  let total = Number(rows.rows[0]?.total ?? 0);
  if (rows.rows.length === 0 && page.offset > 0) {
    const counted = await sql<{ n: number }>`select count(*) as n from (${posts}) r`.execute(db);
    total = Number(counted.rows[0]?.n ?? 0);
  }
  return { count: cappedCount(total), hits: toHits(rows.rows) };
}

/** One page of `matches` (id, rank) whose posts anyone may see, in order: no count. */
async function visiblePage(
  db: Db,
  c: SearchConditions,
  matches: RawBuilder<unknown>,
  sqlite: boolean,
  sorted: RawBuilder<unknown>,
  page: PageWindow,
): Promise<SearchHit[]> {
  const rows = await sql<HitRow>`select id, kind from (${visiblePosts(c, matches, sqlite)}) r
    order by ${sorted} limit ${page.limit} offset ${page.offset}`.execute(db);
  return toHits(rows.rows);
}

/**
 * Matches a PostgreSQL walk reads at a time after its first batch, and how many batches it reads
 * before it ranks every match instead. The first batch is the posts wanted: reading 2,000 first
 * cost "[python] log" 0.8 s (when tags walked too).
 */
const WALK_BATCH = 2_000;
const WALK_BATCHES = 10;

/**
 * PostgreSQL's form of `newestPassing`. Its planner, which estimates the tag check and the
 * public rule's row checks poorly, joined every match to every tagged question in one query
 * (9.4 s for "[python] cache" at 1M questions). Here each kind's newest matches are read
 * in batches (the index newest first, below the last batch), and each batch is checked
 * against its posts by key, until `perKind` pass or the matches end; then the passing posts are
 * ordered and paged. A narrow condition (a user, a score) over a common word can leave most of
 * the matches unread after WALK_BATCHES: then undefined, and every match is ranked as before;
 * undefined too when the walk read every match and they are few enough to rank them all.
 */
async function walkInBatches(
  db: Db,
  c: SearchConditions,
  text: TextSearch,
  perKind: number,
  sorted: RawBuilder<unknown>,
  page: PageWindow,
  plan: ReadPlan,
): Promise<SearchPage | undefined> {
  const passing: { id: string; rank: number }[] = [];
  let allRead = true;
  let read = 0;
  for (const kind of kindsOf(c)) {
    const size = (batch: number) => (batch === 0 ? perKind : WALK_BATCH);
    const rank = kind === 'question' ? text.titleRank : sql`0`;
    const only: SearchConditions = { ...c, kinds: { question: kind === 'question', answer: kind === 'answer' } };
    let below: string | undefined;
    let passed = 0;
    for (let batch = 0; ; batch++) {
      if (batch === WALK_BATCHES) return undefined;
      const rows = await readNewest(db, text, kind, plan(kind, size(batch)), size(batch), rank, below);
      read += rows.length;
      if (rows.length === 0) break;
      below = rows[rows.length - 1]!.id;
      const checked = await sql<{
        id: string;
      }>`select id from (${visiblePosts(only, unnested(rows), false)}) r`.execute(db);
      const pass = new Set(checked.rows.map((r) => r.id));
      // In the walk's order (newest first), so the cut keeps the newest.
      for (const row of rows) {
        if (!pass.has(row.id) || passed === perKind) continue;
        passing.push(row);
        passed += 1;
      }
      if (rows.length < size(batch)) break;
      if (passed === perKind) {
        allRead = false;
        break;
      }
    }
  }
  // Few matches in all: ranked by the engine's rank instead (the rank-all path).
  if (allRead && read <= text.rankAllUpTo) return undefined;
  if (passing.length === 0) return { count: 0, hits: [] };
  const hits = await visiblePage(db, c, unnested(passing), false, sorted, page);
  return { count: cappedCount(passing.length), hits };
}

/** Matches found by id, as a set the posts join (PostgreSQL: two array parameters). */
const unnested = (rows: { id: string; rank: number }[]) =>
  sql`select * from unnest(${rows.map((r) => r.id)}::text[], ${rows.map((r) => Number(r.rank))}::float8[]) as u(id, rank)`;

/**
 * PostgreSQL reads each kind's newest matches first, without counting them apart: a search of
 * text and tags alone reads COUNT_CAP + 1 questions, and answers as far as the count and (by
 * relevance) the page need, which are its count, and past `rankAllUpTo` they are the
 * candidates of every page (the newest CANDIDATES questions ranked by their titles);
 * conditions on the posts walk (walkInBatches). Undefined when every match is to be ranked (few
 * of them, or a walk that gave up). Reading the matches once where a count read them first
 * halved "cache connections".
 */
async function findNewestPostgres(
  db: Db,
  c: SearchConditions,
  text: TextSearch,
  order: SearchOrder,
  page: PageWindow,
  plan: ReadPlan,
): Promise<SearchPage | undefined> {
  const sorted = orderBy(order, c.terms.length > 0);
  const perKind = Math.max(COUNT_CAP + 1, page.offset + page.limit);
  if (!indexBounds(c)) return walkInBatches(db, c, text, perKind, sorted, page, plan);
  const end = order === 'relevance' ? page.offset + page.limit : Infinity;
  const read = async (kind: Kind, wanted: number, below?: string) =>
    c.kinds[kind] ? (await readNewest(db, text, kind, plan(kind, wanted), wanted, sql`0`, below)).map((m) => m.id) : [];
  const questions = await read('question', perKind);
  // By relevance answers rank 0, so only the newest `end` of them can reach the page: past
  // those, answers are read only as far as the count needs ("[json] cache" at 1M questions
  // read 501 answers for a page that had room for 30 of them: 22 of its 79 ms).
  const answersWanted = c.kinds.question && order === 'relevance' ? Math.max(end, perKind - questions.length) : perKind;
  let answers = await read('answer', answersWanted);
  const matched = questions.length + answers.length;
  if (matched === 0) return { count: 0, hits: [] };
  if (matched <= text.rankAllUpTo) return undefined;
  // Every match read is a candidate; only the newest CANDIDATES questions are ranked, by their
  // titles (ranking every match counted read each document again per term), the rest rank 0:
  // the set and its order are the same for every page. By relevance, of those that rank 0 only
  // the newest that fill the page can reach it (ids follow creation), as pageCandidates on
  // SQLite, unless the public rule leaves that page short: then all of them, every answer too.
  const candidates = (unranked: number) => sql`select p.id, ${text.titleRank} as rank
      from unnest(${questions.slice(0, CANDIDATES)}::text[]) as p(id) join search_docs s on s.id = p.id
    union all select q.id, 0 from unnest(${questions.slice(CANDIDATES, CANDIDATES + unranked)}::text[]) as q(id)
    union all select a.id, 0 from unnest(${answers.slice(0, unranked)}::text[]) as a(id)`;
  let hits = await visiblePage(db, c, candidates(end), false, sorted, page);
  const cut = answersWanted < perKind && answers.length === answersWanted;
  const pruned = questions.length > CANDIDATES + end || answers.length > end;
  if ((pruned || cut) && hits.length < page.limit) {
    // The rest of the answers, below the ones read (newest first).
    if (cut) answers = [...answers, ...(await read('answer', perKind - answers.length, answers.at(-1)))];
    hits = await visiblePage(db, c, candidates(Infinity), false, sorted, page);
  }
  // The index's count, as SQLite's path below.
  return { count: cappedCount(matched), hits };
}

/** One page of the search and its count (searchRepository.search), with the index side read. */
async function find(
  db: Db,
  c: SearchConditions,
  text: TextSearch | undefined,
  order: SearchOrder,
  page: PageWindow,
  plan: ReadPlan,
): Promise<SearchPage> {
  const sorted = orderBy(order, c.terms.length > 0);
  if (text && !text.sqlite) {
    const found = await findNewestPostgres(db, c, text, order, page, plan);
    if (found) return found;
  } else if (text) {
    // Read far enough to tell the count and whether every match can be ranked, and to hold the
    // candidates of the page when they cannot (a page past COUNT_CAP adds only older ones,
    // which rank 0: the pages before it keep their order).
    const countTo = indexBounds(c) ? Math.max(COUNT_CAP, text.rankAllUpTo, page.offset + page.limit) : text.rankAllUpTo;
    const newest = await newestMatches(db, text, c, countTo + 1);
    const matched = newest.question.length + newest.answer.length;
    if (matched === 0) return { count: 0, hits: [] };
    if (matched > text.rankAllUpTo && indexBounds(c)) {
      const candidates = await newestCandidates(db, text, newest);
      const likely = order === 'relevance' ? pageCandidates(candidates, page.offset + page.limit) : candidates;
      let hits = await visiblePage(db, c, listedMatches(likely), true, sorted, page);
      // A candidate the public rule drops (the index behind its post) may leave the page short.
      if (likely.length < candidates.length && hits.length < page.limit) {
        hits = await visiblePage(db, c, listedMatches(candidates), true, sorted, page);
      }
      // The index's count (it holds public posts only, written with them): reading every
      // matching post to count it is what this path avoids.
      return { count: cappedCount(matched), hits };
    }
    if (matched > text.rankAllUpTo) {
      // Other conditions narrow the matches: the count is of the newest posts that pass them.
      const passing = Math.max(COUNT_CAP + 1, page.offset + page.limit);
      return pageWithTotal(db, newestPassing(c, text, passing), sorted, page);
    }
    if (indexBounds(c) && order === 'relevance') {
      // Few enough to rank them all, and only the page's best need their posts: the rest of the
      // matches are never joined. Their count is the index's (it holds public posts only). A
      // post the public rule drops (the index behind its post) sends it the long way below.
      const wanted = Math.max(0, Math.min(page.limit, matched - page.offset));
      const best = bestMatches(text, c, page.offset + page.limit);
      const hits = wanted > 0 ? await visiblePage(db, c, best, true, sorted, page) : [];
      if (hits.length === wanted) return { count: cappedCount(matched), hits };
    }
  }
  // Every match is read to order them.
  return pageWithTotal(db, visiblePosts(c, text ? allMatches(text, c) : undefined, isSqlite(db)), sorted, page);
}
