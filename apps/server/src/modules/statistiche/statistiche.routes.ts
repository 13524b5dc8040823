import {
  statisticheExportQuerySchema,
  statisticheQuerySchema,
  statisticheSchema,
  statisticheSezioneParamsSchema,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendExport } from '../../lib/downloads.js';
import { requireAuth } from '../../plugins/auth.js';
import type { StatisticheService } from './statistiche.service.js';

const read = { page: 'statistiche', mode: 'read' } as const;
const tags = ['statistiche'];
const base = '/api/statistiche';

/** Statistiche: one GET per section with the period and the grouping, and its table as a file. */
export const statisticheRoutes: FastifyPluginAsyncZod<{ statistiche: StatisticheService }> = async (
  app,
  { statistiche },
) => {
  app.get(
    `${base}/:section`,
    {
      config: { access: read },
      schema: {
        tags,
        params: statisticheSezioneParamsSchema,
        querystring: statisticheQuerySchema,
        response: { 200: statisticheSchema },
      },
    },
    async (request) =>
      statistiche.get(requireAuth(request).companyId, request.params.section, request.query),
  );
  app.get(
    `${base}/:section/export`,
    {
      config: { access: read },
      preHandler: app.limits.export,
      schema: {
        tags,
        params: statisticheSezioneParamsSchema,
        querystring: statisticheExportQuerySchema,
      },
    },
    async (request, reply) =>
      sendExport(
        reply,
        await statistiche.export(
          requireAuth(request).companyId,
          request.params.section,
          request.query,
          (err) => request.log.error({ err }, 'esportazione non riuscita'),
        ),
      ),
  );
};
