import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocchi, lastre, lavorazioniLastre, lotti, movimenti, pacchi } from '../src/db/schema/index.js';
import { buildTestApp, createProductionLookups, loadLotto, setupCompany, type TestClient, type TestContext } from './helpers.js';

// Transfers between group companies (issue 13, DESIGN §4 "Ditte del gruppo"): the quarry sells to the
// group's sawmill. Runs on PGlite and, in CI, on PostgreSQL.

let ctx: TestContext;
let marmi: Awaited<ReturnType<typeof setupCompany>>;
let segheria: Awaited<ReturnType<typeof setupCompany>>;
let marmiAdmin: TestClient;
let segheriaAdmin: TestClient;
let magazziniere: TestClient;
let segatore: TestClient;
let ids: { materiale: string; ubicazione: string; macchina: string; fornitore: string; segheriaMacchina: string };
const year = new Date().getFullYear();

async function bloccoEsterno(client = marmiAdmin): Promise<{ _id: string; codice: string }> {
  const res = await client.post('/api/blocchi-esterni', { fornitoreId: ids.fornitore, dataAcquisto: `${year}-02-01`, prezzoAcquisto: 1500, unitaPrezzoAcquisto: 'm3', materialeId: ids.materiale, ubicazioneId: ids.ubicazione, lunghezza: 290, altezza: 150, profondita: 120 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function pacco(n = 3): Promise<{ _id: string; codice: string }> {
  const blocco = await bloccoEsterno();
  const lav = (await marmiAdmin.post('/api/lavorazioni-lastre', { bloccoId: blocco._id, macchinaId: ids.macchina, spessoreMm: 20 })).json();
  await marmiAdmin.post(`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'in_segagione' });
  const done = await marmiAdmin.post(`/api/lavorazioni-lastre/${lav._id}/completa`, { numeroLastre: n, lunghezzaMm: 2800, altezzaMm: 1400, ubicazioneId: ids.ubicazione });
  expect(done.statusCode, done.body).toBe(200);
  return done.json().pacchi[0];
}

async function lotto(pezzi: number): Promise<{ id: string; codice: string }> {
  const codice = `LO-${year}-8${String(pezzi).padStart(3, '0')}`;
  const { id } = await loadLotto(ctx, marmi.company.id, { codice, materialeId: ids.materiale, pezzi, pezziPerCassa: 10, ubicazioneId: ids.ubicazione, lunghezzaMm: 600, larghezzaMm: 300, spessoreMm: 20, finitura: 'levigato' });
  return { id, codice };
}

beforeAll(async () => {
  ctx = await buildTestApp();
  marmi = await setupCompany(ctx);
  segheria = await setupCompany(ctx);
  marmiAdmin = await marmi.adminClient();
  segheriaAdmin = await segheria.adminClient();
  const lookups = await createProductionLookups(marmiAdmin);
  const macchina = (await marmiAdmin.post('/api/macchine', { nome: 'Telaio', tipo: 'telaio', kerfMm: 5, rifiloMm: 20 })).json();
  const fornitore = (await marmiAdmin.post('/api/fornitori', { ragioneSociale: 'Cave Esterne S.r.l.', nazione: 'DE', indirizzo: 'Hauptstr. 9', comune: 'Berlin' })).json();
  const segheriaMacchina = (await segheriaAdmin.post('/api/macchine', { nome: 'Multifilo', tipo: 'multifilo', kerfMm: 3.5, rifiloMm: 15 })).json();
  await segheriaAdmin.post('/api/ubicazioni', { nome: 'Piazzale segheria', tipo: 'piazzale_segheria' });
  ids = { materiale: lookups.materialeId, ubicazione: lookups.ubicazioneId, macchina: macchina._id, fornitore: fornitore._id, segheriaMacchina: segheriaMacchina._id };
  magazziniere = (await marmi.userClient({ 'blocchi-esterni': true, 'magazzino-lastre': true, 'magazzino-pavimenti': true })).client;
  segatore = (await segheria.userClient({ 'blocchi-esterni': true, 'lavorazione-lastre': true, 'magazzino-lastre': true })).client;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('transfers between group companies', () => {
  it('a block, a bundle and part of a lot go to the sawmill in one transfer; each side keeps its rows and codes', async () => {
    const blocco = await bloccoEsterno();
    const bundle = await pacco(3);
    const lot = await lotto(100);
    const destinazioni = (await magazziniere.get('/api/trasferimenti/destinazioni')).json();
    expect(destinazioni.map((d: { _id: string }) => d._id)).toContain(segheria.company.id);
    expect(destinazioni.map((d: { _id: string }) => d._id)).not.toContain(marmi.company.id);

    const res = await magazziniere.post('/api/trasferimenti', {
      destinazioneCompanyId: segheria.company.id,
      blocchi: [{ id: blocco._id, prezzo: 4200 }],
      pacchi: [{ id: bundle._id, prezzo: 950 }],
      lotti: [{ id: lot.id, pezzi: 40, prezzo: 300 }],
      documento: 'DDT 55/26',
      note: 'Consegna con bilico',
    });
    expect(res.statusCode, res.body).toBe(201);
    const out = res.json();
    expect(out).toMatchObject({ direzione: 'uscita', origine: { _id: marmi.company.id }, destinazione: { _id: segheria.company.id }, documento: 'DDT 55/26', totale: 5450 });
    expect(out.righe.map((r: { tipo: string; codice: string; itemId: string }) => [r.tipo, r.codice, r.itemId])).toEqual(
      expect.arrayContaining([
        ['blocco', blocco.codice, blocco._id],
        ['pacco', bundle.codice, bundle._id],
        ['lotto', lot.codice, lot.id],
      ]),
    );

    expect(out.righe.map((r: { kind: string }) => r.kind).sort()).toEqual(['blocco-esterno', 'lotto', 'pacco']);

    // the source: sold to the sawmill (a cliente created for it), out of stock, in its history
    const sold = (await marmiAdmin.get(`/api/blocchi-esterni/${blocco._id}`)).json();
    expect(sold.stato).toBe('venduto');
    expect(sold.cliente.ragioneSociale).toBe(segheria.company.name);
    expect((await marmiAdmin.get(`/api/magazzino/pacchi/${bundle._id}`)).json()).toMatchObject({ nLastre: 0, mq: 0 });
    expect((await marmiAdmin.get(`/api/magazzino/lotti/${lot.id}`)).json()).toMatchObject({ pezzi: 60 });
    const srcLedger = await ctx.database.db.select().from(movimenti).where(eq(movimenti.bloccoId, blocco._id));
    expect(srcLedger.map((m) => m.tipo)).toEqual(['trasferimento']);

    // the destination: its own rows, same codes, the quarry as fornitore and the price as purchase price
    const entrata = (await segheriaAdmin.get('/api/trasferimenti', { query: { direzione: 'entrata' } })).json();
    expect(entrata.items[0]).toMatchObject({ direzione: 'entrata', documento: 'DDT 55/26' });
    const theirs = Object.fromEntries(entrata.items[0].righe.map((r: { tipo: string; itemId: string }) => [r.tipo, r.itemId]));
    expect(theirs.blocco).not.toBe(blocco._id);
    const received = (await segheriaAdmin.get(`/api/blocchi-esterni/${theirs.blocco}`)).json();
    expect(received).toMatchObject({ codice: blocco.codice, stato: 'disponibile', prezzoAcquisto: 4200, unitaPrezzoAcquisto: 'totale', fornitore: { ragioneSociale: marmi.company.name }, lunghezza: 290 });
    const paccoD = (await segheriaAdmin.get(`/api/magazzino/pacchi/${theirs.pacco}`)).json();
    expect(paccoD).toMatchObject({ codice: bundle.codice, nLastre: 3, mq: 11.76 });
    expect(paccoD.lastre.map((l: { codice: string }) => l.codice)).toEqual([1, 2, 3].map((n) => `${paccoD.blocco.codice}-00${n}`));
    expect((await segheriaAdmin.get(`/api/magazzino/lotti/${theirs.lotto}`)).json()).toMatchObject({ codice: lot.codice, pezzi: 40, mq: 7.2, casse: 4 });
    // each company reads only its own rows
    expect((await segheriaAdmin.get(`/api/blocchi-esterni/${blocco._id}`)).statusCode).toBe(404);
    expect((await marmiAdmin.get('/api/trasferimenti', { query: { itemId: blocco._id } })).json().total).toBe(1);
    expect((await segheriaAdmin.get('/api/trasferimenti', { query: { itemId: theirs.blocco } })).json().total).toBe(1);
    expect((await segheriaAdmin.get('/api/trasferimenti', { query: { itemId: blocco._id } })).json().total).toBe(0);

    // the rest of the lot later: the second part keeps the code with a suffix
    const again = await magazziniere.post('/api/trasferimenti', { destinazioneCompanyId: segheria.company.id, lotti: [{ id: lot.id, pezzi: 60, prezzo: 450 }], documento: 'DDT 61/26' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().righe[0]).toMatchObject({ codice: lot.codice, pezzi: 60 });
    const second = (await segheriaAdmin.get('/api/trasferimenti', { query: { direzione: 'entrata' } })).json().items[0];
    expect(second.righe[0].codice).toBe(`${lot.codice}/1`);
  });

  it('the sawmill saws the block it received', async () => {
    const blocco = await bloccoEsterno();
    const res = await magazziniere.post('/api/trasferimenti', { destinazioneCompanyId: segheria.company.id, blocchi: [{ id: blocco._id, prezzo: 3900 }], documento: 'DDT 70/26' });
    expect(res.statusCode, res.body).toBe(201);
    const segabili = (await segatore.get('/api/lavorazioni-lastre/blocchi-segabili', { query: { q: blocco.codice } })).json();
    expect(segabili.map((b: { codice: string }) => b.codice)).toEqual([blocco.codice]);
    const lav = await segatore.post('/api/lavorazioni-lastre', { bloccoId: segabili[0]._id, macchinaId: ids.segheriaMacchina, spessoreMm: 30 });
    expect(lav.statusCode, lav.body).toBe(201);
    await segatore.post(`/api/lavorazioni-lastre/${lav.json()._id}/stato`, { stato: 'in_segagione' });
    const ubicazione = (await segatore.get('/api/magazzino/ubicazioni-selezionabili')).json()[0];
    const done = await segatore.post(`/api/lavorazioni-lastre/${lav.json()._id}/completa`, { numeroLastre: 6, lunghezzaMm: 2800, altezzaMm: 1400, ubicazioneId: ubicazione._id });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await ctx.database.db.select().from(blocchi).where(eq(blocchi.id, segabili[0]._id));
    expect(row).toMatchObject({ stato: 'segato', companyId: segheria.company.id, trasferitoDaId: blocco._id });
  });

  it('all or nothing: a block not disponibile refuses the whole transfer; who may; where to', async () => {
    const bundle = await pacco(2);
    const blocco = await bloccoEsterno();
    await marmiAdmin.post(`/api/blocchi-esterni/${blocco._id}/stato`, { stato: 'scartato' });
    const refused = await marmiAdmin.post('/api/trasferimenti', { destinazioneCompanyId: segheria.company.id, pacchi: [{ id: bundle._id, prezzo: 500 }], blocchi: [{ id: blocco._id, prezzo: 1 }], documento: 'DDT 80/26' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Il blocco ${blocco.codice} è «Scartato»: si trasferiscono solo blocchi disponibili`);
    expect((await marmiAdmin.get(`/api/magazzino/pacchi/${bundle._id}`)).json().nLastre).toBe(2);
    expect((await segheriaAdmin.get('/api/magazzino/pacchi', { query: { q: bundle.codice } })).json().total).toBe(0);

    const onlySlabs = (await marmi.userClient({ 'magazzino-lastre': true })).client;
    const other = await bloccoEsterno();
    expect((await onlySlabs.post('/api/trasferimenti', { destinazioneCompanyId: segheria.company.id, blocchi: [{ id: other._id, prezzo: 1 }], documento: 'X' })).statusCode).toBe(403);
    const self = await marmiAdmin.post('/api/trasferimenti', { destinazioneCompanyId: marmi.company.id, blocchi: [{ id: other._id, prezzo: 1 }], documento: 'X' });
    expect(self.statusCode).toBe(400);
    const nowhere = await marmiAdmin.post('/api/trasferimenti', { destinazioneCompanyId: crypto.randomUUID(), blocchi: [{ id: other._id, prezzo: 1 }], documento: 'X' });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().details[0].path).toBe('destinazioneCompanyId');
    const empty = await marmiAdmin.post('/api/trasferimenti', { destinazioneCompanyId: segheria.company.id, documento: 'X' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].message).toBe('Scegli almeno un blocco, un pacco o un lotto da trasferire');
    // another company's block is not found from here
    const [theirs] = await ctx.database.db.select({ id: blocchi.id }).from(blocchi).where(eq(blocchi.companyId, segheria.company.id)).limit(1);
    expect((await marmiAdmin.post('/api/trasferimenti', { destinazioneCompanyId: segheria.company.id, blocchi: [{ id: theirs!.id, prezzo: 1 }], documento: 'X' })).statusCode).toBe(404);
  });

  it('two simultaneous transfers of one block: one lands, the other gets 409', async () => {
    const blocco = await bloccoEsterno();
    const body = { destinazioneCompanyId: segheria.company.id, blocchi: [{ id: blocco._id, prezzo: 1000 }], documento: 'DDT 90/26' };
    const results = await Promise.all([marmiAdmin.post('/api/trasferimenti', body), magazziniere.post('/api/trasferimenti', body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const copies = await ctx.database.db.select().from(blocchi).where(eq(blocchi.trasferitoDaId, blocco._id));
    expect(copies).toHaveLength(1);
  });

  it('R14: under a mixed-company load every row of every answer is the caller’s company', async () => {
    const callers = [
      { client: marmiAdmin, companyId: marmi.company.id },
      { client: magazziniere, companyId: marmi.company.id },
      { client: segheriaAdmin, companyId: segheria.company.id },
      { client: segatore, companyId: segheria.company.id },
    ];
    // every list, and the table its rows come from: the rows' companies are read back from the database
    const lists = [
      ['/api/blocchi-esterni', blocchi],
      ['/api/magazzino/pacchi', pacchi],
      ['/api/magazzino/lastre', lastre],
      ['/api/magazzino/lotti', lotti],
      ['/api/lavorazioni-lastre', lavorazioniLastre],
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ who: fc.nat(3), list: fc.nat(lists.length - 1), esauriti: fc.boolean() }), { minLength: 8, maxLength: 16 }), async (calls) => {
        const answers = await Promise.all(
          calls.map(async (c) => {
            const caller = callers[c.who]!;
            const [path, table] = lists[c.list]!;
            const res = await caller.client.get(path, { query: { limit: '100', ...(c.esauriti && path.startsWith('/api/magazzino') ? { esauriti: 'true' } : {}) } });
            return { caller, res, table };
          }),
        );
        let rows = 0;
        for (const { caller, res, table } of answers) {
          if (res.statusCode === 403) continue;
          expect(res.statusCode).toBe(200);
          const itemIds = (res.json().items as Array<{ _id: string }>).map((i) => i._id);
          if (!itemIds.length) continue;
          const owners = await ctx.database.db.select({ companyId: table.companyId }).from(table).where(inArray(table.id, itemIds));
          expect(owners).toHaveLength(itemIds.length);
          for (const o of owners) expect(o.companyId).toBe(caller.companyId);
          rows += owners.length;
        }
        // both companies hold rows of every kind by now: the check saw some
        expect(rows).toBeGreaterThan(0);
      }),
      { numRuns: 8 },
    );
  });
});

