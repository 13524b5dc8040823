import {
  anagraficaCreateSchema,
  anagraficaExportQuerySchema,
  anagraficaFilterSchema,
  anagraficaListQuerySchema,
  anagraficaSchema,
  anagraficaSummarySchema,
  anagraficaUpdateSchema,
  historySchema,
  type AnagraficaKind,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import { idParams, listRoutes, pageAccess } from '../../plugins/list-routes.js';
import type { AnagraficaService } from './anagrafica.service.js';

type Routes = { kind: AnagraficaKind; service: AnagraficaService };
type App = Parameters<FastifyPluginAsyncZod>[0];

/** `/api/clienti` or `/api/fornitori`, each under its own page permission. */
export const anagraficaRoutes: FastifyPluginAsyncZod<Routes> = async (app, { kind, service }) => {
  registerAnagraficaReadRoutes(app, kind, service);
  registerAnagraficaWriteRoutes(app, kind, service);
};

/** The list page's three reads, one record and its history. */
function registerAnagraficaReadRoutes(app: App, kind: AnagraficaKind, service: AnagraficaService) {
  const base = `/api/${kind}`;
  const { read } = pageAccess(kind);
  const tags = [kind];

  listRoutes(app, base, {
    access: read,
    tags,
    list: { query: anagraficaListQuerySchema, item: anagraficaSchema, read: service.list },
    summary: {
      query: anagraficaFilterSchema,
      response: anagraficaSummarySchema,
      read: service.summary,
    },
    // built in memory: nothing can fail midway
    export: {
      query: anagraficaExportQuerySchema,
      read: (companyId, { format, ...filter }) => service.export(companyId, filter, format),
    },
  });

  app.get(
    `${base}/:id`,
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: anagraficaSchema } },
    },
    async (request) => service.get(requireAuth(request).companyId, request.params.id),
  );

  app.get(
    `${base}/:id/history`,
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: historySchema } },
    },
    async (request) => service.history(requireAuth(request).companyId, request.params.id),
  );
}

/** Create, update and delete, under the page's write permission. */
function registerAnagraficaWriteRoutes(app: App, kind: AnagraficaKind, service: AnagraficaService) {
  const base = `/api/${kind}`;
  const { write } = pageAccess(kind);
  const tags = [kind];

  app.post(
    base,
    {
      config: { access: write },
      schema: { tags, body: anagraficaCreateSchema, response: { 201: anagraficaSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(actorOf(request), request.body)),
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: anagraficaUpdateSchema,
        response: { 200: anagraficaSchema },
      },
    },
    async (request) => service.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    `${base}/:id`,
    { config: { access: write }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await service.remove(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
