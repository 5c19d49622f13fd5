import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import { installBaseInfoSchema, installInitSchema } from '@inquire/shared';
import { readSiteConfig, resolveDataDir } from './config/config.js';
import { resolveTrustProxy } from './config/trust-proxy.js';
import { parseInput } from './infra/validate.js';
import { SiteRuntime } from './infra/site.js';
import { AppError } from './lib/errors.js';
import { translate } from '@inquire/i18n';
import { identifyWorker, parseWorkers, runPrimary, shouldFork } from './workers.js';

export const HELP = `Usage: inquire <command> [options]

Commands:
  start     Run the site (API and server-rendered pages).
              --data-dir DIR   data directory (env INQUIRE_DATA_DIR, default ./data)
              --port N         port (env PORT, default 9080)
              --host H         address to listen on (env HOST, default 127.0.0.1)
              --trust-proxy P  proxies whose X-Forwarded-For is believed (env INQUIRE_TRUST_PROXY,
                               or trust_proxy in config.yaml; default: none). A hop count (1 for
                               one nginx in front) or addresses/CIDRs: 127.0.0.1,10.0.0.0/8
              --workers N      processes serving the site on one port (env INQUIRE_WORKERS,
                               default: the number of CPU cores; 1 runs a single process).
                               A crashed worker is replaced; SIGTERM stops them all.
  init      Install the site without a browser; the same steps as the /install wizard.
              --data-dir DIR --db sqlite|postgres [--db-url URL] [--db-file FILE]
              --site-name S --site-url U --contact-email E
              --admin-name N --admin-email E --admin-password P [--lang en_US|zh_CN]
              [--login-required]
            Each option can also come from the environment: INQUIRE_DB, INQUIRE_DB_URL,
            INQUIRE_SITE_NAME, INQUIRE_SITE_URL, INQUIRE_CONTACT_EMAIL, INQUIRE_ADMIN_NAME,
            INQUIRE_ADMIN_EMAIL, INQUIRE_ADMIN_PASSWORD, INQUIRE_LANG.
  migrate   Bring the database of an installed site up to date.
              --data-dir DIR
  seed      Fill an installed site with a realistic, deterministic demo community (members,
            200 tags, questions with answers, comments, votes and accepted answers).
              --data-dir DIR
              --questions N    questions (default 200)
              --answers N      answers per question (default 3)
              --users N        members (default 50)
              --comments N     comments per post, on average (default 1)
              --seed N         the same seed writes the same community (default 1)
              --lang L         en_US or zh_CN prose (default en_US)
              --progress       draw the progress bar even when stderr is not a terminal
            From 50,000 questions the seeded tables' secondary indexes are built after the
            load (Ctrl-C stops after the current chunk and builds them; a killed seed's are
            built by the next seed).
  reindex   Rebuild the search index from the posts (one transaction; searches keep working).
              --data-dir DIR
              --progress       draw the progress bar even when stderr is not a terminal
  help      Show this text.
`;

const OPTIONS = {
  'data-dir': { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  'trust-proxy': { type: 'string' },
  workers: { type: 'string' },
  db: { type: 'string' },
  'db-url': { type: 'string' },
  'db-file': { type: 'string' },
  'site-name': { type: 'string' },
  'site-url': { type: 'string' },
  'contact-email': { type: 'string' },
  'admin-name': { type: 'string' },
  'admin-email': { type: 'string' },
  'admin-password': { type: 'string' },
  lang: { type: 'string' },
  'login-required': { type: 'boolean' },
  questions: { type: 'string' },
  answers: { type: 'string' },
  users: { type: 'string' },
  comments: { type: 'string' },
  seed: { type: 'string' },
  progress: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

export async function runCli(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  const command = values.help ? 'help' : (positionals[0] ?? 'help');
  switch (command) {
    case 'start':
      return start(values);
    case 'init':
      return init(values);
    case 'migrate':
      return migrate(values);
    // Each command loads its own code: the primary of `start --workers` only migrates and
    // forks, and importing the whole app there cost it ~150 MB of memory for nothing.
    case 'seed':
      return (await import('./seed/command.js')).runSeedCommand(values);
    case 'reindex':
      return (await import('./modules/search/reindex-command.js')).runReindexCommand(values);
    case 'help':
      process.stdout.write(HELP);
      return 0;
    default:
      process.stderr.write(`Unknown command "${command}".\n\n${HELP}`);
      return 2;
  }
}

async function start(values: Values): Promise<number> {
  const dataDir = resolveDataDir(values['data-dir']);
  const port = Number(values.port ?? process.env.PORT ?? 9080);
  const host = values.host ?? process.env.HOST ?? '127.0.0.1';
  let trustProxy;
  try {
    trustProxy = resolveTrustProxy({
      flag: values['trust-proxy'],
      env: env('INQUIRE_TRUST_PROXY'),
      file: readSiteConfig(dataDir)?.trust_proxy,
    });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const workers = parseWorkers(values.workers ?? env('INQUIRE_WORKERS'));
  if (typeof workers === 'string') {
    process.stderr.write(`${workers}\n`);
    return 2;
  }
  if (shouldFork(workers) && (await runPrimary(dataDir, workers)) === 'forked') return -1;
  const { buildApp } = await import('./app.js');
  const app = await buildApp({ dataDir, trustProxy, logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  if (cluster.isWorker) identifyWorker(app);
  let stopping = false;
  const stop = async () => {
    // SIGINT reaches a worker both from the terminal and from its primary: stop once.
    if (stopping) return;
    stopping = true;
    // Everything acknowledged is already committed (mail sits in the outbox), so a shutdown that
    // stalls on a slow SMTP server or a lingering connection may be cut short.
    setTimeout(() => {
      app.log.warn('shutdown took over 10 s; exiting');
      process.exit(0);
    }, 10_000).unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  // A worker whose primary is gone (killed outright) has nobody to restart or stop it.
  if (cluster.isWorker) process.once('disconnect', () => void stop());
  await app.listen({ port, host });
  return -1; // keep running
}

function env(name: string): string | undefined {
  return process.env[name] || undefined;
}

async function init(values: Values): Promise<number> {
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

async function migrate(values: Values): Promise<number> {
  const site = new SiteRuntime(resolveDataDir(values['data-dir']));
  try {
    await site.open();
    if (!site.hasDatabase) {
      process.stderr.write('This data directory has no config.yaml: run "inquire init" first.\n');
      return 1;
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
