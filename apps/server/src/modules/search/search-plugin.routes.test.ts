import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SearchCond, SearchContract, SearchDocument, SearchHitRef } from '@inquire/plugin-sdk';
import type { PluginItem, SearchResults } from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../../../test/harness.js';
import type { InstalledPlugin } from '../plugins/installed-plugin.js';
import { searchIndex } from '../posts/search-index.js';

const V1 = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';
const SLUG = 'test_search_engine';

/** A search plugin with its own in-memory index, recording what the host asks and sends. */
function fakeEngine() {
  const index = new Map<string, SearchDocument>();
  const received: SearchCond[] = [];
  const state = {
    next: { results: [] as SearchHitRef[], total: 0 },
    /** Ids whose next push throws (the engine is down for them). */
    failing: new Set<string>(),
    pushes: 0,
    /** Runs during a push (to change the post again while it is being sent). */
    duringPush: undefined as undefined | ((id: string) => Promise<void>),
  };
  const contract: SearchContract = {
    kind: 'search',
    description: { name: 'Test engine', icon: 'data:image/svg+xml;base64,PHN2Zy8+', link: 'https://engine.example' },
    async search(cond) {
      received.push(cond);
      return state.next;
    },
    async updateContent(doc) {
      if (state.failing.delete(doc.id)) throw new Error('engine unavailable');
      state.pushes++;
      const hook = state.duringPush;
      state.duringPush = undefined;
      await hook?.(doc.id);
      index.set(doc.id, doc);
    },
    async deleteContent(ref) {
      state.pushes++;
      index.delete(ref.id);
    },
  };
  const plugin: InstalledPlugin<SearchContract> = {
    manifest: {
      slug_name: SLUG,
      type: 'search',
      version: '1.0.0',
      name_key: 'plugin.test_search.name',
      description_key: 'plugin.test_search.description',
    },
    contract,
  };
  return { plugin, index, received, state };
}

