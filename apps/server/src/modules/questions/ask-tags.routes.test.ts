import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, loginAs } from '../../../test/factories.js';
import { buildTestApp, call, type TestApp } from '../../../test/harness.js';

const API = '/answer/api/v1';

describe('tags on a question', () => {
  let t: TestApp;
  let member = '';
  let staff = '';

  beforeEach(async () => {
    t = await buildTestApp();
    member = await loginAs(t.app, (await buildUser(t.app)).id);
    staff = await loginAs(t.app, (await buildUser(t.app, { role_id: 2 })).id);
  });
  afterEach(async () => t.close());

  it('[S5-032] names a bad tag together with every other failing field', async () => {
    const response = await call<{ error_field: string }[]>(
      t.app,
      'POST',
      `${API}/question`,
      { title: '', content: 'A body that is long enough.', tags: [{ slug_name: 'bad tag!<' }] },
      { token: member },
    );
    expect(response.status).toBe(400);
    expect(response.body.data.map((e) => e.error_field).sort()).toEqual(['tags', 'title']);
  });

  it('refuses a synonym whose main tag was deleted, so a deleted tag never returns to a question', async () => {
    await call(t.app, 'POST', `${API}/tag`, { slug_name: 'main-t', display_name: 'Main' }, { token: staff });
    const main = await t.app.site.db
      .selectFrom('tags')
      .select('id')
      .where('slug_name', '=', 'main-t')
      .executeTakeFirstOrThrow();
    await call(
      t.app,
      'PUT',
      `${API}/tag/synonym`,
      { tag_id: main.id, synonym_tag_list: [{ slug_name: 'syn-t' }] },
      {
        token: staff,
      },
    );
    // The state staff can reach by deleting the synonym, then its main tag, then recovering the synonym.
    await t.app.site.db.updateTable('tags').set({ status: 10 }).where('id', '=', main.id).execute();
    const response = await call(
      t.app,
      'POST',
      `${API}/question`,
      {
        title: 'A question with a stale synonym',
        content: 'A body that is long enough.',
        tags: [{ slug_name: 'syn-t' }],
      },
      { token: member },
    );
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([{ error_field: 'tags', error_msg: 'This tag has been deleted.' }]);
  });

  it('two questions bringing the same new tag at once both succeed and share one tag', async () => {
    const asks = await Promise.all(
      [1, 2].map((n) =>
        call(
          t.app,
          'POST',
          `${API}/question`,
          {
            title: `Race question number ${n}`,
            content: 'A body that is long enough.',
            tags: [{ slug_name: 'brandnew' }],
          },
          { token: staff },
        ),
      ),
    );
    expect(asks.map((r) => r.status)).toEqual([200, 200]);
    const tags = await t.app.site.db.selectFrom('tags').select('id').where('slug_name', '=', 'brandnew').execute();
    expect(tags).toHaveLength(1);
  });
});
