import {
  anagraficaPickerItemSchema,
  dittaDestinazioneSchema,
  ddtAnnullaSchema,
  ddtCreateSchema,
  ddtDaSpedireQuerySchema,
  ddtDaSpedireSchema,
  ddtDocumentoLinkQuerySchema,
  ddtDocumentoLinkSchema,
  ddtExportQuerySchema,
  ddtFilterSchema,
  ddtListItemSchema,
  ddtListQuerySchema,
  ddtSchema,
  ddtSummarySchema,
  ddtUpdateSchema,
  genealogyNodeSchema,
  packingListQuerySchema,
  pickerQuerySchema,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodApp } from '../../lib/module.js';
import { z } from 'zod';
import { sendDocument } from '../../lib/downloads.js';
import { signedLinkQuerySchema, type SignedLinkQuery } from '../../lib/session-links.js';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import { detailRoutes } from '../../plugins/detail-routes.js';
import { companyOf, idParams, listRoutes, pageAccess } from '../../plugins/list-routes.js';
import type { DdtDocuments } from './ddt.documents.js';
import type { DdtService } from './ddt.service.js';

const { read, write } = pageAccess('spedizioni');
const tags = ['ddt'];
const base = '/api/ddt';

type Deps = { ddt: DdtService; documents: DdtDocuments };

/** The list with its totals and export, the record and its history. */
function ddtRecordRoutes(app: ZodApp, { ddt }: Deps) {
  listRoutes(app, base, {
    access: read,
    tags,
    list: { query: ddtListQuerySchema, item: ddtListItemSchema, read: ddt.list },
    summary: { query: ddtFilterSchema, response: ddtSummarySchema, read: ddt.summary },
    export: { query: ddtExportQuerySchema, read: ddt.exportList },
  });
  detailRoutes(app, base, {
    access: { read, write },
    tags,
    response: ddtSchema,
    get: ddt.get,
    history: ddt.history,
  });
}

/** What a draft is written from (pickers, what is left to ship) and the genealogy. */
function ddtReadRoutes(app: ZodApp, { ddt }: Deps) {
  // Pickers under this page's own permission (docs/api.md "Shape of the API"): a magazzino clerk shipping needs no clienti page.
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
    async (request) => ddt.pickClienti(companyOf(request), request.query.q),
  );
  app.get(
    `${base}/ditte-selezionabili`,
    {
      config: { access: read },
      schema: { tags, response: { 200: z.array(dittaDestinazioneSchema) } },
    },
    async (request) => ddt.ditte(companyOf(request)),
  );
  app.get(
    `${base}/da-spedire`,
    {
      config: { access: read },
      schema: { tags, querystring: ddtDaSpedireQuerySchema, response: { 200: ddtDaSpedireSchema } },
    },
    async (request) => ddt.daSpedire(companyOf(request), request.query),
  );
  app.get(
    `${base}/:id/genealogy`,
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: z.array(genealogyNodeSchema) } },
    },
    async (request) => ddt.genealogy(companyOf(request), request.params.id),
  );
}

/** The draft written, emitted and cancelled. */
function ddtWriteRoutes(app: ZodApp, { ddt }: Deps) {
  app.post(
    base,
    {
      config: { access: write },
      schema: { tags, body: ddtCreateSchema, response: { 201: ddtSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await ddt.create(actorOf(request), request.body)),
  );
  app.put(
    `${base}/:id`,
    {
      config: { access: write },
      schema: { tags, params: idParams, body: ddtUpdateSchema, response: { 200: ddtSchema } },
    },
    async (request) => ddt.update(actorOf(request), request.params.id, request.body),
  );
  app.delete(
    `${base}/:id`,
    { config: { access: write }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await ddt.remove(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
  app.post(
    `${base}/:id/emetti`,
    { config: { access: write }, schema: { tags, params: idParams, response: { 200: ddtSchema } } },
    async (request) => ddt.emetti(actorOf(request), request.params.id),
  );
  app.post(
    `${base}/:id/annulla`,
    {
      config: { access: write },
      schema: { tags, params: idParams, body: ddtAnnullaSchema, response: { 200: ddtSchema } },
    },
    async (request) => ddt.annulla(actorOf(request), request.params.id, request.body.motivo),
  );
}

/** The signed link the browser downloads a document with. */
function ddtLinkRoutes(app: ZodApp, { documents }: Deps) {
  app.get(
    `${base}/:id/documento-link`,
    {
      config: { access: read },
      schema: {
        tags,
        params: idParams,
        querystring: ddtDocumentoLinkQuerySchema,
        response: { 200: ddtDocumentoLinkSchema },
      },
    },
    async (request) =>
      documents.documentoLink(requireAuth(request), request.params.id, request.query),
  );
}

/** The PDF and the packing list, by bearer or signed link. */
function ddtDocumentRoutes(app: ZodApp, { documents }: Deps) {
  // A bearer with spedizioni read (API clients), or the signed link of `documento-link` (the browser's
  // plain link), which works only while the session that asked for it lives (lib/session-links.ts).
  // The signature and its session first, then the download limit of the link's user.
  const linkUser = app.limits.signedLink(
    async (request) =>
      (
        await documents.companyOf(
          (request.params as { id: string }).id,
          request.query as SignedLinkQuery,
          () => requireAuth(request),
        )
      ).userId,
  );
  const signed = {
    config: { access: 'public' as const },
    preHandler: [linkUser, app.limits.export],
  };
  app.get(
    `${base}/:id/pdf`,
    { ...signed, schema: { tags, params: idParams, querystring: signedLinkQuerySchema } },
    async (request, reply) => {
      const { companyId } = await documents.companyOf(request.params.id, request.query, () =>
        requireAuth(request),
      );
      return sendDocument(reply, await documents.pdf(companyId, request.params.id));
    },
  );
  app.get(
    `${base}/:id/packing-list`,
    {
      ...signed,
      schema: {
        tags,
        params: idParams,
        querystring: packingListQuerySchema.extend(signedLinkQuerySchema.shape),
      },
    },
    async (request, reply) => {
      const { companyId } = await documents.companyOf(request.params.id, request.query, () =>
        requireAuth(request),
      );
      return sendDocument(
        reply,
        await documents.packingList(companyId, request.params.id, request.query),
      );
    },
  );
}

/** Spedizioni (DDT): drafts, emission, cancellation, the list and the documents (docs/domain.md "Spedizione (DDT)"). */
export const ddtRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  ddtRecordRoutes(app, deps);
  ddtReadRoutes(app, deps);
  ddtWriteRoutes(app, deps);
  ddtLinkRoutes(app, deps);
  ddtDocumentRoutes(app, deps);
};
