import { dashboardLinks, type Dashboard } from '@gestcava/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, bancate, blocchi, clienti, collaudi } from '../src/db/schema/index.js';
import { addDays, todayInRome } from '../src/lib/dates.js';
import {
  anonymousClient,
  buildTestApp,
  createProductionLookups,
  loadLotto,
  login,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

// GET /api/dashboard: every KPI against a small hand-built fixture whose sums are written
// below, each KPI only with its page's permission, and another company's data never in the answer.
// Blocks, bancate, collaudi and audit rows are inserted directly so their dates are ours to choose;
// slabs and tiles go through the app as in stock.test.ts. Runs on PGlite and with TEST_DATABASE_URL.

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let admin: TestClient;
const oggi = todayInRome();
const mese = oggi.slice(0, 7);

/** YYYY-MM `delta` months from this one. */
function mesePiu(delta: number): string {
  const [y, m] = mese.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + delta, 1)).toISOString().slice(0, 7);
}
/** Noon UTC of a day is the same day in Rome, summer or winter. */
const noon = (isoDay: string) => new Date(`${isoDay}T12:00:00Z`);
/** Monday of this week (ISO), as SQL's date_trunc('week') takes it. */
const lunedi = (() => {
  const d = new Date(`${oggi}T00:00:00Z`);
  return addDays(oggi, -((d.getUTCDay() + 6) % 7));
})();

let lookups: { cavaId: string; materialeId: string; ubicazioneId: string };
let cliente: string;
let fornitore: string;
let seq = 0;
const ids: Record<string, string> = {};

/** A block written directly: `m3` is its net volume; the other figures only satisfy the columns. */
async function blocco(
  name: string,
  companyId: string,
  o: {
    origine: 'interno' | 'esterno';
    m3: number;
    creato: string;
    stato: string;
    scadenza?: string;
    /** the production date, when not the day it was entered */
    riquadrato?: string;
    categoria?: 'informe';
    pesoPesa?: number;
  },
) {
  seq += 1;
  const [row] = await ctx.database.db
    .insert(blocchi)
    .values({
      companyId,
      codice: `DB-${String(seq).padStart(4, '0')}`,
      origine: o.origine,
      fornitoreId: o.origine === 'esterno' && companyId === org.company.id ? fornitore : null,
      materialeId: lookups.materialeId,
      lunghezza: 300,
      altezza: 200,
      profondita: 100,
      lunghezzaNetta: 300,
      altezzaNetta: 200,
      profonditaNetta: 100,
      volumeLordo: o.m3,
      volumeNetto: o.m3,
      pesoTeorico: 10,
      pesoPesa: o.pesoPesa ?? null,
      categoria: o.categoria ?? 'squadrato',
      dataRiquadratura: o.riquadrato ?? o.creato,
      stato: o.stato,
      clienteId: o.scadenza && companyId === org.company.id ? cliente : null,
      opzioneScadenza: o.scadenza ?? null,
      createdAt: noon(o.creato),
    })
    .returning();
  ids[name] = row!.id;
  return row!;
}

