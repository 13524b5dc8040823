import {
  anagraficaPickerItemSchema,
  bloccoSegabileQuerySchema,
  bloccoSegabileSchema,
  lavorazioneLastreCompletaSchema,
  lavorazioneLastreCreateSchema,
  lavorazioneLastreExportQuerySchema,
  lavorazioneLastreFilterSchema,
  lavorazioneLastreListItemSchema,
  lavorazioneLastreListQuerySchema,
  lavorazioneLastreSchema,
  lavorazioneLastreStatoBodySchema,
  lavorazioneLastreSummarySchema,
  lavorazioneLastreUpdateSchema,
  macchinaPickerSchema,
  pickerQuerySchema,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import { idParams, listRoutes, pageAccess } from '../../plugins/list-routes.js';
import { detailRoutes } from '../../plugins/detail-routes.js';
import type { ZodApp } from '../../lib/module.js';
import type { LavorazioniLastreService } from './lavorazioni-lastre.service.js';

const base = '/api/lavorazioni-lastre';
const { read, write } = pageAccess('lavorazione-lastre');
const tags = ['lavorazioni-lastre'];

/** `/api/lavorazioni-lastre` (permission `lavorazione-lastre`): sawing blocks into numbered slabs. */
export const lavorazioniLastreRoutes: FastifyPluginAsyncZod<{
  lavorazioni: LavorazioniLastreService;
}> = async (app, { lavorazioni }) => {
  listRoutes(app, base, {
    access: read,
    tags,
    list: {
      query: lavorazioneLastreListQuerySchema,
      item: lavorazioneLastreListItemSchema,
      read: lavorazioni.list,
    },
    summary: {
      query: lavorazioneLastreFilterSchema,
      response: lavorazioneLastreSummarySchema,
      read: lavorazioni.summary,
    },
    export: {
      query: lavorazioneLastreExportQuerySchema,
      read: (companyId, { format, ...filter }, onError) =>
        lavorazioni.export(companyId, filter, format, onError),
    },
  });
  detailRoutes(app, base, {
    access: { read, write },
    tags,
    response: lavorazioneLastreSchema,
    get: lavorazioni.get,
    history: lavorazioni.history,
    stato: { body: lavorazioneLastreStatoBodySchema, write: lavorazioni.changeStato },
    completa: { body: lavorazioneLastreCompletaSchema, write: lavorazioni.completa },
  });
  pickerRoutes(app, lavorazioni);
  editRoutes(app, lavorazioni);
};

/** The pickers of the plan form, under this module's permission. */
function pickerRoutes(app: ZodApp, lavorazioni: LavorazioniLastreService) {
  // Pickers under this module's permission (docs/api.md "Shape of the API"): a sawmill clerk needs no blocchi or fornitori page.
  app.get(
    `${base}/blocchi-segabili`,
    {
      config: { access: read },
      schema: {
        tags,
        querystring: bloccoSegabileQuerySchema,
        response: { 200: z.array(bloccoSegabileSchema) },
      },
    },
    async (request) => lavorazioni.segabili(requireAuth(request).companyId, request.query.q),
  );
  app.get(
    `${base}/macchine`,
    {
      config: { access: read },
      schema: { tags, response: { 200: z.array(macchinaPickerSchema) } },
    },
    async (request) => lavorazioni.macchine(requireAuth(request).companyId),
  );
  app.get(
    `${base}/terzisti`,
    {
      config: { access: read },
      schema: {
        tags,
        querystring: pickerQuerySchema,
        response: { 200: z.array(anagraficaPickerItemSchema) },
      },
    },
    async (request) => lavorazioni.terzisti(requireAuth(request).companyId, request.query.q),
  );
}

/** A sawing planned (`POST`) and its plan or note edited (`PUT /:id`). */
function editRoutes(app: ZodApp, lavorazioni: LavorazioniLastreService) {
  app.post(
    base,
    {
      config: { access: write },
      schema: {
        tags,
        body: lavorazioneLastreCreateSchema,
        response: { 201: lavorazioneLastreSchema },
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
        body: lavorazioneLastreUpdateSchema,
        response: { 200: lavorazioneLastreSchema },
      },
    },
    async (request) => lavorazioni.update(actorOf(request), request.params.id, request.body),
  );
}
