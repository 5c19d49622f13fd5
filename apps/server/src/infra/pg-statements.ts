import type pg from 'pg';

/**
 * Enough for the query texts the app runs again and again (page reads, session, counts); texts
 * beyond it (a rare shape, a long IN list) run unnamed. Each connection keeps at most this many
 * statements on the server.
 */
const MAX_NAMED = 300;

/** PostgreSQL's answer when a kept statement's columns changed under it (a migration ran). */
const PLAN_CHANGED = '0A000';

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * A text whose best plan depends on its values: it walks an index in order until a LIMIT is
 * filled, or matches text (full-text, trigram, LIKE). A generic plan is blind to skew: after
 * five runs for a busy tag PostgreSQL would settle on scanning questions newest first, which
 * for a rare tag at 1M questions reads nearly all of them. Such texts run unnamed, so each run
 * is planned for its own values.
 */
const PLANNED_PER_VALUES = /\blimit\b|@@|%|\bi?like\b|\bsimilarity\b/i;

/**
 * Ends a single SELECT whose plan is the same whatever its values (its rows come from one
 * post's index, or its LIMIT is written in the text): its repository says so, and the text is
 * named and keeps its plan, with or without values.
 */
export const PLANS_ALIKE = '/* plans alike */';

/** Whether a text runs as a named statement that keeps a plan (see withNamedStatements). */
const keepsPlan = (text: string, values: unknown[]) =>
  text.endsWith(PLANS_ALIKE) || (values.length > 0 && !PLANNED_PER_VALUES.test(text));

/**
 * Runs Kysely's parameterised queries as named prepared statements, one name per SQL text: each
 * connection parses and plans a text once instead of on every call (a member's question page
 * runs some 20 reads; parsing them each time was about a sixth of its render on PostgreSQL).
 * Queries without values (migrations' DDL, BEGIN/COMMIT) stay unnamed and may hold several
 * statements, unless marked PLANS_ALIKE; texts planned per values (above) stay unnamed too. If
 * a migration changed a table under a kept `select *`, PostgreSQL refuses that statement once:
 * the text is named afresh and prepared again.
 *
 * Named texts keep PostgreSQL's own plan cache (plan_cache_mode auto): point reads and reads by
 * a post or a member plan the same for every value, and planning them on every run was a fifth
 * of a member's question page at 1M questions (median 6.2 ms against 5.0 ms, in-process).
 */
export function withNamedStatements(pool: pg.Pool): void {
  const names = new Map<string, string>();
  let next = 0;
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED) names.set(text, (name = `inquire_${next++}`));
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (text, values, callback) => {
      if (typeof text !== 'string' || !Array.isArray(values) || callback !== undefined || !keepsPlan(text, values)) {
        return query(text, values, callback);
      }
      const name = nameOf(text);
      if (name === undefined) return query(text, values);
      return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
        const { code, message } = error as { code?: string; message?: string };
        if (code !== PLAN_CHANGED || !message?.includes('cached plan') || names.get(text) !== name) throw error;
        names.delete(text);
        const renamed = nameOf(text);
        return renamed === undefined ? query(text, values) : query({ name: renamed, text, values });
      });
    };
  });
}
