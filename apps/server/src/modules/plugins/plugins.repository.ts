import type { Db } from '../../infra/db.js';

export interface PluginStateRow {
  slug_name: string;
  enabled: number;
  config: string;
}

/** `plugin_state`: a plugin's on/off switch and its saved settings (JSON), one row per plugin once changed. */
export const pluginsRepository = {
  async all(db: Db): Promise<PluginStateRow[]> {
    return await db.selectFrom('plugin_state').select(['slug_name', 'enabled', 'config']).execute();
  },

  async find(db: Db, slug: string): Promise<PluginStateRow | undefined> {
    return await db
      .selectFrom('plugin_state')
      .select(['slug_name', 'enabled', 'config'])
      .where('slug_name', '=', slug)
      .executeTakeFirst();
  },

  /** Sets the switch; a plugin with no row yet keeps the default settings (''). */
  async setEnabled(db: Db, plugin: { slug: string; kind: string }, enabled: boolean, now: number): Promise<void> {
    const value = enabled ? 1 : 0;
    await db
      .insertInto('plugin_state')
      .values({ slug_name: plugin.slug, kind: plugin.kind, enabled: value, config: '', updated_at: now })
      .onConflict((oc) => oc.column('slug_name').doUpdateSet({ enabled: value, kind: plugin.kind, updated_at: now }))
      .execute();
  },

  /** Saves the settings; a plugin with no row yet is written with its default switch. */
  async setConfig(
    db: Db,
    plugin: { slug: string; kind: string; enabledByDefault: boolean },
    config: string,
    now: number,
  ): Promise<void> {
    const enabled = plugin.enabledByDefault ? 1 : 0;
    await db
      .insertInto('plugin_state')
      .values({ slug_name: plugin.slug, kind: plugin.kind, enabled, config, updated_at: now })
      .onConflict((oc) => oc.column('slug_name').doUpdateSet({ config, kind: plugin.kind, updated_at: now }))
      .execute();
  },
};
