import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountsRepository, takenUserColumn } from '../../src/modules/accounts/accounts.repository.js';
import { buildUser, DEFAULT_PASSWORD } from '../factories.js';
import { buildTestApp, type TestApp } from '../harness.js';
import { from, setCaptcha, type Fields } from './accounts-helpers.js';

const WRONG = 'error.object.email_or_password_incorrect';

/** Sends `count` requests at once and waits for all of them. */
const burst = <T>(count: number, send: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => send(i)));

describe('account races: sign-in limits and simultaneous sign-ups', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => t.close());

  const signIn = (ip: string, email: string, pass: string) =>
    from(t, ip, 'POST', 'user/login/email', { e_mail: email, pass });

  it('[H-4] 30 parallel wrong passwords from one IP: 10 are tried, 20 answer 429; the owner there waits out the window', async () => {
    await setCaptcha(t, false);
    const user = await buildUser(t.app);
    const answers = await burst(30, (i) => signIn('10.4.0.1', user.email, `wrong-pass-${i}`));
    expect(answers.filter((a) => a.status === 400 && a.body.reason === WRONG)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20);

    expect((await signIn('10.4.0.1', user.email, DEFAULT_PASSWORD)).status).toBe(429);
    // The fixed window passes (moved back rather than waited for).
    await t.app.site.db
      .updateTable('rate_counters')
      .set((eb) => ({ window_start: eb('window_start', '-', 15 * 60) }))
      .where('counter_key', 'like', 'rl:loginFailures%')
      .execute();
    expect((await signIn('10.4.0.1', user.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('[H-4] a successful sign-in gives its count back, and only its own', async () => {
    await setCaptcha(t, false);
    const user = await buildUser(t.app);
    const statuses = async (count: number, pass: string) => {
      const seen: number[] = [];
      for (let i = 0; i < count; i += 1) seen.push((await signIn('10.4.0.2', user.email, pass)).status);
      return seen;
    };
    expect(await statuses(3, 'wrong-pass-1')).toEqual([400, 400, 400]);
    expect(await statuses(1, DEFAULT_PASSWORD)).toEqual([200]);
    // 3 failures stay counted, the success does not: 7 more are tried, then 429.
    expect(await statuses(8, 'wrong-pass-2')).toEqual([400, 400, 400, 400, 400, 400, 400, 429]);
  });

  it('[H-4] the captcha counter holds against a parallel burst: at most 3 wrong passwords are tried without one', async () => {
    const user = await buildUser(t.app);
    const answers = await burst(30, (i) => signIn('10.4.0.3', user.email, `wrong-pass-${i}`));
    const tried = answers.filter((a) => a.status === 400 && a.body.reason === WRONG);
    const needCaptcha = answers.filter(
      (a) => a.status === 400 && (a.body.data as Fields)[0]?.error_field === 'captcha_code',
    );
    expect(tried).toHaveLength(3);
    expect(tried.length + needCaptcha.length + answers.filter((a) => a.status === 429).length).toBe(30);
  });

  it('[H-14] ten simultaneous sign-ups with one email: one 200, nine e_mail field errors, one row', async () => {
    await setCaptcha(t, false);
    const answers = await burst(10, (i) =>
      from(t, `10.14.0.${i + 1}`, 'POST', 'user/register/email', {
        name: `racer_${i}`,
        e_mail: 'same@example.com',
        pass: 'secret-pass-1',
      }),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const losers = answers.filter((a) => a.status !== 200);
    expect(losers).toHaveLength(9);
    for (const loser of losers) {
      expect(loser.status).toBe(400);
      expect(loser.body.data).toEqual([{ error_field: 'e_mail', error_msg: 'Email already exists.' }]);
    }
    const rows = await t.app.site.db
      .selectFrom('users')
      .select('id')
      .where('e_mail', '=', 'same@example.com')
      .execute();
    expect(rows).toHaveLength(1);
  });

  // A sequential sign-up with a taken name derives another username, so a simultaneous one
  // must too. Parallel sign-ups cannot show the loss: on both engines the id allocator's row
  // lock lines them up inside their transactions. So the check is answered here as a
  // simultaneous sign-up would have seen it, before the other one committed.
  it('[H-14] a username lost between the check and the insert is derived again, not a 500', async () => {
    await setCaptcha(t, false);
    await buildUser(t.app, { username: 'late_taker' });
    const check = vi.spyOn(accountsRepository, 'usernameTaken').mockResolvedValueOnce(false);
    const answer = await from(t, '10.14.2.1', 'POST', 'user/register/email', {
      name: 'late_taker',
      e_mail: 'late-taker@example.com',
      pass: 'secret-pass-1',
    });
    check.mockRestore();
    expect(answer.status).toBe(200);
    expect((answer.body.data as { username: string }).username).toMatch(/^late_taker-[0-9a-f]{4}$/);
  });

  it("[H-14] this engine's unique-constraint errors on users map to their column", async () => {
    const user = await buildUser(t.app);
    const duplicate = async (override: { username?: string; e_mail?: string }) => {
      try {
        await buildUser(t.app, override);
      } catch (error) {
        return takenUserColumn(error);
      }
      return 'inserted';
    };
    expect(await duplicate({ e_mail: user.email })).toBe('e_mail');
    expect(await duplicate({ username: user.username, e_mail: 'unused@example.com' })).toBe('username');
    expect(takenUserColumn(new Error('UNIQUE constraint failed: users.e_mail'))).toBeUndefined();
  });
});
