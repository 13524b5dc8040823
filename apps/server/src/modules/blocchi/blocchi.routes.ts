import {
  anagraficaPickerItemSchema,
  bancataPickerItemSchema,
  pickerQuerySchema,
  bloccoDeclassaBodySchema,
  bloccoEsternoCreateSchema,
  bloccoEsternoUpdateSchema,
  bloccoExportQuerySchema,
  bloccoFilterSchema,
  bloccoInternoCreateSchema,
  bloccoInternoUpdateSchema,
  bloccoListItemSchema,
  bloccoListQuerySchema,
  bloccoSchema,
  bloccoStatoBodySchema,
  bloccoSummarySchema,
  can,
  canOptionBlocchi,
  genealogyNodeSchema,
  historySchema,
  type BloccoOrigine,
} from '@gestcava/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error.js';
import { ifMatchOf } from '../../lib/preconditions.js';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import { idParams, listRoutes, pageAccess } from '../../plugins/list-routes.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BancateService } from '../bancate/bancate.service.js';
import type { BlocchiService } from './blocchi.service.js';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Services = {
  origine: BloccoOrigine;
  blocchi: BlocchiService;
  bancate: BancateService;
  clienti: AnagraficaService;
  fornitori: AnagraficaService;
};

/** What every route of one origine shares: its services, path, page access and tags. */
function routeContext(services: Services) {
  const plural: 'blocchi' | 'blocchi-esterni' =
    services.origine === 'interno' ? 'blocchi' : 'blocchi-esterni';
  return { ...services, plural, base: `/api/${plural}`, ...pageAccess(plural), tags: [plural] };
}
type RouteContext = ReturnType<typeof routeContext>;

/**
 * `/api/blocchi` (own blocks, permission `blocchi`) and `/api/blocchi-esterni` (bought in, permission
 * `blocchi-esterni`) over one table: each sees only its origine, so the other kind's id is a 404.
 */
export const blocchiRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const r = routeContext(services);
  const { origine, blocchi } = services;
  const { base, read, tags } = r;

  /** The company, once the list may read what it asks for: both origini want both pages. */
  const listScope = (request: FastifyRequest, filter: { origine?: 'tutte' }) => {
    const { user, companyId } = requireAuth(request);
    if (
      filter.origine === 'tutte' &&
      !(can(user, 'blocchi', 'read') && can(user, 'blocchi-esterni', 'read'))
    ) {
      throw forbidden('Per vedere insieme blocchi propri ed esterni servono entrambe le pagine');
    }
    return companyId;
  };
  listRoutes(app, base, {
    access: read,
    tags,
    scope: listScope,
    list: {
      query: bloccoListQuerySchema,
      item: bloccoListItemSchema,
      read: (companyId, query) => blocchi.list(origine, companyId, query),
    },
    summary: {
      query: bloccoFilterSchema,
      response: bloccoSummarySchema,
      read: (companyId, filter) => blocchi.summary(origine, companyId, filter),
    },
    export: {
      query: bloccoExportQuerySchema,
      read: (companyId, { format, ...filter }, onError) =>
        blocchi.export(origine, companyId, filter, format, onError),
    },
  });
  pickerRoutes(app, r);
  detailRoutes(app, r);
  writeRoutes(app, r);
  statoRoutes(app, r);
};