describe('search through a search plugin', () => {
  let t: TestApp;
  let engine: ReturnType<typeof fakeEngine>;
  let token: string;
  let userId: string;
  let staff: string;

  beforeEach(async () => {
    engine = fakeEngine();
    t = await buildTestApp({ app: { writeLimits: false, searchPlugin: engine.plugin } });
    const user = await buildUser(t.app, { rank: 1000 });
    userId = user.id;
    token = await loginAs(t.app, user.id);
    const admin = await t.app.site.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', ADMIN.name)
      .executeTakeFirstOrThrow();
    staff = await loginAs(t.app, admin.id);
  });
  afterEach(async () => t.close());

  const ask = async (title: string, tags = ['general']) => {
    const body = { title, content: 'Some text for the plugin test.', tags: tags.map((slug_name) => ({ slug_name })) };
    const res = await call<{ id: string }>(t.app, 'POST', `${V1}/question`, body, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  const answer = async (questionId: string, content = 'An answer the plugin finds.') => {
    const res = await call<{ id: string }>(
      t.app,
      'POST',
      `${V1}/answer`,
      { question_id: questionId, content },
      { token: staff },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  const operate = async (id: string, operation: string) => {
    const res = await call(t.app, 'PUT', `${V1}/question/operation`, { id, operation }, { token: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const switchPlugin = async (enabled: boolean) => {
    const body = { plugin_slug_name: SLUG, enabled };
    const res = await call(t.app, 'PUT', `${ADMIN_API}/plugin/status`, body, { token: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const queued = async () =>
    (await t.app.site.db.selectFrom('search_plugin_queue').select('post_id').orderBy('post_id').execute()).map(
      (row) => row.post_id,
    );
  const search = (q: string, extra = '') =>
    call<SearchResults>(t.app, 'GET', `${V1}/search?q=${encodeURIComponent(q)}${extra}`, undefined, { token });

  it('[SR-3] is listed as installed and off until an admin switches it on; meanwhile the built-in index answers', async () => {
    const listed = await call<PluginItem[]>(t.app, 'GET', `${ADMIN_API}/plugins`, undefined, { token: staff });
    expect(listed.body.data.find((p) => p.slug_name === SLUG)).toMatchObject({ type: 'search', enabled: false });
    await ask('Built-in engine finds this question');
    const builtIn = await search('engine');
    expect(builtIn.body.data.count).toBe(1);
    expect(engine.received).toEqual([]);
    expect((await call(t.app, 'GET', `${V1}/search/desc`)).body.data).toEqual({ name: '', icon: '', link: '' });
    // Nothing is queued for a plugin that is off.
    expect(await queued()).toEqual([]);

    await switchPlugin(true);
    engine.state.next = { results: [], total: 0 };
    expect((await search('engine')).body.data.count).toBe(0);
    expect(engine.received).toHaveLength(1);
    expect((await call(t.app, 'GET', `${V1}/search/desc`)).body.data).toEqual(engine.plugin.contract.description);
    const status = await call<{ slug_name: string; enabled: boolean }[]>(t.app, 'GET', `${V1}/plugin/status`);
    expect(status.body.data).toContainEqual({ slug_name: SLUG, enabled: true });
  });

  it('[SR-3] [SR-4] gets the parsed conditions; its ids are loaded and re-checked, a hidden post it names is dropped; search/desc is its attribution', async () => {
    await switchPlugin(true);
    const visible = await ask('A visible question for the plugin');
    const hidden = await ask('An unlisted question for the plugin');
    const visibleAnswer = await answer(visible);
    await operate(hidden, 'hide');

    engine.state.next = {
      results: [
        { id: hidden, type: 'question' },
        { id: visibleAnswer, type: 'answer' },
        { id: visible, type: 'question' },
      ],
      total: 3,
    };
    const res = await search(
      '"two words" plugin [general] user:me score:2 hasaccepted:no',
      '&order=newest&page=2&size=5',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The plugin's order, without the unlisted question; the count loses it too.
    expect(res.body.data.list.map((i) => [i.object_type, i.object.id])).toEqual([
      ['answer', visibleAnswer],
      ['question', visible],
    ]);
    expect(res.body.data.count).toBe(2);
    const general = await t.app.site.db
      .selectFrom('tags')
      .select('id')
      .where('slug_name', '=', 'general')
      .executeTakeFirstOrThrow();
    expect(engine.received).toEqual([
      {
        page: 2,
        page_size: 5,
        words: ['two words', 'plugin'],
        tag_ids: [[general.id]],
        object_types: ['question'],
        user_id: userId,
        order: 'newest',
        question_accepted: 'no',
        answer_accepted: 'any',
        question_id: undefined,
        vote_amount: 2,
        view_amount: undefined,
        answer_amount: undefined,
      },
    ]);
  });

  it('[SR-3] switched on, it is sent every public post; then each change, and deletes for posts that leave the public', async () => {
    const kept = await ask('A question the engine keeps', ['general', 'databases']);
    const keptAnswer = await answer(kept);
    const unlisted = await ask('An unlisted question the engine never gets');
    const unlistedAnswer = await answer(unlisted);
    await operate(unlisted, 'hide');

    // Every public post: these and the installer's welcome question.
    await switchPlugin(true);
    const publicPosts = await queued();
    expect(publicPosts).toEqual(expect.arrayContaining([kept, keptAnswer]));
    expect(publicPosts).not.toContain(unlisted);
    expect(publicPosts).not.toContain(unlistedAnswer);
    await t.app.services.searchFeed.runOnce();
    expect(await queued()).toEqual([]);
    expect([...engine.index.keys()].sort()).toEqual(publicPosts);
    const tagIds = (await t.app.site.db.selectFrom('tags').select(['id', 'slug_name']).execute())
      .filter((tag) => ['general', 'databases'].includes(tag.slug_name))
      .map((tag) => tag.id)
      .sort();
    expect({ ...engine.index.get(kept)!, tag_ids: [...engine.index.get(kept)!.tag_ids].sort() }).toMatchObject({
      type: 'question',
      question_id: kept,
      title: 'A question the engine keeps',
      content: 'Some text for the plugin test.',
      tag_ids: tagIds,
      user_id: userId,
      answer_count: 1,
      accepted: false,
    });
    expect(engine.index.get(keptAnswer)).toMatchObject({
      type: 'answer',
      question_id: kept,
      title: '',
      content: 'An answer the plugin finds.',
      accepted: false,
    });

    // An edit, an accepted answer and a vote each reach the engine.
    const edit = {
      id: kept,
      title: 'A question the engine keeps, edited',
      content: 'Edited text for the plugin test.',
      tags: [{ slug_name: 'general' }],
      edit_summary: 'clearer title',
    };
    expect((await call(t.app, 'PUT', `${V1}/question`, edit, { token })).status).toBe(200);
    const accept = { question_id: kept, answer_id: keptAnswer };
    expect((await call(t.app, 'POST', `${V1}/answer/acceptance`, accept, { token })).status).toBe(200);
    await t.app.services.searchFeed.runOnce();
    expect(engine.index.get(kept)).toMatchObject({
      title: 'A question the engine keeps, edited',
      content: 'Edited text for the plugin test.',
      accepted: true,
    });
    expect(engine.index.get(keptAnswer)).toMatchObject({ accepted: true, vote_count: 0 });
    const vote = await call(t.app, 'POST', `${V1}/vote/up`, { object_id: keptAnswer, is_cancel: false }, { token });
    expect(vote.status, JSON.stringify(vote.body)).toBe(200);
    await t.app.services.searchFeed.runOnce();
    expect(engine.index.get(keptAnswer)).toMatchObject({ vote_count: 1 });

    // Unlisted, the question and its answer leave the engine's index.
    await operate(kept, 'hide');
    await t.app.services.searchFeed.runOnce();
    expect(engine.index.has(kept)).toBe(false);
    expect(engine.index.has(keptAnswer)).toBe(false);

    // Switched off: the queue is dropped and changes are no longer queued.
    await operate(kept, 'show');
    await switchPlugin(false);
    expect(await queued()).toEqual([]);
    await ask('Asked while the engine is off');
    expect(await queued()).toEqual([]);
  });

  it('[SR-3] a failed push stays queued and is retried; a rolled-back change queues nothing; a post changed during its push is sent again', async () => {
    await switchPlugin(true);
    const id = await ask('A question whose first push fails');
    engine.state.failing.add(id);
    await t.app.services.searchFeed.runOnce();
    expect(engine.index.has(id)).toBe(false);
    const row = await t.app.site.db
      .selectFrom('search_plugin_queue')
      .select(['attempts', 'next_attempt_at', 'last_error'])
      .where('post_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, last_error: 'engine unavailable' });
    expect(Number(row.next_attempt_at)).toBeGreaterThan(Math.floor(Date.now() / 1000));
    // Due again (its backoff passed), it goes through.
    await t.app.site.db.updateTable('search_plugin_queue').set({ next_attempt_at: 0 }).execute();
    await t.app.services.searchFeed.runOnce();
    expect(engine.index.has(id)).toBe(true);
    expect(await queued()).toEqual([]);

    // A change whose transaction rolls back leaves no trace in the queue.
    await t.app.site.db
      .transaction()
      .execute(async (trx) => {
        await searchIndex.syncQuestion(trx, id);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await queued()).toEqual([]);

    // Edited again while its push is under way: the newer version is pushed after it.
    engine.state.duringPush = async (pushed) => {
      await t.app.site.db
        .updateTable('questions')
        .set({ title: 'Renamed during the push' })
        .where('id', '=', pushed)
        .execute();
      await t.app.site.db.transaction().execute((trx) => searchIndex.syncQuestion(trx, pushed));
    };
    await t.app.site.db.transaction().execute((trx) => searchIndex.syncQuestion(trx, id));
    const before = engine.state.pushes;
    await t.app.services.searchFeed.runOnce();
    expect(engine.state.pushes - before).toBe(2);
    expect(engine.index.get(id)?.title).toBe('Renamed during the push');
    expect(await queued()).toEqual([]);
  });
});
