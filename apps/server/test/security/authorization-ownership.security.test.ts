import { REASONS, ROLE } from '@inquire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../harness.js';
import {
  ask,
  attempt,
  ATTEMPTS,
  buildScene,
  member,
  sceneRows,
  suspended,
  V1,
  type Member,
  type Scene,
} from './matrix-helpers.js';

/**
 * Ownership on writes (case 8): members who own nothing involved try every write on other
 * members' content; staff in good standing may do the staff ones, suspended staff nothing.
 * Write limits are off here: they are not authorization, and one member making every
 * attempt would otherwise meet them first.
 */
describe('[SEC-8] writes on other members’ content', () => {
  let t: TestApp;
  let scene: Scene;

  beforeAll(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
    scene = await buildScene(t);
  });
  afterAll(async () => t.close());

  /** Each attempt as the caller: the answers, and the scene's rows unchanged after every one. */
  async function refusedAll(caller: Member, expected: (a: (typeof ATTEMPTS)[number]) => string, staffOnly: boolean) {
    const attempts = ATTEMPTS.filter((a) => a.staffOnly || !staffOnly);
    const seen: string[] = [];
    for (const a of attempts) {
      const before = await sceneRows(t, scene);
      const answer = await attempt(t, a, scene, caller.token);
      seen.push(`${a.name} → ${answer}`);
      expect(await sceneRows(t, scene), `${a.name} changed something`).toEqual(before);
    }
    expect(seen).toEqual(attempts.map((a) => `${a.name} → ${expected(a)}`));
  }

  it('[SEC-8][ANS-23][ANS-50] member B (rank 1) is refused every write on A’s question, C’s answer and A’s comment', async () => {
    await refusedAll(await member(t.app), (a) => a.refusal, false);
  });

  it('[SEC-8][ANS-23] a member with any reputation but no staff role is refused the owner-or-staff writes', async () => {
    await refusedAll(await member(t.app, { rank: 1_000_000 }), (a) => a.refusal, true);
  });

  it('[SEC-8] a suspended moderator or admin is refused every one of them', async () => {
    for (const role_id of [ROLE.moderator, ROLE.admin]) {
      await refusedAll(await member(t.app, suspended({ role_id })), () => `403 ${REASONS.userSuspended}`, false);
    }
  });

  it('[SEC-8] member B (rank 1) creates, edits, deletes, undeletes no tag and sets no synonym', async () => {
    const db = t.app.site.db;
    const tagId = async (slug: string) =>
      (await db.selectFrom('tags').select('id').where('slug_name', '=', slug).executeTakeFirstOrThrow()).id;
    const support = await tagId('support');
    const admin = await member(t.app, { role_id: ROLE.admin });
    const created = await call(
      t.app,
      'POST',
      `${V1}/tag`,
      { slug_name: 'gone', display_name: 'gone' },
      {
        token: admin.token,
      },
    );
    expect(created.status).toBe(200);
    const gone = await tagId('gone');
    await db.updateTable('tags').set({ status: 10 }).where('id', '=', gone).execute();
    const tag = { slug_name: 'support', display_name: 'Support', original_text: 'Rewritten.' };
    const tries: [string, 'POST' | 'PUT' | 'DELETE', string, object, string][] = [
      [
        'create',
        'POST',
        'tag',
        { slug_name: 'mine', display_name: 'mine', original_text: '' },
        `403 ${REASONS.forbidden}`,
      ],
      ['edit', 'PUT', 'tag', { ...tag, tag_id: support }, `403 ${REASONS.rankTooLow}`],
      [
        'synonyms',
        'PUT',
        'tag/synonym',
        { tag_id: support, synonym_tag_list: [{ slug_name: 'x' }] },
        `403 ${REASONS.rankTooLow}`,
      ],
      ['delete', 'DELETE', 'tag', { tag_id: support }, `403 ${REASONS.forbidden}`],
      ['undelete', 'POST', 'tag/recover', { tag_id: gone }, `403 ${REASONS.forbidden}`],
    ];
    const { token } = await member(t.app);
    const before = await sceneRows(t, scene);
    const seen: string[] = [];
    for (const [name, method, path, body] of tries) {
      const reply = await call(t.app, method, `${V1}/${path}`, body, { token });
      seen.push(`${name} → ${reply.status} ${reply.body.reason}`);
    }
    expect(seen).toEqual(tries.map(([name, , , , refusal]) => `${name} → ${refusal}`));
    expect(await sceneRows(t, scene)).toEqual(before);
  });

  it('[SEC-8] an edit of A’s question by a member with the edit privilege only waits for review and changes nothing', async () => {
    const asker = await member(t.app);
    const questionId = await ask(t, asker, 'A question somebody will suggest an edit to?');
    const rows = () => t.app.site.db.selectFrom('questions').selectAll().where('id', '=', questionId).execute();
    const before = await rows();
    const suggester = await member(t.app, { rank: 100 });
    const edit = {
      id: questionId,
      title: 'A title the asker did not write',
      content: 'New.',
      tags: [{ slug_name: 'support' }],
    };
    const reply = await call<{ wait_for_review: boolean }>(t.app, 'PUT', `${V1}/question`, edit, {
      token: suggester.token,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.wait_for_review).toBe(true);
    expect(await rows()).toEqual(before);
    const waiting = await t.app.site.db
      .selectFrom('revisions')
      .select(['user_id', 'title'])
      .where('object_id', '=', questionId)
      .where('status', '=', 1)
      .execute();
    expect(waiting).toEqual([{ user_id: suggester.id, title: edit.title }]);
  });
});

describe('[SEC-8] staff in good standing do the staff writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ app: { writeLimits: false } });
  });
  afterAll(async () => t.close());

  for (const role of ['moderator', 'admin'] as const) {
    it(`[SEC-8] an active ${role} does every one of them on a fresh scene`, async () => {
      const scene = await buildScene(t);
      const staff = await member(t.app, { role_id: ROLE[role] });
      const seen: string[] = [];
      for (const a of ATTEMPTS) seen.push(`${a.name} → ${(await attempt(t, a, scene, staff.token)).split(' ')[0]}`);
      expect(seen).toEqual(ATTEMPTS.map((a) => `${a.name} → 200`));
      const db = t.app.site.db;
      const statusOf = async (table: 'questions' | 'answers' | 'comments', id: string) =>
        (await db.selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
      expect(await statusOf('questions', scene.questionId)).toBe(10);
      expect(await statusOf('answers', scene.answerId)).toBe(10);
      expect(await statusOf('comments', scene.commentId)).toBe(10);
      expect(await statusOf('questions', scene.deletedQuestionId)).toBe(1);
      expect(await statusOf('answers', scene.deletedAnswerId)).toBe(1);
      const review = async (id: string) =>
        (await db.selectFrom('revisions').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
      expect([await review(scene.questionSuggestionId), await review(scene.answerSuggestionId)]).toEqual([3, 2]);
    });
  }
});
