import { sql, type Kysely } from 'kysely';

/**
 * One row holding the site's content generation: a number every write that changes what a
 * page shows moves forward. Each process polls it and drops its guest page cache (and its
 * other per-process caches) when it moved, so processes sharing a database agree within the
 * poll interval.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_generation')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('generation', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into content_generation (id, generation) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_generation').ifExists().execute();
}
