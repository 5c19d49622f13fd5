import { searchQuerySchema } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { requireReader } from '../../infra/guards.js';
import { getRead } from '../../infra/reads.js';
import { parseInput } from '../../infra/validate.js';

/** GET search (peer facts 10) and GET search/desc (a search plugin's attribution). */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const { search, writeLimits } = app.services;

  getRead(app, '/answer/api/v1/search', async (request, params) => {
    await requireReader(request);
    const query = parseInput(searchQuerySchema, params);
    // Counted after the input is read (a malformed request costs nothing), before the engine runs.
    await writeLimits.guard('search', request, params);
    return await search.search(query, request.actor);
  });

  getRead(app, '/answer/api/v1/search/desc', async (request) => {
    await requireReader(request);
    return search.description();
  });
}
