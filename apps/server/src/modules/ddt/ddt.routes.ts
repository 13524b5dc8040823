import {
  ddtAnnullaSchema,
  ddtCreateSchema,
  ddtDaSpedireQuerySchema,
  ddtDaSpedireSchema,
  ddtExportQuerySchema,
  ddtListItemSchema,
  ddtListQuerySchema,
  ddtSchema,
  ddtUpdateSchema,
  historySchema,
  packingListQuerySchema,
} from '@gestcava/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDownload } from '../../lib/downloads.js';
import { actorOf } from '../../plugins/auth.js';
import { companyOf, idParams, listRoutes, pageAccess } from '../../plugins/list-routes.js';
import type { DdtDocuments, DdtFile } from './ddt.documents.js';
import type { DdtService } from './ddt.service.js';

const { read, write } = pageAccess('spedizioni');
const tags = ['ddt'];
const base = '/api/ddt';

const sendFile = (reply: FastifyReply, file: DdtFile) => sendDownload(reply, { contentType: file.contentType, fileName: file.filename, body: file.body }, 'private, no-store');

/** Spedizioni (DDT): drafts, emission, cancellation, the list and the documents (DESIGN §4 "Spedizione (DDT)"). */
export const ddtRoutes: FastifyPluginAsyncZod<{ ddt: DdtService; documents: DdtDocuments }> = async (app, { ddt, documents }) => {
  listRoutes(app, base, {
    access: read,
    tags,
    list: { query: ddtListQuerySchema, item: ddtListItemSchema, read: ddt.list },
    export: { query: ddtExportQuerySchema, read: ddt.exportList },
  });
  app.get(`${base}/da-spedire`, { config: { access: read }, schema: { tags, querystring: ddtDaSpedireQuerySchema, response: { 200: ddtDaSpedireSchema } } }, async (request) =>
    ddt.daSpedire(companyOf(request), request.query),
  );
  app.get(`${base}/:id`, { config: { access: read }, schema: { tags, params: idParams, response: { 200: ddtSchema } } }, async (request) => ddt.get(companyOf(request), request.params.id));
  app.get(`${base}/:id/history`, { config: { access: read }, schema: { tags, params: idParams, response: { 200: historySchema } } }, async (request) =>
    ddt.history(companyOf(request), request.params.id),
  );
  app.post(base, { config: { access: write }, schema: { tags, body: ddtCreateSchema, response: { 201: ddtSchema } } }, async (request, reply) =>
    reply.code(201).send(await ddt.create(actorOf(request), request.body)),
  );
  app.put(`${base}/:id`, { config: { access: write }, schema: { tags, params: idParams, body: ddtUpdateSchema, response: { 200: ddtSchema } } }, async (request) =>
    ddt.update(actorOf(request), request.params.id, request.body),
  );
  app.delete(`${base}/:id`, { config: { access: write }, schema: { tags, params: idParams } }, async (request, reply) => {
    await ddt.remove(actorOf(request), request.params.id);
    return reply.code(204).send();
  });
  app.post(`${base}/:id/emetti`, { config: { access: write }, schema: { tags, params: idParams, response: { 200: ddtSchema } } }, async (request) =>
    ddt.emetti(actorOf(request), request.params.id),
  );
  app.post(`${base}/:id/annulla`, { config: { access: write }, schema: { tags, params: idParams, body: ddtAnnullaSchema, response: { 200: ddtSchema } } }, async (request) =>
    ddt.annulla(actorOf(request), request.params.id, request.body.motivo),
  );
  app.get(`${base}/:id/pdf`, { config: { access: read }, preHandler: app.limits.export, schema: { tags, params: idParams } }, async (request, reply) =>
    sendFile(reply, await documents.pdf(companyOf(request), request.params.id)),
  );
  app.get(`${base}/:id/packing-list`, { config: { access: read }, preHandler: app.limits.export, schema: { tags, params: idParams, querystring: packingListQuerySchema } }, async (request, reply) =>
    sendFile(reply, await documents.packingList(companyOf(request), request.params.id, request.query)),
  );
};
