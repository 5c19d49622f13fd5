import { ROLE } from '@inquire/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, loginAs } from '../factories.js';
import { buildTestApp, call, type TestApp } from '../harness.js';

/**
 * Branding, CSS & HTML and privileges (issue 13, items 1 to 3): admin only, and each save takes
 * effect on the next request, on the rendered page (built web app) or in the server's rules.
 */
const ADMIN_API = '/answer/admin/api';
type Fields = { error_field: string; error_msg: string }[];

/** A multipart `POST file` body with one small PNG. */
async function pngUpload(source: string): Promise<{ payload: Buffer; contentType: string }> {
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
  const boundary = '----inquire-branding-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\n${source}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('admin customize: branding, CSS & HTML, privileges', () => {
  let t: TestApp;
  let admin = '';
  let member = '';

  beforeAll(async () => {
    t = await buildTestApp({ app: { pages: {} } });
    const adminUser = await buildUser(t.app, { role_id: ROLE.admin });
    admin = await loginAs(t.app, adminUser.id);
    member = await loginAs(t.app, (await buildUser(t.app)).id);
  }, 60_000);
  afterAll(async () => t?.close());

  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'test' } });
  const upload = async (source: string, token: string) => {
    const { payload, contentType } = await pngUpload(source);
    return t.app.inject({
      method: 'POST',
      url: '/answer/api/v1/file',
      payload,
      headers: { authorization: token, 'content-type': contentType },
    });
  };

  it('[S7-020][S7-021][S7-030][S7-031][S7-038][S7-039] answers 401 to guests and 403 to members for every call', async () => {
    for (const url of [
      `${ADMIN_API}/siteinfo/branding`,
      `${ADMIN_API}/siteinfo/custom-css-html`,
      `${ADMIN_API}/setting/privileges`,
    ]) {
      expect((await call(t.app, 'GET', url)).status).toBe(401);
      expect((await call(t.app, 'GET', url, undefined, { token: member })).status).toBe(403);
      expect((await call(t.app, 'PUT', url, {}, { token: member })).status).toBe(403);
    }
    // A member may upload avatars and post images, but not the site's logos.
    expect((await upload('branding', member)).statusCode).toBe(403);
  });

  it("[S2-111][S7-021] branding: an uploaded logo and favicon are in the next page's header and head", async () => {
    expect((await page('/favicon.ico')).statusCode).toBe(200);
    expect((await page('/questions')).body).not.toContain('rel="icon"');
    const uploaded = await upload('branding', admin);
    expect(uploaded.statusCode).toBe(200);
    const url = (uploaded.json() as { data: string }).data;
    expect(url).toMatch(/\/uploads\/branding\/[0-9a-f]{32}\.png$/);
    const path = new URL(url).pathname;
    const saved = await call(
      t.app,
      'PUT',
      `${ADMIN_API}/siteinfo/branding`,
      { logo: path, favicon: path },
      { token: admin },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ logo: path, mobile_logo: '', square_icon: '', favicon: path });
    const html = (await page('/questions')).body;
    expect(html).toContain(`<link rel="icon" href="${path}">`);
    expect(html).toMatch(new RegExp(`<img src="${path}" alt="Test site"`));
    expect((await page(path)).headers['content-type']).toBe('image/png');
  });

  it('[S7-021] branding: refuses addresses that are not images of http(s) or this site, naming each field', async () => {
    const res = await call<Fields>(
      t.app,
      'PUT',
      `${ADMIN_API}/siteinfo/branding`,
      { logo: 'javascript:alert(1)', mobile_logo: 'x'.repeat(600), square_icon: '', favicon: '' },
      { token: admin },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.map((f) => f.error_field).sort()).toEqual(['logo', 'mobile_logo']);
    const stored = await call<{ logo: string }>(t.app, 'GET', `${ADMIN_API}/siteinfo/branding`, undefined, {
      token: admin,
    });
    expect(stored.body.data.logo).toMatch(/^\/uploads\/branding\//);
  });

  it('[S2-107][S3-015][S7-031] CSS & HTML: every part is on the next page, scripts in the head carry the nonce', async () => {
    const body = {
      custom_css: '.custom-banner { color: rebeccapurple; }',
      custom_head: '<meta name="x-custom" content="1"><script>window.customHead = 1;</script>',
      custom_header: '<div class="custom-banner">Header note</div></main></body>',
      custom_footer: '<p>Footer <b>note<script>alert(1)</script>',
      custom_sidebar: '<section id="custom-side">Side note</section>',
    };
    const saved = await call<typeof body>(t.app, 'PUT', `${ADMIN_API}/siteinfo/custom-css-html`, body, {
      token: admin,
    });
    expect(saved.status).toBe(200);
    // The body parts are stored balanced and without scripts; the head and CSS as written.
    expect(saved.body.data).toEqual({
      ...body,
      custom_header: '<div class="custom-banner">Header note</div>',
      custom_footer: '<p>Footer <b>note</b></p>',
    });
    const res = await page('/questions');
    const html = res.body;
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain('<style id="custom-css">.custom-banner { color: rebeccapurple; }</style>');
    expect(html).toContain(`<script nonce="${nonce}">window.customHead = 1;</script>`);
    expect(html).toContain('<div class="custom-banner">Header note</div>');
    expect(html).toContain('<p>Footer <b>note</b></p>');
    expect(html).toContain('<section id="custom-side">Side note</section>');
    expect(html).not.toContain('alert(1)');
    // The page keeps its own structure: one main landmark, closed after the page's content.
    expect(html.match(/<\/main>/g)).toHaveLength(1);
    expect((await page('/custom.css')).body).toContain('rebeccapurple');
  });

  it('[S7-031] CSS & HTML: refuses a part over 65,536 characters, naming it, and changes nothing', async () => {
    const res = await call<Fields>(
      t.app,
      'PUT',
      `${ADMIN_API}/siteinfo/custom-css-html`,
      { custom_css: 'a'.repeat(65_537), custom_footer: 'b'.repeat(65_537) },
      { token: admin },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.map((f) => f.error_field).sort()).toEqual(['custom_css', 'custom_footer']);
    expect((await page('/custom.css')).body).toContain('rebeccapurple');
  });

  it('[S6-021][S7-038][S7-039] privileges: the saved level decides the next request, both ways', async () => {
    const voter = await buildUser(t.app, { rank: 5 });
    const voterToken = await loginAs(t.app, voter.id);
    // The admin asks both (a member's second question within seconds would meet the captcha).
    const author = admin;
    const ask = async (title: string) =>
      (
        await call<{ id: string }>(
          t.app,
          'POST',
          '/answer/api/v1/question',
          { title, content: 'Body text of the question', tags: [{ slug_name: 'support' }] },
          { token: author },
        )
      ).body.data.id;
    const [first, second] = [await ask('Which level lets me vote?'), await ask('And which one stops me again?')];
    const vote = (id: string) =>
      call(t.app, 'POST', '/answer/api/v1/vote/up', { object_id: id }, { token: voterToken });
    const setPrivileges = (body: unknown) =>
      call<unknown>(t.app, 'PUT', `${ADMIN_API}/setting/privileges`, body, { token: admin });

    // Level 2 (the installer's): upvoting needs 8, the voter has 5.
    const view = await call<{
      selected_level: number;
      options: { level: number; privileges: { key: string; value: number }[] }[];
    }>(t.app, 'GET', `${ADMIN_API}/setting/privileges`, undefined, { token: admin });
    expect(view.body.data.selected_level).toBe(2);
    expect(view.body.data.options.map((o) => o.level)).toEqual([1, 2, 3, 99]);
    const level3 = view.body.data.options.find((o) => o.level === 3)!;
    expect(level3.privileges.find((p) => p.key === 'tag.synonym')?.value).toBe(20000);
    expect(level3.privileges).toHaveLength(22);
    expect((await vote(first)).status).toBe(400);

    expect((await setPrivileges({ level: 1 })).status).toBe(200);
    expect((await vote(first)).status).toBe(200);

    expect(
      (await setPrivileges({ level: 99, custom_privileges: [{ key: 'question.vote_up', value: 6 }] })).status,
    ).toBe(200);
    const refused = await vote(second);
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('error.rank.no_enough_rank_to_operate');
    const permission = await call<Record<string, { has_permission: boolean }>>(
      t.app,
      'GET',
      '/answer/api/v1/permission?action=question.vote_up',
      undefined,
      { token: voterToken },
    );
    expect(permission.body.data['question.vote_up']?.has_permission).toBe(false);
  });

  it('[S5-056] [S7-039] privileges: every custom value under 1 is named by its privilege, and nothing changes', async () => {
    const res = await call<Fields>(
      t.app,
      'PUT',
      `${ADMIN_API}/setting/privileges`,
      {
        level: 99,
        custom_privileges: [
          { key: 'tag.add', value: 0 },
          { key: 'answer.add', value: 'many' },
          { key: 'question.add', value: 3 },
        ],
      },
      { token: admin },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.map((f) => f.error_field).sort()).toEqual([
      'custom_privileges.answer.add',
      'custom_privileges.tag.add',
    ]);
    expect((await call(t.app, 'PUT', `${ADMIN_API}/setting/privileges`, { level: 4 }, { token: admin })).status).toBe(
      400,
    );
    const view = await call<{
      selected_level: number;
      options: { level: number; privileges: { key: string; value: number }[] }[];
    }>(t.app, 'GET', `${ADMIN_API}/setting/privileges`, undefined, { token: admin });
    expect(view.body.data.selected_level).toBe(99);
    const custom = view.body.data.options.find((o) => o.level === 99)!;
    expect(custom.privileges.find((p) => p.key === 'question.vote_up')?.value).toBe(6);
    expect(custom.privileges.find((p) => p.key === 'tag.add')?.value).toBe(750);
  });
});
