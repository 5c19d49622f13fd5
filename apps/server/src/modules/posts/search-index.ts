import { sql, type RawBuilder } from 'kysely';
import { ANSWER_STATUS, objectIdRange, objectTypeOf } from '@inquire/shared';
import { isSqlite, type Db } from '../../infra/db.js';
import { nowSeconds } from '../../lib/clock.js';
import { plainText } from '../../lib/markdown.js';
import { AGE_STRETCH_IDS, ageLexeme, ageStretch, searchWords, tagLexeme, tagMark } from '../search/search-text.js';
import { isPublicQuestion } from './public-questions.js';
import { searchFeedQueue } from './search-feed-queue.js';

/**
 * The search index's writer (tables of migration 0023): one document per question and answer
 * that anyone may see, by the public-question rule every list uses. Every write that changes a
 * post's text, tags, status or visibility calls one of the sync functions with its transaction,
 * so the index never disagrees with the posts after a commit. The same calls queue the posts for
 * an active search plugin's own index (search-feed-queue.ts), in the same transaction. Restricted posts (deleted,
 * pending, unlisted, and the answers of such questions) have no document; the search query
 * applies the same rule to the posts themselves as well.
 *
 * Runs only on the connection it is given: inside a transaction that is the transaction
 * (on SQLite, another connection would wait for it forever).
 */

interface Doc {
  id: string;
  title: string;
  body: string;
  /** The question's tag text (slugs and names of its listed tags), for questions and answers alike. */
  tags: string;
  /** The question's listed tags' slugs: PostgreSQL's tag lexemes (`tagLexeme`). */
  tagSlugs: string[];
  /** The same tags' ids: SQLite's tag marks (`tagMark`). */
  tagIds: string[];
}

/** Longest body text indexed per post: long posts are rare, and their first part ranks them. */
const BODY_MAX = 100_000;
const BATCH = 500;

/** A byte count as the commands print sizes: "12.3 MB". */
export const formatMegabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

const bodyText = (html: string) => plainText(html, BODY_MAX);

/**
 * The index row of a post id: SQLite keys FTS5 rows by the id as a number (17 digits fit in 64
 * bits), negated for answers (migration 0011). Each kind then sits at one end of the rowid
 * space with its newest post outermost, so "the newest matches of a kind" is a scan from that
 * end (FTS5 walks from either end quickly, but not from the middle: a question scan below
 * positive answer rowids would first step over every matching answer).
 */
export const sqliteRowid = (id: string) =>
  objectTypeOf(id) === 'answer' ? sql`(-cast(${id} as integer))` : sql`cast(${id} as integer)`;

async function deleteDocs(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  if (isSqlite(db)) {
    await sql`delete from search_fts where rowid in (${sql.join(ids.map(sqliteRowid))})`.execute(db);
  } else {
    await sql`delete from search_docs where id in (${sql.join(ids)})`.execute(db);
    await sql`delete from search_prefixes where id in (${sql.join(ids)})`.execute(db);
  }
}

/**
 * The texts go in as their index words (search-text.ts); neither engine keeps them: FTS5's table
 * is contentless, PostgreSQL's holds the weighted tsvector (title A, body B, tags C) alone, and
 * `search_prefixes` the words' 2-letter prefixes (`prefixVector`). Both mark each of the
 * question's tags exactly in every document, answers' too, for the tag filter: FTS5 a tag mark
 * per id in the tags column (beside the tag text, which the answers' text terms leave out,
 * search.repository.ts), PostgreSQL a tag lexeme per slug, with the tag words (weight C) in
 * questions' only, so words match an answer's own text. PostgreSQL's also carry their age
 * (`ageLexeme`), which FTS5 has in its rowids.
 */
async function insertDocs(db: Db, docs: Doc[], pgTable = 'search_docs'): Promise<void> {
  if (docs.length === 0) return;
  const sqlite = isSqlite(db);
  const rows: RawBuilder<unknown>[] = docs.map((d) => {
    const ownTags = objectTypeOf(d.id) === 'question' ? d.tags : '';
    const [title, body, tags] = [d.title, d.body, sqlite ? d.tags : ownTags].map((text) => searchWords(text).join(' '));
    if (sqlite) {
      const marked = [tags, ...new Set(d.tagIds.map(tagMark))].filter(Boolean).join(' ');
      return sql`(${sqliteRowid(d.id)}, ${title}, ${body}, ${marked})`;
    }
    const marks = [...new Set(d.tagSlugs.map(tagLexeme)), ageLexeme(ageStretch(d.id))];
    return sql`(${d.id}, setweight(to_tsvector('simple', ${title}), 'A') || setweight(to_tsvector('simple', ${body}), 'B') ||
      setweight(to_tsvector('simple', ${tags}), 'C') || array_to_tsvector(${marks}::text[]))`;
  });
  if (sqlite) {
    await sql`insert into search_fts (rowid, title, body, tags) values ${sql.join(rows)}`.execute(db);
    return;
  }
  await sql`insert into ${sql.table(pgTable)} (id, doc) values ${sql.join(rows)}`.execute(db);
  // A rebuild derives the whole prefix table once its documents are in (swapPostgresTable).
  if (pgTable !== 'search_docs') return;
  const ids = sql.join(docs.map((d) => d.id));
  await sql`insert into search_prefixes (id, doc) select id, ${prefixVector(sql`doc`)} from search_docs
    where id in (${ids})`.execute(db);
}