const get = async (client: TestClient) => {
  const res = await client.get('/api/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Dashboard;
};

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  admin = await org.adminClient();
  lookups = await createProductionLookups(admin);
  cliente = (
    await admin.post('/api/clienti', {
      ragioneSociale: 'Stone Design GmbH',
      nazione: 'DE',
      indirizzo: 'Hauptstr. 1',
      comune: 'München',
    })
  ).json()._id;
  fornitore = (
    await admin.post('/api/fornitori', {
      ragioneSociale: 'Cave Esterne S.r.l.',
      nazione: 'DE',
      indirizzo: 'Hauptstr. 9',
      comune: 'Berlin',
    })
  ).json()._id;
  const c = org.company.id;

  // Own blocks: 10.5 + 4.25 this month, 8 + 2 last month, 6.5 the same month last year, 3 five months
  // ago, 100 fourteen months ago (outside every figure but the yard counts).
  await blocco('I1', c, {
    origine: 'interno',
    m3: 10.5,
    creato: `${mese}-01`,
    stato: 'disponibile',
  });
  await blocco('I2', c, {
    origine: 'interno',
    m3: 4.25,
    creato: `${mese}-01`,
    stato: 'opzionato',
    scadenza: addDays(oggi, 3),
  });
  await blocco('I3', c, {
    origine: 'interno',
    m3: 8,
    creato: `${mesePiu(-1)}-15`,
    stato: 'opzionato',
    scadenza: addDays(oggi, 20),
  });
  // An option whose day has passed counts as disponibile.
  await blocco('I4', c, {
    origine: 'interno',
    m3: 2,
    creato: `${mesePiu(-1)}-20`,
    stato: 'opzionato',
    scadenza: addDays(oggi, -1),
  });
  await blocco('I5', c, {
    origine: 'interno',
    m3: 6.5,
    creato: `${mesePiu(-12)}-10`,
    stato: 'in_collaudo',
  });
  await blocco('I6', c, {
    origine: 'interno',
    m3: 3,
    creato: `${mesePiu(-5)}-05`,
    stato: 'venduto',
  });
  await blocco('I7', c, {
    origine: 'interno',
    m3: 100,
    creato: `${mesePiu(-14)}-05`,
    stato: 'disponibile',
  });
  // production counts by the production date, not the day the block was entered: I9 was entered
  // this month but squared last month. An informe counts by weight (11.25 t at the weighbridge), never in the m³.
  await blocco('I9', c, {
    origine: 'interno',
    m3: 2.5,
    creato: `${mese}-01`,
    riquadrato: `${mesePiu(-1)}-28`,
    stato: 'venduto',
  });
  await blocco('I10', c, {
    origine: 'interno',
    m3: 4,
    creato: `${mese}-01`,
    categoria: 'informe',
    pesoPesa: 11.25,
    stato: 'venduto',
  });
  // Bought-in blocks: never production, counted in their own split.
  await blocco('E1', c, { origine: 'esterno', m3: 9, creato: `${mese}-01`, stato: 'disponibile' });
  await blocco('E2', c, {
    origine: 'esterno',
    m3: 7,
    creato: `${mesePiu(-2)}-01`,
    stato: 'opzionato',
    scadenza: oggi,
  });

  // Closed bancate: 100 m³ at 80 %, 50 m³ at 62 % → (8000 + 3100) / 150 = 74 %; an open one is left out.
  const bancata = (
    codice: string,
    dataTaglio: string,
    volumeLordo: number,
    stato: string,
    resaChiusura: number | null,
    informiT: number | null = null,
  ) =>
    ctx.database.db
      .insert(bancate)
      .values({
        companyId: c,
        codice,
        cavaId: lookups.cavaId,
        materialeId: lookups.materialeId,
        dataTaglio,
        lunghezza: 1000,
        altezza: 500,
        profondita: 200,
        volumeLordo,
        pesoStimato: 270,
        stato,
        resaChiusura,
        informiT,
      })
      .returning();
  // loose informi typed on a bancata count as informi of its cut month; not on one still being cut
  const [b1] = await bancata('BA-1', addDays(oggi, -10), 100, 'chiusa', 80, 6);
  await bancata('BA-2', addDays(oggi, -20), 50, 'chiusa', 62);
  await bancata('BA-3', addDays(oggi, -1), 70, 'in_taglio', null, 9);
  ids.B1 = b1!.id;

  // Collaudi: two programmati this week (today and Monday), one next week, one eseguito today.
  const collaudo = (codice: string, data: string, stato: string) =>
    ctx.database.db
      .insert(collaudi)
      .values({ companyId: c, codice, data, clienteId: cliente, stato, luogo: 'Piazzale' })
      .returning();
  ids.C1 = (await collaudo('CO-1', oggi, 'programmato'))[0]!.id;
  ids.C2 = (await collaudo('CO-2', lunedi, 'programmato'))[0]!.id;
  ids.C3 = (await collaudo('CO-3', addDays(lunedi, 7), 'programmato'))[0]!.id;
  await collaudo('CO-4', oggi, 'eseguito');

  // Slabs: a bought block sawn into 4 slabs of 3000 × 1500 mm = 18 m²; one reserved for 2 days.
  const scaffale = (
    await admin.post('/api/ubicazioni', { nome: 'Magazzino lastre', tipo: 'scaffale' })
  ).json();
  const macchina = (
    await admin.post('/api/macchine', { nome: 'Telaio', tipo: 'telaio', kerfMm: 5, rifiloMm: 20 })
  ).json();
  const segato = (
    await admin.post('/api/blocchi-esterni', {
      fornitoreId: fornitore,
      dataAcquisto: oggi,
      prezzoAcquisto: 1500,
      unitaPrezzoAcquisto: 'm3',
      materialeId: lookups.materialeId,
      ubicazioneId: lookups.ubicazioneId,
      lunghezza: 310,
      altezza: 160,
      profondita: 120,
    })
  ).json();
  const lav = (
    await admin.post('/api/lavorazioni-lastre', {
      bloccoId: segato._id,
      macchinaId: macchina._id,
      spessoreMm: 20,
    })
  ).json();
  await admin.post(`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'in_segagione' });
  const done = await admin.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
    numeroLastre: 4,
    lunghezzaMm: 3000,
    altezzaMm: 1500,
    ubicazioneId: scaffale._id,
  });
  expect(done.statusCode, done.body).toBe(200);
  const pacco = (await admin.get(`/api/magazzino/pacchi/${done.json().pacchi[0]._id}`)).json();
  ids.L1 = pacco.lastre[0]._id;
  expect(
    (
      await admin.post(`/api/magazzino/lastre/${ids.L1}/riserva`, {
        clienteId: cliente,
        scadenza: addDays(oggi, 2),
      })
    ).statusCode,
  ).toBe(200);

  // Tiles: 100 pieces of 300 × 300 mm = 9 m²; 10 pieces reserved for 5 days.
  ids.LO1 = (
    await loadLotto(ctx, c, {
      codice: `LO-${mese.slice(0, 4)}-9001`,
      materialeId: lookups.materialeId,
      pezzi: 100,
      pezziPerCassa: 10,
      lunghezzaMm: 300,
      larghezzaMm: 300,
    })
  ).id;
  const riserva = await admin.post(`/api/magazzino/lotti/${ids.LO1}/riserva`, {
    pezzi: 10,
    clienteId: cliente,
    scadenza: addDays(oggi, 5),
  });
  expect(riserva.statusCode, riserva.body).toBe(200);

  // The newest activity, one hour apart from now on so it is newer than what the app wrote above.
  const inOre = (h: number) => new Date(Date.now() + h * 3_600_000);
  await ctx.database.db.insert(auditLog).values([
    {
      companyId: c,
      entityType: 'blocco',
      entityId: ids.I1!,
      action: 'update',
      userId: org.admin.id,
      at: inOre(1),
    },
    {
      companyId: c,
      entityType: 'blocco',
      entityId: ids.E1!,
      action: 'stato',
      userId: org.admin.id,
      changes: { stato: { from: 'disponibile', to: 'opzionato' } },
      at: inOre(2),
    },
    {
      companyId: c,
      entityType: 'bancata',
      entityId: ids.B1!,
      action: 'create',
      userId: null,
      at: inOre(3),
    },
  ]);

  // Another company with data of every kind, none of which may reach company A's dashboard.
  const other = await setupCompany(ctx);
  await blocco('X1', other.company.id, {
    origine: 'interno',
    m3: 50,
    creato: `${mese}-01`,
    stato: 'disponibile',
  });
  await blocco('X2', other.company.id, {
    origine: 'esterno',
    m3: 50,
    creato: `${mese}-01`,
    stato: 'in_collaudo',
  });
  await loadLotto(ctx, other.company.id, {
    codice: `LO-${mese.slice(0, 4)}-9901`,
    materialeId: lookups.materialeId,
    pezzi: 1000,
    pezziPerCassa: 10,
    lunghezzaMm: 300,
    larghezzaMm: 300,
  });
  ids.otherAdmin = other.admin.email;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/dashboard', () => {
  it('needs a signed-in user', async () => {
    expect((await (await anonymousClient(ctx.app)).get('/api/dashboard')).statusCode).toBe(401);
  });

  it('answers every KPI of the fixture to the admin', async () => {
    const d = await get(admin);
    expect(d.oggi).toBe(oggi);

    // m³ of own squared blocks by production date: this month 10.5 + 4.25, last month 8 + 2 + 2.5 (I9),
    // a year ago 6.5; the informe I10 apart, 11.25 t. The bancate cut this month (toppled: BA-1, BA-2
    // when their days fall in it; BA-3 is still being cut) are their own figure.
    const tagliate = [
      [addDays(oggi, -10), 100],
      [addDays(oggi, -20), 50],
    ].filter(([d]) => String(d).startsWith(mese));
    // BA-1's 6 t of loose informi in its cut month (this one or the last); BA-3's 9 t nowhere
    const sfusi = (m: string) => (addDays(oggi, -10).startsWith(m) ? 6 : 0);
    expect(d.produzione).toMatchObject({
      mese,
      m3Mese: 14.75,
      m3MesePrecedente: 12.5,
      m3StessoMeseAnnoScorso: 6.5,
      tInformiMese: 11.25 + sfusi(mese),
      bancateMese: {
        m3: tagliate.reduce((s, [, v]) => s + Number(v), 0),
        bancate: tagliate.length,
      },
    });
    const serie = d.produzione!.serie;
    expect(serie.map((s) => s.mese)).toEqual(Array.from({ length: 12 }, (_, i) => mesePiu(i - 11)));
    expect(serie.at(-1)).toEqual({ mese, m3: 14.75, blocchi: 2, tInformi: 11.25 + sfusi(mese) });
    expect(serie.at(-2)).toEqual({
      mese: mesePiu(-1),
      m3: 12.5,
      blocchi: 3,
      tInformi: sfusi(mesePiu(-1)),
    });
    expect(serie.find((s) => s.mese === mesePiu(-5))).toEqual({
      mese: mesePiu(-5),
      m3: 3,
      blocchi: 1,
      tInformi: 0,
    });
    // The year-ago month is the comparison, not the chart's first bar: 14.75 + 12.5 + 3.
    expect(serie.reduce((s, m) => s + m.m3, 0)).toBe(30.25);

    // Own: I1, I4 (lapsed option), I7 disponibili; I2, I3 opzionati, I2 within 7 days; I5 in collaudo.
    expect(d.blocchi.interni).toEqual({
      disponibili: 3,
      opzionati: 2,
      opzioniInScadenza: 1,
      inCollaudo: 1,
    });
    // Bought-in: E1 disponibile, E2 optioned until today; the sawn block is segato, in none.
    expect(d.blocchi.esterni).toEqual({
      disponibili: 1,
      opzionati: 1,
      opzioniInScadenza: 1,
      inCollaudo: 0,
    });

    expect(d.lastre).toEqual({ mq: 18, pezzi: 4 });
    expect(d.pavimenti).toEqual({ mq: 9, pezzi: 100 });
    expect(d.collaudi).toEqual({ programmatiSettimana: 2, dal: lunedi, al: addDays(lunedi, 6) });
    expect(d.rese).toEqual({
      resaMedia: 74,
      ultime: [
        { _id: ids.B1, codice: 'BA-1', dataTaglio: addDays(oggi, -10), resa: 80 },
        { _id: expect.any(String), codice: 'BA-2', dataTaglio: addDays(oggi, -20), resa: 62 },
      ],
    });

    // The three audit rows written last, newest first, with who and a link.
    expect(d.attivita.length).toBeLessThanOrEqual(10);
    expect(d.attivita.slice(0, 3)).toMatchObject([
      {
        entityType: 'bancata',
        entityLabel: 'Bancata',
        codice: 'BA-1',
        descrizione: 'creato',
        utente: null,
        path: `/app/bancate/${ids.B1}`,
      },
      {
        entityType: 'blocco',
        descrizione: 'stato: disponibile → opzionato',
        utente: 'Utente di prova',
        path: `/app/pages/blocchi-esterni/${ids.E1}`,
      },
      {
        entityType: 'blocco',
        codice: 'DB-0001',
        descrizione: 'modificato',
        path: `/app/pages/blocchi/${ids.I1}`,
      },
    ]);
    const times = d.attivita.map((a) => a.at);
    expect([...times].sort().reverse()).toEqual(times);

    // Agenda: collaudi from today on, options and reservations within 7 days, soonest first.
    const expected = [
      {
        id: `collaudo-${ids.C1}`,
        start: oggi,
        tipo: 'collaudo',
        path: `/app/pages/collaudi/${ids.C1}`,
      },
      ...(lunedi === oggi ? [{ id: `collaudo-${ids.C2}`, start: oggi, tipo: 'collaudo' }] : []),
      { id: `collaudo-${ids.C3}`, start: addDays(lunedi, 7), tipo: 'collaudo' },
      {
        id: `opzione-${ids.I2}`,
        start: addDays(oggi, 3),
        tipo: 'scadenza',
        path: `/app/pages/blocchi/${ids.I2}`,
      },
      {
        id: `opzione-${ids.E2}`,
        start: oggi,
        tipo: 'scadenza',
        path: `/app/pages/blocchi-esterni/${ids.E2}`,
      },
      {
        id: `riserva-lastra-${ids.L1}`,
        start: addDays(oggi, 2),
        tipo: 'scadenza',
        path: `/app/pages/magazzino/lastre/${ids.L1}`,
      },
      {
        id: `riserva-lotto-${ids.LO1}`,
        start: addDays(oggi, 5),
        tipo: 'scadenza',
        path: `/app/pages/magazzino/pavimenti/${ids.LO1}`,
      },
    ];
    expect(d.agenda).toHaveLength(expected.length);
    for (const e of expected)
      expect(d.agenda).toContainEqual(
        expect.objectContaining({ ...e, allDay: true, end: addDays(e.start, 1) }),
      );
    expect(d.agenda.map((e) => e.start)).toEqual(d.agenda.map((e) => e.start).sort());
    expect(d.agenda.find((e) => e.id === `opzione-${ids.I2}`)!.title).toBe(
      `Scade l'opzione sul blocco DB-0002 · Stone Design GmbH`,
    );
  });

  it('shows a magazzino user only the stock figures and their events', async () => {
    const { client } = await org.userClient({
      'magazzino-lastre': true,
      'magazzino-pavimenti': true,
    });
    const d = await get(client);
    expect(d.produzione).toBeNull();
    expect(d.blocchi).toEqual({ interni: null, esterni: null });
    expect(d.collaudi).toBeNull();
    expect(d.rese).toBeNull();
    expect(d.lastre).toEqual({ mq: 18, pezzi: 4 });
    expect(d.pavimenti).toEqual({ mq: 9, pezzi: 100 });
    expect(d.agenda.map((e) => e.id).sort()).toEqual(
      [`riserva-lastra-${ids.L1}`, `riserva-lotto-${ids.LO1}`].sort(),
    );
    expect(d.attivita.length).toBeGreaterThan(0);
    for (const a of d.attivita) expect(['pacco', 'lastra', 'lotto']).toContain(a.entityType);
  });

  it('shows a user of the tiles alone their lots and the lot reservations running out, titled', async () => {
    const { client } = await org.userClient({ 'magazzino-pavimenti': true });
    const d = await get(client);
    expect(d.lastre).toBeNull();
    expect(d.pavimenti).toEqual({ mq: 9, pezzi: 100 });
    const [event, ...others] = d.agenda;
    expect(others).toEqual([]);
    expect(event).toMatchObject({ id: `riserva-lotto-${ids.LO1}`, tipo: 'scadenza' });
    expect(event!.title).toMatch(/^Scade la riserva sul lotto \S+ · \S/);
  });

  it('shows a user of the own blocks only: no bought-in split, no bought-in activity or option', async () => {
    const { client } = await org.userClient({ blocchi: true });
    const d = await get(client);
    expect(d.produzione?.m3Mese).toBe(14.75);
    // the bancate's cut volume is the bancate page's figure
    expect(d.produzione?.bancateMese).toBeNull();
    expect(d.blocchi).toEqual({
      interni: { disponibili: 3, opzionati: 2, opzioniInScadenza: 1, inCollaudo: 1 },
      esterni: null,
    });
    expect(d.lastre).toBeNull();
    expect(d.pavimenti).toBeNull();
    expect(d.collaudi).toBeNull();
    expect(d.rese).toBeNull();
    expect(d.agenda.map((e) => e.id)).toEqual([`opzione-${ids.I2}`]);
    expect(d.attivita.map((a) => a.path)).toEqual([`/app/pages/blocchi/${ids.I1}`]);
  });

  it('shows a user of the customers page alone an empty dashboard, every figure null', async () => {
    const { client } = await org.userClient({ clienti: true });
    const d = await get(client);
    expect(d.produzione).toBeNull();
    expect(d.blocchi).toEqual({ interni: null, esterni: null });
    expect(d.lastre).toBeNull();
    expect(d.pavimenti).toBeNull();
    expect(d.collaudi).toBeNull();
    expect(d.rese).toBeNull();
    expect(d.attivita).toEqual([]);
    expect(d.agenda).toEqual([]);
  });

  it('shows a reader of collaudi and bancate only those', async () => {
    const { client } = await org.userClient({ collaudi: true, bancate: true });
    const d = await get(client);
    expect(d.produzione).toBeNull();
    expect(d.blocchi).toEqual({ interni: null, esterni: null });
    expect(d.collaudi?.programmatiSettimana).toBe(2);
    expect(d.rese?.resaMedia).toBe(74);
    expect(d.agenda.every((e) => e.tipo === 'collaudo')).toBe(true);
    expect(d.attivita.map((a) => a.entityType)).toEqual(['bancata']);
  });

  it("never shows another company's data", async () => {
    const d = await get(await org.adminClient());
    expect(d.produzione?.m3Mese).toBe(14.75);
    expect(d.blocchi.esterni?.inCollaudo).toBe(0);
    expect(d.pavimenti?.mq).toBe(9);

    const other = await get(await login(ctx.app, ids.otherAdmin!));
    expect(other.produzione?.m3Mese).toBe(50);
    expect(other.blocchi.interni).toEqual({
      disponibili: 1,
      opzionati: 0,
      opzioniInScadenza: 0,
      inCollaudo: 0,
    });
    expect(other.blocchi.esterni).toEqual({
      disponibili: 0,
      opzionati: 0,
      opzioniInScadenza: 0,
      inCollaudo: 1,
    });
    expect(other.lastre).toEqual({ mq: 0, pezzi: 0 });
    expect(other.pavimenti).toEqual({ mq: 90, pezzi: 1000 });
    expect(other.collaudi?.programmatiSettimana).toBe(0);
    expect(other.rese).toEqual({ resaMedia: null, ultime: [] });
    expect(other.agenda).toEqual([]);
    expect(
      other.attivita.some((a) => Object.values(ids).includes(a.path?.split('/').at(-1) ?? '')),
    ).toBe(false);
  });

  // Last: it changes the fixture. The block figures are kept between requests on PGlite (the blocchi
  // count cache); a write to blocchi must show at once, not after the cache's lifetime.
  it('shows a new block at once, though the block figures are kept between requests', async () => {
    expect((await get(admin)).produzione?.m3Mese).toBe(14.75);
    await blocco('I8', org.company.id, {
      origine: 'interno',
      m3: 1,
      creato: oggi,
      stato: 'disponibile',
    });
    const d = await get(admin);
    expect(d.produzione?.m3Mese).toBe(15.75);
    expect(d.blocchi.interni?.disponibili).toBe(4);
  });

  it("shows a bancata's informi and a customer's new name at once: the kept figures read them too", async () => {
    const informi = (d: Dashboard) =>
      d.produzione!.serie.reduce((sum, mese) => sum + mese.tInformi, 0);
    const opzione = (d: Dashboard) => d.agenda.find((e) => e.id === `opzione-${ids.I2}`)!.title;
    const before = await get(admin);
    expect(opzione(before)).toContain('Stone Design GmbH');

    await ctx.database.db.update(bancate).set({ informiT: 7.5 }).where(eq(bancate.id, ids.B1!));
    await ctx.database.db
      .update(clienti)
      .set({ ragioneSociale: 'Stone Design AG' })
      .where(eq(clienti.id, cliente));
    try {
      const after = await get(admin);
      expect(informi(after)).toBeCloseTo(informi(before) + 1.5, 2);
      expect(opzione(after)).toContain('Stone Design AG');
    } finally {
      await ctx.database.db.update(bancate).set({ informiT: 6 }).where(eq(bancate.id, ids.B1!));
      await ctx.database.db
        .update(clienti)
        .set({ ragioneSociale: 'Stone Design GmbH' })
        .where(eq(clienti.id, cliente));
    }
  });
});

