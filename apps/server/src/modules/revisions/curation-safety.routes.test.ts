import type { Paged, RevisionItem, TimelineData, UnreviewedRevision } from '@inquire/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

/** Ways a security review broke edits, reviews and timelines; each test keeps one shut. */
const API = '/answer/api/v1';

describe('curation cannot be turned against the site', () => {
  let t: TestApp;
  let author: { id: string; token: string };
  let other: { id: string; token: string };
  let staff: { id: string; token: string };
  let questionId = '';

  const make = async (overrides = {}) => {
    const user = await buildUser(t.app, overrides);
    return { id: user.id, token: await loginAs(t.app, user.id) };
  };
  const rank = async (id: string) =>
    (await t.app.site.db.selectFrom('users').select('rank').where('id', '=', id).executeTakeFirstOrThrow()).rank;
  const slugsOnQuestion = async () =>
    (
      await t.app.site.db
        .selectFrom('tag_relations')
        .innerJoin('tags', 'tags.id', 'tag_relations.tag_id')
        .select('tags.slug_name')
        .where('tag_relations.object_id', '=', questionId)
        .where('tag_relations.status', '=', 1)
        .execute()
    )
      .map((r) => r.slug_name)
      .sort();
  const editQuestion = (token: string, tags: string[], title: string) =>
    call(
      t.app,
      'PUT',
      `${API}/question`,
      { id: questionId, title, content: 'Edited body text.', tags: tags.map((slug_name) => ({ slug_name })) },
      { token },
    );
  const history = async (token: string) =>
    (await call<RevisionItem[]>(t.app, 'GET', `${API}/revisions?object_id=${questionId}`, undefined, { token })).body
      .data;

  beforeEach(async () => {
    t = await buildTestApp();
    author = await make();
    other = await make();
    staff = await make({ role_id: 2 });
    const asked = await call<{ id: string }>(
      t.app,
      'POST',
      `${API}/question`,
      { title: 'How do I parse JSON?', content: 'Original body text.', tags: [{ slug_name: 'support' }] },
      { token: author.token },
    );
    questionId = asked.body.data.id;
  });
  afterEach(async () => t.close());

  it('[S4-013] on a private site an unactivated account reads no revisions, timelines or diffs', async () => {
    await t.app.services.siteinfo.update('login', { login_required: true });
    const unverified = await make({ mail_status: 2 });
    const [revision] = await history(author.token);
    const paths = [
      `revisions?object_id=${questionId}`,
      `activity/timeline?object_id=${questionId}`,
      `activity/timeline/detail?new_revision_id=${revision?.id}&old_revision_id=0`,
    ];
    for (const path of paths) {
      const response = await call(t.app, 'GET', `${API}/${path}`, undefined, { token: unverified.token });
      expect(response.status, path).toBe(403);
    }
  });

  it('a suspended moderator no longer reads deleted posts or their revisions', async () => {
    const moderator = await make({ role_id: 3 });
    expect((await call(t.app, 'DELETE', `${API}/question`, { id: questionId }, { token: staff.token })).status).toBe(
      200,
    );
    expect(
      (await call(t.app, 'GET', `${API}/revisions?object_id=${questionId}`, undefined, { token: moderator.token }))
        .status,
    ).toBe(200);
    await t.app.site.db
      .updateTable('users')
      .set({ status: 9, suspended_until: 4102444800 })
      .where('id', '=', moderator.id)
      .execute();
    for (const path of [`revisions?object_id=${questionId}`, `question/info?id=${questionId}`]) {
      const response = await call(t.app, 'GET', `${API}/${path}`, undefined, { token: moderator.token });
      expect(response.status, path).toBe(404);
    }
  });

  it('[S7-101] a reviewer neither sees nor approves their own suggested edit', async () => {
    const auditor = await make({ rank: 2500 });
    const tag = await t.app.site.db
      .selectFrom('tags')
      .select('id')
      .where('slug_name', '=', 'support')
      .executeTakeFirstOrThrow();
    const suggested = await call<{ wait_for_review: boolean }>(
      t.app,
      'PUT',
      `${API}/tag`,
      { tag_id: tag.id, slug_name: 'support', display_name: 'Support', original_text: 'Help text v2' },
      { token: auditor.token },
    );
    expect(suggested.body.data.wait_for_review).toBe(true);
    const queue = await call<Paged<UnreviewedRevision>>(t.app, 'GET', `${API}/revisions/unreviewed?page=1`, undefined, {
      token: auditor.token,
    });
    expect(queue.body.data.count).toBe(0);
    const pending = await t.app.site.db
      .selectFrom('revisions')
      .select('id')
      .where('user_id', '=', auditor.id)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    const before = await rank(auditor.id);
    const approve = await call(
      t.app,
      'PUT',
      `${API}/revisions/audit`,
      { id: pending.id, operation: 'approve' },
      { token: auditor.token },
    );
    expect(approve.status).toBe(403);
    expect(await rank(auditor.id)).toBe(before);
  });

  it('[S6-016] the site-wide reserved list binds edits: a member neither removes nor adds a reserved tag', async () => {
    await call(t.app, 'POST', `${API}/tag`, { slug_name: 'meta', display_name: 'Meta' }, { token: staff.token });
    await t.app.services.siteinfo.update('site_write', {
      reserved_tags: [{ slug_name: 'meta', display_name: 'Meta' }],
    });
    expect((await editQuestion(staff.token, ['support', 'meta'], 'Staff marked this as meta')).status).toBe(200);
    // Keeping the reserved tag while editing the rest is fine.
    expect((await editQuestion(author.token, ['support', 'meta'], 'Author edits around the tag')).status).toBe(200);
    const removed = await editQuestion(author.token, ['support'], 'Author drops the reserved tag');
    expect(removed.status).toBe(400);
    expect(removed.body.data).toEqual([{ error_field: 'tags', error_msg: expect.any(String) }]);
    expect(await slugsOnQuestion()).toEqual(['meta', 'support']);
  });

  it('rollback keeps the reserved-tag rule and never re-attaches a deleted tag', async () => {
    await call(t.app, 'POST', `${API}/tag`, { slug_name: 'meta', display_name: 'Meta' }, { token: staff.token });
    await t.app.services.siteinfo.update('site_write', {
      reserved_tags: [{ slug_name: 'meta', display_name: 'Meta' }],
    });
    const first = (await history(author.token)).at(-1);
    expect((await editQuestion(staff.token, ['support', 'meta'], 'Staff marked this as meta')).status).toBe(200);
    const undoStaff = await call(
      t.app,
      'POST',
      `${API}/revisions/rollback`,
      { revision_id: first?.id, edit_summary: 'undo staff' },
      { token: author.token },
    );
    expect(undoStaff.status).toBe(400);
    expect(await slugsOnQuestion()).toEqual(['meta', 'support']);

    await call(t.app, 'POST', `${API}/tag`, { slug_name: 'doomed', display_name: 'Doomed' }, { token: staff.token });
    expect((await editQuestion(staff.token, ['support', 'meta', 'doomed'], 'With a doomed tag')).status).toBe(200);
    const withDoomed = (await history(author.token))[0];
    expect((await editQuestion(staff.token, ['support', 'meta'], 'Without the doomed tag')).status).toBe(200);
    const doomed = await t.app.site.db
      .selectFrom('tags')
      .select('id')
      .where('slug_name', '=', 'doomed')
      .executeTakeFirstOrThrow();
    expect((await call(t.app, 'DELETE', `${API}/tag`, { tag_id: doomed.id }, { token: staff.token })).status).toBe(200);
    const back = await call(
      t.app,
      'POST',
      `${API}/revisions/rollback`,
      { revision_id: withDoomed?.id, edit_summary: 'back' },
      { token: staff.token },
    );
    expect(back.status).toBe(400);
    expect(await slugsOnQuestion()).toEqual(['meta', 'support']);
  });

  it("[S7-151] a question's timeline leaves out answers the reader may not see", async () => {
    const answerer = await make();
    const answer = await call<{ id: string }>(
      t.app,
      'POST',
      `${API}/answer`,
      { question_id: questionId, content: 'A secret answer body.' },
      { token: answerer.token },
    );
    const timelineFor = async (token: string) =>
      (
        await call<TimelineData>(t.app, 'GET', `${API}/activity/timeline?object_id=${questionId}`, undefined, {
          token,
        })
      ).body.data.timeline.map((e) => e.object_id);
    expect(await timelineFor(other.token)).toContain(answer.body.data.id);
    expect(
      (await call(t.app, 'DELETE', `${API}/answer`, { id: answer.body.data.id }, { token: staff.token })).status,
    ).toBe(200);
    expect(await timelineFor(other.token)).not.toContain(answer.body.data.id);
    expect(await timelineFor(staff.token)).toContain(answer.body.data.id);
  });

  it('accepting one answer many times at once pays the answerer once', async () => {
    const answerer = await make();
    const answer = await call<{ id: string }>(
      t.app,
      'POST',
      `${API}/answer`,
      { question_id: questionId, content: 'A good answer body.' },
      { token: answerer.token },
    );
    const before = await rank(answerer.id);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        call(
          t.app,
          'POST',
          `${API}/answer/acceptance`,
          { question_id: questionId, answer_id: answer.body.data.id },
          { token: author.token },
        ),
      ),
    );
    expect(await rank(answerer.id)).toBe(before + 15);
    await call(
      t.app,
      'POST',
      `${API}/answer/acceptance`,
      { question_id: questionId, answer_id: '' },
      { token: author.token },
    );
    expect(await rank(answerer.id)).toBe(before);
  });
});
