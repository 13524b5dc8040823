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
import type { ZodApp } from '../../lib/module.js';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import { idParams } from '../../plugins/list-routes.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { CondivisioniService } from './condivisioni.service.js';

const tags = ['condivisioni'];
// links are a sales act: whoever sells from the collaudi or manages the blocks makes them, and the
// cliente's page lists them
const read = { page: ['collaudi', 'blocchi', 'clienti'], mode: 'read' } as const;
const write = { page: ['collaudi', 'blocchi'], mode: 'write' } as const;

type Services = {
  condivisioni: CondivisioniService;
  clienti: AnagraficaService;
  publicUrl: string;
};

/** The share dialog: its choice of cliente, and the link made. */
function registerCondivisioneCreateRoutes(
  app: ZodApp,
  { condivisioni, clienti, publicUrl }: Services,
) {
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
}

/** The links made, and the notice of buyers' answers. */
function registerCondivisioniListRoutes(app: ZodApp, condivisioni: CondivisioniService) {
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
}

/** One link: its detail (its answers read by opening it) and its revocation. */
function registerCondivisioneDetailRoutes(app: ZodApp, condivisioni: CondivisioniService) {
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
}

/** `/api/condivisioni`: the links the staff send to buyers (docs/condivisioni.md). */
export const condivisioniRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  registerCondivisioneCreateRoutes(app, services);
  registerCondivisioniListRoutes(app, services.condivisioni);
  registerCondivisioneDetailRoutes(app, services.condivisioni);
};