describe('split codes after a transfer (issue 23 item 6)', () => {
  it('a lot split twice, its /2 then the lot itself transferred: the receiver splits and receives again under the next free suffix', async () => {
    const lot = await lotto(137);
    const first = await magazziniere.post(`/api/magazzino/lotti/${lot.id}/sposta`, { ubicazioneId: ids.ubicazione, pezzi: 10 });
    expect(first.json().nuovoLotto.codice).toBe(`${lot.codice}/1`);
    const second = await magazziniere.post(`/api/magazzino/lotti/${lot.id}/sposta`, { ubicazioneId: ids.ubicazione, pezzi: 10 });
    expect(second.json().nuovoLotto.codice).toBe(`${lot.codice}/2`);
    const send = (id: string, pezzi: number) => magazziniere.post('/api/trasferimenti', { destinazioneCompanyId: segheria.company.id, blocchi: [], pacchi: [], lotti: [{ id, pezzi, prezzo: 100 }], documento: 'DDT 77/26' });
    expect((await send(second.json().nuovoLotto._id, 10)).statusCode).toBe(201);
    expect((await send(lot.id, 20)).statusCode).toBe(201);
    const received = (await segheriaAdmin.get('/api/magazzino/lotti', { query: { q: lot.codice } })).json().items.map((l: { codice: string }) => l.codice).sort();
    expect(received).toEqual([lot.codice, `${lot.codice}/2`]);

    const [piazzale] = (await segheriaAdmin.get('/api/magazzino/ubicazioni-selezionabili')).json();
    const [own] = (await segheriaAdmin.get('/api/magazzino/lotti', { query: { q: lot.codice } })).json().items.filter((l: { codice: string }) => l.codice === lot.codice);
    const split = await segheriaAdmin.post(`/api/magazzino/lotti/${own._id}/sposta`, { ubicazioneId: piazzale._id, pezzi: 5 });
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json().nuovoLotto.codice).toBe(`${lot.codice}/3`);
    const again = await send(lot.id, 5);
    expect(again.statusCode, again.body).toBe(201);
    const now = (await segheriaAdmin.get('/api/magazzino/lotti', { query: { q: lot.codice } })).json().items.map((l: { codice: string }) => l.codice);
    expect(now).toContain(`${lot.codice}/4`);
  });
});

describe('transfers by page (issue 23 item 3)', () => {
  it('a slabs-only user sees a transfer with its bundles only, and their total', async () => {
    const bundle = await pacco(2);
    const lot = await lotto(141);
    const res = await magazziniere.post('/api/trasferimenti', { destinazioneCompanyId: segheria.company.id, blocchi: [], pacchi: [{ id: bundle._id, prezzo: 700 }], lotti: [{ id: lot.id, pezzi: 10, prezzo: 250 }], documento: 'DDT 90/26' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().righe.map((r: { tipo: string }) => r.tipo)).toEqual(['lotto', 'pacco']);
    const lastreOnly = (await marmi.userClient({ 'magazzino-lastre': true })).client;
    const listed = (await lastreOnly.get('/api/trasferimenti', { query: { itemId: bundle._id } })).json().items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ righe: [{ tipo: 'pacco', codice: bundle.codice, prezzo: 700 }], totale: 700 });
    expect(listed[0].righe).toHaveLength(1);
    expect((await lastreOnly.get(`/api/trasferimenti/${res.json()._id}`)).json()).toMatchObject({ righe: [{ tipo: 'pacco' }], totale: 700 });
  });
});
