import {
  anagraficaPickerItemSchema,
  bloccoCollaudabileQuerySchema,
  bloccoCollaudabileSchema,
  collaudiOfClienteSchema,
  collaudoCreateSchema,
  collaudoExportQuerySchema,
  collaudoFilterSchema,
  collaudoListItemSchema,
  collaudoListQuerySchema,
  collaudoRigaCreateSchema,
  collaudoRigaUpdateSchema,
  collaudoSchema,
  collaudoStatoBodySchema,
  collaudoSummarySchema,
  collaudoUpdateSchema,
  idSchema,
  verbaleLinkSchema,
  pickerQuerySchema,
  verbaleQuerySchema,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodApp } from '../../lib/module.js';
import { z } from 'zod';
import { sendDocument } from '../../lib/downloads.js';
import { ifMatchOf } from '../../lib/preconditions.js';
import { signedLinkQuerySchema, type SignedLinkQuery } from '../../lib/session-links.js';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import { companyOf, idParams, listRoutes, pageAccess } from '../../plugins/list-routes.js';
import { detailRoutes } from '../../plugins/detail-routes.js';
import type { CollaudiDocuments } from './collaudi.documents.js';
import type { CollaudiService } from './collaudi.service.js';

const rigaParams = z.object({ id: idSchema, rigaId: idSchema });
const { read, write } = pageAccess('collaudi');
const tags = ['collaudi'];
const base = '/api/collaudi';

type Deps = { collaudi: CollaudiService; documents: CollaudiDocuments };

/** The list with its totals and export, the record, its history and its state. */
function collaudiRecordRoutes(app: ZodApp, { collaudi }: Deps) {
  listRoutes(app, base, {
    access: read,
    tags,
    list: { query: collaudoListQuerySchema, item: collaudoListItemSchema, read: collaudi.list },
    summary: {
      query: collaudoFilterSchema,
      response: collaudoSummarySchema,
      read: collaudi.summary,
    },
    export: { query: collaudoExportQuerySchema, read: collaudi.exportList },
  });
  detailRoutes(app, base, {
    access: { read, write },
    tags,
    response: collaudoSchema,
    get: collaudi.get,
    history: collaudi.history,
    stato: { body: collaudoStatoBodySchema, write: collaudi.changeStato },
  });
}

/** What a collaudo is written from (pickers) and a cliente's collaudi. */
function collaudiReadRoutes(app: ZodApp, { collaudi }: Deps) {
  // Pickers under this module's permission (docs/api.md "Shape of the API"): a sales clerk needs no clienti or blocchi write.
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
    async (request) => collaudi.pickClienti(companyOf(request), request.query.q),
  );
  app.get(
    `${base}/blocchi-collaudabili`,
    {
      config: { access: read },
      schema: {
        tags,
        querystring: bloccoCollaudabileQuerySchema,
        response: { 200: z.array(bloccoCollaudabileSchema) },
      },
    },
    async (request) =>
      collaudi.blocchiCollaudabili(companyOf(request), request.query.collaudoId, request.query.q),
  );
  app.get(
    `${base}/di-cliente/:id`,
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: collaudiOfClienteSchema } },
    },
    async (request) => collaudi.ofCliente(companyOf(request), request.params.id),
  );
}

/** The collaudo's header written. */
function collaudiWriteRoutes(app: ZodApp, { collaudi }: Deps) {
  app.post(
    base,
    {
      config: { access: write },
      schema: { tags, body: collaudoCreateSchema, response: { 201: collaudoSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await collaudi.create(actorOf(request), request.body)),
  );
  app.put(
    `${base}/:id`,
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: collaudoUpdateSchema,
        response: { 200: collaudoSchema },
      },
    },
    async (request) => collaudi.update(actorOf(request), request.params.id, request.body),
  );
}

/** The collaudo's blocks: added, judged, removed. */
function collaudiRigheRoutes(app: ZodApp, { collaudi }: Deps) {
  app.post(
    `${base}/:id/righe`,
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: collaudoRigaCreateSchema,
        response: { 201: collaudoSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await collaudi.addRiga(actorOf(request), request.params.id, request.body.bloccoId)),
  );
  app.put(
    `${base}/:id/righe/:rigaId`,
    {
      config: { access: write, ifMatch: true },
      schema: {
        tags,
        params: rigaParams,
        body: collaudoRigaUpdateSchema,
        response: { 200: collaudoSchema },
      },
    },
    async (request) =>
      collaudi.updateRiga(
        actorOf(request),
        request.params.id,
        request.params.rigaId,
        request.body,
        ifMatchOf(request),
      ),
  );
  app.delete(
    `${base}/:id/righe/:rigaId`,
    {
      config: { access: write },
      schema: { tags, params: rigaParams, response: { 200: collaudoSchema } },
    },
    async (request) =>
      collaudi.removeRiga(actorOf(request), request.params.id, request.params.rigaId),
  );
}

/** The signed link the browser downloads the verbale with. */
function collaudiVerbaleLinkRoute(app: ZodApp, { documents }: Deps) {
  app.get(
    `${base}/:id/verbale-link`,
    {
      config: { access: read },
      schema: {
        tags,
        params: idParams,
        querystring: verbaleQuerySchema,
        response: { 200: verbaleLinkSchema },
      },
    },
    async (request) =>
      documents.verbaleLink(requireAuth(request), request.params.id, request.query.lingua),
  );
}

/** The verbale's PDF, by bearer or signed link. */
function collaudiVerbaleRoute(app: ZodApp, { documents }: Deps) {
  // A bearer with collaudi read (API clients), or the signed link of `verbale-link` (the browser), which
  // works only while the session that asked for it lives (lib/session-links.ts).
  app.get(
    `${base}/:id/verbale`,
    {
      config: { access: 'public' },
      // the signature and its session first, then the download limit of the link's user
      preHandler: [
        app.limits.signedLink(
          async (request) =>
            (
              await documents.verbaleCompany(
                (request.params as { id: string }).id,
                request.query as SignedLinkQuery,
                () => requireAuth(request),
              )
            ).userId,
        ),
        app.limits.export,
      ],
      schema: {
        tags,
        params: idParams,
        querystring: verbaleQuerySchema.extend(signedLinkQuerySchema.shape),
      },
    },
    async (request, reply) => {
      const { companyId } = await documents.verbaleCompany(request.params.id, request.query, () =>
        requireAuth(request),
      );
      const { pdf, filename } = await documents.verbale(
        companyId,
        request.params.id,
        request.query.lingua,
      );
      return sendDocument(reply, { body: pdf, contentType: 'application/pdf', fileName: filename });
    },
  );
}

export const collaudiRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  collaudiRecordRoutes(app, deps);
  collaudiReadRoutes(app, deps);
  collaudiWriteRoutes(app, deps);
  collaudiRigheRoutes(app, deps);
  collaudiVerbaleLinkRoute(app, deps);
  collaudiVerbaleRoute(app, deps);
};
