import { randomBytes } from 'node:crypto';
import { MAIL_STATUS, ROLE, USER_STATUS } from '@inquire/shared';
import type { Insertable } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { UsersTable } from '../src/db/database.js';
import type { Actor } from '../src/modules/auth/auth.service.js';
import { hashPassword } from '../src/infra/passwords.js';
import { nowSeconds } from '../src/lib/clock.js';
import { nextId } from '../src/lib/ids.js';

let counter = 0;

export const DEFAULT_PASSWORD = 'password-123';

/** Inserts a real user row; overrides pick the role, status and so on. */
export async function buildUser(
  app: FastifyInstance,
  overrides: Partial<Insertable<UsersTable>> & { password?: string } = {},
): Promise<{ id: string; email: string; password: string; username: string }> {
  counter += 1;
  const { password = DEFAULT_PASSWORD, ...row } = overrides;
  const db = app.site.db;
  const id = await nextId(db, 'user');
  const username = row.username ?? `user${counter}_${randomBytes(3).toString('hex')}`;
  const email = row.e_mail ?? `${username}@example.com`;
  const now = nowSeconds();
  await db
    .insertInto('users')
    .values({
      id,
      username,
      e_mail: email,
      pass: await hashPassword(password),
      display_name: username,
      mail_status: MAIL_STATUS.activated,
      status: USER_STATUS.normal,
      role_id: ROLE.user,
      rank: 1,
      created_at: now,
      updated_at: now,
      ...row,
    })
    .execute();
  return { id, email, password, username };
}

/** A live session for a user, as sign-in would open. */
export async function loginAs(app: FastifyInstance, userId: string): Promise<string> {
  return app.services.auth.openSession(userId, { ip: '127.0.0.1', userAgent: 'test' });
}

/**
 * A signed-in member with the rank to do anything a member may (10,000 unless overridden): their
 * session token for requests and the actor the services take.
 */
export async function buildMember(
  app: FastifyInstance,
  overrides: Parameters<typeof buildUser>[1] = {},
): Promise<{ token: string; actor: Actor }> {
  const user = await buildUser(app, { rank: 10_000, ...overrides });
  const token = await loginAs(app, user.id);
  const actor = await app.services.auth.resolve(token);
  if (!actor) throw new Error('the session did not resolve');
  return { token, actor };
}
