import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { USER_STATUS, type LiveStreamEvents, type NotificationStatus } from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { openEventStream, type EventStreamClient, type StreamEvent } from '../../../test/event-stream.js';
import { buildTestApp, call, TEST_DB, type TestApp } from '../../../test/harness.js';
import { SESSION_COOKIE } from '../../infra/request-context.js';
import { nowSeconds } from '../../lib/clock.js';
import { recordLiveEvent } from './live-events.js';
import { HEARTBEAT_MS } from './live-stream.js';

const V1 = '/answer/api/v1';
type Member = { id: string; token: string; username: string };

const isEvent =
  <K extends keyof LiveStreamEvents>(name: K, where: (data: LiveStreamEvents[K]) => boolean = () => true) =>
  (event: StreamEvent) =>
    event.event === name && where(event.data as LiveStreamEvents[K]);

describe(`the live notification stream on ${TEST_DB} (issue 11 item 4)`, () => {
  let t: TestApp;
  let base: string;
  let asker: Member;
  let answerer: Member;
  let second: Member;
  let newcomer: Member;
  let admin: Member;
  const streams: EventStreamClient[] = [];

  beforeEach(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const make = async (overrides = {}): Promise<Member> => {
      const user = await buildUser(t.app, { rank: 3000, ...overrides });
      return { id: user.id, username: user.username, token: await loginAs(t.app, user.id) };
    };
    asker = await make();
    answerer = await make();
    second = await make();
    newcomer = await make({ rank: 1 });
    admin = await make({ role_id: 2 });
  });
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await t.close();
  });

  const open = async (who: Member | null, query = '', headers: Record<string, string> = {}) => {
    const stream = await openEventStream(`${base}${V1}/notification/stream${query}`, {
      ...(who ? { authorization: who.token } : {}),
      ...headers,
    });
    streams.push(stream);
    return stream;
  };
  const ok = async <T>(method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, who: Member) => {
    const res = await call<T>(t.app, method, `${V1}${url}`, body, { token: who.token });
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  const ask = async () =>
    (
      await ok<{ id: string }>(
        'POST',
        '/question',
        {
          title: 'Why do live streams need heartbeats?',
          content: 'Proxies close quiet sockets.',
          tags: [{ slug_name: 'live' }],
        },
        asker,
      )
    ).id;
  const answer = async (questionId: string, who: Member) =>
    (
      await ok<{ id: string }>(
        'POST',
        '/answer',
        { question_id: questionId, content: `Answer by ${who.username}.` },
        who,
      )
    ).id;
  const comment = async (objectId: string, who: Member) =>
    (
      await ok<{ comment_id: string }>(
        'POST',
        '/comment',
        { object_id: objectId, original_text: `A comment by ${who.username}.` },
        who,
      )
    ).comment_id;

  it('[N-4] a guest is refused with the 401 envelope; a malformed question id names its field; nothing streams', async () => {
    const guest = await call(t.app, 'GET', `${V1}/notification/stream`);
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe(401);
    const bad = await call<{ error_field: string }[]>(
      t.app,
      'GET',
      `${V1}/notification/stream?question_id=nope`,
      undefined,
      {
        token: asker.token,
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data.map((f) => f.error_field)).toEqual(['question_id']);
    const raw = await open(null);
    expect(raw.status).toBe(401);
    expect(raw.headers['content-type']).toContain('application/json');
  });

  it('[N-4] the stream delivers a new notification with the red dots, to its receiver only; the page cookie serves too', async () => {
    const questionId = await ask();
    const mine = await open(asker);
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toContain('text/event-stream');
    expect(mine.headers['cache-control']).toBe('no-store');
    // The cookie of the page (EventSource sends no header) opens the same stream.
    const byCookie = await open(null, '', { cookie: `${SESSION_COOKIE}=${asker.token}` });
    const theirs = await open(answerer);
    const first = await mine.next(isEvent('status'));
    expect((first.data as NotificationStatus).inbox).toBe(0);
    await byCookie.next(isEvent('status'));
    await theirs.next(isEvent('status'));

    const answerId = await answer(questionId, answerer);
    const told = await mine.next(isEvent('notification'));
    const data = told.data as LiveStreamEvents['notification'];
    expect(told.id).toMatch(/^1\d{16}$/);
    expect(data.status.inbox).toBe(1);
    expect(data.item?.notification_action).toBe('answered the question');
    expect(data.item?.object_info.object_map.answer).toBe(answerId);
    expect(data.item?.user_info?.username).toBe(answerer.username);
    await byCookie.next(isEvent('notification'));

    // The answerer hears nothing of the asker's item; their first item is their own.
    await comment(answerId, asker);
    const own = await theirs.next((e) => e.event !== 'status');
    expect(own.event).toBe('notification');
    expect((own.data as LiveStreamEvents['notification']).item?.notification_action).toBe('commented on the answer');
    expect(theirs.events.filter((e) => e.event === 'notification')).toHaveLength(1);
  });

  it('[N-4] reading items in one tab moves the red dots of the member’s other open tabs', async () => {
    const questionId = await ask();
    await answer(questionId, answerer);
    const [one, two] = [await open(asker), await open(asker)];
    expect(((await one.next(isEvent('status'))).data as NotificationStatus).inbox).toBe(1);
    await two.next(isEvent('status'));
    await ok('PUT', '/notification/read/state/all', { type: 'inbox' }, asker);
    for (const tab of [one, two]) {
      const moved = await tab.next(isEvent('notification'));
      expect(moved.data).toMatchObject({ item: null, status: { inbox: 0 } });
    }
  });

  it('[N-4] a read in another tab while a stream is joining is not lost: the stream’s dots are read after it joined', async () => {
    const questionId = await ask();
    await answer(questionId, answerer);
    // Hold the new stream at its join, and read everything in another tab meanwhile.
    const hub = t.app.services.live.hub;
    const subscribe = hub.subscribe.bind(hub);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let joining!: () => void;
    const isJoining = new Promise<void>((resolve) => (joining = resolve));
    hub.subscribe = async (subscriber) => {
      joining();
      await released;
      return subscribe(subscriber);
    };
    let tab: EventStreamClient;
    try {
      const opening = open(asker);
      await isJoining;
      await ok('PUT', '/notification/read/state/all', { type: 'inbox' }, asker);
      release();
      tab = await opening;
    } finally {
      release();
      hub.subscribe = subscribe;
    }
    // The old order read the dots first (inbox 1) and joined after the read's event: stale dots.
    const dots = await tab.next(isEvent('status'));
    expect((dots.data as NotificationStatus).inbox).toBe(0);
    tab.close();
  });

  it('[N-4] a reviewer’s open stream tells the review to-do as others flag posts; a member’s stream sends no extra status', async () => {
    const questionId = await ask();
    const [staff, member] = [await open(admin), await open(second)];
    const first = (await staff.next(isEvent('status'))).data as NotificationStatus;
    expect(first).toMatchObject({ can_revision: true });
    await member.next(isEvent('status'));
    await ok('POST', '/report', { object_id: questionId, report_type: 57, content: '' }, answerer);
    const raised = await staff.next(isEvent('status', (status) => status.revision === first.revision + 1));
    expect(raised.id).toBe('');
    // The member's stream told its dots once, when it opened: the flag moved nothing of theirs.
    expect(member.events.filter((event) => event.event === 'status')).toHaveLength(1);
  });

  it('[N-4] on a question page, answers and comments that arrive are told to other readers, not to their author', async () => {
    const questionId = await ask();
    const reader = await open(second, `?question_id=${questionId}`);
    const author = await open(answerer, `?question_id=${questionId}`);
    await reader.next(isEvent('status'));
    await author.next(isEvent('status'));
    const answerId = await answer(questionId, answerer);
    const arrived = await reader.next(isEvent('answer'));
    expect(arrived.data).toEqual({ question_id: questionId, answer_id: answerId });
    const commentId = await comment(answerId, asker);
    const said = await reader.next(isEvent('comment'));
    expect(said.data).toEqual({ question_id: questionId, object_id: answerId, comment_id: commentId });
    // The answerer is told of the comment on their answer (an inbox item and the page event), not of their own answer.
    await author.next(isEvent('comment'));
    expect(author.events.some((e) => e.event === 'answer')).toBe(false);
  });

  it('[N-4] a reconnect with Last-Event-ID gets what it missed, in order, without duplicates, then new events', async () => {
    const questionId = await ask();
    const before = await open(asker);
    await before.next(isEvent('status'));
    await answer(questionId, answerer);
    const seen = await before.next(isEvent('notification'));
    before.close();

    // Missed while away: an answer and a comment on the question.
    const missedAnswer = await answer(questionId, second);
    const missedComment = await comment(questionId, answerer);

    const again = await open(asker, '', { 'last-event-id': seen.id });
    const status = await again.next(isEvent('status'));
    expect((status.data as NotificationStatus).inbox).toBe(3);
    // And a new one after the replay.
    await again.next(isEvent('notification', (d) => d.item?.object_info.object_map.comment === missedComment));
    const fresh = await comment(questionId, newcomer);
    await again.next(isEvent('notification', (d) => d.item?.object_info.object_map.comment === fresh));
    const told = again.events.filter((e) => e.id);
    const ids = told.map((e) => e.id);
    expect(new Set(ids).size).toBe(3);
    expect([...ids].sort()).toEqual(ids);
    expect(ids.every((id) => id > seen.id)).toBe(true);
    const objects = told.map((e) => {
      const map = (e.data as LiveStreamEvents['notification']).item?.object_info.object_map;
      return map?.comment ?? map?.answer;
    });
    expect(objects).toEqual([missedAnswer, missedComment, fresh]);
  });

  it('[N-4] [N-6] never leaks a held or deleted answer: not live, not on replay; a held one is told once approved', async () => {
    const questionId = await ask();
    const current = await call<Record<string, unknown>>(t.app, 'GET', '/answer/admin/api/siteinfo/write', undefined, {
      token: admin.token,
    });
    const held = await call(
      t.app,
      'PUT',
      '/answer/admin/api/siteinfo/write',
      { ...current.body.data, hold_posts_below_rank: 100 },
      { token: admin.token },
    );
    expect(held.status).toBe(200);
    const reader = await open(second, `?question_id=${questionId}`);
    const owner = await open(asker, `?question_id=${questionId}`);
    await reader.next(isEvent('status'));
    await owner.next(isEvent('status'));

    const heldId = await answer(questionId, newcomer);
    const shownId = await answer(questionId, answerer);
    // Events leave in order: had the held answer been told, it would have come first.
    await reader.next(isEvent('answer', (d) => d.answer_id === shownId));
    await owner.next(isEvent('notification', (d) => d.item?.object_info.object_map.answer === shownId));
    for (const stream of [reader, owner]) {
      expect(JSON.stringify(stream.events)).not.toContain(heldId);
    }

    // Approved by staff: now the page hears of it.
    const review = await t.app.site.db
      .selectFrom('review_items')
      .select('id')
      .where('object_id', '=', heldId)
      .executeTakeFirstOrThrow();
    await ok('PUT', '/review/pending/post', { review_id: review.id, status: 'approve' }, admin);
    await reader.next(isEvent('answer', (d) => d.answer_id === heldId));

    // Deleted after it was written: a reader resuming from before it is not told of it.
    const since = reader.events.find((e) => e.event === 'answer')!.id;
    const goneId = await answer(questionId, second);
    const laterId = await answer(questionId, asker);
    await ok('DELETE', '/answer', { id: goneId }, second);
    const resumed = await open(answerer, `?question_id=${questionId}`, { 'last-event-id': since });
    await resumed.next(isEvent('answer', (d) => d.answer_id === laterId));
    expect(JSON.stringify(resumed.events)).not.toContain(goneId);
  });

  it('[N-4] an event of a rolled-back change is never told; the next committed one is', async () => {
    const questionId = await ask();
    const reader = await open(second, `?question_id=${questionId}`);
    await reader.next(isEvent('status'));
    const failed = t.app.site.db.transaction().execute(async (trx) => {
      await recordLiveEvent(trx, { kind: 'answer', questionId, answerId: 'rolled-back', now: nowSeconds() });
      throw new Error('the change failed');
    });
    await expect(failed).rejects.toThrow('the change failed');
    const answerId = await answer(questionId, answerer);
    await reader.next(isEvent('answer', (d) => d.answer_id === answerId));
    expect(reader.events.filter((e) => e.event === 'answer')).toHaveLength(1);
    expect(
      await t.app.site.db.selectFrom('live_events').select('id').where('object_id', '=', 'rolled-back').execute(),
    ).toEqual([]);
  });

  it(
    '[N-4] a quiet stream gets a heartbeat comment about every 20 s',
    async () => {
      const stream = await open(asker);
      await stream.next(isEvent('status'));
      const started = Date.now();
      await new Promise<void>((done, fail) => {
        const bound = setTimeout(() => fail(new Error('no heartbeat')), HEARTBEAT_MS + 5000);
        const look = setInterval(() => {
          if (stream.comments.includes('keep-alive')) {
            clearTimeout(bound);
            clearInterval(look);
            done();
          }
        }, 100);
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(HEARTBEAT_MS - 1000);
    },
    HEARTBEAT_MS + 10_000,
  );

  it('[N-4] a stream ends within a heartbeat once its reader is suspended or signs out; others stay open', async () => {
    const quick = await buildTestApp({ app: { writeLimits: false, liveHeartbeatMs: 200 } });
    try {
      const url = await quick.app.listen({ port: 0, host: '127.0.0.1' });
      const member = async () => {
        const user = await buildUser(quick.app, { rank: 3000 });
        return { id: user.id, token: await loginAs(quick.app, user.id) };
      };
      const [suspended, leaving, staying] = [await member(), await member(), await member()];
      const tabs = await Promise.all(
        [suspended, leaving, staying].map((who) =>
          openEventStream(`${url}${V1}/notification/stream`, { authorization: who.token }),
        ),
      );
      streams.push(...tabs);
      await Promise.all(tabs.map((tab) => tab.next(isEvent('status'))));
      // A stream sends its red dots before it joins the hub: wait for all three to have joined.
      await expect.poll(() => quick.app.services.live.hub.size).toBe(3);

      await quick.app.site.db
        .updateTable('users')
        .set({ status: USER_STATUS.suspended, suspended_until: nowSeconds() + 3600 })
        .where('id', '=', suspended.id)
        .execute();
      const logout = await call(quick.app, 'GET', `${V1}/user/logout`, undefined, { token: leaving.token });
      expect(logout.status).toBe(200);

      await expect.poll(() => quick.app.services.live.hub.countOf(suspended.id), { timeout: 3000 }).toBe(0);
      await expect.poll(() => quick.app.services.live.hub.countOf(leaving.id), { timeout: 3000 }).toBe(0);
      await expect(tabs[0]!.next(() => false, 3000)).rejects.toThrow('ended');
      await expect(tabs[1]!.next(() => false, 3000)).rejects.toThrow('ended');
      // A heartbeat later the third reader's stream is still served.
      const beats = tabs[2]!.comments.length;
      await expect.poll(() => tabs[2]!.comments.length, { timeout: 3000 }).toBeGreaterThan(beats);
      expect(quick.app.services.live.hub.countOf(staying.id)).toBe(1);
    } finally {
      for (const stream of streams.splice(0)) stream.close();
      await quick.close();
    }
  });

  it('[N-4] eleven streams opened at once: ten are served and one is refused, though none has joined when they are checked', async () => {
    // Each stream joins the hub in its first step: hold those joins back, so all eleven are
    // checked against the limit before any has joined.
    const hub = t.app.services.live.hub;
    const subscribe = hub.subscribe.bind(hub);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    hub.subscribe = async (subscriber) => {
      await released;
      return subscribe(subscriber);
    };
    let tabs: EventStreamClient[];
    try {
      tabs = await Promise.all(Array.from({ length: 11 }, () => open(second)));
      expect(hub.countOf(second.id)).toBe(0);
    } finally {
      release();
      hub.subscribe = subscribe;
    }
    const statuses = tabs.map((tab) => tab.status).sort();
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 200), 429]);
    const served = tabs.filter((tab) => tab.status === 200);
    await Promise.all(served.map((tab) => tab.next(isEvent('status'))));
    await expect.poll(() => t.app.services.live.hub.countOf(second.id)).toBe(10);
    expect(t.app.services.live.hub.heldStreams(second.id)).toBe(10);
    for (const tab of tabs) tab.close();
    await expect.poll(() => t.app.services.live.hub.heldStreams(second.id)).toBe(0);
  });

  it('[N-4] a member may hold 10 streams in a process; the 11th is refused with 429 and streams close cleanly', async () => {
    const tabs = await Promise.all(Array.from({ length: 10 }, () => open(second)));
    await Promise.all(tabs.map((tab) => tab.next(isEvent('status'))));
    // A stream joins the hub (where the limit counts it) just after its red dots.
    await expect.poll(() => t.app.services.live.hub.countOf(second.id)).toBe(10);
    const eleventh = await call(t.app, 'GET', `${V1}/notification/stream`, undefined, { token: second.token });
    expect(eleventh.status).toBe(429);
    expect(t.app.services.live.hub.countOf(second.id)).toBe(10);
    for (const tab of tabs) tab.close();
    await expect.poll(() => t.app.services.live.hub.countOf(second.id)).toBe(0);
  });
});
