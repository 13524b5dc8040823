import { codiceRisoltoSchema } from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import type { CodiciService } from './codici.service.js';

/** `GET /api/codici/:codice`: the item a code names in the caller's company (each kind checks its own page). */
export const codiciRoutes: FastifyPluginAsyncZod<{ codici: CodiciService }> = async (app, { codici }) => {
  app.get(
    '/api/codici/:codice',
    { config: { access: 'authenticated' }, schema: { tags: ['codici'], params: z.object({ codice: z.string().trim().min(1, { error: 'Scrivi un codice' }).max(60, { error: 'Codice troppo lungo' }) }), response: { 200: codiceRisoltoSchema } } },
    async (request) => {
      const { companyId, user } = requireAuth(request);
      return codici.resolve(companyId, user, request.params.codice);
    },
  );
};