describe('every dashboard number opens a list that shows it', () => {
  /** The list API behind a web list link: its totals (the summary where the list has one) with the link's filters. */
  async function listOf(client: TestClient, link: string) {
    const [path, search = ''] = link.split('?');
    const query = Object.fromEntries(new URLSearchParams(search));
    const api: Record<string, string> = {
      '/app/pages/blocchi': '/api/blocchi/summary',
      '/app/pages/blocchi-esterni': '/api/blocchi-esterni/summary',
      '/app/pages/magazzino/lastre': '/api/magazzino/lastre/summary',
      '/app/pages/magazzino/pavimenti': '/api/magazzino/lotti/summary',
      '/app/pages/collaudi': '/api/collaudi',
      '/app/bancate': '/api/bancate',
    };
    expect(api[path!], `no list API known for ${path}`).toBeDefined();
    const res = await client.get(api[path!]!, { query });
    expect(res.statusCode, `${link}: ${res.body}`).toBe(200);
    const body = res.json() as {
      count?: number;
      total?: number;
      volumeNetto?: number;
      mq?: number;
      pezzi?: number;
    };
    return {
      count: body.count ?? body.total!,
      volumeNetto: body.volumeNetto,
      mq: body.mq,
      pezzi: body.pezzi,
    };
  }

  async function checkBlocchi(client: TestClient, d: Dashboard) {
    const links = dashboardLinks(d);
    const { interni, esterni } = d.blocchi;
    const figures = [
      ['disponibili', 'disponibili'],
      ['opzionati', 'opzionati'],
      ['inScadenza', 'opzioniInScadenza'],
      ['inCollaudo', 'inCollaudo'],
    ] as const;
    for (const [tile, field] of figures) {
      const totale = (interni?.[field] ?? 0) + (esterni?.[field] ?? 0);
      expect(
        (await listOf(client, links[tile].totale)).count,
        `${tile}: ${links[tile].totale}`,
      ).toBe(totale);
      if (interni && esterni) {
        expect((await listOf(client, links[tile].interni)).count, `${tile} propri`).toBe(
          interni[field],
        );
        expect((await listOf(client, links[tile].esterni)).count, `${tile} acquistati`).toBe(
          esterni[field],
        );
      }
    }
  }

  it('the admin: blocks (own and bought-in added), production, stock, collaudi and closed bancate', async () => {
    const d = await get(admin);
    expect(d.blocchi.interni!.disponibili).toBeGreaterThan(0);
    expect(d.blocchi.esterni!.disponibili).toBeGreaterThan(0);
    await checkBlocchi(admin, d);
    const links = dashboardLinks(d);

    const p = d.produzione!;
    expect((await listOf(admin, links.produzione!.mese)).volumeNetto).toBeCloseTo(p.m3Mese, 3);
    expect((await listOf(admin, links.produzione!.precedente)).volumeNetto).toBeCloseTo(
      p.m3MesePrecedente,
      3,
    );
    expect((await listOf(admin, links.produzione!.annoScorso)).volumeNetto).toBeCloseTo(
      p.m3StessoMeseAnnoScorso,
      3,
    );

    const lastre = await listOf(admin, links.lastre!);
    expect([lastre.mq, lastre.count]).toEqual([d.lastre!.mq, d.lastre!.pezzi]);
    const pavimenti = await listOf(admin, links.pavimenti!);
    expect([pavimenti.mq, pavimenti.pezzi]).toEqual([d.pavimenti!.mq, d.pavimenti!.pezzi]);
    expect((await listOf(admin, links.collaudi!)).count).toBe(d.collaudi!.programmatiSettimana);
    // "media di N bancate": the list of closed bancate from the oldest of them shows those N
    expect((await listOf(admin, links.rese!.chiuse)).count).toBe(d.rese!.ultime.length);
  });

  it('a user of the own blocks only: the tiles open the own list, which that user may read', async () => {
    const { client } = await org.userClient({ blocchi: true });
    const d = await get(client);
    expect(d.blocchi.esterni).toBeNull();
    await checkBlocchi(client, d);
    // both origini at once want both pages
    const both = await client.get('/api/blocchi', { query: { origine: 'tutte' } });
    expect(both.statusCode).toBe(403);
    expect(both.json().message).toMatch(/entrambe le pagine/);
  });
});
