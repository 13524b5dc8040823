import {
  automezziExportQuerySchema,
  automezziFilterSchema,
  automezziListQuerySchema,
  automezziSummarySchema,
  automezzoCreateSchema,
  automezzoSchema,
  automezzoUpdateSchema,
  idSchema,
  pageOf,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendExport } from '../../lib/downloads.js';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import type { AutomezziService } from './automezzi.service.js';

const idParams = z.object({ id: idSchema });
const tags = ['automezzi'];
// the list is also the DDT's choice of truck (`?attivo=true`), so whoever writes DDTs reads it
const read = { page: ['automezzi', 'spedizioni'], mode: 'read' } as const;
const write = { page: 'automezzi', mode: 'write' } as const;

/** `/api/automezzi`: the company's trucks. */
export const automezziRoutes: FastifyPluginAsyncZod<{ automezzi: AutomezziService }> = async (
  app,
  { automezzi },
) => {
  app.get(
    '/api/automezzi',
    {
      config: { access: read },
      schema: {
        tags,
        querystring: automezziListQuerySchema,
        response: { 200: pageOf(automezzoSchema) },
      },
    },
    async (request) => automezzi.list(requireAuth(request).companyId, request.query),
  );

  app.get(
    '/api/automezzi/summary',
    {
      config: { access: read },
      schema: {
        tags,
        querystring: automezziFilterSchema,
        response: { 200: automezziSummarySchema },
      },
    },
    async (request) => automezzi.summary(requireAuth(request).companyId, request.query),
  );

  app.get(
    '/api/automezzi/export',
    {
      config: { access: read },
      preHandler: app.limits.export,
      schema: { tags, querystring: automezziExportQuerySchema },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendExport(
        reply,
        await automezzi.export(requireAuth(request).companyId, filter, format),
      );
    },
  );

  app.post(
    '/api/automezzi',
    {
      config: { access: write },
      schema: { tags, body: automezzoCreateSchema, response: { 201: automezzoSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await automezzi.create(actorOf(request), request.body)),
  );

  app.put(
    '/api/automezzi/:id',
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
    '/api/automezzi/:id',
    { config: { access: write }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await automezzi.remove(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
