import {
  bloccoSegabileQuerySchema,
  bloccoSegabileSchema,
  historySchema,
  idSchema,
  lastraTagliabileQuerySchema,
  lastraTagliabileSchema,
  lavorazionePavimentiCompletaSchema,
  lavorazionePavimentiCreateSchema,
  lavorazionePavimentiFilterSchema,
  lavorazionePavimentiListItemSchema,
  lavorazionePavimentiListQuerySchema,
  lavorazionePavimentiSchema,
  lavorazionePavimentiStatoBodySchema,
  lavorazionePavimentiSummarySchema,
  lavorazionePavimentiUpdateSchema,
  pageOf,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import type { LavorazioniPavimentiService } from './lavorazioni-pavimenti.service.js';

const idParams = z.object({ id: idSchema });
const read = { page: 'lavorazione-pavimenti', mode: 'read' } as const;
const write = { page: 'lavorazione-pavimenti', mode: 'write' } as const;
const tags = ['lavorazioni-pavimenti'];
const base = '/api/lavorazioni-pavimenti';

export const lavorazioniPavimentiRoutes: FastifyPluginAsyncZod<{ lavorazioni: LavorazioniPavimentiService }> = async (app, { lavorazioni }) => {
  app.get(base, { config: { access: read }, schema: { tags, querystring: lavorazionePavimentiListQuerySchema, response: { 200: pageOf(lavorazionePavimentiListItemSchema) } } }, async (request) =>
    lavorazioni.list(requireAuth(request).companyId, request.query),
  );
  app.get(`${base}/summary`, { config: { access: read }, schema: { tags, querystring: lavorazionePavimentiFilterSchema, response: { 200: lavorazionePavimentiSummarySchema } } }, async (request) =>
    lavorazioni.summary(requireAuth(request).companyId, request.query),
  );
  // Pickers under this module's permission (DESIGN §3.1): the cutter needs no blocchi or magazzino page.
  app.get(`${base}/blocchi-tagliabili`, { config: { access: read }, schema: { tags, querystring: bloccoSegabileQuerySchema, response: { 200: z.array(bloccoSegabileSchema) } } }, async (request) =>
    lavorazioni.blocchiTagliabili(requireAuth(request).companyId, request.query.q),
  );
  app.get(`${base}/lastre-tagliabili`, { config: { access: read }, schema: { tags, querystring: lastraTagliabileQuerySchema, response: { 200: z.array(lastraTagliabileSchema) } } }, async (request) =>
    lavorazioni.lastreTagliabili(requireAuth(request).companyId, request.query),
  );
  app.get(`${base}/:id`, { config: { access: read }, schema: { tags, params: idParams, response: { 200: lavorazionePavimentiSchema } } }, async (request) =>
    lavorazioni.get(requireAuth(request).companyId, request.params.id),
  );
  app.get(`${base}/:id/history`, { config: { access: read }, schema: { tags, params: idParams, response: { 200: historySchema } } }, async (request) =>
    lavorazioni.history(requireAuth(request).companyId, request.params.id),
  );
  app.post(base, { config: { access: write }, schema: { tags, body: lavorazionePavimentiCreateSchema, response: { 201: lavorazionePavimentiSchema } } }, async (request, reply) =>
    reply.code(201).send(await lavorazioni.create(actorOf(request), request.body)),
  );
  app.put(`${base}/:id`, { config: { access: write }, schema: { tags, params: idParams, body: lavorazionePavimentiUpdateSchema, response: { 200: lavorazionePavimentiSchema } } }, async (request) =>
    lavorazioni.update(actorOf(request), request.params.id, request.body),
  );
  app.post(`${base}/:id/stato`, { config: { access: write }, schema: { tags, params: idParams, body: lavorazionePavimentiStatoBodySchema, response: { 200: lavorazionePavimentiSchema } } }, async (request) =>
    lavorazioni.changeStato(actorOf(request), request.params.id, request.body),
  );
  app.post(`${base}/:id/completa`, { config: { access: write }, schema: { tags, params: idParams, body: lavorazionePavimentiCompletaSchema, response: { 200: lavorazionePavimentiSchema } } }, async (request) =>
    lavorazioni.completa(actorOf(request), request.params.id, request.body),
  );
};
