import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  Paged,
  QuestionDetail,
  QuestionListItem,
  RevisionItem,
  RevisionSnapshot,
  UnreviewedRevision,
} from '@inquire/shared';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';
import { revisionsRepository } from '../posts/revisions.repository.js';

type Fields = { error_field: string; error_msg: string }[];
const API = '/answer/api/v1';
interface Member {
  id: string;
  token: string;
}

describe('edits, suggested edits, review and rollback', () => {
  let t: TestApp;
  let author: Member;
  let low: Member;
  let editor: Member;
  let trusted: Member;
  let admin: Member;
  let questionId: string;

  beforeEach(async () => {
    t = await buildTestApp();
    const make = async (overrides = {}) => {
      const user = await buildUser(t.app, overrides);
      return { id: user.id, token: await loginAs(t.app, user.id) };
    };
    author = await make();
    low = await make();
    editor = await make({ rank: 150 });
    trusted = await make({ rank: 2000 });
    admin = await make({ role_id: 2 });
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

  const edit = (token: string, patch: object = {}) =>
    call<{ url_title: string; wait_for_review: boolean }>(
      t.app,
      'PUT',
      `${API}/question`,
      {
        id: questionId,
        title: 'How do I parse JSON safely?',
        content: 'Edited body text.',
        tags: [{ slug_name: 'support' }],
        edit_summary: 'clearer title',
        ...patch,
      },
      { token },
    );
  const info = async (token?: string) =>
    (await call<QuestionDetail>(t.app, 'GET', `${API}/question/info?id=${questionId}`, undefined, { token })).body.data;
  const history = async (token: string) =>
    (await call<RevisionItem[]>(t.app, 'GET', `${API}/revisions?object_id=${questionId}`, undefined, { token })).body
      .data;

  it('[S7-063][S5-033] lets the author edit directly, keeps the summary, and refuses guests (401) and bad input (400)', async () => {
    expect((await call(t.app, 'PUT', `${API}/question`, { id: questionId })).status).toBe(401);
    const bad = await call<Fields>(
      t.app,
      'PUT',
      `${API}/question`,
      { id: questionId, title: '', content: '', tags: [], edit_summary: 'x'.repeat(301) },
      { token: author.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data.map((f) => f.error_field).sort()).toEqual(['content', 'edit_summary', 'tags', 'title']);
    const res = await edit(author.token);
    // An applied edit answers the question as question/info shows it (Answer's reply), [C-3].
    expect(res.body.data).toMatchObject({ url_title: 'how-do-i-parse-json-safely', wait_for_review: false });
    expect((await info()).title).toBe('How do I parse JSON safely?');
    const revisions = await history(author.token);
    expect(revisions.map((r) => [r.reason, r.content.title, r.content.tags])).toEqual([
      ['clearer title', 'How do I parse JSON safely?', ['support']],
      ['', 'How do I parse JSON?', ['support']],
    ]);
    expect(
      (await call(t.app, 'GET', `${API}/revisions?object_id=10010000000009999`, undefined, { token: author.token }))
        .status,
    ).toBe(404);
  });

  it('refuses members without the edit privilege (403) and unknown posts (404)', async () => {
    expect((await edit(low.token)).status).toBe(403);
    const check = await call(t.app, 'GET', `${API}/revisions/edit/check?id=${questionId}`, undefined, {
      token: low.token,
    });
    expect(check.status).toBe(403);
    expect((await edit(author.token, { id: '10010000000009999' })).status).toBe(404);
  });

  it('[H-6] a waiting suggestion does not lock the post against its author or staff: their edit closes it as outdated and the suggester is emailed', async () => {
    const suggested = await edit(editor.token, { content: 'Suggested body text.' });
    expect(suggested.body.data.wait_for_review).toBe(true);
    const check = await call(t.app, 'GET', `${API}/revisions/edit/check?id=${questionId}`, undefined, {
      token: author.token,
    });
    expect(check.body.data).toEqual({ wait_for_review: false });

    const byAuthor = await edit(author.token, { content: 'The author rewrote it.' });
    expect(byAuthor.status).toBe(200);
    expect(byAuthor.body.data.wait_for_review).toBe(false);
    expect((await info()).content).toBe('The author rewrote it.');
    const closed = await t.app.site.db
      .selectFrom('revisions')
      .select(['status', 'reviewer_id'])
      .where('user_id', '=', editor.id)
      .executeTakeFirstOrThrow();
    expect(closed).toEqual({ status: 4, reviewer_id: author.id });
    const queue = await call<Paged<UnreviewedRevision>>(t.app, 'GET', `${API}/revisions/unreviewed?page=1`, undefined, {
      token: trusted.token,
    });
    expect(queue.body.data.count).toBe(0);
    const editorEmail = (
      await t.app.site.db.selectFrom('users').select('e_mail').where('id', '=', editor.id).executeTakeFirstOrThrow()
    ).e_mail;
    const mail = await t.app.site.db
      .selectFrom('email_outbox')
      .select(['subject', 'text'])
      .where('to_address', '=', editorEmail)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('[Test site] Your suggested edit was closed');
    expect(mail[0]?.text).toContain(`http://localhost:9080/questions/${questionId}/how-do-i-parse-json`);

    // Staff supersede a new suggestion the same way.
    await edit(editor.token, { content: 'Another suggestion.' });
    expect((await edit(admin.token, { content: 'A moderator fixed it.' })).body.data.wait_for_review).toBe(false);
    const statuses = await t.app.site.db
      .selectFrom('revisions')
      .select('status')
      .where('user_id', '=', editor.id)
      .execute();
    expect(statuses.map((r) => r.status)).toEqual([4, 4]);
  });

  it('an edit that closes a suggestion answers even when the settings cache went cold just before its transaction (no SQLite deadlock)', async () => {
    await edit(editor.token, { content: 'Suggested body text.' });
    // A write finishing in another request empties the settings cache at any moment; here,
    // right as this edit's transaction starts closing the suggestion.
    const outdate = revisionsRepository.outdateUnreviewed;
    const spy = vi.spyOn(revisionsRepository, 'outdateUnreviewed').mockImplementation((...args) => {
      t.app.services.siteinfo.invalidate();
      return outdate.apply(revisionsRepository, args);
    });
    try {
      const byAuthor = await edit(author.token, { content: 'The author rewrote it.' });
      expect(spy).toHaveBeenCalled();
      expect(byAuthor.status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect((await info()).content).toBe('The author rewrote it.');
    const mail = await t.app.site.db
      .selectFrom('email_outbox')
      .select('subject')
      .where('subject', '=', '[Test site] Your suggested edit was closed')
      .execute();
    expect(mail).toHaveLength(1);
  });

  it('[S4-045][S1-019][S7-100][S7-101][S7-102] stores a suggested edit for review, blocks further edits, and approval applies it with +2', async () => {
    const check = await call<{ wait_for_review: boolean }>(
      t.app,
      'GET',
      `${API}/revisions/edit/check?id=${questionId}`,
      undefined,
      { token: editor.token },
    );
    expect(check.body.data).toEqual({ wait_for_review: true });
    const suggested = await edit(editor.token);
    expect(suggested.body.data.wait_for_review).toBe(true);
    expect((await info()).title).toBe('How do I parse JSON?');

    // While it waits nobody else edits, not even a trusted member; the check says so with a toast.
    // (The author and staff may: their edit supersedes it, see the next test.)
    const blocked = await call(t.app, 'GET', `${API}/revisions/edit/check?id=${questionId}`, undefined, {
      token: trusted.token,
    });
    expect(blocked.status).toBe(400);
    expect(blocked.body).toMatchObject({ reason: 'error.revision.review_underway', data: { err_type: 'toast' } });
    expect((await edit(trusted.token)).body.reason).toBe('error.question.cannot_update');

    // The queue is for holders of the audit privilege only.
    expect(
      (await call(t.app, 'GET', `${API}/revisions/unreviewed?page=1`, undefined, { token: editor.token })).status,
    ).toBe(403);
    const queue = await call<Paged<UnreviewedRevision>>(t.app, 'GET', `${API}/revisions/unreviewed?page=1`, undefined, {
      token: trusted.token,
    });
    expect(queue.body.data.count).toBe(1);
    const item = queue.body.data.list[0] as UnreviewedRevision;
    expect(item.type).toBe('question');
    expect(item.info.title).toBe('How do I parse JSON?');
    expect(item.unreviewed_info.content.title).toBe('How do I parse JSON safely?');

    const audit = (token: string, body: object) =>
      call<Fields>(t.app, 'PUT', `${API}/revisions/audit`, body, { token });
    expect((await audit(editor.token, { id: item.unreviewed_info.id, operation: 'approve' })).status).toBe(403);
    expect((await audit(trusted.token, { id: item.unreviewed_info.id, operation: 'maybe' })).body.data).toEqual([
      { error_field: 'operation', error_msg: 'Unknown operation.' },
    ]);
    const rankBefore = (
      await t.app.site.db.selectFrom('users').select('rank').where('id', '=', editor.id).executeTakeFirstOrThrow()
    ).rank;
    expect((await audit(trusted.token, { id: item.unreviewed_info.id, operation: 'approve' })).status).toBe(200);
    expect((await audit(trusted.token, { id: item.unreviewed_info.id, operation: 'approve' })).status).toBe(400);
    expect((await info()).title).toBe('How do I parse JSON safely?');
    const rankAfter = (
      await t.app.site.db.selectFrom('users').select('rank').where('id', '=', editor.id).executeTakeFirstOrThrow()
    ).rank;
    expect(rankAfter - rankBefore).toBe(2);
    expect((await edit(author.token, { title: 'Author edits again now' })).status).toBe(200);
  });

  it('[S4-061] rejects a suggested edit without applying it', async () => {
    await edit(editor.token);
    const queue = await call<Paged<UnreviewedRevision>>(t.app, 'GET', `${API}/revisions/unreviewed`, undefined, {
      token: admin.token,
    });
    const id = queue.body.data.list[0]?.unreviewed_info.id;
    expect(
      (await call(t.app, 'PUT', `${API}/revisions/audit`, { id, operation: 'reject' }, { token: admin.token })).status,
    ).toBe(200);
    expect((await info()).title).toBe('How do I parse JSON?');
    expect((await history(author.token)).length).toBe(1);
  });

  it('lets members with edit_without_review edit others directly', async () => {
    expect((await edit(trusted.token)).body.data.wait_for_review).toBe(false);
    expect((await info()).title).toBe('How do I parse JSON safely?');
  });

  it('rolls back to an earlier revision for those who edit directly, and diffs two revisions', async () => {
    await edit(author.token);
    const [latest, first] = await history(author.token);
    const detail = await call<{ new_revision: RevisionSnapshot; old_revision: RevisionSnapshot }>(
      t.app,
      'GET',
      `${API}/activity/timeline/detail?new_revision_id=${latest?.id}&old_revision_id=${first?.id}`,
      undefined,
      { token: low.token },
    );
    expect(detail.body.data.new_revision.original_text).toBe('Edited body text.');
    expect(detail.body.data.old_revision.original_text).toBe('Original body text.');
    const rollback = (token: string) =>
      call(t.app, 'POST', `${API}/revisions/rollback`, { revision_id: first?.id, edit_summary: 'undo' }, { token });
    expect((await rollback(low.token)).status).toBe(403);
    expect(
      (await call<Fields>(t.app, 'POST', `${API}/revisions/rollback`, {}, { token: admin.token })).body.data[0]
        ?.error_field,
    ).toBe('revision_id');
    expect((await rollback(admin.token)).status).toBe(200);
    expect((await info()).content).toBe('Original body text.');
    expect((await history(author.token)).map((r) => r.reason)).toEqual(['undo', 'clearer title', '']);
  });

  it('the question list shows the excerpt of the text as it is after an edit and after a rollback', async () => {
    const excerpt = async () =>
      (await call<Paged<QuestionListItem>>(t.app, 'GET', `${API}/question/page`)).body.data.list.find(
        (q) => q.id === questionId,
      )?.excerpt;
    expect(await excerpt()).toBe('Original body text.');
    expect((await edit(author.token)).status).toBe(200);
    expect(await excerpt()).toBe('Edited body text.');
    const first = (await history(author.token)).at(-1);
    const rollback = { revision_id: first?.id, edit_summary: 'undo' };
    expect((await call(t.app, 'POST', `${API}/revisions/rollback`, rollback, { token: admin.token })).status).toBe(200);
    expect(await excerpt()).toBe('Original body text.');
  });

  it('[S7-072][S7-075] edits an answer and reads it with answer/info', async () => {
    const answer = await call<{ id: string }>(
      t.app,
      'POST',
      `${API}/answer`,
      { question_id: questionId, content: 'An answer body.' },
      { token: low.token },
    );
    const id = answer.body.data.id;
    const short = await call<Fields>(t.app, 'PUT', `${API}/answer`, { id, content: 'tiny' }, { token: low.token });
    expect(short.body.data).toEqual([{ error_field: 'content', error_msg: 'Answer must be at least 6 characters.' }]);
    expect(
      (await call(t.app, 'PUT', `${API}/answer`, { id, content: 'A better answer.' }, { token: low.token })).body.data,
    ).toMatchObject({
      wait_for_review: false,
      info: { id, content: 'A better answer.' },
    });
    expect(
      (await call(t.app, 'PUT', `${API}/answer`, { id, content: 'Editor suggestion.' }, { token: editor.token })).body
        .data,
    ).toEqual({
      wait_for_review: true,
    });
    const read = await call<{ info: { content: string }; question: { id: string } }>(
      t.app,
      'GET',
      `${API}/answer/info?id=${id}`,
    );
    expect(read.body.data.info.content).toBe('A better answer.');
    expect(read.body.data.question.id).toBe(questionId);
    expect((await call(t.app, 'GET', `${API}/answer/info?id=10020000000009999`)).status).toBe(404);
  });

  it('[S7-090] edits a tag directly by privilege or as a suggestion, with field errors and a free slug', async () => {
    const tag = await t.app.site.db
      .selectFrom('tags')
      .select('id')
      .where('slug_name', '=', 'support')
      .executeTakeFirstOrThrow();
    const body = {
      tag_id: tag.id,
      slug_name: 'support',
      display_name: 'Support',
      original_text: 'Help with the site.',
    };
    expect((await call(t.app, 'PUT', `${API}/tag`, body, { token: low.token })).status).toBe(403);
    expect((await call(t.app, 'PUT', `${API}/tag`, body, { token: editor.token })).body.data).toEqual({
      wait_for_review: true,
    });
    const bad = await call<Fields>(
      t.app,
      'PUT',
      `${API}/tag`,
      { tag_id: tag.id, slug_name: 'a/b', display_name: '' },
      { token: admin.token },
    );
    expect(bad.body.data).toEqual([
      { error_field: 'display_name', error_msg: 'Display name cannot be empty.' },
      { error_field: 'slug_name', error_msg: 'URL slug contains unallowed character set.' },
    ]);
    // A suggestion waits, but staff need not review it first: their edit closes it as outdated.
    expect(
      (await call(t.app, 'PUT', `${API}/tag`, { ...body, slug_name: 'help' }, { token: admin.token })).body.data,
    ).toEqual({
      wait_for_review: false,
    });
    const queue = await call<Paged<UnreviewedRevision>>(t.app, 'GET', `${API}/revisions/unreviewed`, undefined, {
      token: admin.token,
    });
    expect(queue.body.data.count).toBe(0);
    const row = await t.app.site.db
      .selectFrom('tags')
      .select(['slug_name', 'parsed_text'])
      .where('id', '=', tag.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ slug_name: 'help', parsed_text: '<p>Help with the site.</p>\n' });
    await call(
      t.app,
      'POST',
      `${API}/question`,
      { title: 'Another question here', content: 'Body text', tags: [{ slug_name: 'other-tag' }] },
      { token: admin.token },
    );
    const taken = await call<Fields>(
      t.app,
      'PUT',
      `${API}/tag`,
      { ...body, slug_name: 'other-tag' },
      { token: admin.token },
    );
    expect(taken.body.data).toEqual([
      { error_field: 'slug_name', error_msg: 'A tag with this URL slug already exists.' },
    ]);
  });
});
