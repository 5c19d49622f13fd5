import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { reputation, type ReputationEvent, type ReputationKey } from '../modules/reputation/reputation.service.js';
import { ReputationLedger } from './reputation-ledger.js';

const DAY = 86_400;
const MORNING = 1_750_000_000 - (1_750_000_000 % DAY) + 3_600;

describe("the seed's reputation ledger", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('[P-6] answers as reputation.grant does: the daily cap on vote gains, the floor of 1, zero grants', async () => {
    const db = t.app.site.db;
    const asker = await buildUser(t.app, { rank: 1 });
    const answerer = await buildUser(t.app, { rank: 5 });
    const voter = await buildUser(t.app, { rank: 3 });
    const ledger = new ReputationLedger([
      [asker.id, 1],
      [answerer.id, 5],
      [voter.id, 3],
    ]);
    let object = 0;
    const key = (userId: string, event: ReputationEvent): ReputationKey => {
      object += 1;
      return { userId, triggerUserId: voter.id, objectId: `obj-${object}`, originalObjectId: 'q', event };
    };
    const steps: { key: ReputationKey; at: number; zero?: boolean }[] = [
      // 25 upvotes in one day: the 21st and later pay nothing (200 a day), the next day pays again.
      ...Array.from({ length: 25 }, (_, i) => ({ key: key(asker.id, 'question.voted_up'), at: MORNING + i * 60 })),
      { key: key(asker.id, 'answer.voted_up'), at: MORNING + DAY },
      // Downvotes take the answerer from 5 towards the floor of 1, and cost the voter 1 each.
      ...Array.from({ length: 3 }, (_, i) => ({ key: key(answerer.id, 'answer.voted_down'), at: MORNING + i })),
      ...Array.from({ length: 3 }, (_, i) => ({ key: key(voter.id, 'answer.vote_down'), at: MORNING + i })),
      { key: key(answerer.id, 'answer.accepted'), at: MORNING + 2 * DAY, zero: true },
      { key: key(answerer.id, 'answer.accepted'), at: MORNING + 2 * DAY },
    ];
    const expected: number[] = [];
    const actual: number[] = [];
    for (const step of steps) {
      await reputation.grant(db, step.key, { now: step.at, zero: step.zero });
      const row = await db
        .selectFrom('activities')
        .select('rank')
        .where('object_id', '=', step.key.objectId)
        .executeTakeFirstOrThrow();
      expected.push(row.rank);
      actual.push(ledger.grant(step.key, step.at, step.zero));
    }
    expect(actual).toEqual(expected);
    expect(expected.slice(18, 22)).toEqual([10, 10, 0, 0]);
    expect(expected.slice(26, 29)).toEqual([-2, -2, 0]);
    for (const user of [asker, answerer, voter]) {
      const { rank } = await db.selectFrom('users').select('rank').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(ledger.rankOf(user.id)).toBe(rank);
    }
  });
});
