import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** Liveness and database reachability, for load balancers and the e2e harness. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    const installed = await app.site.isInstalled().catch(() => false);
    let database: 'ok' | 'down' | 'none' = 'none';
    if (app.site.hasDatabase) {
      database = await sql`select 1`
        .execute(app.site.db)
        .then(() => 'ok' as const)
        .catch(() => 'down' as const);
    }
    const healthy = database !== 'down';
    return reply.code(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'error', installed, database });
  });
}
