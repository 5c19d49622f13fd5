/**
 * The bench's reference: nginx serving a static 50 KB file on a free loopback port, as a
 * throwaway (its own config, logs and temp folders in a temporary directory, `daemon off`,
 * stopped at the end). The issue compares every target with it, measured in the same run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../e2e/support/server.js';

export const STATIC_BYTES = 50 * 1024;

export interface StaticServer {
  /** The 50 KB file's address. */
  url: string;
  stop(): Promise<void>;
}

const CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx'];

function findNginx(): string | undefined {
  return CANDIDATES.find((path) => existsSync(path));
}

/** nginx, installed from the distribution when missing and the bench may (root with apt-get). */
function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canInstall) {
    console.log('nginx is missing (the reference server): apt-get install -y nginx');
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  const installed = findNginx();
  if (installed) return installed;
  throw new Error(
    'The bench needs nginx as its reference (a static 50 KB file served in the same run) and could not ' +
      'find or install it. Install it (Debian/Ubuntu: apt-get install nginx) and run the bench again.',
  );
}

function config(dir: string, port: number): string {
  return `worker_processes auto;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp-body;
  proxy_temp_path ${dir}/tmp-proxy;
  fastcgi_temp_path ${dir}/tmp-fastcgi;
  uwsgi_temp_path ${dir}/tmp-uwsgi;
  scgi_temp_path ${dir}/tmp-scgi;
  default_type text/plain;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
  }
}
`;
}

/** Starts nginx and waits until the file answers; throws with nginx's own log when it does not. */
export async function startNginx(): Promise<StaticServer> {
  const nginx = ensureNginx();
  const dir = mkdtempSync(join(tmpdir(), 'inquire-bench-nginx-'));
  // Workers run as an unprivileged user when started as root: the files must be world-readable.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'www'), { mode: 0o755 });
  writeFileSync(join(dir, 'www', 'static-50k.txt'), 'x'.repeat(STATIC_BYTES - 1) + '\n', { mode: 0o644 });
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), config(dir, port));
  const child: ChildProcess = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}/static-50k.txt`;
  const log = () =>
    `${stderr}${existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${log()}`);
    const size = await fetch(url)
      .then(async (r) => (r.ok ? (await r.arrayBuffer()).byteLength : 0))
      .catch(() => 0);
    if (size === STATIC_BYTES) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not serve ${url}:\n${log()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
