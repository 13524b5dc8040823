import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  blocchi,
  lastre,
  lavorazioniLastre,
  movimenti,
  pacchi,
} from '../src/db/schema/index.js';
import { todayInRome } from '../src/lib/dates.js';
import { csvRows } from './csv-helpers.js';
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
let segheria: TestClient;
let magazzino: TestClient;
let vendite: TestClient;
let ids: {
  materiale: string;
  ubicazione: string;
  fornitore: string;
  macchina: string;
  ferma: string;
  cava: string;
};
const year = new Date().getFullYear();

/** A bought block (disponibile at once): 300 × 160 × 140 cm = 6.72 m³ unless told otherwise. */
async function makeBlocco(overrides: Record<string, unknown> = {}) {
  const res = await admin.post('/api/blocchi-esterni', {
    fornitoreId: ids.fornitore,
    dataAcquisto: `${year}-02-01`,
    prezzoAcquisto: 1850,
    unitaPrezzoAcquisto: 'm3',
    materialeId: ids.materiale,
    ubicazioneId: ids.ubicazione,
    lunghezza: 300,
    altezza: 160,
    profondita: 140,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; codice: string; volumeNetto: number };
}

async function plan(client: TestClient, bloccoId: string, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/api/lavorazioni-lastre', {
    bloccoId,
    macchinaId: ids.macchina,
    spessoreMm: 20,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function started(bloccoOverrides: Record<string, unknown> = {}) {
  const blocco = await makeBlocco(bloccoOverrides);
  const lav = await plan(segheria, blocco._id);
  const res = await segheria.post(`/api/lavorazioni-lastre/${lav._id}/stato`, {
    stato: 'in_segagione',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { blocco, lav: res.json() };
}

const bloccoStato = async (id: string) =>
  (await admin.get(`/api/blocchi-esterni/${id}`)).json().stato;

async function stockOf(lavorazioneId: string) {
  const db = ctx.database.db;
  const p = await db.select().from(pacchi).where(eq(pacchi.lavorazioneId, lavorazioneId));
  const ids = p.map((x) => x.id);
  const l = ids.length
    ? await db
        .select()
        .from(lastre)
        .where(sql`${lastre.paccoId} in ${ids}`)
    : [];
  const m = ids.length
    ? await db
        .select()
        .from(movimenti)
        .where(sql`${movimenti.paccoId} in ${ids}`)
    : [];
  return { pacchi: p, lastre: l, movimenti: m };
}

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  admin = await org.adminClient();
  const lookups = await createProductionLookups(admin);
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
  const ferma = (
    await admin.post('/api/macchine', {
      nome: 'Telaio vecchio',
      tipo: 'telaio',
      kerfMm: 8,
      rifiloMm: 20,
      attiva: false,
    })
  ).json();
  ids = {
    materiale: lookups.materialeId,
    ubicazione: lookups.ubicazioneId,
    fornitore: fornitore._id,
    macchina: macchina._id,
    ferma: ferma._id,
    cava: lookups.cavaId,
  };
  segheria = (
    await org.userClient({
      blocchi: true,
      'blocchi-esterni': true,
      'lavorazione-lastre': true,
      'magazzino-lastre': true,
    })
  ).client;
  magazzino = (
    await org.userClient({
      'lavorazione-lastre': true,
      'lavorazione-pavimenti': true,
      'magazzino-lastre': true,
      'magazzino-pavimenti': true,
    })
  ).client;
  vendite = (
    await org.userClient({
      collaudi: true,
      clienti: true,
      fornitori: true,
      blocchi: { access: true, write: false },
    })
  ).client;
});
afterAll(() => ctx.close());

describe('planning', () => {
  it('plans a disponibile block with the theoretical yield of the machine, once', async () => {
    const blocco = await makeBlocco();
    const lav = await plan(segheria, blocco._id, {
      finitura: 'levigato',
      resinatura: true,
      note: 'Urgente',
    });
    expect(lav.codice).toMatch(new RegExp(`^SG-${year}-\\d{4}$`));
    expect(lav).toMatchObject({
      stato: 'pianificata',
      blocco: { _id: blocco._id, codice: blocco.codice, origine: 'esterno', volumeNetto: 6.72 },
      macchina: { nome: 'Telaio 1', kerfMm: 5 },
      resaTeorica: 39.29, // across the 140 cm depth: ⌊(1400 − 2 × 20) / (20 + 5)⌋ + 1 = 55 slabs / 1.4 m
      finitura: 'levigato',
      resinatura: true,
      dataInizio: null,
      pacchi: [],
    });
    // the block stays disponibile while planned, but cannot be planned twice
    expect(await bloccoStato(blocco._id)).toBe('disponibile');
    const again = await magazzino.post('/api/lavorazioni-lastre', {
      bloccoId: blocco._id,
      macchinaId: ids.macchina,
      spessoreMm: 30,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/già una segagione/);
    const picker = (await segheria.get('/api/lavorazioni-lastre/blocchi-segabili')).json();
    expect(picker.map((b: { _id: string }) => b._id)).not.toContain(blocco._id);
  });

  it('two simultaneous plans of one block: exactly one is created', async () => {
    const blocco = await makeBlocco();
    const body = { bloccoId: blocco._id, macchinaId: ids.macchina, spessoreMm: 20 };
    const results = await Promise.all([
      segheria.post('/api/lavorazioni-lastre', body),
      magazzino.post('/api/lavorazioni-lastre', { ...body, spessoreMm: 30 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(
      (await segheria.get('/api/lavorazioni-lastre', { query: { bloccoId: blocco._id } })).json()
        .total,
    ).toBe(1);
  });

  it('refuses a block not disponibile, an inactive machine, a terzista when not conto terzi, and bad input with Italian messages', async () => {
    const blocco = await makeBlocco();
    expect(
      (await admin.post(`/api/blocchi-esterni/${blocco._id}/stato`, { stato: 'scartato' }))
        .statusCode,
    ).toBe(200);
    const scartato = await segheria.post('/api/lavorazioni-lastre', {
      bloccoId: blocco._id,
      macchinaId: ids.macchina,
      spessoreMm: 20,
    });
    expect(scartato.statusCode).toBe(409);
    expect(scartato.json().message).toMatch(/non è disponibile/);
    const other = await makeBlocco();
    const ferma = await segheria.post('/api/lavorazioni-lastre', {
      bloccoId: other._id,
      macchinaId: ids.ferma,
      spessoreMm: 20,
    });
    expect(ferma.statusCode).toBe(400);
    expect(ferma.json().details[0].path).toBe('macchinaId');
    const terzi = await segheria.post('/api/lavorazioni-lastre', {
      bloccoId: other._id,
      macchinaId: ids.macchina,
      spessoreMm: 20,
      contoTerzi: true,
    });
    expect(terzi.statusCode).toBe(400);
    expect(terzi.json().details[0].path).toBe('terzistaId');
    const bad = await segheria.post('/api/lavorazioni-lastre', {
      bloccoId: other._id,
      macchinaId: ids.macchina,
      spessoreMm: 2.5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].message).toMatch(/Spessore/);
    const conTerzista = await plan(segheria, other._id, {
      contoTerzi: true,
      terzistaId: ids.fornitore,
    });
    expect(conTerzista.terzista).toEqual({
      _id: ids.fornitore,
      ragioneSociale: 'Cave Esterne S.r.l.',
    });
  });

  it('pickers: disponibile blocks own and bought-in searchable by code, active machines, terzisti', async () => {
    const bancata = (
      await admin.post('/api/bancate', {
        cavaId: ids.cava,
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
        lunghezza: 280,
        altezza: 150,
        profondita: 120,
        stato: 'disponibile',
      })
    ).json();
    const bought = await makeBlocco();
    const all = (await segheria.get('/api/lavorazioni-lastre/blocchi-segabili')).json() as Array<{
      _id: string;
      origine: string;
    }>;
    expect(all.find((b) => b._id === own._id)).toMatchObject({
      origine: 'interno',
      materiale: { nome: 'Statuario' },
      volumeNetto: 5.04,
    });
    expect(all.find((b) => b._id === bought._id)).toMatchObject({ origine: 'esterno' });
    const byCode = (
      await segheria.get('/api/lavorazioni-lastre/blocchi-segabili', { query: { q: own.codice } })
    ).json();
    expect(byCode.map((b: { _id: string }) => b._id)).toEqual([own._id]);
    const macchine = (await segheria.get('/api/lavorazioni-lastre/macchine')).json();
    expect(macchine).toEqual([
      { _id: ids.macchina, nome: 'Telaio 1', tipo: 'telaio', kerfMm: 5, rifiloMm: 20 },
    ]);
    const terzisti = (
      await segheria.get('/api/lavorazioni-lastre/terzisti', { query: { q: 'esterne' } })
    ).json();
    expect(terzisti.map((f: { _id: string }) => f._id)).toEqual([ids.fornitore]);
  });

  it('edits the plan only while pianificata; the note at any time', async () => {
    const blocco = await makeBlocco();
    const lav = await plan(segheria, blocco._id);
    const edited = await segheria.put(`/api/lavorazioni-lastre/${lav._id}`, {
      spessoreMm: 30,
      finitura: 'lucidato',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      spessoreMm: 30,
      finitura: 'lucidato',
      resaTeorica: 27.86,
    }); // ⌊1360 / 35⌋ + 1 = 39 slabs / 1.4 m
    expect(
      (await segheria.post(`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'in_segagione' }))
        .statusCode,
    ).toBe(200);
    const late = await segheria.put(`/api/lavorazioni-lastre/${lav._id}`, { spessoreMm: 20 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/solo la nota/);
    const note = await segheria.put(`/api/lavorazioni-lastre/${lav._id}`, {
      note: 'Lama cambiata a metà',
    });
    expect(note.statusCode).toBe(200);
    expect(note.json()).toMatchObject({ note: 'Lama cambiata a metà', spessoreMm: 30 });
    const history = (await segheria.get(`/api/lavorazioni-lastre/${lav._id}/history`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'update',
      'stato',
      'update',
    ]);
    expect(history[1].changes.spessoreMm).toEqual({ from: 20, to: 30 });
  });
});

describe('states', () => {
  it('starting moves the block in_segagione with today as dataInizio; cancelling gives it back', async () => {
    const { blocco, lav } = await started();
    expect(lav).toMatchObject({ stato: 'in_segagione', dataInizio: todayInRome() });
    expect(await bloccoStato(blocco._id)).toBe('in_segagione');
    const blockHistory = (await admin.get(`/api/blocchi-esterni/${blocco._id}/history`)).json();
    expect(blockHistory.at(-1)).toMatchObject({
      action: 'stato',
      changes: { stato: { from: 'disponibile', to: 'in_segagione' } },
      note: `Segagione ${lav.codice} iniziata`,
    });
    const again = await segheria.post(`/api/lavorazioni-lastre/${lav._id}/stato`, {
      stato: 'in_segagione',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/da «In segagione» a «In segagione»/);
    const annullata = await segheria.post(`/api/lavorazioni-lastre/${lav._id}/stato`, {
      stato: 'annullata',
      nota: 'Blocco crepato',
    });
    expect(annullata.json().stato).toBe('annullata');
    expect(await bloccoStato(blocco._id)).toBe('disponibile');
    // the block is free to be planned again; a cancelled sawing neither restarts nor completes
    await plan(segheria, blocco._id);
    expect(
      (await segheria.post(`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'in_segagione' }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await segheria.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
          numeroLastre: 3,
          lunghezzaMm: 2900,
          altezzaMm: 1500,
          ubicazioneId: ids.ubicazione,
        })
      ).statusCode,
    ).toBe(409);
  });

  it('cancelling a planned sawing leaves the block alone; a manual completata is refused', async () => {
    const blocco = await makeBlocco();
    const lav = await plan(segheria, blocco._id);
    expect(
      (await segheria.post(`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'completata' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await segheria.post(`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'annullata' })
      ).json().stato,
    ).toBe('annullata');
    expect(await bloccoStato(blocco._id)).toBe('disponibile');
  });

  it('a block optioned after planning cannot start sawing', async () => {
    const blocco = await makeBlocco();
    const lav = await plan(segheria, blocco._id);
    const cliente = (
      await admin.post('/api/clienti', {
        ragioneSociale: 'Stone Buyer GmbH',
        nazione: 'DE',
        indirizzo: 'Weg 2',
        comune: 'München',
      })
    ).json();
    const scadenza = `${year + 1}-01-31`;
    expect(
      (
        await admin.post(`/api/blocchi-esterni/${blocco._id}/stato`, {
          stato: 'opzionato',
          clienteId: cliente._id,
          opzioneScadenza: scadenza,
        })
      ).statusCode,
    ).toBe(200);
    const start = await segheria.post(`/api/lavorazioni-lastre/${lav._id}/stato`, {
      stato: 'in_segagione',
    });
    expect(start.statusCode).toBe(409);
    expect((await segheria.get(`/api/lavorazioni-lastre/${lav._id}`)).json().stato).toBe(
      'pianificata',
    );
  });
});

describe('completion', () => {
  it('slab by slab: numbered slabs in bundles, yield, block segato, one carico per bundle equal to the ledger', async () => {
    const { blocco, lav } = await started();
    const misure = Array.from({ length: 5 }, (_, i) => ({
      lunghezzaMm: 2950 - i * 10,
      altezzaMm: 1550,
    }));
    misure[4] = {
      ...misure[4]!,
      scelta: 'seconda',
      difetti: ['macchia'],
    } as (typeof misure)[number];
    const res = await segheria.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
      lastre: misure,
      lastrePerPacco: 2,
      ubicazioneId: ids.ubicazione,
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json();
    // 4.57 + 4.56 + 4.54 + 4.53 + 4.51 (each rounded) = 22.71 m²; 22.71 / 6.72 m³ = 3.38 m²/m³
    expect(done).toMatchObject({
      stato: 'completata',
      dataFine: todayInRome(),
      numeroLastre: 5,
      mqTotali: 22.71,
      resa: 3.38,
      resaTeorica: 39.29,
    });
    expect(done.pacchi.map((p: { nLastre: number; mq: number }) => [p.nLastre, p.mq])).toEqual([
      [2, 9.13],
      [2, 9.07],
      [1, 4.51],
    ]);
    expect(done.pacchi[0].codice).toMatch(new RegExp(`^PK-${year}-\\d{4}$`));
    expect(await bloccoStato(blocco._id)).toBe('segato');

    const stock = await stockOf(lav._id);
    expect(stock.lastre.map((l) => l.codice).sort()).toEqual(
      [1, 2, 3, 4, 5].map((n) => `${blocco.codice}-00${n}`),
    );
    const quinta = stock.lastre.find((l) => l.progressivo === 5)!;
    expect(quinta).toMatchObject({
      scelta: 'seconda',
      difetti: ['macchia'],
      mq: 4.51,
      stato: 'disponibile',
    });
    // the default grade is the block's; a bundle is graded by its poorest slab
    expect(stock.lastre.find((l) => l.progressivo === 1)!.scelta).toBe('prima');
    expect(stock.pacchi.find((p) => p.nLastre === 1)!.scelta).toBe('seconda');
    expect(stock.movimenti).toHaveLength(3);
    for (const p of stock.pacchi) {
      const sum = await ledgerSum(ctx.database.db, org.company.id, { paccoId: p.id });
      expect(sum).toEqual({ pezzi: p.nLastre, mq: p.mq });
      expect(stock.movimenti.find((m) => m.paccoId === p.id)).toMatchObject({
        tipo: 'carico',
        bloccoId: blocco._id,
        causale: `Segagione ${lav.codice}`,
      });
    }
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, org.company.id), eq(auditLog.entityType, 'lastra')));
    expect(audit.filter((a) => stock.lastre.some((l) => l.id === a.entityId))).toHaveLength(5);

    // a second completion answers 409 and writes nothing
    const twice = await segheria.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
      numeroLastre: 2,
      lunghezzaMm: 2900,
      altezzaMm: 1500,
      ubicazioneId: ids.ubicazione,
    });
    expect(twice.statusCode).toBe(409);
    expect((await stockOf(lav._id)).lastre).toHaveLength(5);
  });

  it('count and average size, over 99 slabs in one bundle: three-digit sequence', async () => {
    const { blocco, lav } = await started({ lunghezza: 310, altezza: 200, profondita: 300 });
    const res = await segheria.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
      numeroLastre: 120,
      lunghezzaMm: 3050,
      altezzaMm: 1950,
      ubicazioneId: ids.ubicazione,
    });
    expect(res.statusCode, res.body).toBe(200);
    // 3.05 × 1.95 = 5.9475 → 5.95 per slab; × 120 = 714; net volume 3.1 × 2 × 3 = 18.6 m³ → 38.39 m²/m³
    expect(res.json()).toMatchObject({ numeroLastre: 120, mqTotali: 714, resa: 38.39 });
    expect(res.json().pacchi).toHaveLength(1);
    const codes = (await stockOf(lav._id)).lastre.map((l) => l.codice);
    expect(codes).toContain(`${blocco.codice}-001`);
    expect(codes).toContain(`${blocco.codice}-099`);
    expect(codes).toContain(`${blocco.codice}-100`);
    expect(codes).toContain(`${blocco.codice}-120`);
    // past 100 slabs the block's genealogy names the bundle and its first and last slab only
    const genealogy = (
      await segheria.get(`/api/blocchi-esterni/${blocco._id}/genealogy`)
    ).json() as Array<{ entityType: string; label: string }>;
    expect(genealogy.filter((n) => n.entityType === 'lastra')).toEqual([]);
    expect(genealogy.find((n) => n.entityType === 'pacco')!.label).toMatch(
      new RegExp(`\\(120 lastre: ${blocco.codice}-001 … ${blocco.codice}-120\\)$`),
    );
  });

  it('refuses to complete a sawing not started, a foreign ubicazione, and both body shapes at once', async () => {
    const blocco = await makeBlocco();
    const lav = await plan(segheria, blocco._id);
    const early = await segheria.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
      numeroLastre: 2,
      lunghezzaMm: 2900,
      altezzaMm: 1500,
      ubicazioneId: ids.ubicazione,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/Pianificata/);
    expect(
      (await segheria.post(`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'in_segagione' }))
        .statusCode,
    ).toBe(200);
    const both = await segheria.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
      numeroLastre: 2,
      lunghezzaMm: 2900,
      altezzaMm: 1500,
      lastre: [{ lunghezzaMm: 1, altezzaMm: 1 }],
      ubicazioneId: ids.ubicazione,
    });
    expect(both.statusCode).toBe(400);
    const other = await setupCompany(ctx);
    const foreignUb = (
      await (
        await other.adminClient()
      ).post('/api/ubicazioni', { nome: 'Altrove', tipo: 'piazzale_cava' })
    ).json();
    const foreign = await segheria.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
      numeroLastre: 2,
      lunghezzaMm: 2900,
      altezzaMm: 1500,
      ubicazioneId: foreignUb._id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].path).toBe('ubicazioneId');
    expect((await stockOf(lav._id)).pacchi).toHaveLength(0);
    expect((await segheria.get(`/api/lavorazioni-lastre/${lav._id}`)).json().stato).toBe(
      'in_segagione',
    );
  });

  it('R6: a block that moved after the bundles were written rolls the whole completion back', async () => {
    const { blocco, lav } = await started();
    // Someone else's write puts the block out of in_segagione: the segato move refuses after the pacchi inserts.
    await ctx.database.db
      .update(blocchi)
      .set({ stato: 'disponibile' })
      .where(eq(blocchi.id, blocco._id));
    const codesBefore = await ctx.database.db.execute(
      sql`select last from code_sequences where series = 'PK'`,
    );
    const res = await segheria.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
      numeroLastre: 4,
      lunghezzaMm: 2900,
      altezzaMm: 1500,
      lastrePerPacco: 2,
      ubicazioneId: ids.ubicazione,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/da «Disponibile» a «Segato»/);
    const stock = await stockOf(lav._id);
    expect(stock).toEqual({ pacchi: [], lastre: [], movimenti: [] });
    expect(
      (await ctx.database.db.select().from(lastre).where(eq(lastre.bloccoId, blocco._id))).length,
    ).toBe(0);
    const [row] = await ctx.database.db
      .select()
      .from(lavorazioniLastre)
      .where(eq(lavorazioniLastre.id, lav._id));
    expect(row).toMatchObject({
      stato: 'in_segagione',
      numeroLastre: null,
      mqTotali: null,
      dataFine: null,
    });
    const codesAfter = await ctx.database.db.execute(
      sql`select last from code_sequences where series = 'PK'`,
    );
    expect((codesAfter as unknown as { rows: unknown[] }).rows).toEqual(
      (codesBefore as unknown as { rows: unknown[] }).rows,
    );
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, lav._id), eq(auditLog.action, 'stato')));
    expect(audit.map((a) => a.changes.stato?.to)).toEqual(['in_segagione']);
  });

  it('two simultaneous completions: exactly one succeeds, one set of bundles', async () => {
    const { lav } = await started();
    const body = {
      numeroLastre: 6,
      lunghezzaMm: 2900,
      altezzaMm: 1500,
      lastrePerPacco: 3,
      ubicazioneId: ids.ubicazione,
    };
    const results = await Promise.all([
      segheria.post(`/api/lavorazioni-lastre/${lav._id}/completa`, body),
      magazzino.post(`/api/lavorazioni-lastre/${lav._id}/completa`, body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const stock = await stockOf(lav._id);
    expect(stock.pacchi).toHaveLength(2);
    expect(stock.lastre).toHaveLength(6);
    expect(stock.movimenti).toHaveLength(2);
  });
});

describe('list, summary, genealogy', () => {
  it('lists with filters and sums the completed yields', async () => {
    const { blocco, lav } = await started();
    await segheria.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
      numeroLastre: 10,
      lunghezzaMm: 3000,
      altezzaMm: 1600,
      ubicazioneId: ids.ubicazione,
    });
    const byBlock = (
      await segheria.get('/api/lavorazioni-lastre', { query: { q: blocco.codice } })
    ).json();
    expect(byBlock.items.map((l: { _id: string }) => l._id)).toEqual([lav._id]);
    expect(byBlock.total).toBe(1);
    const completed = (
      await segheria.get('/api/lavorazioni-lastre', {
        query: { stato: 'completata', sort: '-resa', limit: '100' },
      })
    ).json();
    expect(completed.items.every((l: { stato: string }) => l.stato === 'completata')).toBe(true);
    const summary = (
      await segheria.get('/api/lavorazioni-lastre/summary', { query: { bloccoId: blocco._id } })
    ).json();
    expect(summary).toEqual({
      count: 1,
      numeroLastre: 10,
      mqTotali: 48,
      volumeBlocchi: 6.72,
      resaMedia: 7.14,
    });
    const today = todayInRome();
    expect(
      (
        await segheria.get('/api/lavorazioni-lastre', {
          query: { dal: today, al: today, bloccoId: blocco._id },
        })
      ).json().total,
    ).toBe(1);
    expect(
      (await segheria.get('/api/lavorazioni-lastre', { query: { al: '2000-01-01' } })).json().total,
    ).toBe(0);
    expect(
      (await segheria.get('/api/lavorazioni-lastre', { query: { macchinaId: ids.ferma } })).json()
        .total,
    ).toBe(0);
    expect(
      (
        await segheria.get('/api/lavorazioni-lastre', {
          query: { materialeId: ids.materiale, bloccoId: blocco._id },
        })
      ).json().total,
    ).toBe(1);
    const csv = await segheria.get('/api/lavorazioni-lastre/export', {
      query: { format: 'csv', bloccoId: blocco._id },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csvRows(csv.body).map((r) => r.join(';'));
    expect(lines[0]).toMatch(/^Codice;Blocco;Origine;Materiale;/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `${lav.codice};${blocco.codice};Acquistato;Statuario;6,72;Telaio 1;20;Grezzo di segagione;No;No;;Completata;`,
    );
    expect(lines[1]).toMatch(/;10;48;7,14;39,29$/);
    expect((await vendite.get('/api/lavorazioni-lastre/export')).statusCode).toBe(403);
    const genealogy = (
      await segheria.get(`/api/blocchi-esterni/${blocco._id}/genealogy`)
    ).json() as Array<{ entityType: string; relation: string; codice: string }>;
    expect(
      genealogy.filter((n) => n.entityType === 'lavorazione-lastre').map((n) => n.codice),
    ).toEqual([lav.codice]);
    expect(genealogy.filter((n) => n.entityType === 'pacco')).toHaveLength(1);
    expect(genealogy.filter((n) => n.entityType === 'lastra').map((n) => n.codice)[9]).toBe(
      `${blocco.codice}-010`,
    );
  });
});

describe('access', () => {
  it('segheria and magazzino users may, vendite may not; another company sees 404', async () => {
    const blocco = await makeBlocco();
    const lav = await plan(magazzino, blocco._id);
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/lavorazioni-lastre'],
      ['GET', '/api/lavorazioni-lastre/summary'],
      ['GET', '/api/lavorazioni-lastre/blocchi-segabili'],
      ['GET', '/api/lavorazioni-lastre/macchine'],
      ['GET', '/api/lavorazioni-lastre/terzisti'],
      ['GET', `/api/lavorazioni-lastre/${lav._id}`],
      ['GET', `/api/lavorazioni-lastre/${lav._id}/history`],
    ];
    for (const [, url] of routes) {
      expect((await segheria.get(url)).statusCode, url).toBe(200);
      expect((await magazzino.get(url)).statusCode, url).toBe(200);
      expect((await vendite.get(url)).statusCode, url).toBe(403);
    }
    const writes: Array<[string, unknown]> = [
      [
        '/api/lavorazioni-lastre',
        { bloccoId: blocco._id, macchinaId: ids.macchina, spessoreMm: 20 },
      ],
      [`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'in_segagione' }],
      [
        `/api/lavorazioni-lastre/${lav._id}/completa`,
        { numeroLastre: 1, lunghezzaMm: 100, altezzaMm: 100, ubicazioneId: ids.ubicazione },
      ],
    ];
    for (const [url, body] of writes)
      expect((await vendite.post(url, body)).statusCode, url).toBe(403);
    expect(
      (await vendite.put(`/api/lavorazioni-lastre/${lav._id}`, { note: 'x' })).statusCode,
    ).toBe(403);
    const reader = (await org.userClient({ 'lavorazione-lastre': { access: true, write: false } }))
      .client;
    expect((await reader.get(`/api/lavorazioni-lastre/${lav._id}`)).statusCode).toBe(200);
    expect(
      (await reader.post(`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'annullata' }))
        .statusCode,
    ).toBe(403);

    const other = await setupCompany(ctx);
    const stranger = (await other.userClient({ 'lavorazione-lastre': true })).client;
    expect((await stranger.get(`/api/lavorazioni-lastre/${lav._id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/lavorazioni-lastre/${lav._id}/history`)).statusCode).toBe(404);
    expect(
      (await stranger.put(`/api/lavorazioni-lastre/${lav._id}`, { note: 'mia' })).statusCode,
    ).toBe(404);
    expect(
      (await stranger.post(`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'annullata' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await stranger.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
          numeroLastre: 1,
          lunghezzaMm: 100,
          altezzaMm: 100,
          ubicazioneId: ids.ubicazione,
        })
      ).statusCode,
    ).toBe(404);
    // another company's block is not a valid choice, and not in its picker
    const foreignPlan = await stranger.post('/api/lavorazioni-lastre', {
      bloccoId: blocco._id,
      macchinaId: ids.macchina,
      spessoreMm: 20,
    });
    expect(foreignPlan.statusCode).toBe(400);
    expect((await stranger.get('/api/lavorazioni-lastre/blocchi-segabili')).json()).toEqual([]);
    expect((await stranger.get('/api/lavorazioni-lastre')).json().total).toBe(0);
  });
});