/** The pickers the block form needs, under this module's permission (docs/api.md "Shape of the API"). */
function pickerRoutes(
  app: App,
  { origine, base, read, tags, blocchi, bancate, clienti, fornitori }: RouteContext,
) {
  // a yard user needs no clienti or fornitori page
  app.get(
    `${base}/clienti-selezionabili`,
    {
      config: { access: read },
      schema: {
        tags,
        querystring: pickerQuerySchema,
        response: { 200: z.array(anagraficaPickerItemSchema) },
      },
    },
    async (request) => clienti.pick(requireAuth(request).companyId, request.query.q),
  );
  if (origine === 'interno') {
    // A bancata's detail page lists its blocchi under the bancate permission (docs/api.md "Shape of the API", pickers).
    app.get(
      '/api/bancate/:id/blocchi',
      {
        config: { access: { page: 'bancate', mode: 'read' } },
        schema: { tags: ['bancate'], params: idParams, response: { 200: z.array(bloccoSchema) } },
      },
      async (request) => blocchi.ofBancata(requireAuth(request).companyId, request.params.id),
    );
    app.get(
      `${base}/bancate-selezionabili`,
      {
        config: { access: read },
        schema: {
          tags,
          querystring: pickerQuerySchema,
          response: { 200: z.array(bancataPickerItemSchema) },
        },
      },
      async (request) => bancate.selectable(requireAuth(request).companyId, request.query.q),
    );
  }
  if (origine === 'esterno') {
    app.get(
      `${base}/fornitori-selezionabili`,
      {
        config: { access: read },
        schema: {
          tags,
          querystring: pickerQuerySchema,
          response: { 200: z.array(anagraficaPickerItemSchema) },
        },
      },
      async (request) => fornitori.pick(requireAuth(request).companyId, request.query.q),
    );
  }
}

/** One block: its detail, history and genealogy. */
function detailRoutes(app: App, { origine, base, read, tags, blocchi }: RouteContext) {
  app.get(
    `${base}/:id`,
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: bloccoSchema } },
    },
    async (request) => blocchi.detail(origine, requireAuth(request).companyId, request.params.id),
  );
  app.get(
    `${base}/:id/history`,
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: historySchema } },
    },
    async (request) => blocchi.history(origine, requireAuth(request).companyId, request.params.id),
  );
  app.get(
    `${base}/:id/genealogy`,
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: z.array(genealogyNodeSchema) } },
    },
    async (request) =>
      blocchi.genealogy(origine, requireAuth(request).companyId, request.params.id),
  );
}

/** The record's writes: create, edit, delete. */
function writeRoutes(app: App, r: RouteContext) {
  const { origine, base, write, tags, blocchi } = r;
  const createSchema =
    origine === 'interno' ? bloccoInternoCreateSchema : bloccoEsternoCreateSchema;
  const updateSchema =
    origine === 'interno' ? bloccoInternoUpdateSchema : bloccoEsternoUpdateSchema;
  app.post(
    base,
    {
      config: { access: write },
      schema: { tags, body: createSchema, response: { 201: bloccoSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await blocchi.create(origine, actorOf(request), request.body)),
  );
  app.put(
    `${base}/:id`,
    {
      config: { access: write, ifMatch: true },
      schema: { tags, params: idParams, body: updateSchema, response: { 200: bloccoSchema } },
    },
    async (request) =>
      blocchi.update(
        origine,
        actorOf(request),
        request.params.id,
        request.body,
        ifMatchOf(request),
      ),
  );
  app.delete(
    `${base}/:id`,
    { config: { access: write }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await blocchi.remove(origine, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}

/** A state move and the downgrade. */
function statoRoutes(
  app: App,
  { origine, plural, base, read, write, tags, blocchi }: RouteContext,
) {
  // Read access opens the route: a reader who writes collaudi may make the option moves only (docs/permissions.md).
  app.post(
    `${base}/:id/stato`,
    {
      config: { access: read, ifMatch: true },
      schema: {
        tags,
        params: idParams,
        body: bloccoStatoBodySchema,
        response: { 200: bloccoSchema },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const moves = can(user, plural, 'write') ? 'all' : canOptionBlocchi(user) ? 'option' : null;
      if (!moves) throw forbidden();
      return blocchi.changeStato(
        origine,
        actorOf(request),
        request.params.id,
        request.body,
        moves,
        ifMatchOf(request),
      );
    },
  );
  app.post(
    `${base}/:id/declassa`,
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: bloccoDeclassaBodySchema,
        response: { 200: bloccoSchema },
      },
    },
    async (request) => blocchi.declassa(origine, actorOf(request), request.params.id, request.body),
  );
}
