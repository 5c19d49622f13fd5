import { sql } from 'kysely';
import { objectIdRange } from '@inquire/shared';
import type { Db } from '../../infra/db.js';

type Kind = 'question' | 'answer';

/** What share of a kind's documents hold each lexeme, from its newest ones, and how many documents it has. */
export interface KindShares {
  shares: Map<string, number>;
  documents: number;
}
export type WordShares = Record<Kind, KindShares>;

/** Newest documents of each kind sampled, and how long a sample serves before it is taken again. */
const SAMPLED = 4_000;
const KEPT_MS = 10 * 60_000;

/** Each kind's GIN index (posts/search-index.ts), whose row count the planner keeps. */
const INDEXES: Record<Kind, string> = { question: 'search_docs_doc_questions', answer: 'search_docs_doc_answers' };

async function sampleKind(db: Db, kind: Kind): Promise<KindShares> {
  const { low, high } = objectIdRange(kind);
  const index = INDEXES[kind];
  // ts_stat takes its documents as query text; the bounds are our own constants.
  const newest = `select doc from search_docs where id >= '${low}' and id < '${high}' order by id desc limit ${SAMPLED}`;
  const [words, sampled, indexed] = await Promise.all([
    sql<{ word: string; ndoc: number }>`select word, ndoc from ts_stat(${newest})`.execute(db),
    sql<{ n: number }>`select count(*) as n from (${sql.raw(newest)}) d`.execute(db),
    sql<{ n: number }>`select reltuples as n from pg_class where relname = ${index}`.execute(db),
  ]);
  const n = Number(sampled.rows[0]?.n ?? 0);
  const shares = new Map<string, number>();
  if (n > 0) for (const row of words.rows) shares.set(row.word, Number(row.ndoc) / n);
  // reltuples is the planner's count as of the last analyze (-1 before any).
  return { shares, documents: Math.max(n, Number(indexed.rows[0]?.n ?? 0)) };
}

interface Held {
  at: number;
  shares?: WordShares;
  loading?: Promise<WordShares | undefined>;
}
const held = new WeakMap<Db, Held>();

/**
 * PostgreSQL's word shares per kind of post (search.repository.ts chooses how to read the
 * newest matches by them). The planner's own statistics are of the whole index, where questions
 * and answers differ: "user" is in 10% of questions and no answer, so it was estimated at 2.4%
 * of each and a count read all 3M answers newest first to find none (2 s at 1M questions).
 * Taken once per `KEPT_MS` per database; a stale sample only costs speed, never results, so a
 * search waits only for the first one and the next is taken behind it. Undefined when none
 * could be taken: the planner chooses then.
 */
export async function wordShares(db: Db): Promise<WordShares | undefined> {
  const entry = held.get(db) ?? { at: 0 };
  held.set(db, entry);
  if (!entry.loading && Date.now() - entry.at > KEPT_MS) {
    entry.at = Date.now();
    entry.loading = Promise.all([sampleKind(db, 'question'), sampleKind(db, 'answer')])
      .then(([question, answer]) => (entry.shares = { question, answer }))
      .catch(() => entry.shares)
      .finally(() => (entry.loading = undefined));
  }
  return entry.shares ?? (await entry.loading);
}
