import crypto from 'node:crypto';
import { areaM2, lastraCodice, permissionPreset } from '@gestcava/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  blocchi,
  lastre,
  lavorazioniLastre,
  lavorazioniPavimenti,
  lotti,
  movimenti,
  pacchi,
} from '../src/db/schema/index.js';
import { addDays, todayInRome } from '../src/lib/dates.js';
import {
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';
import { ledgerSum } from '../src/modules/magazzino/ledger.repository.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let admin: TestClient;
/** The magazzino preset's page: plans, starts and completes tile work. */
let tagliatore: TestClient;
let ids: {
  materiale: string;
  altroMateriale: string;
  ubicazione: string;
  fornitore: string;
  macchina: string;
  userId: string;
};
const year = new Date().getFullYear();
const base = '/api/lavorazioni-pavimenti';

const db = () => ctx.database.db;

/** A bought-in block, `disponibile` at once: 300×160×140 cm = 6.72 m³ unless told otherwise. */
async function makeBlocco(overrides: Record<string, unknown> = {}) {
  const res = await admin.post('/api/blocchi-esterni', {
    fornitoreId: ids.fornitore,
    dataAcquisto: `${year}-02-01`,
    prezzoAcquisto: 1800,
    unitaPrezzoAcquisto: 'm3',
    materialeId: ids.materiale,
    ubicazioneId: ids.ubicazione,
    lunghezza: 300,
    altezza: 160,
    profondita: 140,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    _id: string;
    codice: string;
    volumeNetto: number;
    materiale: { _id: string };
  };
}

const progressivi = new Map<string, number>();

/**
 * A bundle of `disponibile` slabs sawn from a block, loaded through the ledger as the sawing's completion
 * does (the sawing itself is the lavorazioni-lastre module's, so its row is written directly here).
 */
async function makeSlabs(
  n: number,
  opts: {
    blocco?: { _id: string; codice: string };
    materialeId?: string;
    scelte?: string[];
    company?: string;
    userId?: string;
  } = {},
) {
  const companyId = opts.company ?? org.company.id;
  const blocco =
    opts.blocco ?? (await makeBlocco({ materialeId: opts.materialeId ?? ids.materiale }));
  const materialeId = opts.materialeId ?? ids.materiale;
  const [sawing] = await db()
    .insert(lavorazioniLastre)
    .values({
      companyId,
      codice: `SG-T-${crypto.randomUUID().slice(0, 8)}`,
      bloccoId: blocco._id,
      macchinaId: ids.macchina,
      spessoreMm: 20,
      finitura: 'levigato',
      resaTeorica: 40,
      stato: 'completata',
    })
    .returning();
  const start = progressivi.get(blocco._id) ?? 0;
  progressivi.set(blocco._id, start + n);
  const slabs = Array.from({ length: n }, (_, i) => {
    const progressivo = start + i + 1;
    const [l, h] = [2800 + i * 10, 1500];
    return {
      companyId,
      codice: lastraCodice(blocco.codice, progressivo),
      bloccoId: blocco._id,
      progressivo,
      lunghezzaMm: l,
      altezzaMm: h,
      mq: areaM2(l, h),
      scelta: opts.scelte?.[i] ?? 'prima',
    };
  });
  const pacco = await ctx.app.services.magazzino.caricaPacco(
    db(),
    { companyId, userId: opts.userId ?? org.admin.id },
    {
      companyId,
      codice: `PK-T-${crypto.randomUUID().slice(0, 8)}`,
      lavorazioneId: sawing!.id,
      bloccoId: blocco._id,
      materialeId,
      spessoreMm: 20,
      finitura: 'levigato',
      scelta: 'prima',
      ubicazioneId: companyId === org.company.id ? ids.ubicazione : null,
    },
    slabs,
  );
  const rows = await db()
    .select()
    .from(lastre)
    .where(eq(lastre.paccoId, pacco.id))
    .orderBy(lastre.progressivo);
  return { blocco, pacco, lastre: rows };
}

const plan = (
  origin: { bloccoId: string } | { lastraIds: string[] },
  extra: Record<string, unknown> = {},
) => ({ ...origin, lunghezzaMm: 305, larghezzaMm: 305, spessoreMm: 10, ...extra });

async function planned(
  client: TestClient,
  origin: { bloccoId: string } | { lastraIds: string[] },
  extra: Record<string, unknown> = {},
) {
  const res = await client.post(base, plan(origin, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function started(client: TestClient, origin: { bloccoId: string } | { lastraIds: string[] }) {
  const lav = await planned(client, origin);
  const res = await client.post(`${base}/${lav._id}/stato`, { stato: 'in_lavorazione' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const bloccoStato = async (id: string) =>
  (await db().select({ stato: blocchi.stato }).from(blocchi).where(eq(blocchi.id, id)))[0]!.stato;
const lastreStati = async (lastraIds: string[]) => {
  const rows = await db().select({ id: lastre.id, stato: lastre.stato }).from(lastre);
  return lastraIds.map((id) => rows.find((r) => r.id === id)!.stato);
};
const lottiOf = (lavorazioneId: string) =>
  db().select().from(lotti).where(eq(lotti.lavorazioneId, lavorazioneId));
const countRows = async (table: typeof movimenti | typeof auditLog | typeof lotti) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
  )[0]!.n;

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  admin = await org.adminClient();
  tagliatore = (await org.userClient(permissionPreset('Magazzino'))).client;
  const lookups = await createProductionLookups(admin);
  const altro = (await admin.post('/api/materiali', { nome: 'Bardiglio', densita: 2.69 })).json();
  const fornitore = (
    await admin.post('/api/fornitori', {
      ragioneSociale: 'Cave Esterne S.r.l.',
      nazione: 'DE',
      indirizzo: 'Hauptstr. 1',
      comune: 'Berlin',
    })
  ).json();
  const macchina = (
    await admin.post('/api/macchine', { nome: 'Telaio 1', tipo: 'telaio', kerfMm: 5, rifiloMm: 20 })
  ).json();
  ids = {
    materiale: lookups.materialeId,
    altroMateriale: altro._id,
    ubicazione: lookups.ubicazioneId,
    fornitore: fornitore._id,
    macchina: macchina._id,
    userId: tagliatore.user!._id,
  };
});
afterAll(() => ctx.close());

describe('permissions and company isolation', () => {
  it('the magazzino preset plans and reads; vendite gets 403; a reader cannot write', async () => {
    const blocco = await makeBlocco();
    expect((await tagliatore.get(base)).statusCode).toBe(200);
    const lav = await planned(tagliatore, { bloccoId: blocco._id });
    const vendite = (await org.userClient(permissionPreset('Vendite'))).client;
    for (const url of [
      base,
      `${base}/summary`,
      `${base}/${lav._id}`,
      `${base}/${lav._id}/history`,
      `${base}/blocchi-tagliabili`,
      `${base}/lastre-tagliabili`,
    ]) {
      expect((await vendite.get(url)).statusCode, url).toBe(403);
    }
    expect((await vendite.post(base, plan({ bloccoId: blocco._id }))).statusCode).toBe(403);
    expect(
      (await vendite.post(`${base}/${lav._id}/stato`, { stato: 'annullata' })).statusCode,
    ).toBe(403);
    const lettore = (
      await org.userClient({ 'lavorazione-pavimenti': { access: true, write: false } })
    ).client;
    expect((await lettore.get(`${base}/${lav._id}`)).statusCode).toBe(200);
    expect((await lettore.get(`${base}/blocchi-tagliabili`)).statusCode).toBe(200);
    expect((await lettore.put(`${base}/${lav._id}`, { note: 'no' })).statusCode).toBe(403);
    expect(
      (
        await lettore.post(`${base}/${lav._id}/completa`, {
          pezzi: 1,
          pezziPerCassa: 1,
          ubicazioneId: ids.ubicazione,
        })
      ).statusCode,
    ).toBe(403);
    // The segheria preset has no tile page (docs/screens.md "Demo data").
    const segheria = (await org.userClient(permissionPreset('Segheria'))).client;
    expect((await segheria.get(base)).statusCode).toBe(403);
  });

  it("another company's lavorazione, block, slabs and ubicazione are not found", async () => {
    const blocco = await makeBlocco();
    const lav = await started(tagliatore, { bloccoId: blocco._id });
    const other = await setupCompany(ctx);
    const stranger = (await other.userClient({ 'lavorazione-pavimenti': true })).client;
    expect((await stranger.get(`${base}/${lav._id}`)).statusCode).toBe(404);
    expect((await stranger.get(`${base}/${lav._id}/history`)).statusCode).toBe(404);
    expect((await stranger.put(`${base}/${lav._id}`, { note: 'mia' })).statusCode).toBe(404);
    expect(
      (await stranger.post(`${base}/${lav._id}/stato`, { stato: 'annullata' })).statusCode,
    ).toBe(404);
    expect(
      (
        await stranger.post(`${base}/${lav._id}/completa`, {
          pezzi: 10,
          pezziPerCassa: 5,
          ubicazioneId: ids.ubicazione,
        })
      ).statusCode,
    ).toBe(404);
    expect((await stranger.get(base)).json().total).toBe(0);
    expect((await stranger.get(`${base}/blocchi-tagliabili`)).json()).toEqual([]);
    const foreignBlock = await stranger.post(base, plan({ bloccoId: (await makeBlocco())._id }));
    expect(foreignBlock.statusCode).toBe(400);
    expect(foreignBlock.json().details[0].path).toBe('bloccoId');
    const { lastre: slabs } = await makeSlabs(2);
    const foreignSlabs = await stranger.post(base, plan({ lastraIds: slabs.map((s) => s.id) }));
    expect(foreignSlabs.statusCode).toBe(400);
    expect(foreignSlabs.json().details[0].path).toBe('lastraIds');
    expect((await stranger.get(`${base}/lastre-tagliabili`)).json()).toEqual([]);
    // Our lavorazione, completed into their warehouse: refused, nothing moves.
    const theirPlace = (
      await (await other.adminClient()).post('/api/ubicazioni', { nome: 'Loro', tipo: 'scaffale' })
    ).json();
    const res = await tagliatore.post(`${base}/${lav._id}/completa`, {
      pezzi: 10,
      pezziPerCassa: 5,
      ubicazioneId: theirPlace._id,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect((await tagliatore.get(`${base}/${lav._id}`)).json().stato).toBe('in_lavorazione');
  });
});

describe('from a block', () => {
  it('plans from the picker, starts, completes into a lot: 1000 tiles 305×305 are 93.03 m² in 84 boxes', async () => {
    const blocco = await makeBlocco();
    const picker = (
      await tagliatore.get(`${base}/blocchi-tagliabili`, { query: { q: blocco.codice } })
    ).json();
    expect(picker).toEqual([
      {
        _id: blocco._id,
        codice: blocco.codice,
        origine: 'esterno',
        materiale: { _id: ids.materiale, nome: 'Statuario' },
        lunghezzaNetta: 300,
        altezzaNetta: 160,
        profonditaNetta: 140,
        volumeNetto: 6.72,
        scelta: 'prima',
      },
    ]);
    const lav = await planned(
      tagliatore,
      { bloccoId: blocco._id },
      { finitura: 'lucidato', bordo: 'bisellato', note: 'Per il cantiere di Dubai' },
    );
    expect(lav.codice).toMatch(new RegExp(`^LP-${year}-\\d{4}$`));
    expect(lav).toMatchObject({
      origine: 'blocco',
      blocco: { _id: blocco._id, codice: blocco.codice, origine: 'esterno' },
      materiale: { _id: ids.materiale },
      stato: 'pianificata',
      dataInizio: null,
      lastre: [],
      lotto: null,
      calibrato: true,
    });
    const edited = await tagliatore.put(`${base}/${lav._id}`, {
      lunghezzaMm: 305,
      larghezzaMm: 305,
      spessoreMm: 20,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      spessoreMm: 20,
      finitura: 'lucidato',
      bordo: 'bisellato',
      note: 'Per il cantiere di Dubai',
    });

    const start = await tagliatore.post(`${base}/${lav._id}/stato`, { stato: 'in_lavorazione' });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ stato: 'in_lavorazione', dataInizio: todayInRome() });
    expect(await bloccoStato(blocco._id)).toBe('in_segagione');
    expect(
      (await tagliatore.get(`${base}/blocchi-tagliabili`, { query: { q: blocco.codice } })).json(),
    ).toEqual([]);
    const lateEdit = await tagliatore.put(`${base}/${lav._id}`, { spessoreMm: 30 });
    expect(lateEdit.statusCode).toBe(409);
    expect(lateEdit.json().message).toMatch(/solo la nota/);
    expect(
      (await tagliatore.put(`${base}/${lav._id}`, { note: 'Consegna a marzo' })).json().note,
    ).toBe('Consegna a marzo');

    const movimentiBefore = await countRows(movimenti);
    // 300 × 160 cm face, 140 cm deep: 1400 / 20 = 70 slices, each 2745 × 1525 mm of whole tiles = 45
    // tiles: 3150 at most (the other faces give 80 × 36 = 2880 and 150 × 20 = 3000).
    expect((await tagliatore.get(`${base}/${lav._id}`)).json().pezziMassimi).toBe(3150);
    const troppe = await tagliatore.post(`${base}/${lav._id}/completa`, {
      pezzi: 3151,
      pezziPerCassa: 12,
      ubicazioneId: ids.ubicazione,
    });
    expect(troppe.statusCode).toBe(400);
    expect(troppe.json().message).toBe(
      `Al massimo 3150 piastrelle 305×305 mm dal blocco ${blocco.codice} (300 × 160 × 140 cm, spessore 20 mm), non 3151`,
    );
    const done = await tagliatore.post(`${base}/${lav._id}/completa`, {
      pezzi: 1000,
      pezziPerCassa: 12,
      ubicazioneId: ids.ubicazione,
    });
    expect(done.statusCode, done.body).toBe(200);
    const completed = done.json();
    // 1000 × 0.305 × 0.305 = 93.025: rounded once on the total (per piece it would be 90).
    // Waste: the 70 slices' 70 × 3.00 × 1.60 = 336 m² less the tiles' 93.03 = 242.97 m².
    expect(completed).toMatchObject({
      stato: 'completata',
      dataFine: todayInRome(),
      pezzi: 1000,
      mqProdotti: 93.03,
      scartoMq: 242.97,
      resa: 13.84,
    });
    expect(completed.lotto.codice).toMatch(new RegExp(`^LO-${year}-\\d{4}$`));
    expect(await bloccoStato(blocco._id)).toBe('segato');

    const [lotto] = await lottiOf(lav._id);
    expect(lotto).toMatchObject({
      id: completed.lotto._id,
      bloccoId: blocco._id,
      materialeId: ids.materiale,
      lunghezzaMm: 305,
      larghezzaMm: 305,
      spessoreMm: 20,
      finitura: 'lucidato',
      bordo: 'bisellato',
      calibrato: true,
      scelta: 'prima',
      pezzi: 1000,
      mq: 93.03,
      pezziPerCassa: 12,
      casse: 84,
      ubicazioneId: ids.ubicazione,
    });
    const carichi = await db().select().from(movimenti).where(eq(movimenti.lottoId, lotto!.id));
    expect(carichi).toHaveLength(1);
    expect(carichi[0]).toMatchObject({
      tipo: 'carico',
      pezzi: 1000,
      mq: 93.03,
      casse: 84,
      bloccoId: blocco._id,
      userId: ids.userId,
      causale: `Lavorazione pavimenti ${lav.codice}`,
    });
    expect(await countRows(movimenti)).toBe(movimentiBefore + 1);
    expect(await ledgerSum(db(), org.company.id, { lottoId: lotto!.id })).toEqual({
      pezzi: lotto!.pezzi,
      mq: lotto!.mq,
    });

    const history = (await tagliatore.get(`${base}/${lav._id}/history`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'update',
      'stato',
      'update',
      'stato',
    ]);
    expect(history.at(-1).changes).toMatchObject({
      stato: { from: 'in_lavorazione', to: 'completata' },
      pezzi: { to: 1000 },
      mqProdotti: { to: 93.03 },
    });
    const blockHistory = (await admin.get(`/api/blocchi-esterni/${blocco._id}/history`)).json();
    expect(
      blockHistory
        .filter((h: { action: string }) => h.action === 'stato')
        .map((h: { changes: { stato: { to: string } } }) => h.changes.stato.to),
    ).toEqual(['in_segagione', 'segato']);
    const genealogy = (await admin.get(`/api/blocchi-esterni/${blocco._id}/genealogy`)).json();
    expect(genealogy).toContainEqual({
      entityType: 'lavorazione-pavimenti',
      _id: lav._id,
      label: `Lavorazione pavimenti ${lav.codice} (completata)`,
      codice: lav.codice,
      relation: 'derivato',
      path: `/app/pages/pavimenti/${lav._id}`,
    });

    // Twice: 409 and nothing more written.
    const lottiBefore = await countRows(lotti);
    const again = await tagliatore.post(`${base}/${lav._id}/completa`, {
      pezzi: 10,
      pezziPerCassa: 12,
      ubicazioneId: ids.ubicazione,
    });
    expect(again.statusCode).toBe(409);
    expect(await countRows(lotti)).toBe(lottiBefore);
    expect(await countRows(movimenti)).toBe(movimentiBefore + 1);
    expect((await tagliatore.get(`${base}/${lav._id}`)).json().pezzi).toBe(1000);
  });

  it('an own block is offered too; a block not disponibile cannot be planned; a partial last box counts', async () => {
    const cava = (await admin.post('/api/cave', { codice: '9', nome: 'Fossa' })).json();
    const bancata = (
      await admin.post('/api/bancate', {
        cavaId: cava._id,
        materialeId: ids.materiale,
        dataTaglio: `${year}-01-10`,
        lunghezza: 1000,
        altezza: 500,
        profondita: 400,
      })
    ).json();
    for (const stato of ['ribaltata', 'in_riquadratura'])
      expect((await admin.post(`/api/bancate/${bancata._id}/stato`, { stato })).statusCode).toBe(
        200,
      );
    const own = (
      await admin.post('/api/blocchi', {
        bancataId: bancata._id,
        ubicazioneId: ids.ubicazione,
        lunghezza: 250,
        altezza: 120,
        profondita: 100,
        lunghezzaNetta: 240,
        stato: 'disponibile',
      })
    ).json();
    const inYard = (
      await admin.post('/api/blocchi', {
        bancataId: bancata._id,
        ubicazioneId: ids.ubicazione,
        lunghezza: 250,
        altezza: 120,
        profondita: 100,
      })
    ).json();
    const codes = (await tagliatore.get(`${base}/blocchi-tagliabili`))
      .json()
      .map((b: { codice: string; origine: string }) => `${b.codice}:${b.origine}`);
    expect(codes).toContain(`${own.codice}:interno`);
    expect(codes).not.toContain(`${inYard.codice}:interno`);
    const refused = await tagliatore.post(base, plan({ bloccoId: inYard._id }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/In piazzale/);

    const lav = await started(tagliatore, { bloccoId: own._id });
    const done = (
      await tagliatore.post(`${base}/${lav._id}/completa`, {
        pezzi: 250,
        pezziPerCassa: 40,
        ubicazioneId: ids.ubicazione,
      })
    ).json();
    // 250 × 0.305² = 23.25625 m² over the net 2.88 m³ (240×120×100).
    expect(done).toMatchObject({ mqProdotti: 23.26, resa: 8.08, blocco: { origine: 'interno' } });
    expect((await lottiOf(lav._id))[0]).toMatchObject({ pezzi: 250, pezziPerCassa: 40, casse: 7 });
    const genealogy = (await admin.get(`/api/blocchi/${own._id}/genealogy`)).json();
    expect(genealogy.map((n: { entityType: string }) => n.entityType)).toEqual([
      'cava',
      'bancata',
      'lavorazione-pavimenti',
      'lotto',
    ]);
  });

  it('every transition along the table, and the 409s', async () => {
    const blocco = await makeBlocco();
    const lav = await planned(tagliatore, { bloccoId: blocco._id });
    expect(
      (
        await tagliatore.post(`${base}/${lav._id}/completa`, {
          pezzi: 10,
          pezziPerCassa: 5,
          ubicazioneId: ids.ubicazione,
        })
      ).statusCode,
    ).toBe(409);
    const bad = await tagliatore.post(`${base}/${lav._id}/stato`, { stato: 'completata' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/in_lavorazione/);

    // pianificata → annullata leaves the block as it was.
    const cancelled = await tagliatore.post(`${base}/${lav._id}/stato`, {
      stato: 'annullata',
      nota: 'Cliente ha rinunciato',
    });
    expect(cancelled.json()).toMatchObject({ stato: 'annullata', dataInizio: null });
    expect(await bloccoStato(blocco._id)).toBe('disponibile');
    for (const stato of ['in_lavorazione', 'annullata']) {
      const res = await tagliatore.post(`${base}/${lav._id}/stato`, { stato });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/Passaggio non consentito: da «Annullata»/);
    }
    expect((await tagliatore.put(`${base}/${lav._id}`, { spessoreMm: 30 })).statusCode).toBe(409);

    // in_lavorazione → annullata gives the block back.
    const second = await started(tagliatore, { bloccoId: blocco._id });
    expect(await bloccoStato(blocco._id)).toBe('in_segagione');
    expect(
      (await tagliatore.post(`${base}/${second._id}/stato`, { stato: 'in_lavorazione' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await tagliatore.post(`${base}/${second._id}/stato`, { stato: 'annullata' })).statusCode,
    ).toBe(200);
    expect(await bloccoStato(blocco._id)).toBe('disponibile');
    const history = (await admin.get(`/api/blocchi-esterni/${blocco._id}/history`)).json();
    expect(
      history
        .filter((h: { action: string }) => h.action === 'stato')
        .map((h: { changes: { stato: { to: string } }; user: unknown }) => h.changes.stato.to),
    ).toEqual(['in_segagione', 'disponibile']);

    // A block a plan waits for cannot be scrapped (the plan would wait for ever); a plan whose
    // block was optioned meanwhile cannot start.
    const third = await planned(tagliatore, { bloccoId: blocco._id });
    expect(
      (await admin.post(`/api/blocchi-esterni/${blocco._id}/stato`, { stato: 'scartato' }))
        .statusCode,
    ).toBe(409);
    const cliente = (
      await admin.post('/api/clienti', {
        ragioneSociale: 'Optionen GmbH',
        nazione: 'DE',
        indirizzo: 'Weg 3',
        comune: 'München',
      })
    ).json();
    const option = await admin.post(`/api/blocchi-esterni/${blocco._id}/stato`, {
      stato: 'opzionato',
      clienteId: cliente._id,
      opzioneScadenza: addDays(todayInRome(), 30),
    });
    expect(option.statusCode, option.body).toBe(200);
    const late = await tagliatore.post(`${base}/${third._id}/stato`, { stato: 'in_lavorazione' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/non è più disponibile/);
    expect((await tagliatore.get(`${base}/${third._id}`)).json()).toMatchObject({
      stato: 'pianificata',
      dataInizio: null,
    });
  });

  it('completion is atomic: a block moved meanwhile refuses segato after the lot, and nothing stays written', async () => {
    const blocco = await makeBlocco();
    const lav = await started(tagliatore, { bloccoId: blocco._id });
    // Someone moved the block behind the lavorazione's back (a bad import, a manual fix).
    await db().update(blocchi).set({ stato: 'disponibile' }).where(eq(blocchi.id, blocco._id));
    const before = {
      lotti: await countRows(lotti),
      movimenti: await countRows(movimenti),
      audit: await countRows(auditLog),
    };
    const lastLotNumber = async () => {
      const [row] = await db()
        .select({ codice: sql<string | null>`max(${lotti.codice})` })
        .from(lotti)
        .where(eq(lotti.companyId, org.company.id));
      return row?.codice ? Number(row.codice.slice(-4)) : 0;
    };
    const lastBefore = await lastLotNumber();
    const res = await tagliatore.post(`${base}/${lav._id}/completa`, {
      pezzi: 500,
      pezziPerCassa: 10,
      ubicazioneId: ids.ubicazione,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/da «Disponibile» a «Segato»/);
    expect({
      lotti: await countRows(lotti),
      movimenti: await countRows(movimenti),
      audit: await countRows(auditLog),
    }).toEqual(before);
    expect((await tagliatore.get(`${base}/${lav._id}`)).json()).toMatchObject({
      stato: 'in_lavorazione',
      pezzi: null,
      mqProdotti: null,
      dataFine: null,
      lotto: null,
    });
    // Put right, it completes, and the lot's code is the next one: the failed attempt's number came back.
    await db().update(blocchi).set({ stato: 'in_segagione' }).where(eq(blocchi.id, blocco._id));
    const ok = await tagliatore.post(`${base}/${lav._id}/completa`, {
      pezzi: 500,
      pezziPerCassa: 10,
      ubicazioneId: ids.ubicazione,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await countRows(lotti)).toBe(before.lotti + 1);
    expect(Number(ok.json().lotto.codice.slice(-4))).toBe(lastBefore + 1);
  });
});

describe('from slabs', () => {
  it('plans from the picker, takes the slabs, completes: one scarico per slab, the bundle lowered, ledger = stock', async () => {
    const {
      blocco,
      pacco,
      lastre: slabs,
    } = await makeSlabs(4, { scelte: ['prima', 'seconda', 'prima', 'prima'] });
    const picker = (
      await tagliatore.get(`${base}/lastre-tagliabili`, { query: { paccoId: pacco.id } })
    ).json();
    expect(picker.map((l: { codice: string }) => l.codice)).toEqual(slabs.map((s) => s.codice));
    expect(picker[0]).toEqual({
      _id: slabs[0]!.id,
      codice: slabs[0]!.codice,
      pacco: { _id: pacco.id, codice: expect.any(String) },
      materiale: { _id: ids.materiale, nome: 'Statuario' },
      lunghezzaMm: 2800,
      altezzaMm: 1500,
      spessoreMm: 20,
      mq: 4.2,
    });
    expect(
      (
        await tagliatore.get(`${base}/lastre-tagliabili`, { query: { q: slabs[1]!.codice } })
      ).json(),
    ).toHaveLength(1);

    const cut = slabs.slice(0, 3);
    const lav = await planned(tagliatore, { lastraIds: cut.map((s) => s.id) }, { spessoreMm: 20 });
    expect(lav).toMatchObject({
      origine: 'lastre',
      blocco: { _id: blocco._id, codice: blocco.codice },
      materiale: { _id: ids.materiale },
    });
    expect(lav.lastre).toEqual(cut.map((s) => ({ _id: s.id, codice: s.codice, mq: s.mq })));
    // Planned slabs are no longer offered; the fourth still is.
    expect(
      (await tagliatore.get(`${base}/lastre-tagliabili`, { query: { paccoId: pacco.id } }))
        .json()
        .map((l: { _id: string }) => l._id),
    ).toEqual([slabs[3]!.id]);
    const overlap = await tagliatore.post(base, plan({ lastraIds: [slabs[2]!.id, slabs[3]!.id] }));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe(
      `La lastra ${slabs[2]!.codice} è già in un'altra lavorazione pavimenti`,
    );

    await tagliatore.post(`${base}/${lav._id}/stato`, { stato: 'in_lavorazione' });
    expect(await lastreStati(cut.map((s) => s.id))).toEqual([
      'in_lavorazione',
      'in_lavorazione',
      'in_lavorazione',
    ]);
    // Set aside, still in stock: the bundle is untouched until the cut is done.
    expect((await db().select().from(pacchi).where(eq(pacchi.id, pacco.id)))[0]).toMatchObject({
      nLastre: 4,
    });

    // Each 2800–2820 × 1500 slab holds 2745 × 1220 mm of whole 305 mm tiles: 36 tiles, 108 from three.
    const oltre = await tagliatore.post(`${base}/${lav._id}/completa`, {
      pezzi: 109,
      pezziPerCassa: 50,
      ubicazioneId: ids.ubicazione,
    });
    expect(oltre.statusCode).toBe(400);
    expect(oltre.json().message).toBe(
      'Al massimo 108 piastrelle 305×305 mm da queste 3 lastre, non 109',
    );
    const done = await tagliatore.post(`${base}/${lav._id}/completa`, {
      pezzi: 100,
      pezziPerCassa: 50,
      ubicazioneId: ids.ubicazione,
    });
    expect(done.statusCode, done.body).toBe(200);
    const mqCut = Math.round(cut.reduce((a, s) => a + s.mq * 100, 0)) / 100;
    expect(mqCut).toBe(12.65); // 4.20 + 4.22 + 4.23 (2800, 2810, 2820 × 1500 mm)
    // 100 × 0.305² = 9.3025 → 9.30 m² of tiles from the slabs' 12.65 m²: 73.5 %; waste 12.65 − 9.30.
    expect(done.json()).toMatchObject({
      stato: 'completata',
      mqProdotti: 9.3,
      scartoMq: 3.35,
      resa: 73.5,
    });
    expect(await lastreStati(cut.map((s) => s.id))).toEqual([
      'in_lavorazione',
      'in_lavorazione',
      'in_lavorazione',
    ]);
    const [lotto] = await lottiOf(lav._id);
    expect(lotto).toMatchObject({
      pezzi: 100,
      mq: 9.3,
      casse: 2,
      scelta: 'seconda',
      bloccoId: blocco._id,
      spessoreMm: 20,
    });

    const scarichi = await db()
      .select()
      .from(movimenti)
      .where(and(eq(movimenti.paccoId, pacco.id), eq(movimenti.tipo, 'scarico')));
    expect(scarichi.map((m) => [m.lastraId, m.pezzi, m.mq]).sort()).toEqual(
      cut.map((s) => [s.id, -1, -s.mq]).sort(),
    );
    const bundle = (await db().select().from(pacchi).where(eq(pacchi.id, pacco.id)))[0]!;
    expect(bundle).toMatchObject({ nLastre: 1, mq: Math.round((pacco.mq - mqCut) * 100) / 100 });
    expect(await ledgerSum(db(), org.company.id, { paccoId: pacco.id })).toEqual({
      pezzi: bundle.nLastre,
      mq: bundle.mq,
    });
    expect(await ledgerSum(db(), org.company.id, { lottoId: lotto!.id })).toEqual({
      pezzi: 100,
      mq: 9.3,
    });
    const slabHistory = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'lastra'), eq(auditLog.entityId, cut[0]!.id)));
    expect(slabHistory.map((h) => h.changes)).toEqual([
      { stato: { from: 'disponibile', to: 'in_lavorazione' } },
    ]);

    expect(
      (
        await tagliatore.post(`${base}/${lav._id}/completa`, {
          pezzi: 120,
          pezziPerCassa: 50,
          ubicazioneId: ids.ubicazione,
        })
      ).statusCode,
    ).toBe(409);
    expect(await ledgerSum(db(), org.company.id, { paccoId: pacco.id })).toEqual({
      pezzi: 1,
      mq: bundle.mq,
    });
    const genealogy = (await admin.get(`/api/blocchi-esterni/${blocco._id}/genealogy`)).json();
    expect(genealogy.map((n: { _id: string }) => n._id)).toContain(lav._id);
  });

  it('refuses mixed materials and slabs not disponibile; cancelling a started cut gives the slabs back', async () => {
    const cliente = (
      await admin.post('/api/clienti', {
        ragioneSociale: 'Riserve S.r.l.',
        nazione: 'DE',
        indirizzo: 'Ring 1',
        comune: 'Berlin',
      })
    ).json();
    const reserve = async (lastraId: string) =>
      expect(
        (
          await admin.post(`/api/magazzino/lastre/${lastraId}/riserva`, {
            clienteId: cliente._id,
            scadenza: addDays(todayInRome(), 3),
          })
        ).statusCode,
      ).toBe(200);
    const a = await makeSlabs(1);
    const b = await makeSlabs(1, { materialeId: ids.altroMateriale });
    const mixed = await tagliatore.post(
      base,
      plan({ lastraIds: [a.lastre[0]!.id, b.lastre[0]!.id] }),
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toMatch(/materiali diversi/);
    expect(
      (await tagliatore.post(base, plan({ lastraIds: [a.lastre[0]!.id, a.lastre[0]!.id] })))
        .statusCode,
    ).toBe(400);
    expect(
      (await tagliatore.post(base, plan({ bloccoId: a.blocco._id, lastraIds: [a.lastre[0]!.id] })))
        .statusCode,
    ).toBe(400);

    const c = await makeSlabs(2, { blocco: a.blocco });
    await reserve(c.lastre[1]!.id);
    const reserved = await tagliatore.post(base, plan({ lastraIds: c.lastre.map((s) => s.id) }));
    expect(reserved.statusCode).toBe(409);
    expect(reserved.json().message).toBe(
      `La lastra ${c.lastre[1]!.codice} non è disponibile: si tagliano solo lastre disponibili`,
    );

    // Slabs of two blocks: no single block, and each block's genealogy shows the cut.
    const slabIds = [a.lastre[0]!.id, c.lastre[0]!.id];
    const other = await makeSlabs(1);
    const lav = await started(tagliatore, { lastraIds: [...slabIds, other.lastre[0]!.id] });
    expect(lav.blocco).toBeNull();
    for (const blocco of [a.blocco, other.blocco]) {
      expect(
        (await admin.get(`/api/blocchi-esterni/${blocco._id}/genealogy`))
          .json()
          .map((n: { _id: string }) => n._id),
      ).toContain(lav._id);
    }
    // A slab reserved after the plan: the start is refused as a whole.
    const d = await makeSlabs(2);
    const planD = await planned(tagliatore, { lastraIds: d.lastre.map((s) => s.id) });
    await reserve(d.lastre[0]!.id);
    const refused = await tagliatore.post(`${base}/${planD._id}/stato`, {
      stato: 'in_lavorazione',
    });
    expect(refused.statusCode).toBe(409);
    expect(await lastreStati(d.lastre.map((s) => s.id))).toEqual(['riservata', 'disponibile']);
    expect((await tagliatore.get(`${base}/${planD._id}`)).json().stato).toBe('pianificata');

    const back = await tagliatore.post(`${base}/${lav._id}/stato`, { stato: 'annullata' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await lastreStati([...slabIds, other.lastre[0]!.id])).toEqual([
      'disponibile',
      'disponibile',
      'disponibile',
    ]);
    // Given back, they may be planned again.
    expect((await tagliatore.post(base, plan({ lastraIds: slabIds }))).statusCode).toBe(201);
  });
});

describe('list, filters and summary', () => {
  it('filters by state, block, material, code and period, sorts and totals', async () => {
    const blocco = await makeBlocco({ numeroFornitore: 'LIST-1' });
    const lav = await started(tagliatore, { bloccoId: blocco._id });
    await tagliatore.post(`${base}/${lav._id}/completa`, {
      pezzi: 200,
      pezziPerCassa: 20,
      ubicazioneId: ids.ubicazione,
    });
    const { lastre: slabs, blocco: slabBlock } = await makeSlabs(1);
    const other = await planned(tagliatore, { lastraIds: [slabs[0]!.id] });

    const byBlock = (await tagliatore.get(base, { query: { q: blocco.codice } })).json();
    expect(byBlock.items.map((i: { _id: string }) => i._id)).toEqual([lav._id]);
    expect(byBlock.items[0]).toMatchObject({
      codice: lav.codice,
      pezzi: 200,
      lotto: { codice: expect.stringMatching(/^LO-/) },
    });
    expect((await tagliatore.get(base, { query: { q: lav.codice } })).json().total).toBe(1);
    expect(
      (await tagliatore.get(base, { query: { bloccoId: slabBlock._id } }))
        .json()
        .items.map((i: { _id: string }) => i._id),
    ).toEqual([other._id]);
    const completate = (
      await tagliatore.get(base, { query: { stato: 'completata', limit: '100' } })
    ).json();
    expect(completate.items.every((i: { stato: string }) => i.stato === 'completata')).toBe(true);
    const bardiglio = await planned(tagliatore, {
      bloccoId: (await makeBlocco({ materialeId: ids.altroMateriale }))._id,
    });
    const byMaterial = (
      await tagliatore.get(base, { query: { materialeId: ids.altroMateriale, limit: '100' } })
    ).json().items;
    expect(byMaterial.map((i: { _id: string }) => i._id)).toContain(bardiglio._id);
    expect(
      byMaterial.every(
        (i: { materiale: { _id: string; nome: string } }) => i.materiale.nome === 'Bardiglio',
      ),
    ).toBe(true);
    const today = todayInRome();
    expect(
      (await tagliatore.get(base, { query: { dal: today, al: today, q: lav.codice } })).json()
        .total,
    ).toBe(1);
    expect((await tagliatore.get(base, { query: { al: `${year - 1}-12-31` } })).json().total).toBe(
      0,
    );
    const sorted = (await tagliatore.get(base, { query: { sort: 'codice', limit: '100' } }))
      .json()
      .items.map((i: { codice: string }) => i.codice);
    expect(sorted).toEqual([...sorted].sort());

    const summary = (
      await tagliatore.get(`${base}/summary`, { query: { stato: 'completata' } })
    ).json();
    const all = completate.items as Array<{
      pezzi: number;
      mqProdotti: number;
      scartoMq: number | null;
    }>;
    expect(summary).toEqual({
      count: completate.total,
      pezzi: all.reduce((a, i) => a + i.pezzi, 0),
      mqProdotti: Math.round(all.reduce((a, i) => a + i.mqProdotti * 100, 0)) / 100,
      scartoMq: Math.round(all.reduce((a, i) => a + (i.scartoMq ?? 0) * 100, 0)) / 100,
    });
    expect((await tagliatore.get(base, { query: { stato: 'finita' } })).statusCode).toBe(400);
  });
});

describe('concurrency', () => {
  it('two completions at once: one 200, one 409, one lot', async () => {
    const blocco = await makeBlocco();
    const lav = await started(tagliatore, { bloccoId: blocco._id });
    const body = { pezzi: 300, pezziPerCassa: 30, ubicazioneId: ids.ubicazione };
    const results = await Promise.all([
      tagliatore.post(`${base}/${lav._id}/completa`, body),
      tagliatore.post(`${base}/${lav._id}/completa`, body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const made = await lottiOf(lav._id);
    expect(made).toHaveLength(1);
    expect(
      await db().select().from(movimenti).where(eq(movimenti.lottoId, made[0]!.id)),
    ).toHaveLength(1);
  });

  it('two plans of the same slabs at once: one wins; two starts at once: one wins', async () => {
    const { lastre: slabs } = await makeSlabs(3);
    const lastraIds = slabs.map((s) => s.id);
    const plans = await Promise.all([
      tagliatore.post(base, plan({ lastraIds })),
      tagliatore.post(base, plan({ lastraIds: [...lastraIds].reverse() })),
    ]);
    expect(plans.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const open = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(lavorazioniPavimenti)
      .where(
        sql`${lavorazioniPavimenti.id} in (select lavorazione_id from lavorazioni_pavimenti_lastre where lastra_id = ${lastraIds[0]!})`,
      );
    expect(open[0]!.n).toBe(1);

    const winner = plans.find((r) => r.statusCode === 201)!.json();
    const starts = await Promise.all(
      [0, 1].map(() => tagliatore.post(`${base}/${winner._id}/stato`, { stato: 'in_lavorazione' })),
    );
    expect(starts.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await lastreStati(lastraIds)).toEqual([
      'in_lavorazione',
      'in_lavorazione',
      'in_lavorazione',
    ]);
    const stateRows = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, lastraIds[0]!), eq(auditLog.action, 'stato')));
    expect(stateRows[0]!.n).toBe(1);
  });
});
