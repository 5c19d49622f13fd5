import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireLogin, requireReader } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';
import { getRead } from '../../infra/reads.js';

const timelineQuery = z.object({
  object_id: z.string().min(1, 'form.invalid_value'),
  show_vote: z
    .enum(['true', 'false'])
    .catch('false')
    .default('false')
    .transform((v) => v === 'true'),
});
const detailQuery = z.object({
  new_revision_id: z.string().default('0'),
  old_revision_id: z.string().default('0'),
});

/** Timelines need a signed-in reader (spec section 4). */
export async function timelineRoutes(app: FastifyInstance): Promise<void> {
  const { timeline, revisions } = app.services;

  getRead(app, '/answer/api/v1/activity/timeline', async (request, params) => {
    // A private site's posts are for members in good standing only, however they are reached.
    await requireReader(request);
    const actor = requireLogin(request);
    const query = parseInput(timelineQuery, params);
    return await timeline.timeline(query.object_id, query.show_vote, actor);
  });

  getRead(app, '/answer/api/v1/activity/timeline/detail', async (request, params) => {
    // A private site's posts are for members in good standing only, however they are reached.
    await requireReader(request);
    const actor = requireLogin(request);
    const query = parseInput(detailQuery, params);
    return await revisions.detail(query.new_revision_id, query.old_revision_id, actor);
  });
}
