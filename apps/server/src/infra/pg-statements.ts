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
 * Runs Kysely's parameterised queries as named prepared statements, one name per SQL text: each
 * connection parses and plans a text once instead of on every call (a member's question page
 * runs some 20 reads; parsing them each time was about a sixth of its render on PostgreSQL).
 * Queries without values (migrations' DDL, BEGIN/COMMIT) stay unnamed and may hold several
 * statements. If a migration changed a table under a kept `select *`, PostgreSQL refuses that
 * statement once: the text is named afresh and prepared again.
 *
 * Each connection plans every execution for its values (plan_cache_mode force_custom_plan).
 * After five runs PostgreSQL may otherwise keep one generic plan for a text, and a generic plan
 * is blind to skew: the first runs for a busy tag would settle on scanning questions newest
 * first, which for a rare tag at 1M questions reads nearly all of them. Planning anew costs
 * ~0.9 ms of a member's question page (2k site: median 7.5 ms generic, 8.4 ms custom; 11 ms
 * before statements were named): the parse saved is still most of the gain.
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
    // Queued ahead of the first query the pool hands this connection out for.
    client.query('set plan_cache_mode = force_custom_plan').catch(() => undefined);
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (text, values, callback) => {
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined) {
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
