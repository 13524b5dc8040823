import {
  bloccoSegabileQuerySchema,
  bloccoSegabileSchema,
  lastraTagliabileQuerySchema,
  lastraTagliabileSchema,
  lavorazionePavimentiCompletaSchema,
  lavorazionePavimentiCreateSchema,
  lavorazionePavimentiExportQuerySchema,
  lavorazionePavimentiFilterSchema,
  lavorazionePavimentiListItemSchema,
  lavorazionePavimentiListQuerySchema,
  lavorazionePavimentiSchema,
  lavorazionePavimentiStatoBodySchema,
  lavorazionePavimentiSummarySchema,
  lavorazionePavimentiUpdateSchema,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import { idParams, listRoutes, pageAccess } from '../../plugins/list-routes.js';
import { detailRoutes } from '../../plugins/detail-routes.js';
import type { ZodApp } from '../../lib/module.js';
import type { LavorazioniPavimentiService } from './lavorazioni-pavimenti.service.js';

const { read, write } = pageAccess('lavorazione-pavimenti');
const tags = ['lavorazioni-pavimenti'];
const base = '/api/lavorazioni-pavimenti';

export const lavorazioniPavimentiRoutes: FastifyPluginAsyncZod<{
  lavorazioni: LavorazioniPavimentiService;
}> = async (app, { lavorazioni }) => {
  listRoutes(app, base, {
    access: read,
    tags,
    list: {
      query: lavorazionePavimentiListQuerySchema,
      item: lavorazionePavimentiListItemSchema,
      read: lavorazioni.list,
    },
    summary: {
      query: lavorazionePavimentiFilterSchema,
      response: lavorazionePavimentiSummarySchema,
      read: lavorazioni.summary,
    },
    export: {
      query: lavorazionePavimentiExportQuerySchema,
      read: lavorazioni.export,
    },
  });
  detailRoutes(app, base, {
    access: { read, write },
    tags,
    response: lavorazionePavimentiSchema,
    get: lavorazioni.get,
    history: lavorazioni.history,
    stato: { body: lavorazionePavimentiStatoBodySchema, write: lavorazioni.changeStato },
    completa: { body: lavorazionePavimentiCompletaSchema, write: lavorazioni.completa },
  });
  pickerRoutes(app, lavorazioni);
  editRoutes(app, lavorazioni);
};

/** The pickers of the plan form, under this module's permission. */
function pickerRoutes(app: ZodApp, lavorazioni: LavorazioniPavimentiService) {
  // Pickers under this module's permission (docs/api.md "Shape of the API"): the cutter needs no blocchi or magazzino page.
  app.get(
    `${base}/blocchi-tagliabili`,
    {
      config: { access: read },
      schema: {
        tags,
        querystring: bloccoSegabileQuerySchema,
        response: { 200: z.array(bloccoSegabileSchema) },
      },
    },
    async (request) =>
      lavorazioni.blocchiTagliabili(requireAuth(request).companyId, request.query.q),
  );
  app.get(
    `${base}/lastre-tagliabili`,
    {
      config: { access: read },
      schema: {
        tags,
        querystring: lastraTagliabileQuerySchema,
        response: { 200: z.array(lastraTagliabileSchema) },
      },
    },
    async (request) => lavorazioni.lastreTagliabili(requireAuth(request).companyId, request.query),
  );
}

/** A tile cut planned (`POST`) and its plan or note edited (`PUT /:id`). */
function editRoutes(app: ZodApp, lavorazioni: LavorazioniPavimentiService) {
  app.post(
    base,
    {
      config: { access: write },
      schema: {
        tags,
        body: lavorazionePavimentiCreateSchema,
        response: { 201: lavorazionePavimentiSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await lavorazioni.create(actorOf(request), request.body)),
  );
  app.put(
    `${base}/:id`,
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: lavorazionePavimentiUpdateSchema,
        response: { 200: lavorazionePavimentiSchema },
      },
    },
    async (request) => lavorazioni.update(actorOf(request), request.params.id, request.body),
  );
}
