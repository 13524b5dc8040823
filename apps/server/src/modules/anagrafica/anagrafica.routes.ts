import {
  anagraficaCreateSchema,
  anagraficaExportQuerySchema,
  anagraficaFilterSchema,
  anagraficaListQuerySchema,
  anagraficaSchema,
  anagraficaSummarySchema,
  anagraficaUpdateSchema,
  historySchema,
  idSchema,
  pageOf,
  type AnagraficaKind,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import { sendExport } from '../../lib/downloads.js';
import type { AnagraficaService } from './anagrafica.service.js';

const idParams = z.object({ id: idSchema });

/** `/api/clienti` or `/api/fornitori`, each under its own page permission. */
export const anagraficaRoutes: FastifyPluginAsyncZod<{ kind: AnagraficaKind; service: AnagraficaService }> = async (
  app,
  { kind, service },
) => {
  const base = `/api/${kind}`;
  const read = { page: kind, mode: 'read' } as const;
  const write = { page: kind, mode: 'write' } as const;
  const tags = [kind];

  app.get(base, { config: { access: read }, schema: { tags, querystring: anagraficaListQuerySchema, response: { 200: pageOf(anagraficaSchema) } } }, async (request) =>
    service.list(requireAuth(request).companyId, request.query),
  );

  app.get(`${base}/summary`, { config: { access: read }, schema: { tags, querystring: anagraficaFilterSchema, response: { 200: anagraficaSummarySchema } } }, async (request) =>
    service.summary(requireAuth(request).companyId, request.query),
  );

  app.get(`${base}/export`, { config: { access: read }, preHandler: app.limits.export, schema: { tags, querystring: anagraficaExportQuerySchema } }, async (request, reply) => {
    const { format, ...filter } = request.query;
    return sendExport(reply, await service.export(requireAuth(request).companyId, filter, format));
  });

  app.get(`${base}/:id`, { config: { access: read }, schema: { tags, params: idParams, response: { 200: anagraficaSchema } } }, async (request) =>
    service.get(requireAuth(request).companyId, request.params.id),
  );

  app.get(`${base}/:id/history`, { config: { access: read }, schema: { tags, params: idParams, response: { 200: historySchema } } }, async (request) =>
    service.history(requireAuth(request).companyId, request.params.id),
  );

  app.post(base, { config: { access: write }, schema: { tags, body: anagraficaCreateSchema, response: { 201: anagraficaSchema } } }, async (request, reply) =>
    reply.code(201).send(await service.create(actorOf(request), request.body)),
  );

  app.put(`${base}/:id`, { config: { access: write }, schema: { tags, params: idParams, body: anagraficaUpdateSchema, response: { 200: anagraficaSchema } } }, async (request) =>
    service.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(`${base}/:id`, { config: { access: write }, schema: { tags, params: idParams } }, async (request, reply) => {
    await service.remove(actorOf(request), request.params.id);
    return reply.code(204).send();
  });
};
