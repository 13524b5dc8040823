import {
  __pluralCamel__ExportQuerySchema,
  __pluralCamel__FilterSchema,
  __pluralCamel__ListQuerySchema,
  __pluralCamel__SummarySchema,
  __singularCamel__CreateSchema,
  __singularCamel__Schema,
  __singularCamel__UpdateSchema,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { detailRoutes } from '../../plugins/detail-routes.js';
import { idParams, listRoutes, pageAccess } from '../../plugins/list-routes.js';
import type { __Plural__Service } from './__plural__.service.js';

const base = '/api/__plural__';
const tags = ['__plural__'];
const { read, write } = pageAccess('__plural__');

/** `/api/__plural__`: the list page's three reads, one record, its history and the writes. */
export const __pluralCamel__Routes: FastifyPluginAsyncZod<{ __pluralCamel__: __Plural__Service }> = async (
  app,
  { __pluralCamel__ },
) => {
  listRoutes(app, base, {
    access: read,
    tags,
    list: {
      query: __pluralCamel__ListQuerySchema,
      item: __singularCamel__Schema,
      read: __pluralCamel__.list,
    },
    summary: {
      query: __pluralCamel__FilterSchema,
      response: __pluralCamel__SummarySchema,
      read: __pluralCamel__.summary,
    },
    export: {
      query: __pluralCamel__ExportQuerySchema,
      read: (companyId, { format, ...filter }) => __pluralCamel__.export(companyId, filter, format),
    },
  });

  detailRoutes(app, base, {
    access: { read, write },
    tags,
    response: __singularCamel__Schema,
    get: __pluralCamel__.get,
    history: __pluralCamel__.history,
  });

  app.post(
    base,
    {
      config: { access: write },
      schema: { tags, body: __singularCamel__CreateSchema, response: { 201: __singularCamel__Schema } },
    },
    async (request, reply) =>
      reply.code(201).send(await __pluralCamel__.create(actorOf(request), request.body)),
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: __singularCamel__UpdateSchema,
        response: { 200: __singularCamel__Schema },
      },
    },
    async (request) => __pluralCamel__.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    `${base}/:id`,
    { config: { access: write }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await __pluralCamel__.remove(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
