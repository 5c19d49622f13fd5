import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResults } from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { ADMIN, buildTestApp, call, type TestApp } from '../../../test/harness.js';
import { insertIndexDocuments } from '../../../test/index-documents.js';
import { isSqlite } from '../../infra/db.js';
import { AGE_STRETCH_IDS, ageLexeme, ageStretch, tagMark, tsLexeme } from './search-text.js';
import { makeObjectId, SEARCH_COUNT_CAP } from '@inquire/shared';

type Fields = { error_field: string; error_msg: string }[];

describe('search', () => {
  let t: TestApp;
  let author: { id: string; username: string; token: string };
  let other: string;
  let staff: string;

  beforeEach(async () => {
    // Many posts and searches from one member; the limit has its own test below.
    t = await buildTestApp({ app: { writeLimits: false } });
    const user = await buildUser(t.app, { rank: 1000 });
    author = { id: user.id, username: user.username, token: await loginAs(t.app, user.id) };
    other = await loginAs(t.app, (await buildUser(t.app, { rank: 1000 })).id);
    const admin = await t.app.site.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', ADMIN.name)
      .executeTakeFirstOrThrow();
    staff = await loginAs(t.app, admin.id);
  });
  afterEach(async () => t.close());

  const ask = async (title: string, content: string, tags: string[] = ['general'], token = author.token) => {
    const res = await call<{ id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/question',
      { title, content, tags: tags.map((slug_name) => ({ slug_name })) },
      { token },
    );
    expect(res.status).toBe(200);
    return res.body.data.id;
  };
  const answer = async (questionId: string, content: string, token = other) => {
    const res = await call<{ id: string }>(
      t.app,
      'POST',
      '/answer/api/v1/answer',
      { question_id: questionId, content },
      { token },
    );
    expect(res.status).toBe(200);
    return res.body.data.id;
  };
  const search = (q: string, token?: string, extra = '') =>
    call<SearchResults>(t.app, 'GET', `/answer/api/v1/search?q=${encodeURIComponent(q)}${extra}`, undefined, {
      ...(token ? { token } : {}),
    });
  /** Whether the index itself holds a post (searches also check the posts, so this looks at the index). */
  const indexed = async (id: string) => {
    const db = t.app.site.db;
    const query = isSqlite(db)
      ? // Answers are keyed by their negated id (posts/search-index.ts).
        sql<{
          n: number;
        }>`select count(*) as n from search_fts where rowid in (cast(${id} as integer), -cast(${id} as integer))`
      : sql<{ n: number }>`select count(*) as n from search_docs where id = ${id}`;
    return Number((await query.execute(db)).rows[0]?.n) === 1;
  };
  const ids = async (q: string, token?: string, extra = '') => {
    const res = await search(q, token, extra);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.count).toBe(res.body.data.list.length);
    return res.body.data.list.map((item) => item.object.id);
  };

  it('[SR-1] [SR-2] [S7-147] [S1-005] ranks a title match above a body-only match, with the wire shape and marked excerpts', async () => {
    const body = await ask('Cooking rice on a stove', 'A note about kubernetes deployments in the kitchen.');
    const title = await ask('Kubernetes deployments explained', 'Rolling updates and replicas.');
    await ask('Unrelated gardening', 'Tomatoes need sun.');
    const res = await search('kubernetes');
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(2);
    expect(res.body.data.list.map((i) => i.object.id)).toEqual([title, body]);
    const [first, second] = res.body.data.list;
    expect(first).toMatchObject({
      object_type: 'question',
      object: {
        id: title,
        question_id: title,
        title: 'Kubernetes deployments explained',
        url_title: 'kubernetes-deployments-explained',
        vote_count: 0,
        accepted: false,
        answer_count: 0,
        status: 1,
        tags: [{ slug_name: 'general' }],
        user_info: { id: author.id, username: author.username },
      },
    });
    expect(second?.object.excerpt).toBe('A note about <em>kubernetes</em> deployments in the kitchen.');
  });

  it('[SR-3] escapes post text in excerpts and keeps only <em> marks', async () => {
    await ask('Escaping check', 'Write `<img src=x onerror=alert(1)>` then $& and $1 around escaping text.');
    const res = await search('escaping');
    const excerpt = res.body.data.list[0]?.object.excerpt ?? '';
    expect(excerpt).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(excerpt).toContain('$&amp; and $1 around <em>escaping</em>');
    expect(excerpt.replace(/<\/?em>/g, '')).not.toMatch(/[<>]/);
  });

  it('[SR-1] [S5-064] [S5-065] [S5-066] [S5-067] [S5-068] [S5-069] every operator filters as documented', async () => {
    const py = await ask('Sorting in python', 'How to sort lists', ['python']);
    const rs = await ask('Sorting in rust', 'How to sort vectors', ['rust']);
    const a1 = await answer(py, 'Use sorted() for sorting anything.');
    const a2 = await answer(py, 'Or list.sort() for sorting in place.', author.token);
    await call(
      t.app,
      'POST',
      '/answer/api/v1/answer/acceptance',
      { question_id: py, answer_id: a1 },
      { token: author.token },
    );
    await t.app.site.db.updateTable('questions').set({ vote_count: 3, view_count: 7 }).where('id', '=', rs).execute();
    await t.app.site.db.updateTable('answers').set({ vote_count: 2 }).where('id', '=', a2).execute();

    expect(new Set(await ids('sorting'))).toEqual(new Set([py, rs, a1, a2]));
    expect(await ids('[python] is:question')).toEqual([py]);
    expect(new Set(await ids('[python] sorting'))).toEqual(new Set([py, a1, a2]));
    expect(new Set(await ids('is:answer sorting'))).toEqual(new Set([a1, a2]));
    expect(await ids('is:question score:3')).toEqual([rs]);
    expect(await ids('is:answer score:1')).toEqual([a2]);
    expect(await ids('is:question score:0 sorting')).toEqual([py]);
    expect(new Set(await ids(`user:${author.username} sorting`))).toEqual(new Set([py, rs, a2]));
    expect(new Set(await ids('user:me sorting', author.token))).toEqual(new Set([py, rs, a2]));
    expect(await ids('user:me', undefined)).toEqual([]);
    expect(await ids('user:nobody_here sorting')).toEqual([]);
    expect(await ids('answers:2 sorting')).toEqual([py]);
    expect(await ids('answers:0 sorting')).toEqual([rs]);
    expect(await ids('views:5 sorting')).toEqual([rs]);
    expect(await ids('hasaccepted:no sorting')).toEqual([rs]);
    expect(await ids('hasaccepted:yes sorting')).toEqual([py]);
    expect(await ids('isaccepted:yes sorting')).toEqual([a1]);
    expect(await ids('isaccepted:no sorting')).toEqual([a2]);
    expect(new Set(await ids(`inquestion:${py} sorting`))).toEqual(new Set([a1, a2]));
    expect(await ids('"sort vectors"')).toEqual([rs]);
    expect(await ids('"vectors sort"')).toEqual([]);
    expect(await ids('[python] [rust]')).toEqual([]);
    expect(await ids('[no-such-tag] sorting')).toEqual([]);
    // Paging: the count is of all matches, also past the last page.
    const second = await search('sorting', undefined, '&page=2&size=3');
    expect([second.body.data.count, second.body.data.list.length]).toEqual([4, 1]);
    const beyond = await search('sorting', undefined, '&page=5&size=3');
    expect([beyond.body.data.count, beyond.body.data.list.length]).toEqual([4, 0]);
    // Orders: newest first, and by score.
    expect(await ids('is:question sorting', undefined, '&order=newest')).toEqual([rs, py]);
    expect(await ids('is:answer sorting', undefined, '&order=score')).toEqual([a2, a1]);
  });

  it('[SR-1] a tag includes its synonyms', async () => {
    const q = await ask('Virtual environments', 'venv and friends', ['python']);
    const main = await t.app.site.db
      .selectFrom('tags')
      .select('id')
      .where('slug_name', '=', 'python')
      .executeTakeFirstOrThrow();
    const syn = await call(
      t.app,
      'PUT',
      '/answer/api/v1/tag/synonym',
      { tag_id: main.id, synonym_tag_list: [{ slug_name: 'py' }] },
      { token: staff },
    );
    expect(syn.status, JSON.stringify(syn.body)).toBe(200);
    expect(await ids('[py]')).toEqual([q]);
  });

  it('[SR-1] a tag with text: synonyms, a slug sharing a word, a renamed tag, answers of tagged questions', async () => {
    const q = await ask('Virtual environments', 'Capybara venv and friends', ['python']);
    const a = await answer(q, 'A capybara answer.');
    const other = await ask('Other capybara tips', 'Capybara notes.', ['python-tips']);
    const onSynonym = await ask('Capybara on the synonym', 'Capybara text.', ['py']);
    const tagId = async (slug: string) =>
      (await t.app.site.db.selectFrom('tags').select('id').where('slug_name', '=', slug).executeTakeFirstOrThrow()).id;
    const main = await tagId('python');
    const syn = await call(
      t.app,
      'PUT',
      '/answer/api/v1/tag/synonym',
      { tag_id: main, synonym_tag_list: [{ slug_name: 'py' }] },
      { token: staff },
    );
    expect(syn.status, JSON.stringify(syn.body)).toBe(200);
    // "python-tips" holds the word python too: the tag rule still keeps its question out.
    expect(new Set(await ids('[python] capybara'))).toEqual(new Set([q, a, onSynonym]));
    expect(new Set(await ids('[py] capybara'))).toEqual(new Set([q, a, onSynonym]));
    expect(new Set(await ids('[python-tips] capybara'))).toEqual(new Set([other]));
    // The index's tag marks are no words: neither a mark's text, nor its tag's id, nor a 2-letter
    // prefix of that finds them.
    for (const q of [tagMark(main), main, main.slice(0, 2)]) expect(await ids(q)).toEqual([]);
    const renamed = await call(
      t.app,
      'PUT',
      '/answer/api/v1/tag',
      { tag_id: main, slug_name: 'snake', display_name: 'Snake', original_text: '', edit_summary: 'rename' },
      { token: staff },
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(new Set(await ids('[snake] capybara'))).toEqual(new Set([q, a, onSynonym]));
    expect(await ids('[python] capybara')).toEqual([]);
  });

  it("[SR-1] [SR-2] answers carry their question's tags in the index, follow its tag edits, and match words of their own text only", async () => {
    const tagged = await ask('Walrus arrays', 'Walrus slicing text.', ['numpy']);
    const inTagged = await answer(tagged, 'A walrus answer about slicing.');
    const plain = await ask('Walrus elsewhere', 'Walrus notes.', ['general']);
    const inPlain = await answer(plain, 'A walrus answer that names numpy in passing.');
    expect(new Set(await ids('[numpy] walrus'))).toEqual(new Set([tagged, inTagged]));
    // The tag's word is in the tagged question's document, but an answer's words are its own.
    expect(await ids('is:answer numpy')).toEqual([inPlain]);

    const retag = async (id: string, title: string, content: string, slug: string) => {
      const res = await call(
        t.app,
        'PUT',
        '/answer/api/v1/question',
        { id, title, content, tags: [{ slug_name: slug }] },
        { token: author.token },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await retag(tagged, 'Walrus arrays', 'Walrus slicing text.', 'general');
    expect(await ids('[numpy] walrus')).toEqual([]);
    await retag(plain, 'Walrus elsewhere', 'Walrus notes.', 'numpy');
    expect(new Set(await ids('[numpy] walrus'))).toEqual(new Set([plain, inPlain]));
    expect(new Set(await ids('[general] walrus'))).toEqual(new Set([tagged, inTagged]));
  });

  it('[SR-2] finds Chinese text without spaces, short CJK terms and mixed-script queries', async () => {
    const title = await ask('如何连接数据库', '我想用 Node 连接 PostgreSQL 数据库。');
    const body = await ask('服务器配置问题', '文章里提到数据库连接池的大小。');
    await ask('English only', 'Nothing to see here.');
    expect(await ids('数据库')).toEqual([title, body]);
    expect(await ids('连接')).toEqual([title, body]);
    expect(await ids('数据库 PostgreSQL')).toEqual([title]);
    expect(await ids('配置')).toEqual([body]);
    const res = await search('数据库');
    expect(res.body.data.list[1]?.object.excerpt).toContain('<em>数据库</em>');
  });

  it('[SR-2] finds single CJK characters and 2-character words inside runs of text, in excerpts too', async () => {
    const title = await ask('缓存失效怎么办', '请看日志。');
    const body = await ask('Cache question', '我们的缓存每天失效一次。');
    const japanese = await ask('キャッシュの設定', 'Redis を使う。');
    expect(await ids('缓')).toEqual([title, body]);
    expect(await ids('失效')).toEqual([title, body]);
    expect(await ids('效怎')).toEqual([title]);
    expect(await ids('缓存 日志')).toEqual([title]);
    expect(await ids('キャッシュ')).toEqual([japanese]);
    expect(await ids('"缓存每天"')).toEqual([body]);
    expect(await ids('存缓')).toEqual([]);
    const res = await search('失效');
    expect(res.body.data.list[1]?.object.excerpt).toBe('我们的缓存每天<em>失效</em>一次。');
  });

  // Word semantics since migration 0023 (the trigram index matched any 3+ letters inside a word):
  // words match whole, a lone 1-2 letter word as the start of words.
  it('[SR-2] a 2-letter Latin word alone matches as a prefix; other words match whole words', async () => {
    const go = await ask('Go channels', 'Buffered channels in go.');
    const golang = await ask('Golang modules', 'Vendoring dependencies.');
    const cafe = await ask('Café opening hours', 'Résumé of the menu.');
    expect(new Set(await ids('go'))).toEqual(new Set([go, golang]));
    expect(new Set(await ids('GO'))).toEqual(new Set([go, golang]));
    expect(await ids('go channels')).toEqual([go]);
    expect(await ids('golang')).toEqual([golang]);
    // One letter is a word, not a prefix (as one it would read most of the index).
    expect(await ids('g')).toEqual([]);
    expect(await ids('lang')).toEqual([]);
    expect(await ids('chan')).toEqual([]);
    expect(await ids('cafe')).toEqual([cafe]);
    expect(await ids('resume')).toEqual([cafe]);
    expect(await ids('%_')).toEqual([]);
  });

  it('[SR-3] deleted, pending and unlisted posts never show, to any reader, in list or count', async () => {
    const live = await ask('Visible zebra question', 'Zebra text.');
    const deleted = await ask('Deleted zebra question', 'Zebra text.');
    const pending = await ask('Pending zebra question', 'Zebra text.');
    const unlisted = await ask('Unlisted zebra question', 'Zebra text.');
    const liveAnswer = await answer(live, 'A zebra answer that stays.');
    const deletedAnswer = await answer(live, 'A zebra answer that goes.', staff);
    const answerOfUnlisted = await answer(unlisted, 'A zebra answer under an unlisted question.');
    expect(
      (await call(t.app, 'DELETE', '/answer/api/v1/question', { id: deleted }, { token: author.token })).status,
    ).toBe(200);
    expect((await call(t.app, 'DELETE', '/answer/api/v1/answer', { id: deletedAnswer }, { token: staff })).status).toBe(
      200,
    );
    const hide = await call(
      t.app,
      'PUT',
      '/answer/api/v1/question/operation',
      { id: unlisted, operation: 'hide' },
      { token: staff },
    );
    expect(hide.status).toBe(200);
    // No writer makes pending posts yet (review queues); the rule holds on the row itself.
    await t.app.site.db.updateTable('questions').set({ status: 11 }).where('id', '=', pending).execute();
    for (const reader of [undefined, author.token, other, staff]) {
      expect(new Set(await ids('zebra', reader))).toEqual(new Set([live, liveAnswer]));
    }
    expect(answerOfUnlisted).toBeTruthy();
  });

  /**
   * 2,001 question documents without posts, older than any post written after it, all holding
   * `word` in their titles (and carrying `tag`, created here): more matches than either engine
   * ranks one by one.
   */
  const olderOrphanDocuments = async (word: string, tag = '') => {
    const db = t.app.site.db;
    let tagged: { id: string; slug: string } | undefined;
    if (tag) {
      const body = { slug_name: tag, display_name: tag };
      expect((await call(t.app, 'POST', '/answer/api/v1/tag', body, { token: staff })).status).toBe(200);
      const { id } = await db.selectFrom('tags').select('id').where('slug_name', '=', tag).executeTakeFirstOrThrow();
      tagged = { id, slug: tag };
    }
    // Posts written from here get ids above 5000; the index gets 2,001 older question documents
    // without posts (enough to leave the path that ranks every match), all holding the word,
    // and the tag as posts/search-index.ts writes it.
    for (const objectType of [1, 2]) {
      await db
        .insertInto('uniqid')
        .values({ object_type: objectType, last_seq: 5000 })
        .onConflict((oc) => oc.column('object_type').doUpdateSet({ last_seq: 5000 }))
        .execute();
    }
    // From 2: the welcome question (1) of every new site is in the index already.
    const older = Array.from({ length: 2001 }, (_, i) => makeObjectId('question', i + 2));
    await insertIndexDocuments(db, older, word, tagged);
  };

  it('[SR-1] [SR-3] with more matches than are ranked, the newest of each kind rank by title, the count stops past the cap, hidden posts stay out', async () => {
    await olderOrphanDocuments('walrus');
    const bodyOnly = await ask('Cooking rice on a stove', 'A walrus walked into the kitchen.');
    const titled = await ask('Walrus migration routes', 'Where they swim.');
    const unlisted = await ask('Walrus question to unlist', 'Walrus text.');
    const walrusAnswer = await answer(bodyOnly, 'The walrus left again.');
    const hide = { id: unlisted, operation: 'hide' };
    expect((await call(t.app, 'PUT', '/answer/api/v1/question/operation', hide, { token: staff })).status).toBe(200);
    const res = await search('walrus');
    expect(res.status).toBe(200);
    // Past the cap the count says "more" (SEARCH_COUNT_CAP + 1): the index holds 2,001 more.
    expect(res.body.data.count).toBe(SEARCH_COUNT_CAP + 1);
    // The title match first, then newest first; documents without a visible post are not results.
    expect(res.body.data.list.map((i) => i.object.id)).toEqual([titled, walrusAnswer, bodyOnly]);
    const answers = await search('walrus is:answer');
    expect(answers.body.data.list.map((i) => i.object.id)).toEqual([walrusAnswer]);
  });

  it('[SR-1] [SR-3] with more matches than are ranked, pages of two are the stretches of one whole page', async () => {
    await olderOrphanDocuments('walrus');
    // Title matches, body matches and answers, written in turn; the orphans rank with the titles.
    const posts: string[] = [];
    for (let i = 0; i < 3; i++) {
      posts.push(await ask(`Walrus sighting number ${i}`, 'On the ice.'));
      const bodyOnly = await ask(`Arctic report number ${i}`, 'A walrus swam past.');
      posts.push(bodyOnly, await answer(bodyOnly, `The walrus came back ${i}.`));
    }
    const whole = await search('walrus');
    const first = whole.body.data.list.map((i) => i.object.id);
    expect(new Set(first)).toEqual(new Set(posts));
    expect(first.slice(0, 3).every((id) => posts.indexOf(id) % 3 === 0)).toBe(true);
    const paged: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await search('walrus', undefined, `&page=${page}&size=2`);
      expect(res.body.data.count).toBe(SEARCH_COUNT_CAP + 1);
      paged.push(...res.body.data.list.map((i) => i.object.id));
    }
    expect(paged).toEqual(first);
  });

  it('[SR-1] [SR-3] a page by relevance the public rule leaves short reads past the answers it first had room for', async () => {
    await olderOrphanDocuments('walrus');
    const titled = await ask('Walrus question', 'Ice floes.');
    const walrusAnswer = await answer(titled, 'A walrus answer.');
    // Newer answer documents without posts: the newest answers a page of two first has room for.
    const orphans = Array.from({ length: 40 }, (_, i) => makeObjectId('answer', 6000 + i));
    await insertIndexDocuments(t.app.site.db, orphans, 'walrus');
    const res = await search('walrus', undefined, '&size=2');
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(SEARCH_COUNT_CAP + 1);
    expect(res.body.data.list.map((i) => i.object.id)).toEqual([titled, walrusAnswer]);
  });

  /** Sets the next question id's sequence (the documents below are written under it). */
  const setSequence = (seq: number) =>
    t.app.site.db
      .insertInto('uniqid')
      .values({ object_type: 1, last_seq: seq })
      .onConflict((oc) => oc.column('object_type').doUpdateSet({ last_seq: seq }))
      .execute();
  /** Question documents without posts, sequences `from` to `to`, each holding `word` in its title. */
  const documents = (from: number, to: number, word: string) =>
    insertIndexDocuments(
      t.app.site.db,
      Array.from({ length: to - from + 1 }, (_, k) => makeObjectId('question', from + k)),
      word,
    );

  it('[SR-1] [SR-3] the newest matches are found however far below the newest documents they start', async () => {
    await setSequence(3000);
    const real = await ask('Walrus real question', 'Ice floes.');
    await setSequence(10_000);
    // Newest first: 2,000 documents without the word, 200 with it, the real question (among the
    // newest 250 candidates), 2,999 with it. PostgreSQL samples half of its newest 4,000 as
    // holding the word and reads by key: its first window (1,253 rows) holds no match, so the
    // read must go on below it (through the GIN index, the window's own share being none).
    await documents(2, 3000, 'walrus');
    await documents(3002, 3201, 'walrus');
    await documents(3202, 5201, 'narwhal');
    const res = await search('walrus');
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(SEARCH_COUNT_CAP + 1);
    expect(res.body.data.list.map((i) => i.object.id)).toEqual([real]);
  });

  it('[SR-1] [SR-3] the newest matches are found across stretches of age with none in some', async () => {
    // Newest first: 100 documents with the word (age stretch 10 on PostgreSQL), 4,001 without it
    // (stretch 9: PostgreSQL's sample then rates the word rare and reads the GIN index by age),
    // the real question alone in stretch 5, 2,000 with the word in stretch 0. PostgreSQL reads
    // stretches 10 and 9, then the 7 that their 100 matches say the other 401 need (8 to 2),
    // then everything older; SQLite has more matches than it ranks one by one too.
    await documents(2, 2001, 'walrus');
    await setSequence(90_000);
    const real = await ask('Walrus real question', 'Ice floes.');
    await documents(150_000, 154_000, 'narwhal');
    await documents(170_000, 170_099, 'walrus');
    const res = await search('walrus');
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(SEARCH_COUNT_CAP + 1);
    expect(res.body.data.list.map((i) => i.object.id)).toEqual([real]);
  });

  it('[SR-1] [SR-3] the newest matches are found when the first estimate of stretches falls short', async () => {
    // Newest first, by PostgreSQL's age stretches of 16,384 ids: 100 documents with the word in
    // each of stretches 10 to 7, 2,000 without it in each of 6 and 5 (the sample then rates the
    // word rare: read by age), 100 with it in 4, the real question as the newest of stretch 3
    // with 100 more below it. Stretches 10 and 9 say 4 more hold the other 301; those (8 to 5)
    // hold 200, and the rate so far sends the next round to 4 and 3 for the last 101: the 501st
    // newest match is the real question. SQLite reads the newest 501 in one pass.
    const stretch = AGE_STRETCH_IDS;
    await documents(3 * stretch + 1, 3 * stretch + 100, 'walrus');
    await setSequence(3 * stretch + 500);
    const real = await ask('Walrus real question', 'Ice floes.');
    await documents(4 * stretch + 1, 4 * stretch + 100, 'walrus');
    await documents(5 * stretch + 1, 5 * stretch + 2000, 'narwhal');
    await documents(6 * stretch + 1, 6 * stretch + 2000, 'narwhal');
    for (const s of [7, 8, 9]) await documents(s * stretch + 1, s * stretch + 100, 'walrus');
    await documents(11 * stretch - 100, 11 * stretch - 1, 'walrus');
    const res = await search('walrus');
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(SEARCH_COUNT_CAP + 1);
    expect(res.body.data.list.map((i) => i.object.id)).toEqual([real]);
  });

  it('[SR-1] [SR-3] a tag over more text matches than are ranked: the newest that carry it make the page, the count stops past the cap', async () => {
    await olderOrphanDocuments('walrus', 'alpha');
    const tagged = await ask('Walrus habitats', 'Ice floes.', ['alpha']);
    const bodyOnly = await ask('Arctic fauna', 'The walrus sleeps on ice.', ['alpha']);
    const otherTag = await ask('Walrus diets', 'Clams.', ['beta']);
    const taggedAnswer = await answer(bodyOnly, 'A walrus weighs a ton.');
    await answer(otherTag, 'A walrus eats clams.');
    const hidden = await ask('Walrus question to unlist', 'Walrus text.', ['alpha']);
    const hide = { id: hidden, operation: 'hide' };
    expect((await call(t.app, 'PUT', '/answer/api/v1/question/operation', hide, { token: staff })).status).toBe(200);
    const res = await search('[alpha] walrus');
    expect(res.status).toBe(200);
    // The index marks tags exactly, so it counts the tagged matches: 2,001 documents and the posts.
    expect(res.body.data.count).toBe(SEARCH_COUNT_CAP + 1);
    const found = res.body.data.list.map((i) => i.object.id);
    // The title match first; the documents without posts, the other tag and the hidden question are not results.
    expect(found[0]).toBe(tagged);
    expect([...found].sort()).toEqual([tagged, bodyOnly, taggedAnswer].sort());
    const past = await search('[alpha] walrus', undefined, '&page=2&size=3');
    expect(past.body.data).toMatchObject({ count: SEARCH_COUNT_CAP + 1, list: [] });
    expect((await search('[alpha] walrus is:answer')).body.data.list.map((i) => i.object.id)).toEqual([taggedAnswer]);
  });

  it('[SR-1] [SR-3] a condition on the posts over more text matches than are ranked: the newest posts that pass it, counted exactly', async () => {
    await olderOrphanDocuments('walrus', 'alpha');
    const tagged = await ask('Walrus habitats', 'Ice floes.', ['alpha']);
    const bodyOnly = await ask('Arctic fauna', 'The walrus sleeps on ice.', ['alpha']);
    await answer(bodyOnly, 'A walrus weighs a ton.');
    await ask('Walrus diets', 'Clams.', ['beta']);
    const hidden = await ask('Walrus question to unlist', 'Walrus text.', ['alpha']);
    const hide = { id: hidden, operation: 'hide' };
    expect((await call(t.app, 'PUT', '/answer/api/v1/question/operation', hide, { token: staff })).status).toBe(200);
    const mine = `[alpha] walrus user:${author.username}`;
    const res = await search(mine);
    expect(res.status).toBe(200);
    // The documents without posts have no author: only the author's visible tagged posts count.
    expect(res.body.data.count).toBe(2);
    const found = res.body.data.list.map((i) => i.object.id);
    expect(found[0]).toBe(tagged);
    expect([...found].sort()).toEqual([tagged, bodyOnly].sort());
    // A page past the end still says how many there are.
    const past = await search(mine, undefined, '&page=2&size=3');
    expect(past.body.data).toMatchObject({ count: 2, list: [] });
  });

  /**
   * An old question with the word in its title, newer question documents without posts holding
   * it too, and a newest question holding it in its text only: as many matches as the engine
   * ranks one by one (SQLite while the count is exact, PostgreSQL 300), and `extra` more.
   */
  const aroundTheRankingBound = async (extra: 0 | 1) => {
    const rankAllUpTo = isSqlite(t.app.site.db) ? SEARCH_COUNT_CAP : 300;
    await setSequence(5000);
    const titled = await ask('Narwhal tusks explained', 'Long teeth.');
    // The titled question and the newest are the other two matches.
    await documents(6000, 6000 + rankAllUpTo - 3 + extra, 'narwhal');
    await setSequence(9000);
    const newest = await ask('Sea creatures', 'A narwhal swam by the boat today.');
    return { titled, newest, rankAllUpTo };
  };

  it('[SR-1] every match is ranked while there are no more than the engine ranks: an old title match comes first', async () => {
    const { titled, newest } = await aroundTheRankingBound(0);
    const res = await search('narwhal');
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((i) => i.object.id)).toEqual([titled, newest]);
  });

  it('[SR-1] one match more than the engine ranks: only the newest candidates are ranked by title, the older follow newest first, every match is counted', async () => {
    const { titled, newest, rankAllUpTo } = await aroundTheRankingBound(1);
    const res = await search('narwhal');
    expect(res.status).toBe(200);
    // SQLite's bound is the count's cap: its 501 reads "more than 500".
    expect(res.body.data.count).toBe(rankAllUpTo + 1);
    // The title match is older than the newest 250 candidates: unranked, it comes after the newest.
    expect(res.body.data.list.map((i) => i.object.id)).toEqual([newest, titled]);
    // Every page is a stretch of that one order, whatever its size.
    const pages = [1, 2].map((n) => search('narwhal', undefined, `&page=${n}&size=1`));
    expect((await Promise.all(pages)).map((p) => p.body.data.list.map((i) => i.object.id))).toEqual([
      [newest],
      [titled],
    ]);
    // By score the best-voted candidate comes first whatever its age, on a page of one too.
    await t.app.site.db.updateTable('questions').set({ vote_count: 3 }).where('id', '=', titled).execute();
    const byScore = await search('narwhal', undefined, '&order=score&size=1');
    expect(byScore.body.data.list.map((i) => i.object.id)).toEqual([titled]);
  });

  it('[SR-3] a private site answers 401 to guests', async () => {
    await ask('Private zebra', 'Zebra.');
    await t.app.services.siteinfo.update('login', { login_required: true });
    expect((await search('zebra')).status).toBe(401);
    expect(await ids('zebra', other)).toHaveLength(1);
  });

  it('[SR-2] the index follows edit, delete, undelete, unlist, list and tag change', async () => {
    const q = await ask('Original walrus title', 'Original text.', ['alpha']);
    const a = await answer(q, 'An answer about penguins.');
    const edit = await call(
      t.app,
      'PUT',
      '/answer/api/v1/question',
      { id: q, title: 'Edited narwhal title', content: 'Edited text.', tags: [{ slug_name: 'beta' }] },
      { token: author.token },
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await ids('walrus')).toEqual([]);
    expect(await ids('narwhal')).toEqual([q]);
    expect(await ids('[alpha]')).toEqual([]);
    expect(new Set(await ids('[beta]'))).toEqual(new Set([q, a]));
    const answerEdit = await call(
      t.app,
      'PUT',
      '/answer/api/v1/answer',
      { id: a, content: 'An answer about puffins now.' },
      { token: other },
    );
    expect(answerEdit.status, JSON.stringify(answerEdit.body)).toBe(200);
    expect(await ids('penguins')).toEqual([]);
    expect(await ids('puffins')).toEqual([a]);

    await call(t.app, 'PUT', '/answer/api/v1/question/operation', { id: q, operation: 'hide' }, { token: staff });
    expect(await ids('narwhal')).toEqual([]);
    expect(await ids('puffins')).toEqual([]);
    expect([await indexed(q), await indexed(a)]).toEqual([false, false]);
    await call(t.app, 'PUT', '/answer/api/v1/question/operation', { id: q, operation: 'show' }, { token: staff });
    expect(await ids('narwhal')).toEqual([q]);
    expect(await ids('puffins')).toEqual([a]);
    expect([await indexed(q), await indexed(a)]).toEqual([true, true]);

    expect((await call(t.app, 'DELETE', '/answer/api/v1/question', { id: q }, { token: staff })).status).toBe(200);
    expect(await ids('narwhal')).toEqual([]);
    expect(await ids('puffins')).toEqual([]);
    expect([await indexed(q), await indexed(a)]).toEqual([false, false]);
    expect(
      (await call(t.app, 'POST', '/answer/api/v1/question/recover', { question_id: q }, { token: staff })).status,
    ).toBe(200);
    expect(await ids('narwhal')).toEqual([q]);
    expect(await ids('puffins')).toEqual([a]);
    expect([await indexed(q), await indexed(a)]).toEqual([true, true]);

    expect((await call(t.app, 'DELETE', '/answer/api/v1/answer', { id: a }, { token: other })).status).toBe(200);
    expect(await ids('puffins')).toEqual([]);
    expect(await indexed(a)).toBe(false);
    expect(
      (await call(t.app, 'POST', '/answer/api/v1/answer/recover', { answer_id: a }, { token: staff })).status,
    ).toBe(200);
    expect(await ids('puffins')).toEqual([a]);
    expect(await indexed(a)).toBe(true);
  });

  it('[SR-1] a repeated search shows every change since: a vote, an edit, a new display name, a suspension ending, a delete', async () => {
    await t.app.services.siteinfo.update('site_users', { allow_update_display_name: true });
    const q = await ask('Repeated quokka search', 'Quokka text first.');
    const a = await answer(q, 'A quokka answer.');
    const item = async (id: string) => {
      const res = await search('quokka');
      expect(res.status).toBe(200);
      return res.body.data.list.find((i) => i.object.id === id)?.object;
    };
    expect(await item(q)).toMatchObject({ vote_count: 0, user_info: { display_name: author.username } });
    const answerer = (await item(a))!.user_info;

    const vote = await call(
      t.app,
      'POST',
      '/answer/api/v1/vote/up',
      { object_id: q, is_cancel: false },
      { token: other },
    );
    expect(vote.status, JSON.stringify(vote.body)).toBe(200);
    expect((await item(q))?.vote_count).toBe(1);

    const edit = await call(
      t.app,
      'PUT',
      '/answer/api/v1/answer',
      { id: a, content: 'A quokka answer, now with wombats.' },
      { token: other },
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await item(a))?.excerpt).toContain('wombats');

    const profile = {
      username: author.username,
      display_name: 'Quokka Keeper',
      avatar: { type: 'default' },
      bio: '',
      website: '',
      location: '',
    };
    const renamed = await call(t.app, 'PUT', '/answer/api/v1/user/info', profile, { token: author.token });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await item(q))?.user_info.display_name).toBe('Quokka Keeper');

    const suspend = await call(
      t.app,
      'PUT',
      '/answer/admin/api/user/status',
      { user_id: answerer.id, status: 'suspended', suspend_duration: '24h', suspend_reason: 'Testing' },
      { token: staff },
    );
    expect(suspend.status, JSON.stringify(suspend.body)).toBe(200);
    expect((await item(a))?.user_info.status).toBe('suspended');
    // The suspension ends with time alone, no write: the kept page ends with it.
    const later = Date.now() + 2 * 86_400_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect((await item(a))?.user_info.status).toBe('normal');
    } finally {
      clock.mockRestore();
    }

    expect((await call(t.app, 'DELETE', '/answer/api/v1/answer', { id: a }, { token: staff })).status).toBe(200);
    expect(await ids('quokka')).toEqual([q]);
  });

  it('[SR-4] the index rebuilt from the posts finds the same posts', async () => {
    const q = await ask('Rebuilt lemur index', 'Lemur text.');
    const a = await answer(q, 'A lemur answer here.');
    const { searchIndex } = await import('../posts/search-index.js');
    await t.app.site.db.transaction().execute((trx) => searchIndex.rebuild(trx));
    expect(new Set(await ids('lemur'))).toEqual(new Set([q, a]));
  });

  it('[SR-4] the migration to the word index builds it again from the posts', async () => {
    const q = await ask('Migrated okapi index', 'Okapi text, 中文内容.');
    const a = await answer(q, 'An okapi answer.');
    // Migrations are written for any schema.
    const db = t.app.site.db as unknown as Kysely<unknown>;
    const migration = await import('../../db/migrations/0023-search-words.js');
    await migration.down(db);
    expect(await indexed(q)).toBe(false);
    await migration.up(db);
    expect([await indexed(q), await indexed(a)]).toEqual([true, true]);
    expect(new Set(await ids('okapi'))).toEqual(new Set([q, a]));
    expect(await ids('内容')).toEqual([q]);
  });

  it('[SR-4] the migration that marks ages gives each PostgreSQL document its age; the posts are still found', async () => {
    const q = await ask('Migrated tapir index', 'Tapir text.');
    const a = await answer(q, 'A tapir answer.');
    const db = t.app.site.db;
    const aged = async (id: string) => {
      const age = tsLexeme(ageLexeme(ageStretch(id)));
      const { rows } = await sql<{ n: number }>`select count(*) as n from search_docs
        where id = ${id} and doc @@ ${age}::tsquery`.execute(db);
      return Number(rows[0]?.n);
    };
    if (!isSqlite(db)) {
      // Documents as the older version wrote them: no age lexeme.
      await sql`update search_docs set doc = ts_delete(doc, array(select w.lexeme from unnest(doc) w
        where w.lexeme like '~%'))`.execute(db);
      expect([await aged(q), await aged(a)]).toEqual([0, 0]);
    }
    const migration = await import('../../db/migrations/0027-search-ages.js');
    await migration.up(db as unknown as Kysely<unknown>);
    if (!isSqlite(db)) expect([await aged(q), await aged(a)]).toEqual([1, 1]);
    expect(new Set(await ids('tapir'))).toEqual(new Set([q, a]));
  });

  it('[SR-6] a query that cannot be read is a field error on q, never a 500', async () => {
    for (const q of ['score:many', 'is:comment', '[a] [b] [c] [d] [e] [f]', '', 'x'.repeat(61)]) {
      const res = await call<Fields>(t.app, 'GET', `/answer/api/v1/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(400);
      expect(res.body.data[0]?.error_field, q).toBe('q');
    }
    const missing = await call<Fields>(t.app, 'GET', '/answer/api/v1/search');
    expect(missing.status).toBe(400);
    expect(missing.body.data[0]?.error_field).toBe('q');
    // Characters that mean something to the engines are only text.
    for (const q of ['"', 'a AND', 'NEAR(', "o'reilly", '%_\\', 'or', '-x', '*', '"""']) {
      expect((await search(q)).status, q).toBe(200);
    }
  });

  it('[SR-3] search/desc is empty without a search plugin', async () => {
    const res = await call(t.app, 'GET', '/answer/api/v1/search/desc');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ name: '', icon: '', link: '' });
  });

  it('[SR-5] question/similar finds listed questions through the same engine', async () => {
    const q = await ask('Configure nginx reverse proxy', 'Proxy settings.');
    const hidden = await ask('Nginx reverse proxy hidden', 'Hidden.');
    await call(t.app, 'PUT', '/answer/api/v1/question/operation', { id: hidden, operation: 'hide' }, { token: staff });
    const res = await call<{ id: string; title: string }[]>(
      t.app,
      'GET',
      '/answer/api/v1/question/similar?title=nginx%20proxy%20setup',
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.id)).toEqual([q]);
  });
});

describe('search limits', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => t.close());

  it('[SR-6] 20 searches a minute per guest address, then 429 with the captcha off; staff are not limited', async () => {
    await t.app.site.db
      .insertInto('plugin_state')
      .values({ slug_name: 'captcha-basic', enabled: 0 } as never)
      .execute();
    for (let i = 0; i < 20; i += 1) {
      expect((await call(t.app, 'GET', '/answer/api/v1/search?q=anything')).status).toBe(200);
    }
    expect((await call(t.app, 'GET', '/answer/api/v1/search?q=anything')).status).toBe(429);
  });

  it('[SR-6] past 20 a member needs a captcha when the captcha plugin is on', async () => {
    const member = await loginAs(t.app, (await buildUser(t.app)).id);
    for (let i = 0; i < 20; i += 1) {
      expect((await call(t.app, 'GET', '/answer/api/v1/search?q=anything', undefined, { token: member })).status).toBe(
        200,
      );
    }
    const res = await call<Fields>(t.app, 'GET', '/answer/api/v1/search?q=anything', undefined, { token: member });
    expect(res.status).toBe(400);
    expect(res.body.data[0]?.error_field).toBe('captcha_code');
    const record = await call<{ verify: boolean }>(
      t.app,
      'GET',
      '/answer/api/v1/user/action/record?action=search',
      undefined,
      {
        token: member,
      },
    );
    expect(record.body.data.verify).toBe(true);
  });
});
