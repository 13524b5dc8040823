import {
  bancataCreateSchema,
  bancataExportQuerySchema,
  bancataFilterSchema,
  bancataListQuerySchema,
  bancataSchema,
  bancataStatoBodySchema,
  bancataSummarySchema,
  bancataUpdateSchema,
  historySchema,
  idSchema,
  pageOf,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendExport } from '../../lib/downloads.js';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import type { BancateService } from './bancate.service.js';

const idParams = z.object({ id: idSchema });
const read = { page: 'bancate', mode: 'read' } as const;
const write = { page: 'bancate', mode: 'write' } as const;
const tags = ['bancate'];

export const bancateRoutes: FastifyPluginAsyncZod<{ bancate: BancateService }> = async (app, { bancate }) => {

  app.get('/api/bancate', { config: { access: read }, schema: { tags, querystring: bancataListQuerySchema, response: { 200: pageOf(bancataSchema) } } }, async (request) =>
    bancate.list(requireAuth(request).companyId, request.query),
  );
  app.get('/api/bancate/summary', { config: { access: read }, schema: { tags, querystring: bancataFilterSchema, response: { 200: bancataSummarySchema } } }, async (request) =>
    bancate.summary(requireAuth(request).companyId, request.query),
  );
  app.get('/api/bancate/export', { config: { access: read }, preHandler: app.limits.export, schema: { tags, querystring: bancataExportQuerySchema } }, async (request, reply) => {
    const { format, ...filter } = request.query;
    return sendExport(reply, await bancate.export(requireAuth(request).companyId, filter, format, (err) => request.log.error({ err }, 'esportazione non riuscita')));
  });
  app.get('/api/bancate/:id', { config: { access: read }, schema: { tags, params: idParams, response: { 200: bancataSchema } } }, async (request) =>
    bancate.get(requireAuth(request).companyId, request.params.id),
  );
  app.get('/api/bancate/:id/history', { config: { access: read }, schema: { tags, params: idParams, response: { 200: historySchema } } }, async (request) =>
    bancate.history(requireAuth(request).companyId, request.params.id),
  );
  app.post('/api/bancate', { config: { access: write }, schema: { tags, body: bancataCreateSchema, response: { 201: bancataSchema } } }, async (request, reply) =>
    reply.code(201).send(await bancate.create(actorOf(request), request.body)),
  );
  app.put('/api/bancate/:id', { config: { access: write }, schema: { tags, params: idParams, body: bancataUpdateSchema, response: { 200: bancataSchema } } }, async (request) =>
    bancate.update(actorOf(request), request.params.id, request.body),
  );
  app.post('/api/bancate/:id/stato', { config: { access: write }, schema: { tags, params: idParams, body: bancataStatoBodySchema, response: { 200: bancataSchema } } }, async (request) =>
    bancate.changeStato(actorOf(request), request.params.id, request.body.stato, request.body.nota),
  );
  app.delete('/api/bancate/:id', { config: { access: write }, schema: { tags, params: idParams } }, async (request, reply) => {
    await bancate.remove(actorOf(request), request.params.id);
    return reply.code(204).send();
  });
};
