import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { installInitSchema, type Envelope, type InstallBaseInfoInput } from '@inquire/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app.js';
import { parseInput } from '../src/infra/validate.js';

/** Which engine this run tests: `INQUIRE_TEST_DB=postgres` plus `INQUIRE_TEST_PG_URL`. */
export const TEST_DB = process.env.INQUIRE_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export const ADMIN = {
  name: 'admin',
  email: 'admin@example.com',
  password: 'admin-password-1',
} as const;

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** The wizard's database fields for this engine (a fresh PostgreSQL database each time). */
  dbFields: Record<string, unknown>;
  close(): Promise<void>;
}

/** A fresh, empty PostgreSQL database on the throwaway test cluster. */
export async function freshPostgresDatabase(): Promise<{
  url: string;
  fields: Record<string, unknown>;
  drop(): Promise<void>;
}> {
  const base = process.env.INQUIRE_TEST_PG_URL;
  if (!base) throw new Error('INQUIRE_TEST_PG_URL is not set: the PostgreSQL suite needs the test cluster');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    fields: {
      db_type: 'postgres',
      db_host: url.hostname,
      db_port: Number(url.port || 5432),
      db_username: decodeURIComponent(url.username),
      db_password: decodeURIComponent(url.password) || 'unused',
      db_name: name,
      ssl_mode: 'disable',
    },
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Builds the app the server runs, on a new data directory. `installed` runs the real
 * installer (same code as the wizard) so tests start from a site a person would have.
 */
export async function buildTestApp(
  options: {
    installed?: boolean;
    baseInfo?: Partial<InstallBaseInfoInput>;
    /** Options of the app itself (proxy setting, deadline, logger). */
    app?: Omit<AppOptions, 'dataDir'>;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'inquire-test-'));
  let dbFields: Record<string, unknown> = { db_type: 'sqlite3', db_file: join(dataDir, 'inquire.db') };
  let drop = async () => {};
  if (TEST_DB === 'postgres') {
    const database = await freshPostgresDatabase();
    dbFields = database.fields;
    drop = database.drop;
  }
  const app = await buildApp({ pages: false, ...options.app, dataDir });
  if (options.installed ?? true) {
    const { install } = app.services;
    await install.init(parseInput(installInitSchema, { ...dbFields, lang: 'en_US' }));
    await install.baseInfo({
      lang: 'en_US',
      site_name: 'Test site',
      site_url: 'http://localhost:9080',
      contact_email: 'contact@example.com',
      login_required: false,
      name: ADMIN.name,
      email: ADMIN.email,
      password: ADMIN.password,
      ...options.baseInfo,
    });
  }
  return {
    app,
    dataDir,
    dbFields,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string;
  lang?: string;
  cookie?: string;
  query?: Record<string, string>;
}

/** Calls the API and returns the parsed envelope with the HTTP status. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<{ status: number; body: Envelope<T>; response: LightMyRequestResponse }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = options.token;
  if (options.lang) headers['accept-language'] = options.lang;
  if (options.cookie) headers.cookie = options.cookie;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.query ? { query: options.query } : {}),
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.json<Envelope<T>>(), response };
}