/**
 * PostgreSQL's prefix document of a word document `doc`: the first two letters of each of its
 * words of two letters or more, as position-less lexemes (`search_prefixes`, migration 0024).
 * A lone 2-letter term then reads one posting list there, as FTS5's prefix='2' index does.
 * Derived from the tsvector itself, so the rebuild and every write compute it the same way;
 * tag and age lexemes (`#slug`, `~stretch`) are not words and have no prefix.
 */
export const prefixVector = (doc: RawBuilder<unknown>) =>
  sql`array_to_tsvector(array(select distinct left(w.lexeme, 2) from unnest(${doc}) w
    where char_length(w.lexeme) >= 2 and left(w.lexeme, 1) not in ('#', '~')))`;

/** The table PostgreSQL's rebuild fills before it replaces `search_docs`. */
const NEXT_TABLE = 'search_docs_next';
/** Each kind's id range (packages/shared ids.ts: `1` + the type's 3 digits + 13 digits). */
const idsOf = (kind: 'question' | 'answer') => {
  const { low, high } = objectIdRange(kind);
  return sql`id >= ${sql.lit(low)} and id < ${sql.lit(high)}`;
};
const QUESTION_IDS = idsOf('question');
const ANSWER_IDS = idsOf('answer');

/** PostgreSQL's index table: the weighted tsvector of each document, nothing else. */
async function createPostgresTable(db: Db, name: string): Promise<void> {
  await sql`create table ${sql.table(name)} (id text not null, doc tsvector not null)`.execute(db);
}

/**
 * Indexes the filled table and puts it in place of `search_docs`: a primary key, and a GIN
 * index per kind of post (every search reads one kind at a time, and with one index for both,
 * a search for questions fetched and rechecked every matching answer too). Dropping the old
 * table waits for searches reading it, and new ones wait for the commit that follows.
 */
async function swapPostgresTable(db: Db): Promise<void> {
  await swapDocsTable(db);
  await buildPrefixTable(db);
}

async function swapDocsTable(db: Db): Promise<void> {
  const next = sql.table(NEXT_TABLE);
  await sql`alter table ${next} add constraint search_docs_next_pkey primary key (id)`.execute(db);
  await sql`create index search_docs_next_questions on ${next} using gin (doc) where ${QUESTION_IDS}`.execute(db);
  await sql`create index search_docs_next_answers on ${next} using gin (doc) where ${ANSWER_IDS}`.execute(db);
  await sql`drop table if exists search_docs`.execute(db);
  await sql`alter table ${next} rename to search_docs`.execute(db);
  await sql`alter index search_docs_next_pkey rename to search_docs_pkey`.execute(db);
  await sql`alter index search_docs_next_questions rename to search_docs_doc_questions`.execute(db);
  await sql`alter index search_docs_next_answers rename to search_docs_doc_answers`.execute(db);
  await sql`analyze search_docs`.execute(db);
}

/**
 * PostgreSQL documents written before they carried their age (migration 0027): each one again
 * with its `ageLexeme`, in a new table put in place as a rebuild does, without reading the
 * posts again. The prefix table is unchanged: it leaves age lexemes out.
 */
export async function markPostgresAges(db: Db): Promise<void> {
  await createPostgresTable(db, NEXT_TABLE);
  // ageLexeme(ageStretch(id)): `~` and the id's sequence (after `1` and the type's 3 digits)
  // over AGE_STRETCH_IDS, a whole division.
  const age = sql`'~' || (substr(id, 5)::bigint / ${sql.lit(AGE_STRETCH_IDS)})::text`;
  await sql`insert into ${sql.table(NEXT_TABLE)} (id, doc)
    select id, doc || array_to_tsvector(array[${age}]) from search_docs`.execute(db);
  await swapDocsTable(db);
}

/**
 * Fills `search_prefixes` again from `search_docs` (`prefixVector` of each document; migration
 * 0024 and every rebuild): a new table, indexed once full (a primary key, and a GIN index per
 * kind as the documents have), put in place of the old one.
 */
