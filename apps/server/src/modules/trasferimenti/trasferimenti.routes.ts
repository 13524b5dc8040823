import {
  can,
  dittaDestinazioneSchema,
  idSchema,
  pageOf,
  trasferimentoCreateSchema,
  trasferimentoListQuerySchema,
  trasferimentoSchema,
  type PageKey,
} from '@gestcava/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import type { TrasferimentiService } from './trasferimenti.service.js';

/** The pages whose items travel: any of them lets a user see and make transfers; each item checks its own. */
const PAGES = ['blocchi', 'blocchi-esterni', 'magazzino-lastre', 'magazzino-pavimenti'] as const;
const read = { page: [...PAGES], mode: 'read' } as const;
const write = { page: [...PAGES], mode: 'write' } as const;
const tags = ['trasferimenti'];
/** A transfer's rows are shown by kind, each under its own page (a slabs-only clerk sees no lots). */
const mayRead = (request: FastifyRequest) => (page: PageKey) =>
  can(requireAuth(request).user, page, 'read');

/** `/api/trasferimenti`: sales between the group's companies (docs/domain.md "Ditte del gruppo"). */
export const trasferimentiRoutes: FastifyPluginAsyncZod<{
  trasferimenti: TrasferimentiService;
}> = async (app, { trasferimenti }) => {
  app.get(
    '/api/trasferimenti',
    {
      config: { access: read },
      schema: {
        tags,
        querystring: trasferimentoListQuerySchema,
        response: { 200: pageOf(trasferimentoSchema) },
      },
    },
    async (request) =>
      trasferimenti.list(requireAuth(request).companyId, request.query, mayRead(request)),
  );
  app.get(
    '/api/trasferimenti/destinazioni',
    {
      config: { access: read },
      schema: { tags, response: { 200: z.array(dittaDestinazioneSchema) } },
    },
    async (request) => trasferimenti.destinazioni(requireAuth(request).companyId),
  );
  app.get(
    '/api/trasferimenti/:id',
    {
      config: { access: read },
      schema: { tags, params: z.object({ id: idSchema }), response: { 200: trasferimentoSchema } },
    },
    async (request) =>
      trasferimenti.get(requireAuth(request).companyId, request.params.id, mayRead(request)),
  );
  app.post(
    '/api/trasferimenti',
    {
      config: { access: write },
      schema: { tags, body: trasferimentoCreateSchema, response: { 201: trasferimentoSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await trasferimenti.create(actorOf(request), requireAuth(request).user, request.body),
        ),
  );
};
