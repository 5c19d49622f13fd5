import {
  createTagSchema,
  followTagsSchema,
  tagIdBody,
  tagIdQuery,
  tagInfoQuery,
  tagPageQuery,
  tagsBySlugQuery,
  tagSynonymsSchema,
} from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../infra/envelope.js';
import { requireActive, requirePrivilege, requireReader } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';
import { getRead } from '../../infra/reads.js';

/** Tag calls of spec section 7 (peer facts 6.8 and 7). */
export async function tagsRoutes(app: FastifyInstance): Promise<void> {
  const { tags } = app.services;

  getRead(app, '/answer/api/v1/tags/page', async (request, params) => {
    await requireReader(request);
    return await tags.page(parseInput(tagPageQuery, params), request.actor);
  });

  getRead(app, '/answer/api/v1/tag', async (request, params) => {
    await requireReader(request);
    return await tags.info(parseInput(tagInfoQuery, params), request.actor);
  });

  getRead(app, '/answer/api/v1/tags', async (request, params) => {
    await requireReader(request);
    const { tags: list } = parseInput(tagsBySlugQuery, params);
    return await tags.bySlugs(list.split(',').filter(Boolean));
  });

  getRead(app, '/answer/api/v1/tags/following', async (request) => {
    await requireReader(request);
    return await tags.following(request.actor);
  });

  app.post('/answer/api/v1/tag', async (request, reply) => {
    const actor = requireActive(request);
    return ok(request, reply, await tags.create(parseInput(createTagSchema, request.body), actor));
  });

  app.delete('/answer/api/v1/tag', async (request, reply) => {
    const actor = requireActive(request);
    const { tag_id } = parseInput(tagIdBody, request.body);
    await tags.remove(tag_id, actor);
    return ok(request, reply, null);
  });

  app.post('/answer/api/v1/tag/recover', async (request, reply) => {
    const actor = requireActive(request);
    const { tag_id } = parseInput(tagIdBody, request.body);
    await tags.recover(tag_id, actor);
    return ok(request, reply, null);
  });

  getRead(app, '/answer/api/v1/tag/synonyms', async (request, params) => {
    await requireReader(request);
    const { tag_id } = parseInput(tagIdQuery, params);
    return await tags.synonyms(tag_id, request.actor);
  });

  app.put('/answer/api/v1/tag/synonym', async (request, reply) => {
    const actor = requirePrivilege(request, 'tag.synonym');
    await tags.setSynonyms(parseInput(tagSynonymsSchema, request.body), actor);
    return ok(request, reply, null);
  });

  app.put('/answer/api/v1/follow/tags', async (request, reply) => {
    const actor = requireActive(request);
    const { slug_name_list } = parseInput(followTagsSchema, request.body);
    await tags.followTags(slug_name_list, actor);
    return ok(request, reply, null);
  });
}