export async function buildPrefixTable(db: Db): Promise<void> {
  await sql`create table search_prefixes_next as select id, ${prefixVector(sql`doc`)} as doc from search_docs`.execute(
    db,
  );
  await sql`alter table search_prefixes_next alter column id set not null, alter column doc set not null`.execute(db);
  await sql`alter table search_prefixes_next add constraint search_prefixes_next_pkey primary key (id)`.execute(db);
  await sql`create index search_prefixes_next_questions on search_prefixes_next using gin (doc) where ${QUESTION_IDS}`.execute(
    db,
  );
  await sql`create index search_prefixes_next_answers on search_prefixes_next using gin (doc) where ${ANSWER_IDS}`.execute(
    db,
  );
  await sql`drop table if exists search_prefixes`.execute(db);
  await sql`alter table search_prefixes_next rename to search_prefixes`.execute(db);
  await sql`alter index search_prefixes_next_pkey rename to search_prefixes_pkey`.execute(db);
  await sql`alter index search_prefixes_next_questions rename to search_prefixes_questions`.execute(db);
  await sql`alter index search_prefixes_next_answers rename to search_prefixes_answers`.execute(db);
  await sql`analyze search_prefixes`.execute(db);
}

interface TagsOfQuestion {
  text: string;
  slugs: string[];
  ids: string[];
}
const NO_TAGS: TagsOfQuestion = { text: '', slugs: [], ids: [] };

/** The tags of questions (slugs and display names of their listed links), by question id. */
async function tagsOf(db: Db, questionIds: string[]): Promise<Map<string, TagsOfQuestion>> {
  const tags = new Map<string, TagsOfQuestion>();
  if (questionIds.length === 0) return tags;
  const rows = await db
    .selectFrom('tag_relations')
    .innerJoin('tags', 'tags.id', 'tag_relations.tag_id')
    .select(['tag_relations.object_id', 'tags.id', 'tags.slug_name', 'tags.display_name'])
    .where('tag_relations.object_id', 'in', questionIds)
    .where('tag_relations.status', '=', 1)
    .execute();
  for (const row of rows) {
    const words =
      row.display_name && row.display_name !== row.slug_name ? `${row.slug_name} ${row.display_name}` : row.slug_name;
    const held = tags.get(row.object_id) ?? NO_TAGS;
    tags.set(row.object_id, {
      text: [held.text, words].filter(Boolean).join(' '),
      slugs: [...held.slugs, row.slug_name],
      ids: [...held.ids, row.id],
    });
  }
  return tags;
}

async function questionDocs(db: Db, questions: { id: string; title: string; parsed_text: string }[]): Promise<Doc[]> {
  const tags = await tagsOf(
    db,
    questions.map((q) => q.id),
  );
  return questions.map((q) => {
    const held = tags.get(q.id) ?? NO_TAGS;
    return {
      id: q.id,
      title: q.title,
      body: bodyText(q.parsed_text),
      tags: held.text,
      tagSlugs: held.slugs,
      tagIds: held.ids,
    };
  });
}

const answerDoc = (a: { id: string; parsed_text: string }, tags: TagsOfQuestion): Doc => ({
  id: a.id,
  title: '',
  body: bodyText(a.parsed_text),
  tags: tags.text,
  tagSlugs: tags.slugs,
  tagIds: tags.ids,
});

