import type { Kysely } from 'kysely';

/**
 * Admin suspensions (issue 13, item 4): when the suspension began and the reason the admin
 * gave, which the member reads on the suspended page. The end stays in `suspended_until`;
 * a suspension past it reads as normal everywhere (actor kernel), so it ends by itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('suspended_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('suspended_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('suspended_reason').execute();
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
}