describe('summary from one set of rows', () => {
  it('divides out: m² ÷ m³ of "blocchi segati" is the yield shown, planned and running sawings left out of all three', async () => {
    const macchina = (
      await admin.post('/api/macchine', {
        nome: 'Telaio riepilogo',
        tipo: 'telaio',
        kerfMm: 5,
        rifiloMm: 20,
      })
    ).json();
    const done = await makeBlocco();
    const lav = await plan(segheria, done._id, { macchinaId: macchina._id });
    expect(
      (await segheria.post(`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'in_segagione' }))
        .statusCode,
    ).toBe(200);
    const completa = await segheria.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
      numeroLastre: 10,
      lunghezzaMm: 3000,
      altezzaMm: 1600,
      ubicazioneId: ids.ubicazione,
    });
    expect(completa.statusCode, completa.body).toBe(200);
    // a planned sawing and a running one of the same machine: in the count, not in the sawn m³
    await plan(segheria, (await makeBlocco({ lunghezza: 200 }))._id, { macchinaId: macchina._id });
    const running = await plan(segheria, (await makeBlocco({ lunghezza: 250 }))._id, {
      macchinaId: macchina._id,
    });
    expect(
      (
        await segheria.post(`/api/lavorazioni-lastre/${running._id}/stato`, {
          stato: 'in_segagione',
        })
      ).statusCode,
    ).toBe(200);

    const summary = (
      await segheria.get('/api/lavorazioni-lastre/summary', { query: { macchinaId: macchina._id } })
    ).json();
    expect(summary).toEqual({
      count: 3,
      numeroLastre: 10,
      mqTotali: 48,
      volumeBlocchi: 6.72,
      resaMedia: 7.14,
    });
    expect(Math.round((summary.mqTotali / summary.volumeBlocchi) * 100) / 100).toBe(
      summary.resaMedia,
    );
  });
});

describe('what the block can give', () => {
  // SG-2026-0010's block: 248 × 120 × 97 cm net = 2.887 m³; Telaio 1 cuts 5 mm and trims 20 mm a side
  const demoBlock = { lunghezza: 248, altezza: 120, profondita: 97 };
  const completa = (id: string, body: Record<string, unknown>) =>
    segheria.post(`/api/lavorazioni-lastre/${id}/completa`, {
      ...body,
      ubicazioneId: ids.ubicazione,
    });

  async function refused(bloccoOverrides: Record<string, unknown>, body: Record<string, unknown>) {
    const { blocco, lav } = await started(bloccoOverrides);
    const res = await completa(lav._id, body);
    expect(res.statusCode, res.body).toBe(400);
    // nothing loaded: the sawing and its block still running, no bundle
    expect((await segheria.get(`/api/lavorazioni-lastre/${lav._id}`)).json()).toMatchObject({
      stato: 'in_segagione',
      numeroLastre: null,
      pacchi: [],
    });
    expect(await bloccoStato(blocco._id)).toBe('in_segagione');
    expect((await stockOf(lav._id)).pacchi).toEqual([]);
    return res.json() as { message: string; details: Array<{ path: string; message: string }> };
  }

  it('refuses slabs larger than the block face, naming the face', async () => {
    const err = await refused(demoBlock, { numeroLastre: 38, lunghezzaMm: 2850, altezzaMm: 1650 });
    expect(err.message).toBe(
      'La lastra 2850 × 1650 mm non entra nella faccia del blocco (248 × 120 cm)',
    );
    expect(err.details[0]!.path).toBe('numeroLastre');
  });

  it('refuses more slabs than the depth holds with the machine kerf and trim', async () => {
    const slabs = Array.from({ length: 39 }, () => ({ lunghezzaMm: 2400, altezzaMm: 1150 }));
    const err = await refused(demoBlock, { lastre: slabs });
    expect(err.message).toBe(
      'Al massimo 38 lastre da 20 mm da questo blocco, non 39 (profondità 97 cm, spessore + taglio 25 mm, rifilo 2 × 20 mm)',
    );
    expect(err.details[0]!.path).toBe('lastre');
  });

  it('refuses a yield above the theoretical one, though each slab is within the 2 % tolerance', async () => {
    // 100 × 100 × 50 cm = 0.5 m³: ⌊(500 − 40) / 25⌋ + 1 = 19 slabs, 38 m²/m³; 19 × 1.04 m² = 39.52 m²/m³
    const err = await refused(
      { lunghezza: 100, altezza: 100, profondita: 50 },
      { numeroLastre: 19, lunghezzaMm: 1020, altezzaMm: 1020 },
    );
    expect(err.message).toBe('Resa 39,52 m²/m³ oltre la resa teorica 38,00');
  });

  it('accepts a realistic sawing on a diamond-wire multifilo, its theoretical yield with the trim', async () => {
    const multifilo = (
      await admin.post('/api/macchine', {
        nome: 'Multifilo limiti',
        tipo: 'multifilo',
        kerfMm: 7,
        rifiloMm: 15,
      })
    ).json();
    const blocco = await makeBlocco(demoBlock);
    const lav = await plan(segheria, blocco._id, { macchinaId: multifilo._id, spessoreMm: 30 });
    // ⌊(970 − 2 × 15) / (30 + 7)⌋ + 1 = 26 slabs across 0.97 m
    expect(lav.resaTeorica).toBe(26.8);
    expect(
      (await segheria.post(`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'in_segagione' }))
        .statusCode,
    ).toBe(200);
    const res = await completa(lav._id, {
      numeroLastre: 24,
      lunghezzaMm: 2420,
      altezzaMm: 1160,
      lastrePerPacco: 12,
    });
    expect(res.statusCode, res.body).toBe(200);
    // 2.42 × 1.16 = 2.8072 → 2.81 m² a slab, × 24 = 67.44 m²; ÷ 2.887 m³ = 23.36 m²/m³
    expect(res.json()).toMatchObject({
      stato: 'completata',
      numeroLastre: 24,
      mqTotali: 67.44,
      resa: 23.36,
      resaTeorica: 26.8,
    });
    expect(res.json().pacchi).toHaveLength(2);
    expect(await bloccoStato(blocco._id)).toBe('segato');
  });
});
