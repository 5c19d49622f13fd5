import { CompiledQuery, sql, type Compilable, type DialectAdapter, type RawBuilder } from 'kysely';
import type { Db } from './db.js';

/** A value a prepared query takes: a parameter, or a list of them (see `oneOf`). */
type Value = string | number | null | readonly string[];

/** What the builder of a prepared query gets for a value while the query is built. */
class Slot {
  constructor(
    readonly name: string,
    /** The item of a list value this slot stands for. */
    readonly item?: number,
  ) {}

  /** A slot written into the SQL text (sql.lit, a template string) could never take a value. */
  toString(): string {
    throw new Error(`prepared query: the value "${this.name}" must be a parameter, not part of the SQL text`);
  }
}

/** What the builder gets for a list value: a slot per item, as many as the list being run has. */
class ListSlot {
  readonly items: Slot[];

  constructor(
    readonly name: string,
    length: number,
  ) {
    this.items = Array.from({ length }, (_, i) => new Slot(name, i));
  }
}

/**
 * `column` is one of `list`. In a prepared query, `list` is one of its values, and the query's
 * text is made once for each length it comes in (`in ($1, $2)`, `in ($1, $2, $3)`...): one text
 * whatever the length (an array parameter) would leave PostgreSQL estimating a length it does
 * not know, and so planning the query anew on every run (1.3 ms for a question page's comments).
 */
export function oneOf(column: RawBuilder<unknown>, list: readonly string[]): RawBuilder<boolean> {
  const items: readonly unknown[] = list instanceof ListSlot ? list.items : list;
  return items.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`${column} in (${sql.join(items)})`;
}

/** A compiled text, and where each of its parameters comes from. */
interface Plan {
  sql: string;
  /** A value (or an item of a list value) by name, or a constant of the query (a status, a limit). */
  parameters: ({ name: string; item?: number } | { constant: unknown })[];
}

/**
 * A query built and compiled once per engine (and per length of its list values), then run
 * with new values. Kysely builds every query anew (a tree of frozen nodes) and compiles it to
 * SQL on every run: about a tenth of a member's question page in Node's CPU, for reads whose
 * text never changes. `build` gets stand-ins for the values and must use each as a plain
 * parameter (a list through `oneOf`); its shape must not depend on them, since it runs once.
 * A value written into the text, or given and never used, fails at the first run.
 */
export function preparedQuery<Values extends Record<string, Value>, Row>(
  build: (db: Db, values: Values) => Compilable<Row>,
): (db: Db, values: Values) => Promise<Row[]> {
  const plans = new WeakMap<DialectAdapter, Map<string, Plan>>();

  function compile(db: Db, values: Values): Plan {
    const names = Object.keys(values);
    const slots = Object.fromEntries(
      names.map((name) => {
        const value = values[name];
        return [name, Array.isArray(value) ? new ListSlot(name, value.length) : new Slot(name)];
      }),
    ) as unknown as Values;
    const compiled = build(db, slots).compile();
    const parameters = compiled.parameters.map((value) =>
      value instanceof Slot ? { name: value.name, item: value.item } : { constant: value },
    );
    const used = new Set(parameters.flatMap((p) => ('name' in p ? [p.name] : [])));
    // An empty list has no item to use.
    const unused = names.filter(
      (name) => !used.has(name) && !(Array.isArray(values[name]) && values[name].length === 0),
    );
    if (unused.length > 0) throw new Error(`prepared query: ${unused.join(', ')} given but not a parameter`);
    return { sql: compiled.sql, parameters };
  }

  function planFor(db: Db, values: Values): Plan {
    const adapter = db.getExecutor().adapter;
    let byLengths = plans.get(adapter);
    if (!byLengths) plans.set(adapter, (byLengths = new Map()));
    let lengths = '';
    for (const value of Object.values(values)) if (Array.isArray(value)) lengths += `${value.length},`;
    let plan = byLengths.get(lengths);
    if (!plan) byLengths.set(lengths, (plan = compile(db, values)));
    return plan;
  }

  return async (db, values) => {
    const plan = planFor(db, values);
    const parameters = plan.parameters.map((p) => {
      if (!('name' in p)) return p.constant;
      const value = values[p.name];
      return p.item === undefined ? value : (value as readonly string[])[p.item];
    });
    const result = await db.executeQuery<Row>(CompiledQuery.raw(plan.sql, parameters));
    return result.rows;
  };
}
