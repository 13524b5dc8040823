import {
  anagraficaPickerItemSchema,
  pickerQuerySchema,
  condivisioneCreateSchema,
  condivisioneCreatedSchema,
  condivisioneDetailSchema,
  condivisioniListSchema,
  condivisioniNotificheLettiSchema,
  condivisioniNotificheSchema,
  condivisioniQuerySchema,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import { idParams } from '../../plugins/list-routes.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { CondivisioniService } from './condivisioni.service.js';

const tags = ['condivisioni'];
// links are a sales act: whoever sells from the collaudi or manages the blocks makes them, and the
// cliente's page lists them
const read = { page: ['collaudi', 'blocchi', 'clienti'], mode: 'read' } as const;
const write = { page: ['collaudi', 'blocchi'], mode: 'write' } as const;

/** `/api/condivisioni`: the links the staff send to buyers (docs/condivisioni.md). */
export const condivisioniRoutes: FastifyPluginAsyncZod<{
  condivisioni: CondivisioniService;
  clienti: AnagraficaService;
  publicUrl: string;
}> = async (app, { condivisioni, clienti, publicUrl }) => {
  // the share dialog's choice of cliente, under this module's permission (no Clienti page needed)
  app.get(
    '/api/condivisioni/clienti-selezionabili',
    {
      config: { access: write },
      schema: {
        tags,
        querystring: pickerQuerySchema,
        response: { 200: z.array(anagraficaPickerItemSchema) },
      },
    },
    async (request) => clienti.pick(requireAuth(request).companyId, request.query.q),
  );

  app.post(
    '/api/condivisioni',
    {
      config: { access: write },
      schema: {
        tags,
        body: condivisioneCreateSchema,
        response: { 201: condivisioneCreatedSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(await condivisioni.create(actorOf(request), request.body, publicUrl)),
  );

  app.get(
    '/api/condivisioni',
    {
      config: { access: read },
      schema: {
        tags,
        querystring: condivisioniQuerySchema,
        response: { 200: condivisioniListSchema },
      },
    },
    async (request) => condivisioni.list(requireAuth(request).companyId, request.query),
  );

  app.get(
    '/api/condivisioni/notifiche',
    {
      config: { access: read },
      schema: { tags, response: { 200: condivisioniNotificheSchema } },
    },
    async (request) => condivisioni.notifiche(actorOf(request)),
  );

  // the maker dismissed the notice, or opened one answer's block
  app.post(
    '/api/condivisioni/notifiche/letti',
    {
      config: { access: read },
      schema: {
        tags,
        body: condivisioniNotificheLettiSchema,
        response: { 200: condivisioniNotificheSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await condivisioni.segnaRisposteLette(actor, request.body);
      return condivisioni.notifiche(actor);
    },
  );

  app.get(
    '/api/condivisioni/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: condivisioneDetailSchema } },
    },
    async (request) => {
      const actor = actorOf(request);
      const detail = await condivisioni.detail(actor.companyId, request.params.id);
      await condivisioni.segnaLette(actor, request.params.id);
      return detail;
    },
  );

  app.post(
    '/api/condivisioni/:id/revoca',
    {
      config: { access: write },
      schema: { tags, params: idParams, response: { 200: condivisioneDetailSchema } },
    },
    async (request) => condivisioni.revoca(actorOf(request), request.params.id),
  );
};
