import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shortId, type QuestionDetail } from '@inquire/shared';
import { buildTestApp, call, type TestApp } from '../../test/harness.js';

describe('short ids in API calls', () => {
  let t: TestApp;
  let questionId: string;

  beforeEach(async () => {
    t = await buildTestApp();
    questionId = (await t.app.site.db.selectFrom('questions').select('id').executeTakeFirstOrThrow()).id;
  });
  afterEach(async () => t.close());

  it('takes a question’s short id wherever its long id is taken', async () => {
    const short = shortId(questionId);
    const info = await call<QuestionDetail>(t.app, 'GET', `/answer/api/v1/question/info?id=${short}`);
    expect(info.status).toBe(200);
    expect(info.body.data.id).toBe(questionId);
    expect((await call(t.app, 'GET', `/answer/api/v1/comment/page?object_id=${short}`)).status).toBe(200);
    expect((await call(t.app, 'GET', '/answer/api/v1/question/info?id=zzzz')).status).toBe(404);
  });
});
