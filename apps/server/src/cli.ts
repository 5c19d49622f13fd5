import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import { readSiteConfig, resolveDataDir } from './config/config.js';
import { resolveTrustProxy } from './config/trust-proxy.js';
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
  migrate   Bring the database of an installed site up to date (exit code 3: no site is
            installed in the data directory yet).
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

export type CliValues = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

export async function runCli(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  const command = values.help ? 'help' : (positionals[0] ?? 'help');
  switch (command) {
    case 'start':
      return start(values);
    case 'init':
      return (await import('./install-commands.js')).init(values);
    case 'migrate':
      return (await import('./install-commands.js')).migrate(values);
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

async function start(values: CliValues): Promise<number> {
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
