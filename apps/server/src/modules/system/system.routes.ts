import { APP_VERSION, healthResponseSchema } from '@gestcava/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';

/** Staging is any address not on the production domain (SPEC §2, §9). */
export function isStaging(host: string | undefined, productionDomain: string | undefined): boolean {
  if (!productionDomain) return false;
  const name = (host ?? '').replace(/:\d+$/, '').toLowerCase();
  const domain = productionDomain.toLowerCase();
  return !(name === domain || name.endsWith(`.${domain}`));
}

export const systemRoutes: FastifyPluginAsyncZod<{ database: Database; productionDomain?: string }> = async (
  app,
  { database, productionDomain },
) => {
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: healthResponseSchema } } },
    async (request, reply) => {
      // A database that does not answer makes this a 503 (error handler), which is what a probe needs.
      await database.db.execute(sql`select 1`);
      reply.header('cache-control', 'no-store');
      return {
        status: 'ok' as const,
        version: APP_VERSION,
        db: database.kind,
        dbName: database.dbName,
        staging: isStaging(request.hostname, productionDomain),
      };
    },
  );
};
