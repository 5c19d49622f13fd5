import { hasPrivilege, privilegeThresholds, PRIVILEGES, type Privilege } from '@inquire/shared';
import { translate } from '@inquire/i18n';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../infra/envelope.js';
import { requireActive } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';
import { getRead } from '../../infra/reads.js';
import { memberOf } from '../auth/actor.js';

const followBody = z.object({
  object_id: z.string().min(1, 'form.invalid_value'),
  is_cancel: z.boolean().default(false),
});
const bookmarkBody = z.object({ object_id: z.string().min(1, 'form.invalid_value'), bookmark: z.boolean() });
const permissionQuery = z.object({ action: z.string().max(2000).default('') });

/** Follow, bookmark, and the permission query (the same rules the presenters use). */
export async function engagementRoutes(app: FastifyInstance): Promise<void> {
  const { follows, bookmarks } = app.services;

  app.post('/answer/api/v1/follow', async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(followBody, request.body);
    return ok(request, reply, await follows.follow(input.object_id, input.is_cancel, actor));
  });

  app.post('/answer/api/v1/collection/switch', async (request, reply) => {
    const actor = requireActive(request);
    const input = parseInput(bookmarkBody, request.body);
    return ok(request, reply, await bookmarks.switch(input.object_id, input.bookmark, actor));
  });

  /** `action=a,b` → each privilege's answer for the caller, with a tip saying what is missing. */
  getRead(app, '/answer/api/v1/permission', async (request, params) => {
    const { action } = parseInput(permissionQuery, params);
    const holder = memberOf(request.actor ?? null);
    // A guest's tip names the site's numbers too (the admin's privilege level).
    const thresholds = holder?.thresholds ?? privilegeThresholds((await app.services.siteinfo.settings()).privileges);
    const wanted = action.split(',').filter((a): a is Privilege => (PRIVILEGES as string[]).includes(a));
    const result = Object.fromEntries(
      wanted.map((privilege) => {
        const allowed = hasPrivilege(holder, privilege);
        const needed = thresholds[privilege];
        const tip = allowed
          ? ''
          : needed >= 0
            ? translate(request.lang, 'error.rank.need_rank', { rank: needed })
            : translate(request.lang, 'error.rank.fail_to_meet_the_condition');
        return [privilege, { has_permission: allowed, no_permission_tip: tip }];
      }),
    );
    return result;
  });
}
