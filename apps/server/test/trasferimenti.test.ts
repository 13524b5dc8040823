import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  blocchi,
  lastre,
  lavorazioniLastre,
  lotti,
  movimenti,
  pacchi,
  trasferimenti,
} from '../src/db/schema/index.js';
import { todayInRome } from '../src/lib/dates.js';
import { rowsOf } from '../src/lib/pagination.js';
import {
  buildTestApp,
  createProductionLookups,
  loadLotto,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

// Transfers between group companies (docs/domain.md "Ditte del gruppo"): the quarry sells to the
// group's sawmill. Runs on PGlite and, in CI, on PostgreSQL.

let ctx: TestContext;
let marmi: Awaited<ReturnType<typeof setupCompany>>;
let segheria: Awaited<ReturnType<typeof setupCompany>>;
let marmiAdmin: TestClient;
let segheriaAdmin: TestClient;
let magazziniere: TestClient;
let segatore: TestClient;
let ids: {
  materiale: string;
  ubicazione: string;
  macchina: string;
  fornitore: string;
  segheriaMacchina: string;
  cava: string;
};
const year = new Date().getFullYear();

async function bloccoEsterno(client = marmiAdmin): Promise<{ _id: string; codice: string }> {
  const res = await client.post('/api/blocchi-esterni', {
    fornitoreId: ids.fornitore,
    dataAcquisto: `${year}-02-01`,
    prezzoAcquisto: 1500,
    unitaPrezzoAcquisto: 'm3',
    materialeId: ids.materiale,
    ubicazioneId: ids.ubicazione,
    lunghezza: 290,
    altezza: 150,
    profondita: 120,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function pacco(n = 3, blocco?: { _id: string }): Promise<{ _id: string; codice: string }> {
  return saw(marmiAdmin, blocco ?? (await bloccoEsterno()), n, ids.macchina, ids.ubicazione);
}

/** The block sawn by a user of its company into one bundle of `n` slabs. */
async function saw(
  client: TestClient,
  blocco: { _id: string },
  n: number,
  macchinaId: string,
  ubicazioneId: string,
): Promise<{ _id: string; codice: string }> {
  const lav = (
    await client.post('/api/lavorazioni-lastre', {
      bloccoId: blocco._id,
      macchinaId,
      spessoreMm: 20,
    })
  ).json();
  await client.post(`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'in_segagione' });
  const done = await client.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
    numeroLastre: n,
    lunghezzaMm: 2800,
    altezzaMm: 1400,
    ubicazioneId,
  });
  expect(done.statusCode, done.body).toBe(200);
  return done.json().pacchi[0];
}

/** An own block of Marmi, from a bancata of its quarry. */
async function bloccoInterno(): Promise<{ _id: string; codice: string }> {
  const bancata = (
    await marmiAdmin.post('/api/bancate', {
      cavaId: ids.cava,
      materialeId: ids.materiale,
      dataTaglio: `${year}-01-10`,
      lunghezza: 1000,
      altezza: 500,
      profondita: 400,
    })
  ).json();
  for (const stato of ['ribaltata', 'in_riquadratura'])
    await marmiAdmin.post(`/api/bancate/${bancata._id}/stato`, { stato });
  const res = await marmiAdmin.post('/api/blocchi', {
    bancataId: bancata._id,
    ubicazioneId: ids.ubicazione,
    lunghezza: 300,
    altezza: 160,
    profondita: 140,
    stato: 'disponibile',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The receiving side's own row of an item of a transfer. */
async function theirRow(client: TestClient, transferId: string, codice: string): Promise<string> {
  const t = (await client.get(`/api/trasferimenti/${transferId}`)).json();
  return t.righe.find((r: { codice: string }) => r.codice === codice).itemId;
}

async function lotto(pezzi: number): Promise<{ id: string; codice: string }> {
  const codice = `LO-${year}-8${String(pezzi).padStart(3, '0')}`;
  const { id } = await loadLotto(ctx, marmi.company.id, {
    codice,
    materialeId: ids.materiale,
    pezzi,
    pezziPerCassa: 10,
    ubicazioneId: ids.ubicazione,
    lunghezzaMm: 600,
    larghezzaMm: 300,
    spessoreMm: 20,
    finitura: 'levigato',
  });
  return { id, codice };
}

beforeAll(async () => {
  ctx = await buildTestApp();
  marmi = await setupCompany(ctx);
  segheria = await setupCompany(ctx);
  marmiAdmin = await marmi.adminClient();
  segheriaAdmin = await segheria.adminClient();
  const lookups = await createProductionLookups(marmiAdmin);
  const macchina = (
    await marmiAdmin.post('/api/macchine', {
      nome: 'Telaio',
      tipo: 'telaio',
      kerfMm: 5,
      rifiloMm: 20,
    })
  ).json();
  const fornitore = (
    await marmiAdmin.post('/api/fornitori', {
      ragioneSociale: 'Cave Esterne S.r.l.',
      nazione: 'DE',
      indirizzo: 'Hauptstr. 9',
      comune: 'Berlin',
    })
  ).json();
  const segheriaMacchina = (
    await segheriaAdmin.post('/api/macchine', {
      nome: 'Multifilo',
      tipo: 'multifilo',
      kerfMm: 3.5,
      rifiloMm: 15,
    })
  ).json();
  await segheriaAdmin.post('/api/ubicazioni', {
    nome: 'Piazzale segheria',
    tipo: 'piazzale_segheria',
  });
  ids = {
    materiale: lookups.materialeId,
    ubicazione: lookups.ubicazioneId,
    macchina: macchina._id,
    fornitore: fornitore._id,
    segheriaMacchina: segheriaMacchina._id,
    cava: lookups.cavaId,
  };
  magazziniere = (
    await marmi.userClient({
      'blocchi-esterni': true,
      'magazzino-lastre': true,
      'magazzino-pavimenti': true,
    })
  ).client;
  segatore = (
    await segheria.userClient({
      'blocchi-esterni': true,
      'lavorazione-lastre': true,
      'magazzino-lastre': true,
    })
  ).client;
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
    expect(out).toMatchObject({
      direzione: 'uscita',
      origine: { _id: marmi.company.id },
      destinazione: { _id: segheria.company.id },
      documento: 'DDT 55/26',
      totale: 5450,
    });
    expect(
      out.righe.map((r: { tipo: string; codice: string; itemId: string }) => [
        r.tipo,
        r.codice,
        r.itemId,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['blocco', blocco.codice, blocco._id],
        ['pacco', bundle.codice, bundle._id],
        ['lotto', lot.codice, lot.id],
      ]),
    );

    expect(out.righe.map((r: { kind: string }) => r.kind).sort()).toEqual([
      'blocco-esterno',
      'lotto',
      'pacco',
    ]);

    // the source: sold to the sawmill (a cliente created for it), out of stock, in its history
    const sold = (await marmiAdmin.get(`/api/blocchi-esterni/${blocco._id}`)).json();
    expect(sold.stato).toBe('venduto');
    expect(sold.cliente.ragioneSociale).toBe(segheria.company.name);
    expect((await marmiAdmin.get(`/api/magazzino/pacchi/${bundle._id}`)).json()).toMatchObject({
      nLastre: 0,
      mq: 0,
    });
    expect((await marmiAdmin.get(`/api/magazzino/lotti/${lot.id}`)).json()).toMatchObject({
      pezzi: 60,
    });
    const srcLedger = await ctx.database.db
      .select()
      .from(movimenti)
      .where(eq(movimenti.bloccoId, blocco._id));
    expect(srcLedger.map((m) => m.tipo)).toEqual(['trasferimento']);

    // the destination: its own rows, same codes, the quarry as fornitore and the price as purchase price
    const entrata = (
      await segheriaAdmin.get('/api/trasferimenti', { query: { direzione: 'entrata' } })
    ).json();
    expect(entrata.items[0]).toMatchObject({ direzione: 'entrata', documento: 'DDT 55/26' });
    const theirs = Object.fromEntries(
      entrata.items[0].righe.map((r: { tipo: string; itemId: string }) => [r.tipo, r.itemId]),
    );
    expect(theirs.blocco).not.toBe(blocco._id);
    const received = (await segheriaAdmin.get(`/api/blocchi-esterni/${theirs.blocco}`)).json();
    expect(received).toMatchObject({
      codice: blocco.codice,
      stato: 'disponibile',
      prezzoAcquisto: 4200,
      unitaPrezzoAcquisto: 'totale',
      fornitore: { ragioneSociale: marmi.company.name },
      lunghezza: 290,
    });
    const paccoD = (await segheriaAdmin.get(`/api/magazzino/pacchi/${theirs.pacco}`)).json();
    expect(paccoD).toMatchObject({ codice: bundle.codice, nLastre: 3, mq: 11.76 });
    // its block stayed with the sender: the receiver sees its code and the company, not its row
    expect(paccoD).toMatchObject({
      blocco: null,
      lavorazione: null,
      trasferitoDa: { ditta: marmi.company.name },
    });
    expect(paccoD.lastre.map((l: { codice: string }) => l.codice)).toEqual(
      [1, 2, 3].map((n) => `${paccoD.trasferitoDa.blocco}-00${n}`),
    );
    expect((await segheriaAdmin.get(`/api/magazzino/lotti/${theirs.lotto}`)).json()).toMatchObject({
      codice: lot.codice,
      pezzi: 40,
      mq: 7.2,
      casse: 4,
    });
    // each company reads only its own rows
    expect((await segheriaAdmin.get(`/api/blocchi-esterni/${blocco._id}`)).statusCode).toBe(404);
    expect(
      (await marmiAdmin.get('/api/trasferimenti', { query: { itemId: blocco._id } })).json().total,
    ).toBe(1);
    expect(
      (await segheriaAdmin.get('/api/trasferimenti', { query: { itemId: theirs.blocco } })).json()
        .total,
    ).toBe(1);
    expect(
      (await segheriaAdmin.get('/api/trasferimenti', { query: { itemId: blocco._id } })).json()
        .total,
    ).toBe(0);

    // the rest of the lot later: the second part keeps the code with a suffix
    const again = await magazziniere.post('/api/trasferimenti', {
      destinazioneCompanyId: segheria.company.id,
      lotti: [{ id: lot.id, pezzi: 60, prezzo: 450 }],
      documento: 'DDT 61/26',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().righe[0]).toMatchObject({ codice: lot.codice, pezzi: 60 });
    const second = (
      await segheriaAdmin.get('/api/trasferimenti', { query: { direzione: 'entrata' } })
    ).json().items[0];
    expect(second.righe[0].codice).toBe(`${lot.codice}/1`);
  });

  it('the sawmill saws the block it received', async () => {
    const blocco = await bloccoEsterno();
    const res = await magazziniere.post('/api/trasferimenti', {
      destinazioneCompanyId: segheria.company.id,
      blocchi: [{ id: blocco._id, prezzo: 3900 }],
      documento: 'DDT 70/26',
    });
    expect(res.statusCode, res.body).toBe(201);
    const segabili = (
      await segatore.get('/api/lavorazioni-lastre/blocchi-segabili', {
        query: { q: blocco.codice },
      })
    ).json();
    expect(segabili.map((b: { codice: string }) => b.codice)).toEqual([blocco.codice]);
    const lav = await segatore.post('/api/lavorazioni-lastre', {
      bloccoId: segabili[0]._id,
      macchinaId: ids.segheriaMacchina,
      spessoreMm: 30,
    });
    expect(lav.statusCode, lav.body).toBe(201);
    await segatore.post(`/api/lavorazioni-lastre/${lav.json()._id}/stato`, {
      stato: 'in_segagione',
    });
    const ubicazione = (await segatore.get('/api/magazzino/ubicazioni-selezionabili')).json()[0];
    const done = await segatore.post(`/api/lavorazioni-lastre/${lav.json()._id}/completa`, {
      numeroLastre: 6,
      lunghezzaMm: 2800,
      altezzaMm: 1400,
      ubicazioneId: ubicazione._id,
    });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(blocchi)
      .where(eq(blocchi.id, segabili[0]._id));
    expect(row).toMatchObject({
      stato: 'segato',
      companyId: segheria.company.id,
      trasferitoDaId: blocco._id,
    });
  });

  it('all or nothing: a block not disponibile refuses the whole transfer; who may; where to', async () => {
    const bundle = await pacco(2);
    const blocco = await bloccoEsterno();
    await marmiAdmin.post(`/api/blocchi-esterni/${blocco._id}/stato`, { stato: 'scartato' });
    const refused = await marmiAdmin.post('/api/trasferimenti', {
      destinazioneCompanyId: segheria.company.id,
      pacchi: [{ id: bundle._id, prezzo: 500 }],
      blocchi: [{ id: blocco._id, prezzo: 1 }],
      documento: 'DDT 80/26',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Il blocco ${blocco.codice} è «Scartato»: si trasferiscono solo blocchi disponibili`,
    );
    expect((await marmiAdmin.get(`/api/magazzino/pacchi/${bundle._id}`)).json().nLastre).toBe(2);
    expect(
      (await segheriaAdmin.get('/api/magazzino/pacchi', { query: { q: bundle.codice } })).json()
        .total,
    ).toBe(0);

    const onlySlabs = (await marmi.userClient({ 'magazzino-lastre': true })).client;
    const other = await bloccoEsterno();
    expect(
      (
        await onlySlabs.post('/api/trasferimenti', {
          destinazioneCompanyId: segheria.company.id,
          blocchi: [{ id: other._id, prezzo: 1 }],
          documento: 'X',
        })
      ).statusCode,
    ).toBe(403);
    const self = await marmiAdmin.post('/api/trasferimenti', {
      destinazioneCompanyId: marmi.company.id,
      blocchi: [{ id: other._id, prezzo: 1 }],
      documento: 'X',
    });
    expect(self.statusCode).toBe(400);
    const nowhere = await marmiAdmin.post('/api/trasferimenti', {
      destinazioneCompanyId: crypto.randomUUID(),
      blocchi: [{ id: other._id, prezzo: 1 }],
      documento: 'X',
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().details[0].path).toBe('destinazioneCompanyId');
    const empty = await marmiAdmin.post('/api/trasferimenti', {
      destinazioneCompanyId: segheria.company.id,
      documento: 'X',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].message).toBe(
      'Scegli almeno un blocco, un pacco o un lotto da trasferire',
    );
    // another company's block is not found from here
    const [theirs] = await ctx.database.db
      .select({ id: blocchi.id })
      .from(blocchi)
      .where(eq(blocchi.companyId, segheria.company.id))
      .limit(1);
    expect(
      (
        await marmiAdmin.post('/api/trasferimenti', {
          destinazioneCompanyId: segheria.company.id,
          blocchi: [{ id: theirs!.id, prezzo: 1 }],
          documento: 'X',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('two simultaneous transfers of one block: one lands, the other gets 409', async () => {
    const blocco = await bloccoEsterno();
    const body = {
      destinazioneCompanyId: segheria.company.id,
      blocchi: [{ id: blocco._id, prezzo: 1000 }],
      documento: 'DDT 90/26',
    };
    const results = await Promise.all([
      marmiAdmin.post('/api/trasferimenti', body),
      magazziniere.post('/api/trasferimenti', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const copies = await ctx.database.db
      .select()
      .from(blocchi)
      .where(eq(blocchi.trasferitoDaId, blocco._id));
    expect(copies).toHaveLength(1);
  });

  it('a block an open job uses stays: a transfer, a collaudo or scrapping answers 409 naming the job', async () => {
    const blocco = await bloccoEsterno();
    const sg = (
      await marmiAdmin.post('/api/lavorazioni-lastre', {
        bloccoId: blocco._id,
        macchinaId: ids.macchina,
        spessoreMm: 20,
      })
    ).json();
    const body = {
      destinazioneCompanyId: segheria.company.id,
      blocchi: [{ id: blocco._id, prezzo: 1000 }],
      documento: 'DDT 91/26',
    };
    const refused = await marmiAdmin.post('/api/trasferimenti', body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Il blocco ${blocco.codice} ha la segagione ${sg.codice} pianificata: annullala prima di trasferirlo`,
    );
    const scrapped = await marmiAdmin.post(`/api/blocchi-esterni/${blocco._id}/stato`, {
      stato: 'scartato',
    });
    expect(scrapped.statusCode).toBe(409);
    expect(scrapped.json().message).toBe(
      `Il blocco ${blocco.codice} ha la segagione ${sg.codice} pianificata: annullala prima di scartarlo`,
    );
    const cliente = (
      await marmiAdmin.post('/api/clienti', {
        ragioneSociale: 'Stone Design GmbH',
        nazione: 'DE',
        indirizzo: 'Hauptstr. 1',
        comune: 'München',
      })
    ).json();
    const collaudo = (
      await marmiAdmin.post('/api/collaudi', {
        data: `${year}-03-12`,
        clienteId: cliente._id,
        luogo: 'Piazzale',
        ispettore: 'Herr Stein',
      })
    ).json();
    const add = await marmiAdmin.post(`/api/collaudi/${collaudo._id}/righe`, {
      bloccoId: blocco._id,
    });
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toBe(
      `Il blocco ${blocco.codice} ha la segagione ${sg.codice} pianificata: annullala prima di metterlo in collaudo`,
    );
    // no picker offers the taken block: a collaudo, a second sawing or a tile cut would be refused
    const offered = async (path: string) =>
      ((await marmiAdmin.get(path)).json() as { codice: string }[]).map((b) => b.codice);
    expect(
      await offered(
        `/api/collaudi/blocchi-collaudabili?collaudoId=${collaudo._id}&q=${blocco.codice}`,
      ),
    ).toEqual([]);
    expect(await offered(`/api/lavorazioni-lastre/blocchi-segabili?q=${blocco.codice}`)).toEqual(
      [],
    );
    expect(
      await offered(`/api/lavorazioni-pavimenti/blocchi-tagliabili?q=${blocco.codice}`),
    ).toEqual([]);

    expect(
      (await marmiAdmin.post(`/api/lavorazioni-lastre/${sg._id}/stato`, { stato: 'annullata' }))
        .statusCode,
    ).toBe(200);
    const lp = await marmiAdmin.post('/api/lavorazioni-pavimenti', {
      bloccoId: blocco._id,
      lunghezzaMm: 305,
      larghezzaMm: 305,
      spessoreMm: 10,
    });
    expect(lp.statusCode, lp.body).toBe(201);
    const again = await marmiAdmin.post('/api/trasferimenti', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Il blocco ${blocco.codice} ha la lavorazione pavimenti ${lp.json().codice} pianificata: annullala prima di trasferirlo`,
    );
    // scrapping it would leave the job planned for ever: refused too, nothing changed
    const scrap = await marmiAdmin.post(`/api/blocchi-esterni/${blocco._id}/stato`, {
      stato: 'scartato',
    });
    expect(scrap.statusCode).toBe(409);
    expect(scrap.json().message).toBe(
      `Il blocco ${blocco.codice} ha la lavorazione pavimenti ${lp.json().codice} pianificata: annullala prima di scartarlo`,
    );
    expect((await marmiAdmin.get(`/api/blocchi-esterni/${blocco._id}`)).json().stato).toBe(
      'disponibile',
    );
    expect((await marmiAdmin.get(`/api/lavorazioni-pavimenti/${lp.json()._id}`)).json().stato).toBe(
      'pianificata',
    );

    // the job cancelled, the pickers offer the block again, and it goes
    expect(
      (
        await marmiAdmin.post(`/api/lavorazioni-pavimenti/${lp.json()._id}/stato`, {
          stato: 'annullata',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      await offered(
        `/api/collaudi/blocchi-collaudabili?collaudoId=${collaudo._id}&q=${blocco.codice}`,
      ),
    ).toEqual([blocco.codice]);
    expect((await marmiAdmin.post('/api/trasferimenti', body)).statusCode).toBe(201);
  });

  it('a transferred block lands where the transfer says, else in the receiver’s first yard; another company’s location is 400', async () => {
    const capannone = (
      await segheriaAdmin.post('/api/ubicazioni', { nome: 'Capannone', tipo: 'scaffale' })
    ).json();
    const [a, b] = [await bloccoEsterno(), await bloccoEsterno()];
    const wrong = await marmiAdmin.post('/api/trasferimenti', {
      destinazioneCompanyId: segheria.company.id,
      blocchi: [{ id: a._id, prezzo: 1 }],
      documento: 'DDT 92/26',
      ubicazioneId: ids.ubicazione,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].path).toBe('ubicazioneId');
    expect((await marmiAdmin.get(`/api/blocchi-esterni/${a._id}`)).json().stato).toBe(
      'disponibile',
    );

    const there = await marmiAdmin.post('/api/trasferimenti', {
      destinazioneCompanyId: segheria.company.id,
      blocchi: [{ id: a._id, prezzo: 1 }],
      documento: 'DDT 93/26',
      ubicazioneId: capannone._id,
    });
    expect(there.statusCode, there.body).toBe(201);
    const inCapannone = (
      await segheriaAdmin.get(
        `/api/blocchi-esterni/${await theirRow(segheriaAdmin, there.json()._id, a.codice)}`,
      )
    ).json();
    expect(inCapannone.ubicazione).toMatchObject({ _id: capannone._id, nome: 'Capannone' });

    // a body without the field, as before: the yard (a piazzale before a shelf, though «Capannone» sorts first)
    const yard = await marmiAdmin.post('/api/trasferimenti', {
      destinazioneCompanyId: segheria.company.id,
      blocchi: [{ id: b._id, prezzo: 1 }],
      documento: 'DDT 94/26',
    });
    expect(yard.statusCode, yard.body).toBe(201);
    const inYard = (
      await segheriaAdmin.get(
        `/api/blocchi-esterni/${await theirRow(segheriaAdmin, yard.json()._id, b.codice)}`,
      )
    ).json();
    expect(inYard.ubicazione).toMatchObject({ nome: 'Piazzale segheria' });
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
      fc.asyncProperty(
        fc.array(
          fc.record({ who: fc.nat(3), list: fc.nat(lists.length - 1), esauriti: fc.boolean() }),
          { minLength: 8, maxLength: 16 },
        ),
        async (calls) => {
          const answers = await Promise.all(
            calls.map(async (c) => {
              const caller = callers[c.who]!;
              const [path, table] = lists[c.list]!;
              const res = await caller.client.get(path, {
                query: {
                  limit: '100',
                  ...(c.esauriti && path.startsWith('/api/magazzino') ? { esauriti: 'true' } : {}),
                },
              });
              return { caller, res, table };
            }),
          );
          let rows = 0;
          for (const { caller, res, table } of answers) {
            if (res.statusCode === 403) continue;
            expect(res.statusCode).toBe(200);
            const itemIds = (res.json().items as Array<{ _id: string }>).map((i) => i._id);
            if (!itemIds.length) continue;
            const owners = await ctx.database.db
              .select({ companyId: table.companyId })
              .from(table)
              .where(inArray(table.id, itemIds));
            expect(owners).toHaveLength(itemIds.length);
            for (const o of owners) expect(o.companyId).toBe(caller.companyId);
            rows += owners.length;
          }
          // both companies hold rows of every kind by now: the check saw some
          expect(rows).toBeGreaterThan(0);
        },
      ),
      { numRuns: 8 },
    );
  });

  it("a received block is bought in today: its production date is the day it arrived, the sender's pesata ticket stays with the sender", async () => {
    const own = await bloccoInterno();
    await ctx.database.db
      .update(blocchi)
      .set({
        dataRiquadratura: `${year - 1}-05-10`,
        pesoPesa: 18.4,
        dataPesata: `${year - 1}-05-12`,
        numeroPesata: 'P-77',
      })
      .where(eq(blocchi.id, own._id));
    const t = await marmiAdmin.post('/api/trasferimenti', {
      destinazioneCompanyId: segheria.company.id,
      blocchi: [{ id: own._id, prezzo: 4000 }],
      documento: 'DDT 90/26',
    });
    expect(t.statusCode, t.body).toBe(201);
    const theirs = (
      await segheriaAdmin.get(
        `/api/blocchi-esterni/${await theirRow(segheriaAdmin, t.json()._id, own.codice)}`,
      )
    ).json();
    expect(theirs).toMatchObject({
      dataRiquadratura: todayInRome(),
      dataPesata: null,
      numeroPesata: null,
      pesoPesa: 18.4,
    });
  });

  it("a received block carries what travels with the stone, never the sender's internal note or list price: not on the row, its history or its search", async () => {
    const own = await bloccoInterno();
    await ctx.database.db
      .update(blocchi)
      .set({
        note: 'Sconto riservato Bianchi zzqriservato',
        prezzoListino: 9999,
        difettoso: true,
        difetti: ['pelo'],
        noteDifetti: 'Pelo sul lato corto',
        codiceTracciabilita: 'TR-CAR-0042',
        scelta: 'seconda',
      })
      .where(eq(blocchi.id, own._id));
    const t = await marmiAdmin.post('/api/trasferimenti', {
      destinazioneCompanyId: segheria.company.id,
      blocchi: [{ id: own._id, prezzo: 4100 }],
      documento: 'DDT 91/26',
    });
    expect(t.statusCode, t.body).toBe(201);
    const id = await theirRow(segheriaAdmin, t.json()._id, own.codice);
    const row = await segheriaAdmin.get(`/api/blocchi-esterni/${id}`);
    expect(row.json()).toMatchObject({
      codice: own.codice,
      scelta: 'seconda',
      difetti: ['pelo'],
      noteDifetti: 'Pelo sul lato corto',
      codiceTracciabilita: 'TR-CAR-0042',
      lunghezza: 300,
      prezzoAcquisto: 4100,
    });
    const history = await segheriaAdmin.get(`/api/blocchi-esterni/${id}/history`);
    expect(history.statusCode).toBe(200);
    for (const body of [row.body, history.body]) {
      expect(body).not.toContain('zzqriservato');
      expect(body).not.toContain('9999');
    }
    expect(row.json().note ?? null).toBeNull();
    const found = await segheriaAdmin.get('/api/blocchi-esterni', {
      query: { q: 'zzqriservato' },
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().items).toEqual([]);
  });

  it('R14: after transfers of every kind no answer to the receiving company names a row of the sender', async () => {
    // an own block with its bancata and quarry, sawn at Marmi; its bundle goes alone
    const own = await bloccoInterno();
    const ownBundle = await pacco(4, own);
    const t1 = (
      await marmiAdmin.post('/api/trasferimenti', {
        destinazioneCompanyId: segheria.company.id,
        pacchi: [{ id: ownBundle._id, prezzo: 800 }],
        lotti: [{ id: (await lotto(30)).id, pezzi: 30, prezzo: 200 }],
        documento: 'DDT 95/26',
      })
    ).json();
    const received = (
      await segheriaAdmin.get(
        `/api/magazzino/pacchi/${await theirRow(segheriaAdmin, t1._id, ownBundle.codice)}`,
      )
    ).json();
    // of the source: the code and the company only
    expect(received).toMatchObject({
      blocco: null,
      bancata: null,
      cava: null,
      lavorazione: null,
      trasferitoDa: { ditta: marmi.company.name, blocco: own.codice },
    });

    // Segheria cuts tiles from the slabs it received
    const tiles = await segheriaAdmin.post('/api/lavorazioni-pavimenti', {
      lastraIds: received.lastre.slice(0, 2).map((l: { _id: string }) => l._id),
      lunghezzaMm: 305,
      larghezzaMm: 305,
      spessoreMm: 10,
    });
    expect(tiles.statusCode, tiles.body).toBe(201);
    expect(tiles.json().blocco).toBeNull();
    await segheriaAdmin.post(`/api/lavorazioni-pavimenti/${tiles.json()._id}/stato`, {
      stato: 'in_lavorazione',
    });
    const scaffale = (await segheriaAdmin.get('/api/magazzino/ubicazioni-selezionabili')).json()[0];
    const cut = await segheriaAdmin.post(
      `/api/lavorazioni-pavimenti/${tiles.json()._id}/completa`,
      { pezzi: 50, pezziPerCassa: 10, ubicazioneId: scaffale._id },
    );
    expect(cut.statusCode, cut.body).toBe(200);

    // a block goes to Segheria, is sawn there, and its bundle comes back: Marmi's bundle names Marmi's block
    const roundTrip = await bloccoEsterno();
    const t2 = (
      await marmiAdmin.post('/api/trasferimenti', {
        destinazioneCompanyId: segheria.company.id,
        blocchi: [{ id: roundTrip._id, prezzo: 3000 }],
        documento: 'DDT 96/26',
      })
    ).json();
    const theirBlock = await theirRow(segheriaAdmin, t2._id, roundTrip.codice);
    const sawn = await saw(
      segheriaAdmin,
      { _id: theirBlock },
      3,
      ids.segheriaMacchina,
      scaffale._id,
    );
    const back = await segheriaAdmin.post('/api/trasferimenti', {
      destinazioneCompanyId: marmi.company.id,
      pacchi: [{ id: sawn._id, prezzo: 700 }],
      documento: 'DDT 12/26',
    });
    expect(back.statusCode, back.body).toBe(201);
    const returned = (
      await marmiAdmin.get(
        `/api/magazzino/pacchi/${await theirRow(marmiAdmin, back.json()._id, sawn.codice)}`,
      )
    ).json();
    expect(returned).toMatchObject({
      blocco: { _id: roundTrip._id, codice: roundTrip.codice },
      lavorazione: null,
      trasferitoDa: { ditta: segheria.company.name },
    });

    // every row id of the other company, in every table that has a company (transfers are seen by both by design)
    const db = ctx.database.db;
    const tables = rowsOf<{ table_name: string }>(
      await db.execute(sql`select c.table_name from information_schema.columns c join information_schema.columns i on i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id'
        where c.table_schema = current_schema() and c.column_name = 'company_id' and c.table_name <> 'trasferimenti'`),
    ).map((r) => r.table_name);
    async function foreignIds(companyId: string): Promise<Set<string>> {
      const found = new Set<string>();
      for (const table of tables) {
        const rows = rowsOf<{ id: string }>(
          await db.execute(
            sql`select id::text as id from ${sql.identifier(table)} where company_id <> ${companyId}`,
          ),
        );
        for (const r of rows) found.add(r.id);
      }
      return found;
    }

    for (const [client, companyId] of [
      [segheriaAdmin, segheria.company.id],
      [marmiAdmin, marmi.company.id],
    ] as const) {
      const foreign = await foreignIds(companyId);
      const leaks: string[] = [];
      const read = async (path: string, query: Record<string, string> = {}) => {
        const res = await client.get(path, { query });
        expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
        // the sender's quarry by name, too (Segheria has none of its own)
        if (companyId === segheria.company.id && res.body.includes('Canalgrande'))
          leaks.push(`${path} → Canalgrande`);
        for (const id of res.body.match(
          /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
        ) ?? [])
          if (foreign.has(id.toLowerCase())) leaks.push(`${path} → ${id}`);
        return res;
      };
      const all = { limit: '100', esauriti: 'true' };
      const lists: Array<[string, string[]]> = [
        ['/api/blocchi', ['history', 'genealogy']],
        ['/api/blocchi-esterni', ['history', 'genealogy']],
        ['/api/magazzino/pacchi', ['history', 'genealogy']],
        ['/api/magazzino/lastre', ['history', 'genealogy']],
        ['/api/magazzino/lotti', ['history', 'genealogy']],
        ['/api/lavorazioni-lastre', ['history']],
        ['/api/lavorazioni-pavimenti', ['history']],
      ];
      let walked = 0;
      for (const [list, subs] of lists) {
        const items = (
          await read(list, list.startsWith('/api/magazzino') ? all : { limit: '100' })
        ).json().items as Array<{ _id: string }>;
        walked += items.length;
        for (const item of items)
          for (const sub of ['', ...subs]) await read(`${list}/${item._id}${sub && `/${sub}`}`);
      }
      for (const path of [
        '/api/magazzino/pacchi/export',
        '/api/magazzino/lastre/export',
        '/api/magazzino/lotti/export',
      ])
        await read(path, { format: 'csv', esauriti: 'true' });
      await read('/api/magazzino/movimenti', { limit: '100' });
      await read('/api/trasferimenti', { limit: '100' });
      await read('/api/dashboard');
      expect(walked).toBeGreaterThan(20);
      expect(leaks).toEqual([]);
    }
  });

  it('migration 0019 repoints rows a transfer wrote before it: the receiver’s copy of the block or none, no sawing, no sender’s user', async () => {
    const db = ctx.database.db;
    const received = await db
      .select()
      .from(pacchi)
      .where(eq(pacchi.companyId, segheria.company.id));
    const returned = await db.select().from(pacchi).where(eq(pacchi.companyId, marmi.company.id));
    const [alone, back] = [
      received.find((p) => p.trasferitoDaId && !p.bloccoId)!,
      returned.find((p) => p.trasferitoDaId && p.bloccoId)!,
    ];
    // written as the transfer used to write them: the sender's block, sawing and user
    const stale = async (row: typeof pacchi.$inferSelect) => {
      const [src] = await db.select().from(pacchi).where(eq(pacchi.id, row.trasferitoDaId!));
      const [t] = await db
        .select()
        .from(trasferimenti)
        .where(
          sql`${trasferimenti.id} = (select trasferimento_id from trasferimenti_righe where destinazione_id = ${row.id})`,
        );
      await db
        .update(pacchi)
        .set({ bloccoId: src!.bloccoId, lavorazioneId: src!.lavorazioneId })
        .where(eq(pacchi.id, row.id));
      await db.update(lastre).set({ bloccoId: src!.bloccoId }).where(eq(lastre.paccoId, row.id));
      await db
        .update(movimenti)
        .set({ bloccoId: src!.bloccoId, userId: t!.userId })
        .where(eq(movimenti.paccoId, row.id));
      await db.update(auditLog).set({ userId: t!.userId }).where(eq(auditLog.entityId, row.id));
      // a later real edit by the same user, an admin of both companies: it stays theirs
      await db.insert(auditLog).values({
        companyId: row.companyId,
        entityType: 'pacco',
        entityId: row.id,
        action: 'update',
        userId: t!.userId,
        changes: { note: { from: null, to: 'rivisto' } },
      });
      return { src: src!, userId: t!.userId };
    };
    const [{ src: srcAlone, userId: byAlone }, { src: srcBack, userId: byBack }] = [
      await stale(alone),
      await stale(back),
    ];
    expect(srcAlone.bloccoId).not.toBeNull();

    const statements = readFileSync(
      new URL('../migrations/0019_transfer_own_rows.sql', import.meta.url),
      'utf8',
    )
      .split('--> statement-breakpoint')
      .filter((q) => q.includes('UPDATE'));
    for (const q of statements) await db.execute(q);

    const after = async (id: string) =>
      (await db.select().from(pacchi).where(eq(pacchi.id, id)))[0]!;
    expect(await after(alone.id)).toMatchObject({ bloccoId: null, lavorazioneId: null });
    // the block it came from is the one Marmi had sent: Marmi's own row again
    expect(await after(back.id)).toMatchObject({ bloccoId: back.bloccoId, lavorazioneId: null });
    expect(srcBack.bloccoId).not.toBe(back.bloccoId);
    for (const [row, bloccoId, userId] of [
      [alone, null, byAlone],
      [back, back.bloccoId, byBack],
    ] as const) {
      expect(
        (
          await db.select({ b: lastre.bloccoId }).from(lastre).where(eq(lastre.paccoId, row.id))
        ).map((l) => l.b),
      ).toEqual(expect.arrayContaining([bloccoId]));
      const ledger = await db.select().from(movimenti).where(eq(movimenti.paccoId, row.id));
      expect(ledger.filter((m) => m.tipo === 'carico').map((m) => [m.bloccoId, m.userId])).toEqual(
        ledger.filter((m) => m.tipo === 'carico').map(() => [bloccoId, null]),
      );
      const history = await db
        .select({ action: auditLog.action, u: auditLog.userId })
        .from(auditLog)
        .where(eq(auditLog.entityId, row.id));
      expect(history.map((a) => [a.action, a.u]).sort()).toEqual([
        ['create', null],
        ['update', userId],
      ]);
    }
  });
});

describe('split codes after a transfer', () => {
  it('a lot split twice, its /2 then the lot itself transferred: the receiver splits and receives again under the next free suffix', async () => {
    const lot = await lotto(137);
    const first = await magazziniere.post(`/api/magazzino/lotti/${lot.id}/sposta`, {
      ubicazioneId: ids.ubicazione,
      pezzi: 10,
    });
    expect(first.json().nuovoLotto.codice).toBe(`${lot.codice}/1`);
    const second = await magazziniere.post(`/api/magazzino/lotti/${lot.id}/sposta`, {
      ubicazioneId: ids.ubicazione,
      pezzi: 10,
    });
    expect(second.json().nuovoLotto.codice).toBe(`${lot.codice}/2`);
    const send = (id: string, pezzi: number) =>
      magazziniere.post('/api/trasferimenti', {
        destinazioneCompanyId: segheria.company.id,
        blocchi: [],
        pacchi: [],
        lotti: [{ id, pezzi, prezzo: 100 }],
        documento: 'DDT 77/26',
      });
    expect((await send(second.json().nuovoLotto._id, 10)).statusCode).toBe(201);
    expect((await send(lot.id, 20)).statusCode).toBe(201);
    const received = (await segheriaAdmin.get('/api/magazzino/lotti', { query: { q: lot.codice } }))
      .json()
      .items.map((l: { codice: string }) => l.codice)
      .sort();
    expect(received).toEqual([lot.codice, `${lot.codice}/2`]);

    const [piazzale] = (await segheriaAdmin.get('/api/magazzino/ubicazioni-selezionabili')).json();
    const [own] = (await segheriaAdmin.get('/api/magazzino/lotti', { query: { q: lot.codice } }))
      .json()
      .items.filter((l: { codice: string }) => l.codice === lot.codice);
    const split = await segheriaAdmin.post(`/api/magazzino/lotti/${own._id}/sposta`, {
      ubicazioneId: piazzale._id,
      pezzi: 5,
    });
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json().nuovoLotto.codice).toBe(`${lot.codice}/3`);
    const again = await send(lot.id, 5);
    expect(again.statusCode, again.body).toBe(201);
    const now = (await segheriaAdmin.get('/api/magazzino/lotti', { query: { q: lot.codice } }))
      .json()
      .items.map((l: { codice: string }) => l.codice);
    expect(now).toContain(`${lot.codice}/4`);
  });
});

describe('transfers by page', () => {
  it('a slabs-only user sees a transfer with its bundles only, and their total', async () => {
    const bundle = await pacco(2);
    const lot = await lotto(141);
    const res = await magazziniere.post('/api/trasferimenti', {
      destinazioneCompanyId: segheria.company.id,
      blocchi: [],
      pacchi: [{ id: bundle._id, prezzo: 700 }],
      lotti: [{ id: lot.id, pezzi: 10, prezzo: 250 }],
      documento: 'DDT 90/26',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().righe.map((r: { tipo: string }) => r.tipo)).toEqual(['lotto', 'pacco']);
    const lastreOnly = (await marmi.userClient({ 'magazzino-lastre': true })).client;
    const listed = (
      await lastreOnly.get('/api/trasferimenti', { query: { itemId: bundle._id } })
    ).json().items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      righe: [{ tipo: 'pacco', codice: bundle.codice, prezzo: 700 }],
      totale: 700,
    });
    expect(listed[0].righe).toHaveLength(1);
    // who reads own blocks too (not bought-in ones) is filtered by the block's kind as well
    const bloccoAndSlabs = (await marmi.userClient({ blocchi: true, 'magazzino-lastre': true }))
      .client;
    const mixed = await bloccoAndSlabs.get('/api/trasferimenti', { query: { itemId: bundle._id } });
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(mixed.json().items.map((t: { documento: string }) => t.documento)).toEqual([
      'DDT 90/26',
    ]);
    expect((await lastreOnly.get(`/api/trasferimenti/${res.json()._id}`)).json()).toMatchObject({
      righe: [{ tipo: 'pacco' }],
      totale: 700,
    });

    // a transfer of lots only is none of theirs: not listed, not counted, not found
    const lotsOnly = await magazziniere.post('/api/trasferimenti', {
      destinazioneCompanyId: segheria.company.id,
      blocchi: [],
      pacchi: [],
      lotti: [{ id: (await lotto(142)).id, pezzi: 5, prezzo: 90 }],
      documento: 'DDT 93/26',
    });
    expect(lotsOnly.statusCode, lotsOnly.body).toBe(201);
    const all = (await lastreOnly.get('/api/trasferimenti', { query: { limit: '100' } })).json();
    expect(all.items.map((t: { documento: string }) => t.documento)).not.toContain('DDT 93/26');
    expect(all.items.every((t: { righe: unknown[] }) => t.righe.length > 0)).toBe(true);
    expect(all.total).toBe(all.items.length);
    expect(
      (await lastreOnly.get('/api/trasferimenti', { query: { limit: '1' } })).json().items[0]
        .documento,
    ).toBe('DDT 90/26');
    expect((await lastreOnly.get(`/api/trasferimenti/${lotsOnly.json()._id}`)).statusCode).toBe(
      404,
    );
  });
});
