import {
  anagraficaPickerItemSchema,
  can,
  giacenzeSchema,
  lastraSchema,
  lastraUpdateSchema,
  lottoOperazioneSchema,
  lottoSchema,
  paccoDetailSchema,
  paccoOperazioneSchema,
  pickerQuerySchema,
  rettificaLottoSchema,
  rilasciaLastraSchema,
  rilasciaLottoSchema,
  riservaLastraSchema,
  riservaLottoSchema,
  riservaSchema,
  rottaLastraSchema,
  spedisciLastraSchema,
  spostaLottoSchema,
  spostaSchema,
  lottoUpdateSchema,
  stockItemUpdateSchema,
  vendiLastraSchema,
  vendiLottoSchema,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ifMatchOf } from '../../lib/preconditions.js';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import { idParams } from '../../plugins/list-routes.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import { eitherAccess, lastreAccess, pavimentiAccess, tags } from './magazzino.access.js';
import type { StockService } from './stock.service.js';

const slab = { tags, params: idParams, response: { 200: lastraSchema } };
const bundle = { tags, params: idParams, response: { 200: paccoOperazioneSchema } };
const lot = { tags, params: idParams, response: { 200: lottoOperazioneSchema } };

const base = '/api/magazzino';

type App = Parameters<FastifyPluginAsyncZod>[0];
interface StockRoutesDeps {
  stock: StockService;
  clienti: AnagraficaService;
  ubicazioni: LookupsService<'ubicazioni'>;
}

/** The pickers and the giacenze, under either page. */
function pickersAndGiacenze(app: App, { stock, clienti, ubicazioni }: StockRoutesDeps) {
  // Pickers under these pages' own permissions (docs/api.md "Shape of the API"): a magazzino clerk needs no clienti page.
  app.get(
    `${base}/clienti-selezionabili`,
    {
      config: { access: eitherAccess.read },
      schema: {
        tags,
        querystring: pickerQuerySchema,
        response: { 200: z.array(anagraficaPickerItemSchema) },
      },
    },
    async (request) => clienti.pick(requireAuth(request).companyId, request.query.q),
  );
  app.get(
    `${base}/ubicazioni-selezionabili`,
    {
      config: { access: eitherAccess.read },
      schema: { tags, response: { 200: z.array(z.object({ _id: z.string(), nome: z.string() })) } },
    },
    async (request) =>
      (await ubicazioni.list(requireAuth(request).companyId))
        .filter((u) => u.attiva)
        .map((u) => ({ _id: u._id, nome: u.nome })),
  );
  app.get(
    `${base}/giacenze`,
    { config: { access: eitherAccess.read }, schema: { tags, response: { 200: giacenzeSchema } } },
    async (request) => {
      // each kind under its own page, as the movimenti: a slabs-only user sees no tiles, their value or their customers
      const { user, companyId } = requireAuth(request);
      return stock.giacenze(companyId, {
        lastre: can(user, 'magazzino-lastre', 'read'),
        pavimenti: can(user, 'magazzino-pavimenti', 'read'),
      });
    },
  );
}

/** One slab: reserve, release, sell, ship, break, move, edit. */
function slabRoutes(app: App, stock: StockService) {
  app.post(
    `${base}/lastre/:id/riserva`,
    { config: { access: lastreAccess.write }, schema: { ...slab, body: riservaLastraSchema } },
    async (request) => stock.riservaLastra(actorOf(request), request.params.id, request.body),
  );
  app.post(
    `${base}/lastre/:id/rilascia`,
    {
      config: { access: lastreAccess.write },
      schema: { ...slab, body: rilasciaLastraSchema.optional() },
    },
    async (request) =>
      stock.rilasciaLastra(actorOf(request), request.params.id, request.body?.nota ?? null),
  );
  app.post(
    `${base}/lastre/:id/vendi`,
    { config: { access: lastreAccess.write }, schema: { ...slab, body: vendiLastraSchema } },
    async (request) => stock.vendiLastra(actorOf(request), request.params.id, request.body),
  );
  app.post(
    `${base}/lastre/:id/spedisci`,
    { config: { access: lastreAccess.write }, schema: { ...slab, body: spedisciLastraSchema } },
    async (request) =>
      stock.spedisciLastra(actorOf(request), request.params.id, request.body.documento),
  );
  app.post(
    `${base}/lastre/:id/rotta`,
    { config: { access: lastreAccess.write }, schema: { ...slab, body: rottaLastraSchema } },
    async (request) => stock.rottaLastra(actorOf(request), request.params.id, request.body.nota),
  );
  app.post(
    `${base}/lastre/:id/sposta`,
    {
      config: { access: lastreAccess.write, ifMatch: true },
      schema: { ...slab, body: spostaSchema },
    },
    async (request) =>
      stock.spostaLastra(
        actorOf(request),
        request.params.id,
        request.body.ubicazioneId,
        ifMatchOf(request),
      ),
  );
  app.put(
    `${base}/lastre/:id`,
    {
      config: { access: lastreAccess.write, ifMatch: true },
      schema: { ...slab, body: lastraUpdateSchema },
    },
    async (request) =>
      stock.updateLastra(actorOf(request), request.params.id, request.body, ifMatchOf(request)),
  );
}

