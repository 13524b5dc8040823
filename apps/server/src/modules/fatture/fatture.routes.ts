import {
  anagraficaPickerItemSchema,
  daFatturareQuerySchema,
  daFatturareSchema,
  fatturaCreateSchema,
  fatturaEsitoBodySchema,
  fatturaExportQuerySchema,
  fatturaFilterSchema,
  fatturaListItemSchema,
  fatturaListQuerySchema,
  fatturaSchema,
  fatturaSummarySchema,
  fatturaUpdateSchema,
  fatturaZipQuerySchema,
  genealogyNodeSchema,
  pickerQuerySchema,
} from '@gestcava/contracts';
import fsp from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodApp } from '../../lib/module.js';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/app-error.js';
import { sendDocument, sendDownload } from '../../lib/downloads.js';
import type { Storage } from '../../lib/storage.js';
import { discardFiles, readMultipart } from '../../lib/uploads.js';
import { actorOf } from '../../plugins/auth.js';
import { detailRoutes } from '../../plugins/detail-routes.js';
import { companyOf, idParams, listRoutes, pageAccess } from '../../plugins/list-routes.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { FattureDocuments } from './fatture.documents.js';
import type { FattureService } from './fatture.service.js';

const { read, write } = pageAccess('fatture');
const tags = ['fatture'];
const base = '/api/fatture';
const NOTIFICA_MAX_BYTES = 1_048_576;

type Deps = {
  fatture: FattureService;
  documents: FattureDocuments;
  storage: Storage;
  clienti: Pick<AnagraficaService, 'pick'>;
};

/** The list with its totals and export. */
function fattureListRoutes(app: ZodApp, { fatture }: Deps) {
  listRoutes(app, base, {
    access: read,
    tags,
    list: { query: fatturaListQuerySchema, item: fatturaListItemSchema, read: fatture.list },
    summary: { query: fatturaFilterSchema, response: fatturaSummarySchema, read: fatture.summary },
    export: { query: fatturaExportQuerySchema, read: fatture.exportList },
  });
}

/** What an invoice is written from: the clienti and the DDT lines left to invoice. */
function fattureReadRoutes(app: ZodApp, { fatture, clienti }: Deps) {
  // The clienti to invoice, under this page's own permission (docs/api.md "Shape of the API", pickers).
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
    async (request) => clienti.pick(companyOf(request), request.query.q),
  );
  app.get(
    `${base}/da-fatturare`,
    {
      config: { access: read },
      schema: { tags, querystring: daFatturareQuerySchema, response: { 200: daFatturareSchema } },
    },
    async (request) => fatture.daFatturare(companyOf(request), request.query.clienteId),
  );
}

/** The period's XML files for the accountant, in one ZIP. */
function fattureZipRoute(app: ZodApp, { documents }: Deps) {
  app.get(
    `${base}/xml`,
    {
      config: { access: read },
      preHandler: app.limits.export,
      schema: { tags, querystring: fatturaZipQuerySchema },
    },
    async (request, reply) =>
      sendDownload(
        reply,
        await documents.zip(companyOf(request), request.query.dal, request.query.al),
        'private, no-store',
      ),
  );
}

/** The record, its history and genealogy, its XML and PDF. */
function fattureRecordRoutes(app: ZodApp, { fatture, documents }: Deps) {
  detailRoutes(app, base, {
    access: { read, write },
    tags,
    response: fatturaSchema,
    get: fatture.get,
    history: fatture.history,
  });
  app.get(
    `${base}/:id/xml`,
    { config: { access: read }, schema: { tags, params: idParams } },
    async (request, reply) =>
      sendDocument(reply, await documents.xml(companyOf(request), request.params.id)),
  );
  app.get(
    `${base}/:id/pdf`,
    { config: { access: read }, preHandler: app.limits.export, schema: { tags, params: idParams } },
    async (request, reply) =>
      sendDocument(reply, await documents.pdf(companyOf(request), request.params.id)),
  );
  app.get(
    `${base}/:id/genealogy`,
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: z.array(genealogyNodeSchema) } },
    },
    async (request) => fatture.genealogy(companyOf(request), request.params.id),
  );
}

/** The draft written whole and deleted. */
function fattureDraftRoutes(app: ZodApp, { fatture }: Deps) {
  app.post(
    base,
    {
      config: { access: write },
      schema: { tags, body: fatturaCreateSchema, response: { 201: fatturaSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await fatture.create(actorOf(request), request.body)),
  );
  app.put(
    `${base}/:id`,
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: fatturaUpdateSchema,
        response: { 200: fatturaSchema },
      },
    },
    async (request) => fatture.update(actorOf(request), request.params.id, request.body),
  );
  app.delete(
    `${base}/:id`,
    { config: { access: write }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await fatture.remove(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}

/** The emission, the SDI's outcome and the correction of a rejected invoice. */
function fattureEmissioneRoutes(app: ZodApp, { fatture }: Deps) {
  app.post(
    `${base}/:id/emetti`,
    {
      config: { access: write },
      schema: { tags, params: idParams, response: { 200: fatturaSchema } },
    },
    async (request) => fatture.emetti(actorOf(request), request.params.id),
  );
  app.post(
    `${base}/:id/correggi`,
    {
      config: { access: write },
      schema: { tags, params: idParams, response: { 200: fatturaSchema } },
    },
    async (request) => fatture.correggi(actorOf(request), request.params.id),
  );
  app.post(
    `${base}/:id/esito`,
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: fatturaEsitoBodySchema,
        response: { 200: fatturaSchema },
      },
    },
    async (request) => fatture.esito(actorOf(request), request.params.id, request.body),
  );
}

/** The SDI's notification file, uploaded. */
function fattureNotificaRoute(app: ZodApp, { fatture, storage }: Deps) {
  app.post(
    `${base}/:id/notifica`,
    {
      config: { access: write },
      preHandler: app.limits.upload,
      schema: {
        tags,
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: fatturaSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Invia la notifica come multipart/form-data');
      const actor = actorOf(request);
      await fatture.get(actor.companyId, request.params.id);
      const { files } = await readMultipart(request, storage, {
        fileField: 'file',
        allowed: ['xml'],
        maxBytes: NOTIFICA_MAX_BYTES,
        maxFiles: 1,
        tooManyFiles: () => new AppError('PAYLOAD_TOO_LARGE', 'Invia una sola notifica'),
        messages: { unsupported: 'La notifica dello SDI è un file XML' },
      });
      try {
        const [file] = files;
        if (!file)
          throw badRequest('Nessun file da caricare', [
            { path: 'file', message: 'Scegli il file XML della notifica' },
          ]);
        const xml = await fsp.readFile(file.tempPath, 'utf8');
        return await fatture.notifica(actor, request.params.id, { nome: file.originalName, xml });
      } finally {
        await discardFiles(files);
      }
    },
  );
}

/** Fatture: drafts, emission, the SDI's outcomes, the XML and the list (docs/fatture.md). */
export const fattureRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  fattureListRoutes(app, deps);
  fattureReadRoutes(app, deps);
  fattureZipRoute(app, deps);
  fattureRecordRoutes(app, deps);
  fattureDraftRoutes(app, deps);
  fattureEmissioneRoutes(app, deps);
  fattureNotificaRoute(app, deps);
};