export const searchIndex = {
  /**
   * A question's documents: its own and its answers' (its title, text, tags, status or
   * visibility changed; its answers follow its visibility and carry its tags).
   */
  async syncQuestion(db: Db, questionId: string): Promise<void> {
    const question = await db
      .selectFrom('questions')
      .select(['id', 'title', 'parsed_text', 'status', 'show'])
      .where('id', '=', questionId)
      .executeTakeFirst();
    const answers = await db
      .selectFrom('answers')
      .select(['id', 'parsed_text', 'status'])
      .where('question_id', '=', questionId)
      .execute();
    const answerIds = answers.map((a) => a.id);
    await deleteDocs(db, [questionId, ...answerIds]);
    await searchFeedQueue.enqueue(db, [questionId, ...answerIds], nowSeconds());
    if (!question || !isPublicQuestion(question)) return;
    const [doc] = await questionDocs(db, [question]);
    const live = answers.filter((a) => a.status === ANSWER_STATUS.normal);
    await insertDocs(db, [
      doc!,
      ...live.map((a) => answerDoc(a, { text: doc!.tags, slugs: doc!.tagSlugs, ids: doc!.tagIds })),
    ]);
  },

  /** One answer (written, edited, deleted or restored). */
  async syncAnswer(db: Db, answerId: string): Promise<void> {
    const answer = await db
      .selectFrom('answers')
      .innerJoin('questions', 'questions.id', 'answers.question_id')
      .select([
        'answers.id',
        'answers.question_id',
        'answers.parsed_text',
        'answers.status',
        'questions.status as q_status',
        'questions.show',
      ])
      .where('answers.id', '=', answerId)
      .executeTakeFirst();
    await deleteDocs(db, [answerId]);
    // The question's document too: a search plugin's carries its answer count.
    await searchFeedQueue.enqueue(db, answer ? [answerId, answer.question_id] : [answerId], nowSeconds());
    if (!answer || answer.status !== ANSWER_STATUS.normal) return;
    if (!isPublicQuestion({ status: answer.q_status, show: answer.show })) return;
    const tags = await tagsOf(db, [answer.question_id]);
    await insertDocs(db, [answerDoc(answer, tags.get(answer.question_id) ?? NO_TAGS)]);
  },

  /** The questions carrying a tag, and their answers (its name changed, which their tag text holds). */
  async syncTag(db: Db, tagId: string): Promise<void> {
    const links = await db
      .selectFrom('tag_relations')
      .select('object_id')
      .where('tag_id', '=', tagId)
      .where('status', '=', 1)
      .execute();
    for (const link of links) await searchIndex.syncQuestion(db, link.object_id);
  },

  /**
   * Rebuilds the whole index from the posts (`inquire reindex`, `inquire seed`, migration 0023),
   * in batches by id; `progress(done, total)` after each. Run it in a transaction so readers
   * never see it half full.
   */
  async rebuild(db: Db, progress: (done: number, total: number) => void = () => {}): Promise<number> {
    const sqlite = isSqlite(db);
    // PostgreSQL fills a new table and indexes it once built, which is several times faster
    // and smaller than growing the GIN indexes row by row; searches read the old table until
    // the swap at the end. FTS5's own command empties a contentless table at once.
    if (sqlite) await sql`insert into search_fts (search_fts) values ('delete-all')`.execute(db);
    else await createPostgresTable(db, NEXT_TABLE);
    const table = sqlite ? undefined : NEXT_TABLE;
    const [questions, answers] = await Promise.all([
      db
        .selectFrom('questions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('answers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const total = Number(questions.n) + Number(answers.n);
    let done = 0;
    let indexed = 0;
    for (let after = ''; ;) {
      const batch = await db
        .selectFrom('questions')
        .select(['id', 'title', 'parsed_text', 'status', 'show'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (batch.length === 0) break;
      const docs = await questionDocs(db, batch.filter(isPublicQuestion));
      await insertDocs(db, docs, table);
      indexed += docs.length;
      done += batch.length;
      after = batch[batch.length - 1]!.id;
      progress(done, total);
    }
    // Answers newest first: on SQLite their rowids are negated ids, and rows written in rowid
    // order fill the table's pages (out of order they are left half empty, and scans read more).
    for (let before = '2'; ;) {
      const batch = await db
        .selectFrom('answers')
        .innerJoin('questions', 'questions.id', 'answers.question_id')
        .select([
          'answers.id',
          'answers.question_id',
          'answers.parsed_text',
          'answers.status',
          'questions.status as q_status',
          'questions.show',
        ])
        .where('answers.id', '<', before)
        .orderBy('answers.id', 'desc')
        .limit(BATCH)
        .execute();
      if (batch.length === 0) break;
      const live = batch.filter(
        (a) => a.status === ANSWER_STATUS.normal && isPublicQuestion({ status: a.q_status, show: a.show }),
      );
      const tags = await tagsOf(db, [...new Set(live.map((a) => a.question_id))]);
      const docs = live.map((a) => answerDoc(a, tags.get(a.question_id) ?? NO_TAGS));
      await insertDocs(db, docs, table);
      indexed += docs.length;
      done += batch.length;
      before = batch[batch.length - 1]!.id;
      progress(Math.min(done, total), total);
    }
    // One b-tree per term instead of one per batch: smaller, and each term is one read.
    if (sqlite) await sql`insert into search_fts (search_fts) values ('optimize')`.execute(db);
    else await swapPostgresTable(db);
    return indexed;
  },

  /** Bytes on disk of the index: its FTS5 tables on SQLite, its tables and indexes on PostgreSQL. */
  async sizeBytes(db: Db): Promise<number> {
    const size = isSqlite(db)
      ? sql<{ n: number }>`select sum(pgsize) as n from dbstat where name glob 'search_fts_*'`
      : sql<{
          n: number;
        }>`select pg_total_relation_size('search_docs') + pg_total_relation_size('search_prefixes') as n`;
    return Number((await size.execute(db)).rows[0]?.n ?? 0);
  },
};
