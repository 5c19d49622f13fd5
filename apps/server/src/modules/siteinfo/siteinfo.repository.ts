import type { Db } from '../../infra/db.js';

/** Site settings are one JSON document per section. */
export const siteinfoRepository = {
  async all(db: Db): Promise<{ section: string; content: string }[]> {
    return db.selectFrom('site_settings').select(['section', 'content']).execute();
  },

  async upsert(db: Db, section: string, content: unknown, now: number): Promise<void> {
    const json = JSON.stringify(content);
    await db
      .insertInto('site_settings')
      .values({ section, content: json, updated_at: now })
      .onConflict((oc) => oc.column('section').doUpdateSet({ content: json, updated_at: now }))
      .execute();
  },
};
