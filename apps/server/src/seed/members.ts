import { MAIL_STATUS, ROLE, TAG_STATUS, USER_STATUS } from '@inquire/shared';
import type { Db } from '../infra/db.js';
import { nextId } from '../lib/ids.js';
import { renderMarkdown } from '../lib/markdown.js';
import { accountsRepository } from '../modules/accounts/accounts.repository.js';
import type { Actor } from '../modules/auth/auth.service.js';
import { NO_MAIN_TAG, tagsRepository } from '../modules/posts/tags.repository.js';
import { usersRepository } from '../modules/users/users.repository.js';
import type { MemberPlan, TagPlan } from './plan.js';

export interface SeededMember {
  username: string;
  actor: Actor;
}

/**
 * Signs the members up as `AccountsService.register` does (row, notification settings) and
 * activates them (`user.activated`, +1 reputation), at their planned dates. They have no
 * password: nobody can sign in as a seeded member.
 */
export async function writeMembers(db: Db, plans: MemberPlan[]): Promise<SeededMember[]> {
  const usernames = await freeUsernames(
    db,
    plans.map((p) => p.username),
  );
  return db.transaction().execute(async (trx) => {
    const members: SeededMember[] = [];
    for (const [i, plan] of plans.entries()) {
      const username = usernames[i] ?? plan.username;
      const id = await nextId(trx, 'user');
      const at = plan.createdAt;
      await usersRepository.insert(trx, {
        id,
        username,
        e_mail: `${username}@example.com`,
        display_name: plan.displayName,
        bio: plan.bio,
        bio_html: renderMarkdown(plan.bio),
        mail_status: MAIL_STATUS.inactive,
        status: USER_STATUS.normal,
        role_id: ROLE.user,
        rank: 0,
        created_at: at,
        updated_at: at,
        last_login_date: at,
      });
      await accountsRepository.saveNotificationConfig(trx, id, 'inbox', true, at);
      await accountsRepository.activate(trx, id, at + 120);
      const user = await usersRepository.findById(trx, id);
      if (!user) throw new Error(`seeded member ${username} was not written`);
      members.push({ username, actor: { user, tokenHash: '' } });
    }
    return members;
  });
}

/**
 * The wanted usernames made free and different: a name the site has already (an earlier seed,
 * a real member, or its example.com address), or one wanted twice, gets a number appended.
 */
async function freeUsernames(db: Db, wanted: string[]): Promise<string[]> {
  let candidates = wanted.map((base) => ({ base, n: 1 }));
  for (;;) {
    const names = candidates.map(({ base, n }) => (n === 1 ? base : `${base}${n}`));
    const taken = await takenNames(db, names);
    const seen = new Set<string>();
    let clash = false;
    candidates = candidates.map((candidate, i) => {
      const name = names[i] as string;
      if (taken.has(name) || seen.has(name)) {
        clash = true;
        return { ...candidate, n: candidate.n + 1 };
      }
      seen.add(name);
      return candidate;
    });
    if (!clash) return names;
  }
}

/** Which of these usernames (or their example.com addresses) the site has already. */
async function takenNames(db: Db, names: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < names.length; i += 500) {
    const slice = names.slice(i, i + 500);
    const rows = await db
      .selectFrom('users')
      .select(['username', 'e_mail'])
      .where((eb) =>
        eb.or([
          eb('username', 'in', slice),
          eb(
            'e_mail',
            'in',
            slice.map((n) => `${n}@example.com`),
          ),
        ]),
      )
      .execute();
    for (const row of rows) {
      taken.add(row.username);
      taken.add(row.e_mail.replace(/@example\.com$/, ''));
    }
  }
  return taken;
}

/**
 * The ids of the planned tags the site has already, as asking a question would resolve them: a
 * synonym stands for its main tag; a deleted tag (or one whose main tag is deleted) is left out.
 * Tags the site lacks are created by the first question that uses them.
 */
export async function existingTags(db: Db, tags: TagPlan[]): Promise<Map<string, string | null>> {
  const found = await tagsRepository.findBySlugs(
    db,
    tags.map((t) => t.slug),
  );
  const mains = await tagsRepository.findByIds(
    db,
    found.filter((t) => t.main_tag_id !== NO_MAIN_TAG).map((t) => t.main_tag_id),
  );
  const bySlug = new Map<string, string | null>();
  for (const tag of found) {
    const main = tag.main_tag_id === NO_MAIN_TAG ? tag : mains.find((m) => m.id === tag.main_tag_id);
    bySlug.set(
      tag.slug_name,
      main && tag.status === TAG_STATUS.normal && main.status === TAG_STATUS.normal ? main.id : null,
    );
  }
  return bySlug;
}
