import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAIL_STATUS,
  type Paged,
  type QuestionListItem,
  type TagBrief,
  type TagDetail,
  type TagListItem,
  type TagSynonyms,
} from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

type Fields = { error_field: string; error_msg: string }[];
const API = '/answer/api/v1';

describe('tags', () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  let moderator: { id: string; token: string };
  let member: { id: string; token: string };
  let curator: { id: string; token: string };
  let inactive: { id: string; token: string };

  beforeEach(async () => {
    t = await buildTestApp();
    const make = async (overrides = {}) => {
      const user = await buildUser(t.app, overrides);
      return { id: user.id, token: await loginAs(t.app, user.id) };
    };
    admin = await make({ role_id: 2 });
    moderator = await make({ role_id: 3 });
    member = await make();
    curator = await make({ rank: 10_000 });
    inactive = await make({ mail_status: MAIL_STATUS.inactive });
  });
  afterEach(async () => t.close());

  const create = (token: string | undefined, body: Record<string, unknown>) =>
    call<{ slug_name: string } | Fields>(t.app, 'POST', `${API}/tag`, body, token ? { token } : {});
  const info = (name: string, token?: string) =>
    call<TagDetail>(t.app, 'GET', `${API}/tag?name=${encodeURIComponent(name)}`, undefined, token ? { token } : {});
  const page = (query: string, token?: string) =>
    call<Paged<TagListItem>>(t.app, 'GET', `${API}/tags/page?${query}`, undefined, token ? { token } : {});
  const ask = (token: string, tags: string[]) =>
    call<{ id: string }>(
      t.app,
      'POST',
      `${API}/question`,
      {
        title: `A question about ${tags.join(' and ')} here`,
        content: 'Some body text that is long enough.',
        tags: tags.map((slug_name) => ({ slug_name })),
      },
      { token },
    );

  it('[S7-089][S3-019][S6-015][S5-006] staff create a tag with a revision and a created activity; others may not', async () => {
    const body = { slug_name: 'Node JS', display_name: 'Node.js', original_text: 'Server-side **JavaScript**.' };
    expect((await create(undefined, body)).status).toBe(401);
    expect((await create(inactive.token, body)).status).toBe(403);
    expect((await create(curator.token, body)).status).toBe(403);
    const res = await create(moderator.token, body);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ slug_name: 'node-js' });
    const tag = (await info('node-js')).body.data;
    expect(tag).toMatchObject({
      slug_name: 'node-js',
      display_name: 'Node.js',
      parsed_text: '<p>Server-side <strong>JavaScript</strong>.</p>\n',
      excerpt: 'Server-side JavaScript.',
      status: 1,
      question_count: 0,
      main_tag_slug_name: '',
    });
    const db = t.app.site.db;
    const revision = await db
      .selectFrom('revisions')
      .selectAll()
      .where('object_id', '=', tag.tag_id)
      .executeTakeFirstOrThrow();
    expect(revision).toMatchObject({ object_type: 3, user_id: moderator.id, title: 'Node.js', status: 0 });
    expect(JSON.parse(revision.content)).toMatchObject({
      id: tag.tag_id,
      slug_name: 'node-js',
      display_name: 'Node.js',
      original_text: 'Server-side **JavaScript**.',
      main_tag_slug_name: '',
    });
    const row = await db.selectFrom('tags').select('revision_id').where('id', '=', tag.tag_id).executeTakeFirst();
    expect(row?.revision_id).toBe(revision.id);
    const activity = await db
      .selectFrom('activities')
      .select(['activity_type', 'user_id'])
      .where('object_id', '=', tag.tag_id)
      .execute();
    expect(activity).toEqual([{ activity_type: 'tag.created', user_id: moderator.id }]);
    // A description is optional.
    expect((await create(admin.token, { slug_name: 'bare', display_name: 'Bare' })).status).toBe(200);
  });

  it('[S5-001][S5-002][S5-003][S5-004][S5-005][S9-021][S9-022] refuses bad names with the spec messages, naming each field', async () => {
    const empty = await create(admin.token, { slug_name: '', display_name: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.data).toEqual([
      { error_field: 'display_name', error_msg: 'Display name cannot be empty.' },
      { error_field: 'slug_name', error_msg: 'URL slug cannot be empty.' },
    ]);
    const long = await create(admin.token, { slug_name: 'x'.repeat(36), display_name: 'y'.repeat(36) });
    expect(long.body.data).toEqual([
      { error_field: 'display_name', error_msg: 'Display name up to 35 characters.' },
      { error_field: 'slug_name', error_msg: 'URL slug up to 35 characters.' },
    ]);
    const bad = await create(admin.token, { slug_name: 'no/slash', display_name: 'Fine' });
    expect(bad.body.data).toEqual([
      { error_field: 'slug_name', error_msg: 'URL slug contains unallowed character set.' },
    ]);
    const zh = await call<Fields>(
      t.app,
      'POST',
      `${API}/tag`,
      { slug_name: '', display_name: 'ok' },
      {
        token: admin.token,
        lang: 'zh-CN',
      },
    );
    expect(zh.body.data).toEqual([{ error_field: 'slug_name', error_msg: 'URL 固定链接不能为空。' }]);
    const taken = await create(admin.token, { slug_name: 'support', display_name: 'Support' });
    expect(taken.status).toBe(400);
    expect(taken.body.reason).toBe('error.tag.already_exist');
    expect(taken.body.data).toEqual([
      { error_field: 'slug_name', error_msg: 'A tag with this URL slug already exists.' },
    ]);
    expect(await t.app.site.db.selectFrom('tags').select('id').execute()).toHaveLength(1);
  });

  it('[S7-085][S9-059] lists main tags by popular, name and newest, filters by name or synonym, pages, and 404s past the end', async () => {
    for (const [slug, n] of [
      ['beta', 0],
      ['alpha', 2],
      ['gamma', 1],
    ] as const) {
      await create(admin.token, { slug_name: slug, display_name: slug.toUpperCase() });
      for (let i = 0; i < n; i += 1) await ask(admin.token, [slug]);
    }
    const slugs = async (q: string) => (await page(q)).body.data.list.map((x) => x.slug_name);
    expect(await slugs('query_cond=popular')).toEqual(['alpha', 'gamma', 'support', 'beta']);
    expect(await slugs('query_cond=name')).toEqual(['alpha', 'beta', 'gamma', 'support']);
    expect((await slugs('query_cond=newest'))[0]).toBe('gamma');
    expect(await slugs('slug_name=GA')).toEqual(['gamma']);
    const second = await page('query_cond=name&page=2&page_size=3');
    expect(second.body.data).toMatchObject({ count: 4 });
    expect(second.body.data.list.map((x) => x.slug_name)).toEqual(['support']);
    expect((await page('page=3&page_size=3')).status).toBe(404);
    expect((await page('slug_name=nothing-like-this')).body.data).toEqual({ count: 0, list: [] });
    const bad = await page(`slug_name=${'x'.repeat(36)}`);
    expect(bad.status).toBe(400);
    expect((bad.body.data as unknown as Fields)[0]?.error_field).toBe('slug_name');
    // A synonym is not listed, but searching its exact slug finds the main tag.
    await call(
      t.app,
      'PUT',
      `${API}/tag/synonym`,
      {
        tag_id: (await info('alpha')).body.data.tag_id,
        synonym_tag_list: [{ slug_name: 'alef' }],
      },
      { token: admin.token },
    );
    expect(await slugs('slug_name=alef')).toEqual(['alpha']);
    expect(await slugs('query_cond=name')).toEqual(['alpha', 'beta', 'gamma', 'support']);
    // Deleted tags leave the list.
    await call(
      t.app,
      'DELETE',
      `${API}/tag`,
      { tag_id: (await info('beta')).body.data.tag_id },
      { token: admin.token },
    );
    expect(await slugs('query_cond=name')).toEqual(['alpha', 'gamma', 'support']);
  });

  it('[S7-088][S1-003] answers one tag by name or id; a deleted tag is 404 to everyone but staff', async () => {
    const byName = await info('Support');
    expect(byName.status).toBe(200);
    expect(byName.body.data).toMatchObject({ slug_name: 'support', is_follower: false, question_count: 1 });
    expect(byName.body.data.actions).toEqual({ edit: false, delete: false, undelete: false, synonym: false });
    const byId = await call<TagDetail>(t.app, 'GET', `${API}/tag?id=${byName.body.data.tag_id}`);
    expect(byId.body.data.slug_name).toBe('support');
    const missing = await call<Fields>(t.app, 'GET', `${API}/tag`);
    expect(missing.status).toBe(400);
    expect(missing.body.data[0]?.error_field).toBe('name');
    expect((await info('no-such-tag')).status).toBe(404);
    await create(admin.token, { slug_name: 'gone', display_name: 'Gone' });
    const gone = (await info('gone')).body.data.tag_id;
    expect((await info('gone', admin.token)).body.data.actions).toMatchObject({ delete: true, undelete: false });
    await call(t.app, 'DELETE', `${API}/tag`, { tag_id: gone }, { token: moderator.token });
    expect((await info('gone')).status).toBe(404);
    expect((await info('gone', member.token)).status).toBe(404);
    const staff = await info('gone', moderator.token);
    expect(staff.body.data).toMatchObject({ status: 10, actions: { delete: false, undelete: true } });
    // Following a deleted tag is refused as if it did not exist.
    expect((await call(t.app, 'POST', `${API}/follow`, { object_id: gone }, { token: member.token })).status).toBe(404);
  });

  it('[S7-091][S7-094] staff delete an unused tag and recover it, each on the timeline; a used tag stays', async () => {
    await create(admin.token, { slug_name: 'temp', display_name: 'Temp' });
    const id = (await info('temp')).body.data.tag_id;
    const del = (token: string | undefined, body: unknown) =>
      call<Fields>(t.app, 'DELETE', `${API}/tag`, body, token ? { token } : {});
    const recover = (token: string | undefined, body: unknown) =>
      call<Fields>(t.app, 'POST', `${API}/tag/recover`, body, token ? { token } : {});
    expect((await del(undefined, { tag_id: id })).status).toBe(401);
    expect((await del(curator.token, { tag_id: id })).status).toBe(403);
    const noId = await del(admin.token, {});
    expect(noId.status).toBe(400);
    expect(noId.body.data[0]?.error_field).toBe('tag_id');
    expect((await del(admin.token, { tag_id: '10030000000009999' })).status).toBe(404);
    expect((await recover(admin.token, { tag_id: id })).body.reason).toBe('error.tag.not_deleted');
    expect((await del(admin.token, { tag_id: id })).status).toBe(200);
    expect((await del(admin.token, { tag_id: id })).status).toBe(404);
    expect((await recover(undefined, { tag_id: id })).status).toBe(401);
    expect((await recover(member.token, { tag_id: id })).status).toBe(403);
    expect((await recover(admin.token, {})).body.data[0]?.error_field).toBe('tag_id');
    expect((await recover(admin.token, { tag_id: '10030000000009999' })).status).toBe(404);
    expect((await recover(moderator.token, { tag_id: id })).status).toBe(200);
    expect((await info('temp')).body.data.status).toBe(1);
    const timeline = await t.app.site.db
      .selectFrom('activities')
      .select('activity_type')
      .where('object_id', '=', id)
      .orderBy('id')
      .execute();
    expect(timeline.map((a) => a.activity_type)).toEqual(['tag.created', 'tag.deleted', 'tag.undeleted']);
    // The seeded tag carries questions: it cannot be deleted, and its questions keep it.
    const support = (await info('support')).body.data.tag_id;
    const used = await del(admin.token, { tag_id: support });
    expect(used.status).toBe(400);
    expect(used.body.reason).toBe('error.tag.is_used_cannot_delete');
    expect((await info('support')).body.data).toMatchObject({ status: 1, question_count: 1 });
  });

  it('[S7-092][S7-093] sets the synonym set; links, lists and question filters follow the main tag', async () => {
    await create(admin.token, { slug_name: 'javascript', display_name: 'JavaScript' });
    await create(admin.token, { slug_name: 'ecmascript', display_name: 'ECMAScript' });
    const main = (await info('javascript')).body.data.tag_id;
    const synonym = await ask(admin.token, ['ecmascript']);
    await ask(admin.token, ['javascript']);
    const put = (token: string | undefined, body: unknown) =>
      call<Fields>(t.app, 'PUT', `${API}/tag/synonym`, body, token ? { token } : {});
    const body = {
      tag_id: main,
      synonym_tag_list: [{ slug_name: 'ecmascript' }, { slug_name: 'JS', display_name: 'JS' }],
    };
    expect((await put(undefined, body)).status).toBe(401);
    expect((await put(member.token, body)).status).toBe(403);
    expect((await put(curator.token, { tag_id: main, synonym_tag_list: [{ slug_name: 'a/b' }] })).body.data).toEqual([
      { error_field: 'synonym_tag_list', error_msg: 'URL slug contains unallowed character set.' },
    ]);
    expect((await put(curator.token, { ...body, tag_id: '10030000000009999' })).status).toBe(404);
    const self = await put(curator.token, { tag_id: main, synonym_tag_list: [{ slug_name: 'javascript' }] });
    expect(self.body.reason).toBe('error.tag.cannot_set_synonym_as_itself');
    expect((await put(curator.token, body)).status).toBe(200);

    const synonyms = await call<TagSynonyms>(t.app, 'GET', `${API}/tag/synonyms?tag_id=${main}`, undefined, {
      token: curator.token,
    });
    expect(synonyms.body.data).toEqual({
      synonyms: [
        expect.objectContaining({ slug_name: 'ecmascript', main_tag_slug_name: 'javascript' }),
        expect.objectContaining({ slug_name: 'js', display_name: 'JS', main_tag_slug_name: 'javascript' }),
      ],
      actions: { synonym: true },
      member_actions: [{ action: 'edit', name: 'Edit', type: 'edit' }],
    });
    expect((await call<TagSynonyms>(t.app, 'GET', `${API}/tag/synonyms?tag_id=${main}`)).body.data.actions).toEqual({
      synonym: false,
    });
    expect((await call<Fields>(t.app, 'GET', `${API}/tag/synonyms`)).body.data[0]?.error_field).toBe('tag_id');
    expect((await call(t.app, 'GET', `${API}/tag/synonyms?tag_id=10030000000009999`)).status).toBe(404);
    // The new synonym has its own history.
    const js = (await call<TagDetail>(t.app, 'GET', `${API}/tag?name=js`)).body.data;
    expect(js).toMatchObject({ slug_name: 'javascript', main_tag_slug_name: 'javascript' });

    // Asking for a synonym answers the main tag; its questions list under the main tag.
    const tagged = await call<Paged<QuestionListItem>>(t.app, 'GET', `${API}/question/page?tag=javascript`);
    expect(tagged.body.data.count).toBe(2);
    expect(tagged.body.data.list.map((q) => q.id)).toContain(synonym.body.data.id);
    expect(
      (await call<Paged<QuestionListItem>>(t.app, 'GET', `${API}/question/page?tag=ecmascript`)).body.data.count,
    ).toBe(2);
    expect(
      (await call<Paged<QuestionListItem>>(t.app, 'GET', `${API}/question/page?tag=nothing`)).body.data.count,
    ).toBe(0);
    // The picker offers the main tag for a synonym typed.
    const picked = await call<{ slug_name: string }[]>(t.app, 'GET', `${API}/question/tags?tag=ecma`, undefined, {
      token: member.token,
    });
    expect(picked.body.data.map((x) => x.slug_name)).toEqual(['javascript']);
    // A question asked with a synonym gets the main tag.
    const viaSynonym = await ask(member.token, ['ecmascript']);
    const detail = await call<{ tags: { slug_name: string }[] }>(
      t.app,
      'GET',
      `${API}/question/info?id=${viaSynonym.body.data.id}`,
    );
    expect(detail.body.data.tags.map((x) => x.slug_name)).toEqual(['javascript']);

    // Leaving a synonym out detaches it; a main tag with synonyms cannot be deleted.
    expect((await call(t.app, 'DELETE', `${API}/tag`, { tag_id: main }, { token: admin.token })).body).toMatchObject({
      reason: 'error.tag.is_used_cannot_delete',
    });
    expect((await put(admin.token, { tag_id: main, synonym_tag_list: [{ slug_name: 'js' }] })).status).toBe(200);
    expect((await info('ecmascript')).body.data).toMatchObject({ slug_name: 'ecmascript', main_tag_slug_name: '' });
    const jsRow = await t.app.site.db
      .selectFrom('tags')
      .select('id')
      .where('slug_name', '=', 'js')
      .executeTakeFirstOrThrow();
    expect(
      await t.app.site.db.selectFrom('activities').select('activity_type').where('object_id', '=', jsRow.id).execute(),
    ).toEqual([{ activity_type: 'tag.created' }]);
  });

  it('[S7-095][S7-087][S7-086][S1-013] follows tags from a card and replaces the followed set', async () => {
    await create(admin.token, { slug_name: 'rust', display_name: 'Rust' });
    const rust = (await info('rust')).body.data.tag_id;
    expect((await call(t.app, 'GET', `${API}/tags/following`)).body.data).toEqual([]);
    const follow = await call<{ follows: number }>(
      t.app,
      'POST',
      `${API}/follow`,
      { object_id: rust },
      { token: member.token },
    );
    expect(follow.body.data.follows).toBe(1);
    const list = await page('query_cond=name', member.token);
    expect(list.body.data.list.find((x) => x.slug_name === 'rust')).toMatchObject({
      is_follower: true,
      follow_count: 1,
    });
    expect((await info('rust', member.token)).body.data.is_follower).toBe(true);

    const put = (token: string | undefined, body: unknown) =>
      call<Fields>(t.app, 'PUT', `${API}/follow/tags`, body, token ? { token } : {});
    expect((await put(undefined, { slug_name_list: [] })).status).toBe(401);
    expect((await put(inactive.token, { slug_name_list: [] })).status).toBe(403);
    expect((await put(member.token, { slug_name_list: 'rust' })).body.data[0]?.error_field).toBe('slug_name_list');
    expect((await put(member.token, { slug_name_list: ['support', 'no-such-tag'] })).status).toBe(200);
    const following = await call<TagBrief[]>(t.app, 'GET', `${API}/tags/following`, undefined, { token: member.token });
    expect(following.body.data).toEqual([
      {
        tag_id: expect.any(String),
        slug_name: 'support',
        display_name: 'support',
        main_tag_slug_name: '',
        recommend: false,
        reserved: false,
      },
    ]);
    expect((await info('rust')).body.data.follow_count).toBe(0);
    expect((await info('support')).body.data.follow_count).toBe(1);

    const named = await call<TagBrief[]>(t.app, 'GET', `${API}/tags?tags=rust,support,nope`);
    expect(named.body.data.map((x) => x.slug_name)).toEqual(['rust', 'support']);
  });

  it('[S6-016] marks reserved and recommended tags of site_write; only staff use reserved ones', async () => {
    await create(admin.token, { slug_name: 'meta', display_name: 'Meta' });
    await create(admin.token, { slug_name: 'faq', display_name: 'FAQ' });
    await t.app.services.siteinfo.update('site_write', {
      reserved_tags: [{ slug_name: 'meta', display_name: 'Meta' }],
      recommend_tags: [
        { slug_name: 'faq', display_name: 'FAQ' },
        { slug_name: 'meta', display_name: 'Meta' },
      ],
    });
    const list = (await page('query_cond=name')).body.data.list;
    expect(list.find((x) => x.slug_name === 'meta')).toMatchObject({ reserved: true, recommend: false });
    expect(list.find((x) => x.slug_name === 'faq')).toMatchObject({ reserved: false, recommend: true });
    const refused = await ask(member.token, ['meta']);
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('error.tag.reserved');
    expect((await ask(moderator.token, ['meta'])).status).toBe(200);
    const picker = await call<{ slug_name: string; recommend: boolean }[]>(
      t.app,
      'GET',
      `${API}/question/tags?tag=`,
      undefined,
      {
        token: member.token,
      },
    );
    expect(picker.body.data).toEqual([{ slug_name: 'faq', display_name: 'FAQ', recommend: true, reserved: false }]);
  });

  it('[S4-013] keeps every tag read from guests (401) and inactive members (403) of a private site; bad queries name the field', async () => {
    const tagId = (await info('support')).body.data.tag_id;
    const reads = [
      `${API}/tags/page`,
      `${API}/tag?name=support`,
      `${API}/tags?tags=support`,
      `${API}/tags/following`,
      `${API}/tag/synonyms?tag_id=${tagId}`,
    ];
    await t.app.services.siteinfo.update('login', { login_required: true });
    for (const url of reads) {
      expect((await call(t.app, 'GET', url)).status, url).toBe(401);
      expect((await call(t.app, 'GET', url, undefined, { token: inactive.token })).status, url).toBe(403);
      expect((await call(t.app, 'GET', url, undefined, { token: member.token })).status, url).toBe(200);
    }
    const long = await call<Fields>(t.app, 'GET', `${API}/tags?tags=${'a,'.repeat(1001)}`, undefined, {
      token: member.token,
    });
    expect(long.status).toBe(400);
    expect(long.body.data[0]?.error_field).toBe('tags');
  });
});
