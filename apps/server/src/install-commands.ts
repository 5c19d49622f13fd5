import { installBaseInfoSchema, installInitSchema } from '@inquire/shared';
import { translate } from '@inquire/i18n';
import { resolveDataDir } from './config/config.js';
import { SiteRuntime } from './infra/site.js';
import { parseInput } from './infra/validate.js';
import { AppError } from './lib/errors.js';
import type { CliValues } from './cli.js';
import { NOT_INSTALLED_EXIT_CODE as NOT_INSTALLED } from './workers.js';

/**
 * The commands that install or upgrade a site (`init`, `migrate`): loaded only when one runs,
 * so `start` (and the primary of `start --workers` above all) does not carry their imports.
 */

function env(name: string): string | undefined {
  return process.env[name] || undefined;
}

export async function init(values: CliValues): Promise<number> {
  const dataDir = resolveDataDir(values['data-dir']);
  const site = new SiteRuntime(dataDir);
  const { install } = (await import('./services.js')).createServices(site);
  const lang = values.lang ?? env('INQUIRE_LANG') ?? 'en_US';
  const driver = values.db ?? env('INQUIRE_DB') ?? 'sqlite';
  try {
    const dbInput =
      driver === 'postgres'
        ? postgresInput(values['db-url'] ?? env('INQUIRE_DB_URL') ?? '')
        : { db_type: 'sqlite3', db_file: values['db-file'] ?? env('INQUIRE_DB_FILE') ?? 'inquire.db' };
    await site.open();
    const initInput = parseInput(installInitSchema, { ...dbInput, lang });
    const { config_exists } = await install.init(initInput);
    if (config_exists) process.stdout.write('config.yaml already exists: using it.\n');
    await install.baseInfo(
      parseInput(installBaseInfoSchema, {
        lang,
        site_name: values['site-name'] ?? env('INQUIRE_SITE_NAME'),
        site_url: values['site-url'] ?? env('INQUIRE_SITE_URL'),
        contact_email: values['contact-email'] ?? env('INQUIRE_CONTACT_EMAIL'),
        login_required: values['login-required'] ?? env('INQUIRE_LOGIN_REQUIRED') === 'true',
        name: values['admin-name'] ?? env('INQUIRE_ADMIN_NAME'),
        email: values['admin-email'] ?? env('INQUIRE_ADMIN_EMAIL'),
        password: values['admin-password'] ?? env('INQUIRE_ADMIN_PASSWORD'),
      }),
    );
    process.stdout.write(`Installed. Start the site with: inquire start --data-dir ${dataDir}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`${describe(error, lang)}\n`);
    return 1;
  } finally {
    await site.close();
  }
}

/** Splits a postgres:// URL into the wizard's fields, so init validates like the wizard. */
function postgresInput(url: string): Record<string, unknown> {
  if (!url) return { db_type: 'postgres' };
  const parsed = new URL(url);
  return {
    db_type: 'postgres',
    db_host: parsed.hostname,
    db_port: parsed.port || 5432,
    db_username: decodeURIComponent(parsed.username),
    db_password: decodeURIComponent(parsed.password) || '-',
    db_name: decodeURIComponent(parsed.pathname.slice(1)),
    ssl_mode: parsed.searchParams.get('sslmode') ?? 'disable',
  };
}

/** The wizard's field names as this command's flags, for error messages. */
const CLI_FLAG: Record<string, string> = {
  name: 'admin-name',
  email: 'admin-email',
  password: 'admin-password',
  site_name: 'site-name',
  site_url: 'site-url',
  contact_email: 'contact-email',
  db_file: 'db-file',
  db_host: 'db-url',
  db_port: 'db-url',
  db_username: 'db-url',
  db_password: 'db-url',
  db_name: 'db-url',
  db_type: 'db',
};

function describe(error: unknown, lang: string): string {
  const language = lang === 'zh_CN' ? 'zh_CN' : 'en_US';
  if (error instanceof AppError) {
    const fields = error.fields.map((f) => `  --${CLI_FLAG[f.field] ?? f.field}: ${translate(language, f.key)}`);
    return [translate(language, error.reason), ...fields].join('\n');
  }
  return error instanceof Error ? error.message : String(error);
}

export async function migrate(values: CliValues): Promise<number> {
  const site = new SiteRuntime(resolveDataDir(values['data-dir']));
  try {
    await site.open();
    if (!site.hasDatabase) {
      process.stderr.write('This data directory has no config.yaml: run "inquire init" first.\n');
      return NOT_INSTALLED;
    }
    if (!(await site.isInstalled())) {
      process.stderr.write(
        'The installation of this site is not finished: run "inquire init" or the /install wizard.\n',
      );
      return NOT_INSTALLED;
    }
    const applied = site.appliedMigrations;
    process.stdout.write(
      applied.length
        ? `Applied ${applied.length} migration(s): ${applied.join(', ')}.\n`
        : 'The database is up to date.\n',
    );
    return 0;
  } finally {
    await site.close();
  }
}
