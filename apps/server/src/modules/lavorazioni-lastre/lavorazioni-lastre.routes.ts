import {
  anagraficaPickerItemSchema,
  bloccoSegabileQuerySchema,
  bloccoSegabileSchema,
  historySchema,
  idSchema,
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
  pageOf,
  pickerQuerySchema,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendExport } from '../../lib/downloads.js';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import type { LavorazioniLastreService } from './lavorazioni-lastre.service.js';

const idParams = z.object({ id: idSchema });
const base = '/api/lavorazioni-lastre';
const read = { page: 'lavorazione-lastre', mode: 'read' } as const;
const write = { page: 'lavorazione-lastre', mode: 'write' } as const;
const tags = ['lavorazioni-lastre'];

/** `/api/lavorazioni-lastre` (permission `lavorazione-lastre`): sawing blocks into numbered slabs. */
export const lavorazioniLastreRoutes: FastifyPluginAsyncZod<{ lavorazioni: LavorazioniLastreService }> = async (app, { lavorazioni }) => {
  app.get(base, { config: { access: read }, schema: { tags, querystring: lavorazioneLastreListQuerySchema, response: { 200: pageOf(lavorazioneLastreListItemSchema) } } }, async (request) =>
    lavorazioni.list(requireAuth(request).companyId, request.query),
  );
  app.get(`${base}/summary`, { config: { access: read }, schema: { tags, querystring: lavorazioneLastreFilterSchema, response: { 200: lavorazioneLastreSummarySchema } } }, async (request) =>
    lavorazioni.summary(requireAuth(request).companyId, request.query),
  );
  app.get(`${base}/export`, { config: { access: read }, preHandler: app.limits.export, schema: { tags, querystring: lavorazioneLastreExportQuerySchema } }, async (request, reply) => {
    const { format, ...filter } = request.query;
    return sendExport(reply, await lavorazioni.export(requireAuth(request).companyId, filter, format, (err) => request.log.error({ err }, 'esportazione non riuscita')));
  });
  // Pickers under this module's permission (DESIGN §3.1): a sawmill clerk needs no blocchi or fornitori page.
  app.get(`${base}/blocchi-segabili`, { config: { access: read }, schema: { tags, querystring: bloccoSegabileQuerySchema, response: { 200: z.array(bloccoSegabileSchema) } } }, async (request) =>
    lavorazioni.segabili(requireAuth(request).companyId, request.query.q),
  );
  app.get(`${base}/macchine`, { config: { access: read }, schema: { tags, response: { 200: z.array(macchinaPickerSchema) } } }, async (request) =>
    lavorazioni.macchine(requireAuth(request).companyId),
  );
  app.get(`${base}/terzisti`, { config: { access: read }, schema: { tags, querystring: pickerQuerySchema, response: { 200: z.array(anagraficaPickerItemSchema) } } }, async (request) =>
    lavorazioni.terzisti(requireAuth(request).companyId, request.query.q),
  );
  app.get(`${base}/:id`, { config: { access: read }, schema: { tags, params: idParams, response: { 200: lavorazioneLastreSchema } } }, async (request) =>
    lavorazioni.get(requireAuth(request).companyId, request.params.id),
  );
  app.get(`${base}/:id/history`, { config: { access: read }, schema: { tags, params: idParams, response: { 200: historySchema } } }, async (request) =>
    lavorazioni.history(requireAuth(request).companyId, request.params.id),
  );
  app.post(base, { config: { access: write }, schema: { tags, body: lavorazioneLastreCreateSchema, response: { 201: lavorazioneLastreSchema } } }, async (request, reply) =>
    reply.code(201).send(await lavorazioni.create(actorOf(request), request.body)),
  );
  app.put(`${base}/:id`, { config: { access: write }, schema: { tags, params: idParams, body: lavorazioneLastreUpdateSchema, response: { 200: lavorazioneLastreSchema } } }, async (request) =>
    lavorazioni.update(actorOf(request), request.params.id, request.body),
  );
  app.post(`${base}/:id/stato`, { config: { access: write }, schema: { tags, params: idParams, body: lavorazioneLastreStatoBodySchema, response: { 200: lavorazioneLastreSchema } } }, async (request) =>
    lavorazioni.changeStato(actorOf(request), request.params.id, request.body),
  );
  app.post(`${base}/:id/completa`, { config: { access: write }, schema: { tags, params: idParams, body: lavorazioneLastreCompletaSchema, response: { 200: lavorazioneLastreSchema } } }, async (request) =>
    lavorazioni.completa(actorOf(request), request.params.id, request.body),
  );
};
