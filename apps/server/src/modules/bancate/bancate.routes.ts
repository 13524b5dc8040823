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
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import { idParams, listRoutes, pageAccess } from '../../plugins/list-routes.js';
import type { BancateService } from './bancate.service.js';

const { read, write } = pageAccess('bancate');
const tags = ['bancate'];

export const bancateRoutes: FastifyPluginAsyncZod<{ bancate: BancateService }> = async (
  app,
  { bancate },
) => {
  listRoutes(app, '/api/bancate', {
    access: read,
    tags,
    list: { query: bancataListQuerySchema, item: bancataSchema, read: bancate.list },
    summary: { query: bancataFilterSchema, response: bancataSummarySchema, read: bancate.summary },
    export: {
      query: bancataExportQuerySchema,
      read: (companyId, { format, ...filter }, onError) =>
        bancate.export(companyId, filter, format, onError),
    },
  });
  app.get(
    '/api/bancate/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: bancataSchema } },
    },
    async (request) => bancate.get(requireAuth(request).companyId, request.params.id),
  );
  app.get(
    '/api/bancate/:id/history',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: historySchema } },
    },
    async (request) => bancate.history(requireAuth(request).companyId, request.params.id),
  );
  writeRoutes(app, bancate);
};

/** The writes: create, edit, a state move, delete (a planned bancata only). */
function writeRoutes(app: Parameters<FastifyPluginAsyncZod>[0], bancate: BancateService) {
  app.post(
    '/api/bancate',
    {
      config: { access: write },
      schema: { tags, body: bancataCreateSchema, response: { 201: bancataSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await bancate.create(actorOf(request), request.body)),
  );
  app.put(
    '/api/bancate/:id',
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: bancataUpdateSchema,
        response: { 200: bancataSchema },
      },
    },
    async (request) => bancate.update(actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/api/bancate/:id/stato',
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: bancataStatoBodySchema,
        response: { 200: bancataSchema },
      },
    },
    async (request) =>
      bancate.changeStato(
        actorOf(request),
        request.params.id,
        request.body.stato,
        request.body.nota,
      ),
  );
  app.delete(
    '/api/bancate/:id',
    { config: { access: write }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await bancate.remove(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