/** A bundle: its slabs available at that moment. */
function bundleRoutes(app: App, stock: StockService) {
  app.post(
    `${base}/pacchi/:id/riserva`,
    { config: { access: lastreAccess.write }, schema: { ...bundle, body: riservaLastraSchema } },
    async (request) => stock.riservaPacco(actorOf(request), request.params.id, request.body),
  );
  app.post(
    `${base}/pacchi/:id/rilascia`,
    {
      config: { access: lastreAccess.write },
      schema: { ...bundle, body: rilasciaLastraSchema.optional() },
    },
    async (request) =>
      stock.rilasciaPacco(actorOf(request), request.params.id, request.body?.nota ?? null),
  );
  app.post(
    `${base}/pacchi/:id/vendi`,
    { config: { access: lastreAccess.write }, schema: { ...bundle, body: vendiLastraSchema } },
    async (request) => stock.vendiPacco(actorOf(request), request.params.id, request.body),
  );
  app.post(
    `${base}/pacchi/:id/sposta`,
    {
      config: { access: lastreAccess.write, ifMatch: true },
      schema: { ...bundle, body: spostaSchema },
    },
    async (request) =>
      stock.spostaPacco(
        actorOf(request),
        request.params.id,
        request.body.ubicazioneId,
        ifMatchOf(request),
      ),
  );
  app.put(
    `${base}/pacchi/:id`,
    {
      config: { access: lastreAccess.write },
      schema: {
        tags,
        params: idParams,
        body: stockItemUpdateSchema,
        response: { 200: paccoDetailSchema },
      },
    },
    async (request) => stock.updatePacco(actorOf(request), request.params.id, request.body),
  );
}

/** Tile lots: reserve, release, sell, count again, move, edit, their reservations. */
function lotRoutes(app: App, stock: StockService) {
  app.post(
    `${base}/lotti/:id/riserva`,
    { config: { access: pavimentiAccess.write }, schema: { ...lot, body: riservaLottoSchema } },
    async (request) => stock.riservaLotto(actorOf(request), request.params.id, request.body),
  );
  app.post(
    `${base}/lotti/:id/rilascia`,
    {
      config: { access: pavimentiAccess.write },
      schema: { ...lot, body: rilasciaLottoSchema.optional() },
    },
    async (request) =>
      stock.rilasciaLotto(actorOf(request), request.params.id, request.body?.riservaId),
  );
  app.post(
    `${base}/lotti/:id/vendi`,
    { config: { access: pavimentiAccess.write }, schema: { ...lot, body: vendiLottoSchema } },
    async (request) => stock.vendiLotto(actorOf(request), request.params.id, request.body),
  );
  app.post(
    `${base}/lotti/:id/rettifica`,
    { config: { access: pavimentiAccess.write }, schema: { ...lot, body: rettificaLottoSchema } },
    async (request) => stock.rettificaLotto(actorOf(request), request.params.id, request.body),
  );
  app.post(
    `${base}/lotti/:id/sposta`,
    {
      config: { access: pavimentiAccess.write, ifMatch: true },
      schema: { ...lot, body: spostaLottoSchema },
    },
    async (request) =>
      stock.spostaLotto(actorOf(request), request.params.id, request.body, ifMatchOf(request)),
  );
  app.put(
    `${base}/lotti/:id`,
    {
      config: { access: pavimentiAccess.write },
      schema: { tags, params: idParams, body: lottoUpdateSchema, response: { 200: lottoSchema } },
    },
    async (request) => stock.updateLotto(actorOf(request), request.params.id, request.body),
  );
  app.get(
    `${base}/lotti/:id/riserve`,
    {
      config: { access: pavimentiAccess.read },
      schema: { tags, params: idParams, response: { 200: z.array(riservaSchema) } },
    },
    async (request) => stock.riserveLotto(requireAuth(request).companyId, request.params.id),
  );
}

/**
 * `/api/magazzino/*` operations: slabs and bundles under `magazzino-lastre` (write), tile lots under
 * `magazzino-pavimenti` (write); the pickers and the giacenze under either page.
 */
export const stockRoutes: FastifyPluginAsyncZod<StockRoutesDeps> = async (app, deps) => {
  pickersAndGiacenze(app, deps);
  slabRoutes(app, deps.stock);
  bundleRoutes(app, deps.stock);
  lotRoutes(app, deps.stock);
};
