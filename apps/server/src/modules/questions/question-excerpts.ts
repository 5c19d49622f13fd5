import type { Db } from '../../infra/db.js';
import { plainText } from '../../lib/markdown.js';
import { questionsRepository } from '../posts/questions.repository.js';

/** How long a list's excerpt is, in characters (the peer's 240). */
export const LIST_EXCERPT_LENGTH = 240;

/** Excerpts kept at most: a few thousand questions' worth of list pages, about 300 bytes each. */
const KEPT_EXCERPTS = 20_000;

/**
 * The excerpts question lists show, kept by question and revision. A list's rows leave the body
 * out: reading twenty bodies (kilobytes of HTML each) and cutting an excerpt from each was about
 * a quarter of a list API call at 1M questions on PostgreSQL. A question's text changes only with
 * a new revision (asked, edited, rolled back: each writes its revision id with the text), so an
 * excerpt kept under its revision never goes stale. Bodies not kept are read in one query.
 */
export class QuestionExcerpts {
  private readonly kept = new Map<string, string>();

  constructor(private readonly limit = KEPT_EXCERPTS) {}

  async of(db: Db, rows: readonly { id: string; revision_id: string }[]): Promise<Map<string, string>> {
    const excerpts = new Map<string, string>();
    const missing: string[] = [];
    for (const row of rows) {
      const excerpt = this.kept.get(keyOf(row));
      if (excerpt === undefined) missing.push(row.id);
      else excerpts.set(row.id, excerpt);
    }
    for (const body of await questionsRepository.bodiesOf(db, missing)) {
      const excerpt = plainText(body.parsed_text, LIST_EXCERPT_LENGTH);
      excerpts.set(body.id, excerpt);
      this.keep(keyOf(body), excerpt);
    }
    return excerpts;
  }

  private keep(key: string, excerpt: string): void {
    // The oldest kept goes first (a Map iterates in insertion order).
    if (this.kept.size >= this.limit) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, excerpt);
  }
}

const keyOf = (row: { id: string; revision_id: string }) => `${row.id} ${row.revision_id}`;
