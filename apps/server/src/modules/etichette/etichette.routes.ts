import { indirizzoEtichetteSchema } from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/downloads.js';
import { requireAuth } from '../../plugins/auth.js';
import type { EtichetteService } from './etichette.service.js';

const MAX_ETICHETTE = 200;

const querySchema = z.object({
  entityType: z.string().trim().min(1, { error: 'Tipo di elemento: obbligatorio' }),
  ids: z
    .string({ error: 'Scegli almeno un elemento' })
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.uuid({ error: 'Identificativo non valido' }))
        .min(1, { error: 'Scegli almeno un elemento' })
        .max(MAX_ETICHETTE, { error: `Al massimo ${MAX_ETICHETTE} etichette alla volta` }),
    ),
  formato: z.enum(['a4', '100x150'], { error: 'Formato: a4 o 100x150' }).default('a4'),
});

/**
 * `GET /api/etichette?entityType=…&ids=…&formato=a4|100x150`: labels with QR codes as a PDF, charged as
 * an export (one request) and as many labels of the user's label budget. `GET /api/etichette/indirizzo`:
 * the address the QR codes carry.
 */
export const etichetteRoutes: FastifyPluginAsyncZod<{ etichette: EtichetteService }> = async (
  app,
  { etichette },
) => {
  // Anyone who can print a label may see where its QR code points (and be warned when nowhere useful).
  app.get(
    '/api/etichette/indirizzo',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['etichette'], response: { 200: indirizzoEtichetteSchema } },
    },
    async () => etichette.address(),
  );
  app.get(
    '/api/etichette',
    {
      config: { access: 'authenticated' },
      preHandler: app.limits.export,
      schema: { tags: ['etichette'], querystring: querySchema },
    },
    async (request, reply) => {
      const { companyId, user } = requireAuth(request);
      app.limits.labels(request, request.query.ids.length);
      const { pdf, filename } = await etichette.pdf(companyId, user, request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('attachment', filename))
        .send(pdf);
    },
  );
};
