import {
  can,
  genealogyNodeSchema,
  historySchema,
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
import { requireAuth } from '../../plugins/auth.js';
import { companyOf, idParams, listRoutes } from '../../plugins/list-routes.js';
import { eitherAccess, lastreAccess, pavimentiAccess, tags } from './magazzino.access.js';
import type { MagazzinoService } from './magazzino.service.js';

/** Filters of a list, without its paging (the summaries take these). */
const filterOf = <T extends z.ZodObject>(schema: T) =>
  schema.omit({ page: true, limit: true, sort: true });

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The three stock lists, each with its totals and its file. */
function stockLists(app: App, magazzino: MagazzinoService) {
  listRoutes(app, '/api/magazzino/pacchi', {
    access: lastreAccess.read,
    tags,
    list: { query: paccoListQuerySchema, item: paccoSchema, read: magazzino.pacchi },
    summary: {
      query: filterOf(paccoListQuerySchema),
      response: stockSummarySchema,
      read: magazzino.pacchiSummary,
    },
    export: {
      query: paccoExportQuerySchema,
      read: (companyId, { format, ...query }, onError) =>
        magazzino.exportPacchi(companyId, query, format, onError),
    },
  });
  listRoutes(app, '/api/magazzino/lastre', {
    access: lastreAccess.read,
    tags,
    list: { query: lastraListQuerySchema, item: lastraSchema, read: magazzino.lastre },
    summary: {
      query: filterOf(lastraListQuerySchema),
      response: stockSummarySchema,
      read: magazzino.lastreSummary,
    },
    export: {
      query: lastraExportQuerySchema,
      read: (companyId, { format, ...query }, onError) =>
        magazzino.exportLastre(companyId, query, format, onError),
    },
  });
  listRoutes(app, '/api/magazzino/lotti', {
    access: pavimentiAccess.read,
    tags,
    list: { query: lottoListQuerySchema, item: lottoSchema, read: magazzino.lotti },
    summary: {
      query: filterOf(lottoListQuerySchema),
      response: stockSummarySchema,
      read: magazzino.lottiSummary,
    },
    export: {
      query: lottoExportQuerySchema,
      read: (companyId, { format, ...query }, onError) =>
        magazzino.exportLotti(companyId, query, format, onError),
    },
  });
}

/** The ledger: slab-side rows need magazzino-lastre, lot rows magazzino-pavimenti. */
function movimentiRoute(app: App, magazzino: MagazzinoService) {
  app.get(
    '/api/magazzino/movimenti',
    {
      config: { access: eitherAccess.read },
      schema: {
        tags,
        querystring: movimentoListQuerySchema,
        response: { 200: pageOf(movimentoSchema) },
      },
    },
    async (request) => {
      const { user, companyId } = requireAuth(request);
      return magazzino.movimenti(companyId, request.query, {
        lastre: can(user, 'magazzino-lastre', 'read'),
        pavimenti: can(user, 'magazzino-pavimenti', 'read'),
      });
    },
  );
}

/** A bundle's, slab's or lot's detail, history and genealogy. */
function stockItems(app: App, magazzino: MagazzinoService) {
  app.get(
    '/api/magazzino/pacchi/:id',
    {
      config: { access: lastreAccess.read },
      schema: { tags, params: idParams, response: { 200: paccoDetailSchema } },
    },
    async (request) => magazzino.pacco(companyOf(request), request.params.id),
  );
  app.get(
    '/api/magazzino/lastre/:id',
    {
      config: { access: lastreAccess.read },
      schema: { tags, params: idParams, response: { 200: lastraSchema } },
    },
    async (request) => magazzino.lastra(companyOf(request), request.params.id),
  );
  app.get(
    '/api/magazzino/lotti/:id',
    {
      config: { access: pavimentiAccess.read },
      schema: { tags, params: idParams, response: { 200: lottoSchema } },
    },
    async (request) => magazzino.lotto(companyOf(request), request.params.id),
  );
  for (const [kind, plural, access] of [
    ['pacco', 'pacchi', lastreAccess.read],
    ['lastra', 'lastre', lastreAccess.read],
    ['lotto', 'lotti', pavimentiAccess.read],
  ] as const) {
    app.get(
      `/api/magazzino/${plural}/:id/history`,
      { config: { access }, schema: { tags, params: idParams, response: { 200: historySchema } } },
      async (request) => magazzino.history(kind, companyOf(request), request.params.id),
    );
    app.get(
      `/api/magazzino/${plural}/:id/genealogy`,
      {
        config: { access },
        schema: { tags, params: idParams, response: { 200: z.array(genealogyNodeSchema) } },
      },
      async (request) => magazzino.genealogy(kind, companyOf(request), request.params.id),
    );
  }
}

/**
 * `/api/magazzino/*`: reads of the stock the lavorazioni load (the operations are stock.routes.ts).
 * Pacchi and lastre under `magazzino-lastre`, lotti under `magazzino-pavimenti`, the ledger under either.
 */
export const magazzinoRoutes: FastifyPluginAsyncZod<{ magazzino: MagazzinoService }> = async (
  app,
  { magazzino },
) => {
  stockLists(app, magazzino);
  movimentiRoute(app, magazzino);
  stockItems(app, magazzino);
};
