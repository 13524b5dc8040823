import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { lastre, lotti, movimenti, pacchi, riserveLotti } from '../src/db/schema/index.js';
import { addDays, todayInRome } from '../src/lib/dates.js';
import {
  buildTestApp,
  createProductionLookups,
  createTradeParties,
  loadLotto,
  setupCompany,
} from './helpers.js';
import type { FaultPoints } from '../src/lib/faults.js';

// What the stock tests share: a company with a warehouse, a saw, two customers, three stock users
// and a second group company; bundles and lots made as the app makes them; their books.

export const tomorrow = () => addDays(todayInRome(), 1);
export const sale = (clienteId: string, documento = 'DDT 118/26') => ({
  clienteId,
  prezzo: 85,
  unita: 'mq',
  documento,
});

export type StockFixture = Awaited<ReturnType<typeof stockFixture>>;

export async function stockFixture() {
  const year = new Date().getFullYear();
  /** The points where a test makes a write fail (lib/faults.ts): none until a test sets one. */
  const faults: FaultPoints = {};
  const ctx = await buildTestApp({}, { faults });
  const org = await setupCompany(ctx);
  const admin = await org.adminClient();
  const lookups = await createProductionLookups(admin);
  const scaffale = (
    await admin.post('/api/ubicazioni', { nome: 'Magazzino lastre', tipo: 'scaffale' })
  ).json();
  const macchina = (
    await admin.post('/api/macchine', { nome: 'Telaio', tipo: 'telaio', kerfMm: 5, rifiloMm: 20 })
  ).json();
  const parties = await createTradeParties(admin);
  const ids = {
    materiale: lookups.materialeId,
    ubicazione: lookups.ubicazioneId,
    scaffale: scaffale._id as string,
    macchina: macchina._id as string,
    ...parties,
  };
  const mag = (await org.userClient({ 'magazzino-lastre': true, 'magazzino-pavimenti': true }))
    .client;
  const mag2 = (await org.userClient({ 'magazzino-lastre': true, 'magazzino-pavimenti': true }))
    .client;
  const pav = (await org.userClient({ 'magazzino-pavimenti': true })).client;
  const gruppo = (await setupCompany(ctx)).company.id;
  const db = ctx.database.db;
  let lotSeq = 0;

  return {
    ctx,
    faults,
    org,
    admin,
    mag,
    mag2,
    pav,
    gruppo,
    ids,

    /** A bought block sawn into `n` slabs of 3000×1500 (4,5 m² each), in one bundle. */
    async bundle(
      n = 4,
    ): Promise<{ paccoId: string; lastre: Array<{ _id: string; codice: string }> }> {
      const created = await admin.post('/api/blocchi-esterni', {
        fornitoreId: ids.fornitore,
        dataAcquisto: `${year}-02-01`,
        prezzoAcquisto: 1500,
        unitaPrezzoAcquisto: 'm3',
        materialeId: ids.materiale,
        ubicazioneId: ids.ubicazione,
        lunghezza: 310,
        altezza: 160,
        profondita: 120,
      });
      expect(created.statusCode, created.body).toBe(201);
      const blocco = created.json();
      const planned = await admin.post('/api/lavorazioni-lastre', {
        bloccoId: blocco._id,
        macchinaId: ids.macchina,
        spessoreMm: 20,
      });
      expect(planned.statusCode, planned.body).toBe(201);
      const lav = planned.json();
      await admin.post(`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'in_segagione' });
      const done = await admin.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
        numeroLastre: n,
        lunghezzaMm: 3000,
        altezzaMm: 1500,
        ubicazioneId: ids.scaffale,
      });
      expect(done.statusCode, done.body).toBe(200);
      const paccoId = done.json().pacchi[0]._id as string;
      const detail = (await admin.get(`/api/magazzino/pacchi/${paccoId}`)).json();
      return { paccoId, lastre: detail.lastre };
    },

    /** A tile lot of `pezzi` 305×305 pieces, 12 per box, loaded through the ledger. */
    async lot(pezzi = 250): Promise<string> {
      lotSeq += 1;
      return (
        await loadLotto(ctx, org.company.id, {
          codice: `LO-${year}-9${String(lotSeq).padStart(3, '0')}`,
          materialeId: ids.materiale,
          pezzi,
          pezziPerCassa: 12,
          ubicazioneId: ids.scaffale,
        })
      ).id;
    },

    /** The bundle's on-hand figures beside the ledger's sum and its slabs actually in stock. */
    async paccoBooks(paccoId: string) {
      const [p] = await db.select().from(pacchi).where(eq(pacchi.id, paccoId));
      const [ledger] = await db
        .select({
          n: sql<number>`coalesce(sum(${movimenti.pezzi}), 0)::int`,
          mq: sql<number>`coalesce(sum(${movimenti.mq}), 0)::float8`,
        })
        .from(movimenti)
        .where(eq(movimenti.paccoId, paccoId));
      const [inStock] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(lastre)
        .where(
          and(eq(lastre.paccoId, paccoId), sql`${lastre.stato} in ('disponibile', 'riservata')`),
        );
      return {
        nLastre: p!.nLastre,
        mq: p!.mq,
        ledgerN: ledger!.n,
        ledgerMq: Math.round(ledger!.mq * 100) / 100,
        inStock: inStock!.n,
      };
    },

    /** The lot's pieces beside the ledger's sum, and its reserved pieces beside its active reservations. */
    async lottoBooks(lottoId: string) {
      const [l] = await db.select().from(lotti).where(eq(lotti.id, lottoId));
      const [ledger] = await db
        .select({
          n: sql<number>`coalesce(sum(${movimenti.pezzi}), 0)::int`,
          mq: sql<number>`coalesce(sum(${movimenti.mq}), 0)::float8`,
        })
        .from(movimenti)
        .where(eq(movimenti.lottoId, lottoId));
      const [active] = await db
        .select({ n: sql<number>`coalesce(sum(${riserveLotti.pezzi}), 0)::int` })
        .from(riserveLotti)
        .where(and(eq(riserveLotti.lottoId, lottoId), eq(riserveLotti.stato, 'attiva')));
      return {
        pezzi: l!.pezzi,
        mq: l!.mq,
        casse: l!.casse,
        riservati: l!.pezziRiservati,
        ledgerN: ledger!.n,
        ledgerMq: Math.round(ledger!.mq * 100) / 100,
        activeReserved: active!.n,
      };
    },
  };
}
