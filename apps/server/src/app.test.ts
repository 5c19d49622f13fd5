import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../test/harness.js';
import { buildApp } from './app.js';

describe('API conventions', () => {
  it('answers an unknown API path with a 404 envelope', async () => {
    const t = await buildTestApp();
    try {
      const res = await call(t.app, 'GET', '/answer/api/v1/no-such-call');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 404, reason: 'base.not_found' });
    } finally {
      await t.close();
    }
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const t = await buildTestApp();
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/answer/api/v1/user/login/email',
        headers: { 'content-type': 'application/json' },
        payload: '{"e_mail":',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, reason: 'base.request_format_error' });
    } finally {
      await t.close();
    }
  });

  it('hides unexpected errors behind a 500 with the request id', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'inquire-test-'));
    const app = await buildApp({ dataDir, pages: false });
    app.get('/explode', async () => {
      throw new Error('secret internal detail at /etc/passwd');
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/explode' });
      expect(response.statusCode).toBe(500);
      const body = response.json();
      expect(body).toMatchObject({ code: 500, reason: 'base.unknown', msg: 'Unknown error.' });
      expect(body.data.request_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.body).not.toContain('secret');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("[S7-156][S7-155] lists the languages and serves each one's interface texts", async () => {
    const t = await buildTestApp();
    try {
      const options = await call<{ value: string }[]>(t.app, 'GET', '/answer/api/v1/language/options');
      expect(options.body.data.map((o) => o.value)).toEqual(['en_US', 'zh_CN']);
      const zh = await call<{ ui: { nav: { questions: string } } }>(
        t.app,
        'GET',
        '/answer/api/v1/language/config?lang=zh_CN',
      );
      expect(zh.body.data.ui.nav.questions).toBe('问题');
      const fallback = await call<{ ui: { nav: { questions: string } } }>(
        t.app,
        'GET',
        '/answer/api/v1/language/config?lang=xx',
        undefined,
        { lang: 'en' },
      );
      expect(fallback.body.data.ui.nav.questions).toBe('Questions');
    } finally {
      await t.close();
    }
  });

  it('reports health before and after installation', async () => {
    const fresh = await buildTestApp({ installed: false });
    try {
      const res = await fresh.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.json()).toEqual({ status: 'ok', installed: false, database: 'none' });
    } finally {
      await fresh.close();
    }
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.json()).toEqual({ status: 'ok', installed: true, database: 'ok' });
    } finally {
      await t.close();
    }
  });
});
