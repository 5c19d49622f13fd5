import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, buildTestApp, call, type TestApp } from '../../../test/harness.js';

const BASE_INFO = {
  lang: 'en_US',
  site_name: 'My site',
  site_url: 'http://localhost:9080',
  contact_email: 'owner@example.com',
  name: 'admin',
  password: 'secret-password',
  email: 'owner@example.com',
};

describe('installation', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function fresh(): Promise<TestApp> {
    t = await buildTestApp({ installed: false });
    return t;
  }

  it('[S7-168] lists the installer languages', async () => {
    const { app } = await fresh();
    const res = await call(app, 'GET', '/installation/language/options');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { label: 'English', value: 'en_US' },
      { label: '简体中文', value: 'zh_CN' },
    ]);
  });

  it('[S7-164] reports a missing config file and the default SQLite path', async () => {
    const { app, dataDir } = await fresh();
    const res = await call<Record<string, unknown>>(app, 'POST', '/answer/installation/config-file/check');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ config_file_exist: false, config_ok: false, installed: false });
    expect(res.body.data.default_db_file).toBe(join(dataDir, 'inquire.db'));
  });

  it('[S5-049][S5-050][S5-051][S5-052] names every missing PostgreSQL field at once', async () => {
    const { app } = await fresh();
    const res = await call<{ error_field: string; error_msg: string }[]>(app, 'POST', '/installation/db/check', {
      db_type: 'postgres',
      db_host: '',
      db_username: '',
      db_password: '',
      db_name: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('base.request_format_error');
    expect(res.body.data.map((f) => f.error_field).sort()).toEqual([
      'db_host',
      'db_name',
      'db_password',
      'db_username',
    ]);
    expect(res.body.data.find((f) => f.error_field === 'db_host')?.error_msg).toBe('Database host cannot be empty.');
  });

  it('[S5-053] requires the SQLite file', async () => {
    const { app } = await fresh();
    const res = await call<{ error_field: string }[]>(app, 'POST', '/installation/db/check', {
      db_type: 'sqlite3',
      db_file: ' ',
    });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([{ error_field: 'db_file', error_msg: 'Database file cannot be empty.' }]);
  });

  it('[S8-046][S7-165] answers "Database connection failed" for a wrong PostgreSQL password and writes nothing', async () => {
    const { app, dataDir } = await fresh();
    const res = await call(app, 'POST', '/installation/db/check', {
      db_type: 'postgres',
      db_host: '127.0.0.1',
      db_port: 1,
      db_username: 'nobody',
      db_password: 'wrong',
      db_name: 'nothing',
    });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('install.database_connection_failed');
    expect(res.body.msg).toBe('Database connection failed');
    expect(existsSync(join(dataDir, 'config.yaml'))).toBe(false);
  });

  it('[S7-166][S7-167] installs: config, tables, admin, settings and the welcome content', async () => {
    const { app, dataDir, dbFields } = await fresh();
    expect((await call(app, 'POST', '/installation/db/check', dbFields)).status).toBe(200);
    const init = await call<{ config_exists: boolean }>(app, 'POST', '/installation/init', {
      ...dbFields,
      lang: 'en_US',
    });
    expect(init.status).toBe(200);
    expect(init.body.data.config_exists).toBe(false);
    expect(readFileSync(join(dataDir, 'config.yaml'), 'utf8')).toMatch(/driver: (sqlite|postgres)/);

    const base = await call(app, 'POST', '/installation/base-info', BASE_INFO);
    expect(base.status).toBe(200);

    const site = await call<{ general: { name: string; contact_email: string } }>(
      app,
      'GET',
      '/answer/api/v1/siteinfo',
    );
    expect(site.body.data.general.name).toBe('My site');
    const db = app.site.db;
    const admin = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ username: 'admin', role_id: 2, mail_status: 1 });
    expect(admin.pass).not.toContain('secret-password');
    const questions = await db.selectFrom('questions').select(['title', 'user_id']).execute();
    expect(questions).toHaveLength(1);
    expect(questions[0]?.user_id).toBe(admin.id);
    const tags = await db.selectFrom('tags').select('slug_name').execute();
    expect(tags).toEqual([{ slug_name: 'support' }]);
  });

  it('[S8-045] refuses every step once installed with "Already installed"', async () => {
    t = await buildTestApp();
    for (const [path, body] of [
      ['/installation/db/check', t.dbFields],
      ['/installation/init', { ...t.dbFields, lang: 'en_US' }],
      ['/installation/base-info', BASE_INFO],
      ['/installation/config-file/check', undefined],
    ] as const) {
      const res = await call(t.app, 'POST', path, body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('Already installed');
    }
    const users = await t.app.site.db.selectFrom('users').select('e_mail').execute();
    expect(users).toEqual([{ e_mail: ADMIN.email }]);
  });

  it('[S8-044] keeps an existing config.yaml and reports it', async () => {
    const { app, dbFields } = await fresh();
    await call(app, 'POST', '/installation/init', { ...dbFields, lang: 'en_US' });
    const again = await call<{ config_exists: boolean }>(app, 'POST', '/installation/init', {
      ...dbFields,
      lang: 'zh_CN',
    });
    expect(again.status).toBe(200);
    expect(again.body.data.config_exists).toBe(true);
  });

  it('[S8-043] answers "Can\'t create the config.yaml file" when the data directory is not writable', async () => {
    const { app, dataDir } = await fresh();
    // A folder where the file should be makes the write fail, even for root.
    mkdirSync(join(dataDir, 'config.yaml'));
    const res = await call(app, 'POST', '/installation/init', {
      db_type: 'sqlite3',
      db_file: join(dataDir, 'inquire.db'),
      lang: 'en_US',
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe("Can't create the config.yaml file");
  });

  it('[S5-039][S5-040][S5-043][S5-045][S5-047][S5-048][S9-023] validates every site and admin field together', async () => {
    const { app, dbFields } = await fresh();
    await call(app, 'POST', '/installation/init', { ...dbFields, lang: 'en_US' });
    const res = await call<{ error_field: string; error_msg: string }[]>(app, 'POST', '/installation/base-info', {
      lang: 'en_US',
      site_name: 'x'.repeat(31),
      site_url: '',
      contact_email: '',
      name: 'n'.repeat(31),
      password: 'short',
      email: 'foo',
    });
    expect(res.status).toBe(400);
    const byField = Object.fromEntries(res.body.data.map((f) => [f.error_field, f.error_msg]));
    expect(byField).toEqual({
      site_name: 'Site name up to 30 characters.',
      site_url: 'Site URL cannot be empty.',
      contact_email: 'Contact email cannot be empty.',
      name: 'Name up to 30 characters.',
      password: 'Password must be at 8-32 characters in length.',
      email: 'Invalid Email Address.',
    });
    expect(await app.site.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('[S5-041][S5-042][S5-044][S5-046] refuses a bad URL, a long URL, a bad contact email and a name with spaces', async () => {
    const { app, dbFields } = await fresh();
    await call(app, 'POST', '/installation/init', { ...dbFields, lang: 'en_US' });
    const bad = await call<{ error_field: string; error_msg: string }[]>(app, 'POST', '/installation/base-info', {
      ...BASE_INFO,
      site_url: 'abc',
      contact_email: 'foo',
      name: 'Admin Name',
      password: 'p'.repeat(33),
    });
    const byField = Object.fromEntries(bad.body.data.map((f) => [f.error_field, f.error_msg]));
    expect(byField).toMatchObject({
      site_url: 'Please enter a valid URL.',
      contact_email: 'Contact email is invalid.',
      name: 'Name can only contain a-z, 0-9 and "- . _".',
      password: 'Password must be at 8-32 characters in length.',
    });
    const long = await call<{ error_field: string; error_msg: string }[]>(app, 'POST', '/installation/base-info', {
      ...BASE_INFO,
      site_url: `http://example.com/${'a'.repeat(500)}`,
    });
    expect(long.body.data).toEqual([{ error_field: 'site_url', error_msg: 'Site URL up to 512 characters.' }]);
  });

  it('translates field errors into Chinese by Accept-Language', async () => {
    const { app } = await fresh();
    const res = await call<{ error_msg: string }[]>(
      app,
      'POST',
      '/installation/db/check',
      { db_type: 'sqlite3', db_file: '' },
      { lang: 'zh-CN,zh;q=0.9' },
    );
    expect(res.body.data[0]?.error_msg).toBe('数据库文件不能为空。');
  });

  it('[S9-009] serves the defaults the wizard page needs before installation', async () => {
    const { app } = await fresh();
    const site = await call<{ general: { name: string } }>(app, 'GET', '/answer/api/v1/siteinfo');
    expect(site.status).toBe(200);
    expect(site.body.data.general.name).toBe('Inquire');
    const user = await call(app, 'GET', '/answer/api/v1/user/info');
    expect(user.body.data).toBeNull();
  });

  it('answers 503 install.not_installed on the rest of the API before installation', async () => {
    const { app } = await fresh();
    const res = await call(app, 'GET', '/answer/api/v1/question/page');
    expect(res.status).toBe(503);
    expect(res.body.reason).toBe('install.not_installed');
  });
});
