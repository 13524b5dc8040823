import type { LookupKind } from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import { idParams } from '../../plugins/list-routes.js';
import { lookupDefinition, type LookupsService } from './lookups.service.js';

/** `/api/cave`, `/api/materiali`, `/api/ubicazioni`, `/api/macchine`: any user reads, admins write (docs/api.md "Who may call what"). */
export const lookupsRoutes: FastifyPluginAsyncZod<{
  kind: LookupKind;
  service: LookupsService;
}> = async (app, { kind, service }) => {
  const def = lookupDefinition(kind);
  const base = `/api/${kind}`;
  const tags = ['lookups'];
  const { body, update, schema: response } = def;

  app.get(
    base,
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(response) } } },
    async (request) => service.list(requireAuth(request).companyId),
  );
  app.post(
    base,
    { config: { access: 'admin' }, schema: { tags, body, response: { 201: response } } },
    async (request, reply) =>
      reply.code(201).send(await service.create(actorOf(request), request.body)),
  );
  app.put(
    `${base}/:id`,
    {
      config: { access: 'admin' },
      schema: { tags, params: idParams, body: update, response: { 200: response } },
    },
    async (request) => service.update(actorOf(request), request.params.id, request.body),
  );
  app.delete(
    `${base}/:id`,
    { config: { access: 'admin' }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await service.remove(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
