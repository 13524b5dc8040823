import { APP_VERSION, healthResponseSchema, readyResponseSchema } from '@gestcava/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { READY_ROUTE, type Readiness } from '../../lib/readiness.js';

/** Staging is any address not on the production domain (docs/screens.md, §9). */
export function isStaging(host: string | undefined, productionDomain: string | undefined): boolean {
  if (!productionDomain) return false;
  const name = (host ?? '').replace(/:\d+$/, '').toLowerCase();
  const domain = productionDomain.toLowerCase();
  return !(name === domain || name.endsWith(`.${domain}`));
}

export const systemRoutes: FastifyPluginAsyncZod<{
  database: Database;
  readiness: Readiness;
  productionDomain?: string;
}> = async (app, { database, readiness, productionDomain }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public', duringPasswordChange: true },
      schema: { tags: ['system'], response: { 200: healthResponseSchema } },
    },
    async (request, reply) => {
      // A database that does not answer makes this a 503 (error handler), which is what a probe needs.
      await database.db.execute(sql`select 1`);
      reply.header('cache-control', 'no-store');
      const staging = isStaging(request.hostname, productionDomain);
      // the details name the software and its database: an admin's (docs/security.md, "Public
      // metadata"); a staging address shows its database in every page's banner, to anyone
      if (request.auth?.user.role === 'admin')
        return {
          status: 'ok' as const,
          version: APP_VERSION,
          db: database.kind,
          dbName: database.dbName,
          staging,
        };
      return staging
        ? { status: 'ok' as const, staging, dbName: database.dbName }
        : { status: 'ok' as const };
    },
  );

  // For a load balancer: public, no rate limit, each check bounded by its timeout (lib/readiness.ts).
  app.get(
    READY_ROUTE,
    {
      config: { access: 'public', duringPasswordChange: true },
      schema: {
        tags: ['system'],
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (_request, reply) => {
      const ready = await readiness.status();
      reply.header('cache-control', 'no-store');
      return reply.code(ready.status === 'ready' ? 200 : 503).send(ready);
    },
  );
};
