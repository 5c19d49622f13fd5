import type { Insertable } from 'kysely';
import type { ConnectorBindingsTable } from '../../db/database.js';
import type { Db } from '../../infra/db.js';

export interface ExternalLoginRow {
  user_id: string;
  provider: string;
  external_id: string;
}

/**
 * Whether an error is the unique (provider, external_id) constraint of `user_external_logins`
 * on either engine: two callbacks racing to bind one external id both pass the friendly
 * check, and the constraint decides.
 */
export function isExternalIdTaken(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, constraint } = error as { code?: unknown; message?: unknown; constraint?: unknown };
  if (code === 'SQLITE_CONSTRAINT_UNIQUE')
    return typeof message === 'string' && message.includes('user_external_logins');
  return code === '23505' && constraint === 'user_external_logins_provider_external_id_key';
}

/** `user_external_logins` (members' identities at providers) and `connector_bindings` (waiting for an email). */
export const connectorsRepository = {
  findLogin(db: Db, provider: string, externalId: string): Promise<ExternalLoginRow | undefined> {
    return db
      .selectFrom('user_external_logins')
      .select(['user_id', 'provider', 'external_id'])
      .where('provider', '=', provider)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
  },

  loginsOf(db: Db, userId: string): Promise<ExternalLoginRow[]> {
    return db
      .selectFrom('user_external_logins')
      .select(['user_id', 'provider', 'external_id'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  },

  async insertLogin(db: Db, row: ExternalLoginRow & { meta_info: string; created_at: number }): Promise<void> {
    await db.insertInto('user_external_logins').values(row).execute();
  },

  /** What the provider said when the member last signed in with it. */
  async updateMeta(db: Db, login: ExternalLoginRow, metaInfo: string): Promise<void> {
    await db
      .updateTable('user_external_logins')
      .set({ meta_info: metaInfo })
      .where('provider', '=', login.provider)
      .where('external_id', '=', login.external_id)
      .execute();
  },

  /** Removes one member's login with that external id; how many rows went. */
  async deleteLogin(db: Db, userId: string, externalId: string): Promise<number> {
    const result = await db
      .deleteFrom('user_external_logins')
      .where('user_id', '=', userId)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** A deleted member's identities go with the account (peer facts 8.2). */
  async deleteAllOf(db: Db, userId: string): Promise<void> {
    await db.deleteFrom('user_external_logins').where('user_id', '=', userId).execute();
  },

  async insertBinding(db: Db, row: Insertable<ConnectorBindingsTable>): Promise<void> {
    await db.insertInto('connector_bindings').values(row).execute();
  },

  /** A binding that has not expired. */
  findBinding(db: Db, keyHash: string, now: number) {
    return db
      .selectFrom('connector_bindings')
      .selectAll()
      .where('key_hash', '=', keyHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  },

  /** Keeps a binding as long as the link mailed for it. */
  async extendBinding(db: Db, keyHash: string, expiresAt: number): Promise<void> {
    await db.updateTable('connector_bindings').set({ expires_at: expiresAt }).where('key_hash', '=', keyHash).execute();
  },

  /** Uses a binding up: true only for the one caller that removed it. */
  async takeBinding(db: Db, keyHash: string): Promise<boolean> {
    const result = await db.deleteFrom('connector_bindings').where('key_hash', '=', keyHash).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },

  async sweepBindings(db: Db, now: number): Promise<void> {
    await db.deleteFrom('connector_bindings').where('expires_at', '<=', now).execute();
  },
};
