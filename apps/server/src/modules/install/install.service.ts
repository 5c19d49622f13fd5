import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import {
  MAIL_STATUS,
  REASONS,
  ROLE,
  USER_STATUS,
  type ConfigFileCheck,
  type DbCheckInput,
  type InstallBaseInfoInput,
  type InstallInitInput,
} from '@inquire/shared';
import { configPath, defaultSqliteFile, readSiteConfig, writeSiteConfig, type DbConfig } from '../../config/config.js';
import { canConnect, type Db } from '../../infra/db.js';
import { hashPassword } from '../../infra/passwords.js';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { nextId } from '../../lib/ids.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { usersRepository } from '../users/users.repository.js';
import { seedWelcomeContent } from './install.seed.js';

/**
 * The installer: the wizard's calls and `inquire init` both run these methods, in order
 * checkDatabase → init → baseInfo.
 */
export class InstallService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
  ) {}

  /** Before installation only: afterwards the data path and database details stay private. */
  async checkConfigFile(): Promise<ConfigFileCheck> {
    await this.refuseWhenInstalled();
    const exist = existsSync(configPath(this.site.dataDir));
    const config = safeRead(this.site.dataDir);
    const configOk = config !== undefined;
    const connected = config ? await canConnect(config.db) : false;
    return {
      config_file_exist: exist,
      config_ok: configOk,
      db_connection_success: connected,
      db_table_exist: this.site.hasDatabase,
      installed: false,
      default_db_file: defaultSqliteFile(this.site.dataDir),
    };
  }

  /** The database step: refuses with "Database connection failed" and writes nothing. */
  async checkDatabase(input: DbCheckInput): Promise<{ connection_success: true }> {
    await this.refuseWhenInstalled();
    if (!(await canConnect(this.dbConfig(input)))) {
      throw AppError.badRequest(REASONS.databaseConnectionFailed);
    }
    return { connection_success: true };
  }

  /**
   * The config-file step: writes config.yaml (unless one exists, which is kept and
   * reported) and creates the tables.
   */
  async init(input: InstallInitInput): Promise<{ config_exists: boolean }> {
    await this.refuseWhenInstalled();
    const existing = safeRead(this.site.dataDir);
    const config = existing ?? { db: this.dbConfig(input), lang: input.lang };
    if (!(await canConnect(config.db))) throw AppError.badRequest(REASONS.databaseConnectionFailed);
    if (!existing) {
      try {
        writeSiteConfig(this.site.dataDir, config);
      } catch {
        throw AppError.badRequest(REASONS.configFileCreateFailed);
      }
    }
    await this.site.attach(config);
    return { config_exists: existing !== undefined };
  }

  /** The site-and-admin step: settings, the admin account, and the welcome content. */
  async baseInfo(input: InstallBaseInfoInput): Promise<void> {
    await this.refuseWhenInstalled();
    if (!this.site.hasDatabase) await this.site.open();
    const db = this.site.db;
    const now = nowSeconds();
    const email = input.email.trim().toLowerCase();
    const pass = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      if (await usersRepository.hasAdmin(trx)) throw AppError.badRequest(REASONS.alreadyInstalled);
      await this.siteinfo.update(
        'general',
        {
          name: input.site_name,
          site_url: input.site_url.replace(/\/+$/, ''),
          contact_email: input.contact_email.trim(),
        },
        trx,
      );
      await this.siteinfo.update('interface', { language: input.lang }, trx);
      await this.siteinfo.update('login', { login_required: input.login_required }, trx);
      const adminId = await this.createAdmin(trx, { ...input, email, pass }, now);
      await seedWelcomeContent(trx, { adminId, lang: input.lang, siteName: input.site_name, now });
      await trx
        .insertInto('site_settings')
        .values({ section: 'installed', content: JSON.stringify({ at: now }), updated_at: now })
        .execute();
    });
    this.siteinfo.invalidate();
    this.site.markInstalled();
  }

  private async createAdmin(db: Db, input: InstallBaseInfoInput & { pass: string }, now: number): Promise<string> {
    const id = await nextId(db, 'user');
    await usersRepository.insert(db, {
      id,
      username: input.name,
      e_mail: input.email,
      pass: input.pass,
      display_name: input.name,
      mail_status: MAIL_STATUS.activated,
      status: USER_STATUS.normal,
      role_id: ROLE.admin,
      rank: 1,
      language: input.lang,
      created_at: now,
      updated_at: now,
    });
    return id;
  }

  /**
   * Every installer call starts here: an installed site answers "Already installed" and
   * nothing more. A database that cannot say whether it is installed fails the call rather
   * than reopening the wizard.
   */
  async refuseWhenInstalled(): Promise<void> {
    if (await this.site.isInstalled()) {
      throw AppError.badRequest(REASONS.alreadyInstalled);
    }
  }

  private dbConfig(input: DbCheckInput): DbConfig {
    if (input.db_type === 'sqlite3') {
      const file = isAbsolute(input.db_file) ? input.db_file : resolve(this.site.dataDir, input.db_file);
      return { driver: 'sqlite', file };
    }
    const auth = `${encodeURIComponent(input.db_username)}:${encodeURIComponent(input.db_password)}`;
    const host = `${input.db_host}:${input.db_port}`;
    const url = `postgres://${auth}@${host}/${encodeURIComponent(input.db_name)}`;
    return { driver: 'postgres', url: input.ssl_mode === 'disable' ? url : `${url}?sslmode=${input.ssl_mode}` };
  }
}

function safeRead(dataDir: string) {
  try {
    return readSiteConfig(dataDir);
  } catch {
    return undefined;
  }
}
