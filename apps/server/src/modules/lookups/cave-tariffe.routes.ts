import { cavaTariffaBodySchema, cavaTariffaSchema, idSchema } from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import type { CaveTariffeService } from './cave-tariffe.service.js';

const cavaParams = z.object({ id: idSchema });
const tariffaParams = z.object({ id: idSchema, tariffaId: idSchema });

/** `/api/cave/:id/tariffe`: the quarry's tariffs for the contributo di estrazione; as the quarry, any user reads, admins write. */
export const caveTariffeRoutes: FastifyPluginAsyncZod<{ tariffe: CaveTariffeService }> = async (
  app,
  { tariffe },
) => {
  const tags = ['lookups'];
  const base = '/api/cave/:id/tariffe';
  app.get(
    base,
    {
      config: { access: 'authenticated' },
      schema: { tags, params: cavaParams, response: { 200: z.array(cavaTariffaSchema) } },
    },
    async (request) => tariffe.list(requireAuth(request).companyId, request.params.id),
  );
  app.post(
    base,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        params: cavaParams,
        body: cavaTariffaBodySchema,
        response: { 201: cavaTariffaSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await tariffe.create(actorOf(request), request.params.id, request.body)),
  );
  app.put(
    `${base}/:tariffaId`,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        params: tariffaParams,
        body: cavaTariffaBodySchema,
        response: { 200: cavaTariffaSchema },
      },
    },
    async (request) =>
      tariffe.update(actorOf(request), request.params.id, request.params.tariffaId, request.body),
  );
  app.delete(
    `${base}/:tariffaId`,
    { config: { access: 'admin' }, schema: { tags, params: tariffaParams } },
    async (request, reply) => {
      await tariffe.remove(actorOf(request), request.params.id, request.params.tariffaId);
      return reply.code(204).send();
    },
  );
};
