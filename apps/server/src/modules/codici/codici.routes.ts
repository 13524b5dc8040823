import { codiceRisoltoSchema } from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import type { CodiciService } from './codici.service.js';

/** `GET /api/codici/:codice`: the item a code names in the caller's company (each kind checks its own page). */
export const codiciRoutes: FastifyPluginAsyncZod<{ codici: CodiciService }> = async (
  app,
  { codici },
) => {
  // `GET /api/codici?q=`: the items whose code contains the text, when a search names none exactly
  app.get(
    '/api/codici',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['codici'],
        querystring: z.object({
          q: z
            .string()
            .trim()
            .min(2, { error: 'Scrivi almeno 2 caratteri del codice' })
            .max(60, { error: 'Codice troppo lungo' }),
        }),
        response: { 200: z.array(codiceRisoltoSchema) },
      },
    },
    async (request) => {
      const { companyId, user } = requireAuth(request);
      return codici.candidates(companyId, user, request.query.q);
    },
  );
  app.get(
    '/api/codici/:codice',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['codici'],
        params: z.object({
          codice: z
            .string()
            .trim()
            .min(1, { error: 'Scrivi un codice' })
            .max(60, { error: 'Codice troppo lungo' }),
        }),
        response: { 200: codiceRisoltoSchema },
      },
    },
    async (request) => {
      const { companyId, user } = requireAuth(request);
      return codici.resolve(companyId, user, request.params.codice);
    },
  );
};
