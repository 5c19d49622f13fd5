import { dbCheckSchema, installBaseInfoSchema, installInitSchema, LANGUAGE_OPTIONS } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../infra/envelope.js';
import { parseInput } from '../../infra/validate.js';
import { getRead, postRead } from '../../infra/reads.js';

/**
 * The install wizard's calls (spec section 7, Installation), served at the peer's
 * `/installation/*` and under `{base}` as the spec's "all paths begin with {base}" reads.
 */
export async function installRoutes(app: FastifyInstance): Promise<void> {
  await app.register(installCalls, { prefix: '/installation' });
  await app.register(installCalls, { prefix: '/answer/installation' });
}

async function installCalls(app: FastifyInstance): Promise<void> {
  const install = app.services.install;
  // One gate for every call of the wizard, including ones added later: once installed they
  // all answer "Already installed" before any handler runs.
  app.addHook('onRequest', async () => install.refuseWhenInstalled());

  getRead(app, '/language/options', async () => LANGUAGE_OPTIONS);

  postRead(app, '/config-file/check', async () => await install.checkConfigFile());

  app.post('/db/check', async (request, reply) =>
    ok(request, reply, await install.checkDatabase(parseInput(dbCheckSchema, request.body))),
  );

  app.post('/init', async (request, reply) =>
    ok(request, reply, await install.init(parseInput(installInitSchema, request.body))),
  );

  app.post('/base-info', async (request, reply) => {
    await install.baseInfo(parseInput(installBaseInfoSchema, request.body));
    return ok(request, reply, null);
  });
}
