import { REASONS } from '@inquire/shared';
import { readSiteConfig, type SiteConfig } from '../config/config.js';
import { migrateToLatest } from '../db/migrate.js';
import { AppError } from '../lib/errors.js';
import { openDatabase, type Db, type DbHandle } from './db.js';

/**
 * The site this process serves. Before installation it has no database; the installer
 * attaches one while the process keeps running, so the wizard needs no restart.
 */
export class SiteRuntime {
  private handle: DbHandle | undefined;
  private config: SiteConfig | undefined;
  private installedCache = false;
  /** The migrations the last open applied (empty when the schema was already current). */
  appliedMigrations: string[] = [];

  constructor(readonly dataDir: string) {}

  /** Opens the configured database, if any, and migrates it. */
  async open(): Promise<void> {
    const config = readSiteConfig(this.dataDir);
    if (config) await this.attach(config);
  }

  async attach(config: SiteConfig): Promise<void> {
    await this.close();
    const handle = openDatabase(config.db);
    try {
      this.appliedMigrations = await migrateToLatest(handle.db);
    } catch (error) {
      await handle.close();
      throw error;
    }
    this.handle = handle;
    this.config = config;
    this.installedCache = false;
  }

  get hasDatabase(): boolean {
    return this.handle !== undefined;
  }

  get siteConfig(): SiteConfig | undefined {
    return this.config;
  }

  get driver(): DbHandle['driver'] | undefined {
    return this.handle?.driver;
  }

  /** The database; before installation every caller gets 503 install.not_installed. */
  get db(): Db {
    if (!this.handle) throw new AppError(503, REASONS.notInstalled);
    return this.handle.db;
  }

  /** Installed = a database with the installed marker written by the last wizard step. */
  async isInstalled(): Promise<boolean> {
    if (this.installedCache) return true;
    if (!this.handle) return false;
    const row = await this.handle.db
      .selectFrom('site_settings')
      .select('section')
      .where('section', '=', 'installed')
      .executeTakeFirst();
    this.installedCache = row !== undefined;
    return this.installedCache;
  }

  markInstalled(): void {
    this.installedCache = true;
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    this.config = undefined;
    await handle?.close();
  }
}
