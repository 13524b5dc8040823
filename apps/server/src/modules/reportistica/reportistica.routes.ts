import { reportParamsSchema, reportQuerySchema } from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendExport } from '../../lib/downloads.js';
import { requireAuth } from '../../plugins/auth.js';
import type { ReportisticaService } from './reportistica.service.js';

/** `GET /api/reports/<name>?formato=pdf|xlsx&dal&al`: the reports read with the statistiche permission. */
export const reportisticaRoutes: FastifyPluginAsyncZod<{
  reportistica: ReportisticaService;
}> = async (app, { reportistica }) => {
  app.get(
    '/api/reports/:name',
    {
      config: { access: { page: 'statistiche', mode: 'read' } },
      preHandler: app.limits.export,
      schema: {
        tags: ['reportistica'],
        params: reportParamsSchema,
        querystring: reportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await reportistica.render(
        requireAuth(request).companyId,
        request.params.name,
        request.query,
        (err) => request.log.error({ err }, 'report non riuscito'),
      );
      return sendExport(reply, file);
    },
  );
};
