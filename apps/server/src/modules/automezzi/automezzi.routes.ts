import {
  automezziExportQuerySchema,
  automezziFilterSchema,
  automezziListQuerySchema,
  automezziSummarySchema,
  automezzoCreateSchema,
  automezzoSchema,
  automezzoUpdateSchema,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { idParams, listRoutes, pageAccess } from '../../plugins/list-routes.js';
import type { AutomezziService } from './automezzi.service.js';

const base = '/api/automezzi';
const tags = ['automezzi'];
// the list is also the DDT's choice of truck (`?attivo=true`), so whoever writes DDTs reads it
const { read } = pageAccess(['automezzi', 'spedizioni']);
const { write } = pageAccess('automezzi');

/** `/api/automezzi`: the company's trucks (docs/architecture.md "Recipe: a new module"). */
export const automezziRoutes: FastifyPluginAsyncZod<{ automezzi: AutomezziService }> = async (
  app,
  { automezzi },
) => {
  listRoutes(app, base, {
    access: read,
    tags,
    list: { query: automezziListQuerySchema, item: automezzoSchema, read: automezzi.list },
    summary: {
      query: automezziFilterSchema,
      response: automezziSummarySchema,
      read: automezzi.summary,
    },
    export: {
      query: automezziExportQuerySchema,
      read: (companyId, { format, ...filter }) => automezzi.export(companyId, filter, format),
    },
  });

  app.post(
    base,
    {
      config: { access: write },
      schema: { tags, body: automezzoCreateSchema, response: { 201: automezzoSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await automezzi.create(actorOf(request), request.body)),
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: automezzoUpdateSchema,
        response: { 200: automezzoSchema },
      },
    },
    async (request) => automezzi.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    `${base}/:id`,
    { config: { access: write }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await automezzi.remove(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
