import {
  can,
  genealogyNodeSchema,
  historySchema,
  idSchema,
  lastraExportQuerySchema,
  lastraListQuerySchema,
  lastraSchema,
  lottoExportQuerySchema,
  lottoListQuerySchema,
  lottoSchema,
  movimentoListQuerySchema,
  movimentoSchema,
  paccoDetailSchema,
  paccoExportQuerySchema,
  paccoListQuerySchema,
  paccoSchema,
  pageOf,
  stockSummarySchema,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendExport } from '../../lib/downloads.js';
import { requireAuth } from '../../plugins/auth.js';
import type { MagazzinoService } from './magazzino.service.js';

const idParams = z.object({ id: idSchema });
const lastreRead = { page: 'magazzino-lastre', mode: 'read' } as const;
const pavimentiRead = { page: 'magazzino-pavimenti', mode: 'read' } as const;
const tags = ['magazzino'];

/** Filters of a list, without its paging (the summaries take these). */
const filterOf = <T extends z.ZodObject>(schema: T) => schema.omit({ page: true, limit: true, sort: true });

/**
 * `/api/magazzino/*`: reads of the stock the lavorazioni load (operations come with the stock issue).
 * Pacchi and lastre under `magazzino-lastre`, lotti under `magazzino-pavimenti`, the ledger under either.
 */
export const magazzinoRoutes: FastifyPluginAsyncZod<{ magazzino: MagazzinoService }> = async (app, { magazzino }) => {
  const companyOf = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).companyId;

  app.get('/api/magazzino/pacchi', { config: { access: lastreRead }, schema: { tags, querystring: paccoListQuerySchema, response: { 200: pageOf(paccoSchema) } } }, async (request) =>
    magazzino.pacchi(companyOf(request), request.query),
  );
  app.get('/api/magazzino/pacchi/summary', { config: { access: lastreRead }, schema: { tags, querystring: filterOf(paccoListQuerySchema), response: { 200: stockSummarySchema } } }, async (request) =>
    magazzino.pacchiSummary(companyOf(request), request.query),
  );
  app.get('/api/magazzino/lastre', { config: { access: lastreRead }, schema: { tags, querystring: lastraListQuerySchema, response: { 200: pageOf(lastraSchema) } } }, async (request) =>
    magazzino.lastre(companyOf(request), request.query),
  );
  app.get('/api/magazzino/lastre/summary', { config: { access: lastreRead }, schema: { tags, querystring: filterOf(lastraListQuerySchema), response: { 200: stockSummarySchema } } }, async (request) =>
    magazzino.lastreSummary(companyOf(request), request.query),
  );
  app.get('/api/magazzino/lotti', { config: { access: pavimentiRead }, schema: { tags, querystring: lottoListQuerySchema, response: { 200: pageOf(lottoSchema) } } }, async (request) =>
    magazzino.lotti(companyOf(request), request.query),
  );
  app.get('/api/magazzino/lotti/summary', { config: { access: pavimentiRead }, schema: { tags, querystring: filterOf(lottoListQuerySchema), response: { 200: stockSummarySchema } } }, async (request) =>
    magazzino.lottiSummary(companyOf(request), request.query),
  );
  app.get('/api/magazzino/pacchi/export', { config: { access: lastreRead }, preHandler: app.limits.export, schema: { tags, querystring: paccoExportQuerySchema } }, async (request, reply) => {
    const { format, ...query } = request.query;
    return sendExport(reply, await magazzino.exportPacchi(companyOf(request), query, format, (err) => request.log.error({ err }, 'esportazione non riuscita')));
  });
  app.get('/api/magazzino/lastre/export', { config: { access: lastreRead }, preHandler: app.limits.export, schema: { tags, querystring: lastraExportQuerySchema } }, async (request, reply) => {
    const { format, ...query } = request.query;
    return sendExport(reply, await magazzino.exportLastre(companyOf(request), query, format, (err) => request.log.error({ err }, 'esportazione non riuscita')));
  });
  app.get('/api/magazzino/lotti/export', { config: { access: pavimentiRead }, preHandler: app.limits.export, schema: { tags, querystring: lottoExportQuerySchema } }, async (request, reply) => {
    const { format, ...query } = request.query;
    return sendExport(reply, await magazzino.exportLotti(companyOf(request), query, format, (err) => request.log.error({ err }, 'esportazione non riuscita')));
  });
  app.get(
    '/api/magazzino/movimenti',
    { config: { access: { page: ['magazzino-lastre', 'magazzino-pavimenti'], mode: 'read' } }, schema: { tags, querystring: movimentoListQuerySchema, response: { 200: pageOf(movimentoSchema) } } },
    async (request) => {
      const { user, companyId } = requireAuth(request);
      return magazzino.movimenti(companyId, request.query, { lastre: can(user, 'magazzino-lastre', 'read'), pavimenti: can(user, 'magazzino-pavimenti', 'read') });
    },
  );

  app.get('/api/magazzino/pacchi/:id', { config: { access: lastreRead }, schema: { tags, params: idParams, response: { 200: paccoDetailSchema } } }, async (request) =>
    magazzino.pacco(companyOf(request), request.params.id),
  );
  app.get('/api/magazzino/lastre/:id', { config: { access: lastreRead }, schema: { tags, params: idParams, response: { 200: lastraSchema } } }, async (request) =>
    magazzino.lastra(companyOf(request), request.params.id),
  );
  app.get('/api/magazzino/lotti/:id', { config: { access: pavimentiRead }, schema: { tags, params: idParams, response: { 200: lottoSchema } } }, async (request) =>
    magazzino.lotto(companyOf(request), request.params.id),
  );
  for (const [kind, plural, access] of [
    ['pacco', 'pacchi', lastreRead],
    ['lastra', 'lastre', lastreRead],
    ['lotto', 'lotti', pavimentiRead],
  ] as const) {
    app.get(`/api/magazzino/${plural}/:id/history`, { config: { access }, schema: { tags, params: idParams, response: { 200: historySchema } } }, async (request) =>
      magazzino.history(kind, companyOf(request), request.params.id),
    );
    app.get(`/api/magazzino/${plural}/:id/genealogy`, { config: { access }, schema: { tags, params: idParams, response: { 200: z.array(genealogyNodeSchema) } } }, async (request) =>
      magazzino.genealogy(kind, companyOf(request), request.params.id),
    );
  }
};
