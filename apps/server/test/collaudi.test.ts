import { calcolaRiga, permissionPreset } from '@gestcava/contracts';
import { eq, sql } from 'drizzle-orm';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocchi, collaudi, collaudoRighe } from '../src/db/schema/index.js';
import { addDays, todayInRome } from '../src/lib/dates.js';
import { csvRows } from './csv-helpers.js';
import {
  anonymousClient,
  buildTestApp,
  createProductionLookups,
  createTradeParties,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let admin: TestClient;
/** The Vendite preset: collaudi, clienti, blocchi read only. */
let vendite: TestClient;
let ids: {
  materiale: string;
  ubicazione: string;
  fornitore: string;
  clienteA: string;
  clienteB: string;
};
const year = new Date().getFullYear();
const base = '/api/collaudi';
const db = () => ctx.database.db;

/** A bought-in block, `disponibile` at once: 300×200×150 cm = 9 m³ of Statuario (2.71 t/m³) unless told otherwise. */
async function makeBlocco(overrides: Record<string, unknown> = {}) {
  const res = await admin.post('/api/blocchi-esterni', {
    fornitoreId: ids.fornitore,
    dataAcquisto: `${year}-02-01`,
    prezzoAcquisto: 900,
    unitaPrezzoAcquisto: 'm3',
    materialeId: ids.materiale,
    ubicazioneId: ids.ubicazione,
    lunghezza: 300,
    altezza: 200,
    profondita: 150,
    prezzoListino: 1200,
    unitaPrezzo: 'm3',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; codice: string };
}

async function opziona(bloccoId: string, clienteId: string, opzioneScadenza: string) {
  const res = await admin.post(`/api/blocchi-esterni/${bloccoId}/stato`, {
    stato: 'opzionato',
    clienteId,
    opzioneScadenza,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function nuovo(client: TestClient = vendite, extra: Record<string, unknown> = {}) {
  const res = await client.post(base, {
    data: todayInRome(),
    luogo: 'Piazzale Canalgrande',
    clienteId: ids.clienteA,
    ispettore: 'Ing. Müller',
    riferimentoOrdine: 'ORD-77',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function aggiungi(collaudoId: string, bloccoId: string, client: TestClient = vendite) {
  const res = await client.post(`${base}/${collaudoId}/righe`, { bloccoId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const rigaOf = (collaudo: { righe: Array<{ _id: string; bloccoId: string }> }, bloccoId: string) =>
  collaudo.righe.find((r) => r.bloccoId === bloccoId)!;

async function giudica(
  collaudo: { _id: string; righe: Array<{ _id: string; bloccoId: string }> },
  bloccoId: string,
  body: Record<string, unknown>,
) {
  const res = await vendite.put(
    `${base}/${collaudo._id}/righe/${rigaOf(collaudo, bloccoId)._id}`,
    body,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function stato(collaudoId: string, to: string, client: TestClient = vendite) {
  return client.post(`${base}/${collaudoId}/stato`, { stato: to });
}

const bloccoRow = async (id: string) =>
  (await db().select().from(blocchi).where(eq(blocchi.id, id)))[0]!;

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  admin = await org.adminClient();
  vendite = (await org.userClient(permissionPreset('Vendite'))).client;
  const lookups = await createProductionLookups(admin);
  const parties = await createTradeParties(admin);
  ids = {
    materiale: lookups.materialeId,
    ubicazione: lookups.ubicazioneId,
    ...parties,
  };
});
afterAll(() => ctx.close());

describe('a collaudo from programming to the sale', () => {
  it('three blocks measured and judged: the accepted ones are sold with price and cliente, the rejected ones go back where they were', async () => {
    const [a, b, c] = [
      await makeBlocco({ codiceTracciabilita: 'CT-2026-0042' }),
      await makeBlocco({ unitaPrezzo: 't', prezzoListino: 95.5 }),
      await makeBlocco(),
    ];
    const optionEnd = addDays(todayInRome(), 10);
    await opziona(c._id, ids.clienteA, optionEnd);

    const created = await nuovo();
    expect(created).toMatchObject({
      stato: 'programmato',
      cliente: { _id: ids.clienteA, ragioneSociale: 'Stone Design GmbH' },
      righe: [],
      totali: { blocchiAccettati: 0, volumeNetto: 0, peso: 0, importo: 0 },
    });
    expect(created.codice).toMatch(new RegExp(`^CO-${year}-\\d{4}$`));

    // The picker offers the disponibili and the blocks optioned for this cliente only.
    const picker = (
      await vendite.get(`${base}/blocchi-collaudabili`, { query: { collaudoId: created._id } })
    ).json() as Array<{ _id: string; stato: string; opzioneScadenza: string | null }>;
    expect(picker.find((p) => p._id === c._id)).toMatchObject({
      stato: 'opzionato',
      opzioneScadenza: optionEnd,
    });
    expect(picker.find((p) => p._id === a._id)).toMatchObject({
      stato: 'disponibile',
      opzioneScadenza: null,
    });

    await aggiungi(created._id, a._id);
    await aggiungi(created._id, b._id);
    let collaudo = await aggiungi(created._id, c._id);
    expect(collaudo.righe.map((r: { blocco: { codice: string } }) => r.blocco.codice)).toEqual([
      a.codice,
      b.codice,
      c.codice,
    ]);
    // Prices start from the list price and its unit; the block is held in the collaudo for the cliente.
    expect(rigaOf(collaudo, b._id)).toMatchObject({
      prezzo: 95.5,
      unitaPrezzo: 't',
      statoPrecedente: 'disponibile',
      volumeNettoAccettato: 9,
      peso: 24.39,
      importo: 232925,
    });
    expect(rigaOf(collaudo, c._id)).toMatchObject({
      statoPrecedente: 'opzionato',
      blocco: { stato: 'in_collaudo', lunghezza: 300, difettiDichiarati: [] },
    });
    expect(await bloccoRow(c._id)).toMatchObject({
      stato: 'in_collaudo',
      clienteId: ids.clienteA,
      opzioneScadenza: null,
    });
    expect(await bloccoRow(a._id)).toMatchObject({ stato: 'in_collaudo', clienteId: ids.clienteA });

    expect((await stato(created._id, 'in_corso')).statusCode).toBe(200);
    collaudo = await giudica(collaudo, a._id, {
      lunghezzaRilevata: 296,
      altezzaRilevata: 198,
      profonditaRilevata: 149,
      abbuonoTipo: 'cm_per_lato',
      abbuonoValore: 2,
      esito: 'accettato',
      prezzo: 1250,
      sceltaAssegnata: 'prima',
    });
    collaudo = await giudica(collaudo, b._id, {
      pesoRilevato: 25.2,
      difettiRiscontrati: ['pelo'],
      esito: 'accettato_con_riserva',
      note: 'Pelo sul lato corto: da verificare al taglio',
    });
    collaudo = await giudica(collaudo, c._id, {
      esito: 'rifiutato',
      difettiRiscontrati: ['crepa'],
      note: 'Crepa passante',
    });

    // The figures are the contracts' calcolaRiga, rounded per row; the totals sum the accepted rows.
    const expectA = calcolaRiga({
      dichiarate: { lunghezza: 300, altezza: 200, profondita: 150 },
      lunghezzaRilevata: 296,
      altezzaRilevata: 198,
      profonditaRilevata: 149,
      abbuonoTipo: 'cm_per_lato',
      abbuonoValore: 2,
      densita: 2.71,
      pesoPesa: null,
      pesoRilevato: null,
      prezzo: 1250,
      unitaPrezzo: 'm3',
    });
    expect(expectA.volumeNettoAccettato).toBe(8.214); // 292 × 194 × 145 cm
    expect(rigaOf(collaudo, a._id)).toMatchObject({
      volumeNettoAccettato: 8.214,
      peso: 22.26,
      importo: 1026750,
      sceltaAssegnata: 'prima',
    });
    // what the verbale prints per row: the net measures after the abbuono, the quarry (none: bought in) and the certificate code
    expect(rigaOf(collaudo, a._id)).toMatchObject({
      lunghezzaNetta: 292,
      altezzaNetta: 194,
      profonditaNetta: 145,
      blocco: { cava: null, codiceTracciabilita: 'CT-2026-0042' },
    });
    expect(rigaOf(collaudo, b._id)).toMatchObject({
      peso: 25.2,
      importo: 240660,
      difettiRiscontrati: ['pelo'],
    }); // 25.2 t × 95.5 €
    expect(collaudo.totali).toEqual({
      blocchiAccettati: 2,
      volumeNetto: 17.214,
      peso: 47.46,
      importo: 1267410,
    });

    expect((await stato(created._id, 'eseguito')).statusCode).toBe(200);
    const locked = await vendite.put(
      `${base}/${created._id}/righe/${rigaOf(collaudo, a._id)._id}`,
      { prezzo: 1 },
    );
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toMatch(/programmato o in corso/);

    const confirmed = await stato(created._id, 'confermato');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().stato).toBe('confermato');
    expect(await bloccoRow(a._id)).toMatchObject({
      stato: 'venduto',
      clienteId: ids.clienteA,
      prezzoListino: 1250,
      unitaPrezzo: 'm3',
    });
    expect(await bloccoRow(b._id)).toMatchObject({
      stato: 'venduto',
      clienteId: ids.clienteA,
      prezzoListino: 95.5,
      unitaPrezzo: 't',
    });
    // Rejected, its option still running: back to the option for the same cliente and day.
    expect(await bloccoRow(c._id)).toMatchObject({
      stato: 'opzionato',
      clienteId: ids.clienteA,
      opzioneScadenza: optionEnd,
    });

    const summary = (
      await vendite.get(`${base}/summary`, { query: { clienteId: ids.clienteA } })
    ).json();
    expect(summary).toMatchObject({
      blocchiVenduti: 2,
      volumeVenduto: 17.214,
      importoVenduto: 1267410,
    });
    expect(summary.perStato.confermato).toBeGreaterThanOrEqual(1);
    const list = (await vendite.get(base, { query: { q: a.codice } })).json();
    expect(list.items).toEqual([
      expect.objectContaining({
        _id: created._id,
        blocchi: 3,
        blocchiAccettati: 2,
        volumeNetto: 17.214,
        importo: 1267410,
        stato: 'confermato',
      }),
    ]);

    const cliente = (await vendite.get(`${base}/di-cliente/${ids.clienteA}`)).json();
    expect(cliente.blocchiAcquistati.map((x: { codice: string }) => x.codice).sort()).toEqual(
      [a.codice, b.codice].sort(),
    );
    const genealogy = (await admin.get(`/api/blocchi-esterni/${c._id}/genealogy`)).json();
    expect(genealogy).toContainEqual(
      expect.objectContaining({
        entityType: 'collaudo',
        _id: created._id,
        relation: 'vendita',
        path: `/app/pages/collaudi/${created._id}`,
      }),
    );
    expect(
      genealogy.find((n: { entityType: string }) => n.entityType === 'collaudo').label,
    ).toMatch(/rifiutato/);
    const history = (await vendite.get(`${base}/${created._id}/history`)).json();
    expect(
      history
        .filter((h: { action: string }) => h.action === 'stato')
        .map((h: { changes: { stato: { to: string } } }) => h.changes.stato.to),
    ).toEqual(['in_corso', 'eseguito', 'confermato']);
    const blockHistory = (await admin.get(`/api/blocchi-esterni/${a._id}/history`)).json();
    expect(blockHistory.at(-1)).toMatchObject({
      changes: { stato: { from: 'in_collaudo', to: 'venduto' } },
    });
    expect(blockHistory.at(-1).note).toContain(created.codice);
  });

  it('eseguito and confermato want an outcome for every block and a price for every accepted one', async () => {
    const blocco = await makeBlocco({ prezzoListino: null });
    const collaudo = await aggiungi((await nuovo())._id, blocco._id);
    expect((await stato(collaudo._id, 'in_corso')).statusCode).toBe(200);
    const noEsito = await stato(collaudo._id, 'eseguito');
    expect(noEsito.statusCode).toBe(400);
    expect(noEsito.json().message).toBe(`Manca l'esito del blocco ${blocco.codice}`);
    await giudica(collaudo, blocco._id, { esito: 'accettato' });
    const noPrezzo = await stato(collaudo._id, 'eseguito');
    expect(noPrezzo.statusCode).toBe(400);
    expect(noPrezzo.json().message).toMatch(/Manca il prezzo/);
    expect((await stato(collaudo._id, 'confermato')).statusCode).toBe(409); // in_corso → confermato is not a move
  });

  it('cancelling returns every block; an option that ran out meanwhile comes back disponibile', async () => {
    const [a, b] = [await makeBlocco(), await makeBlocco()];
    await opziona(b._id, ids.clienteA, addDays(todayInRome(), 3));
    const created = await nuovo();
    await aggiungi(created._id, a._id);
    const collaudo = await aggiungi(created._id, b._id);
    // The option's last day passes while the block is in the collaudo.
    await db()
      .update(collaudoRighe)
      .set({ opzioneScadenzaPrecedente: addDays(todayInRome(), -1) })
      .where(eq(collaudoRighe.id, rigaOf(collaudo, b._id)._id));
    const res = await stato(created._id, 'annullato');
    expect(res.statusCode, res.body).toBe(200);
    expect(await bloccoRow(a._id)).toMatchObject({ stato: 'disponibile', clienteId: null });
    expect(await bloccoRow(b._id)).toMatchObject({
      stato: 'disponibile',
      clienteId: null,
      opzioneScadenza: null,
    });
    expect(
      (await vendite.post(`${base}/${created._id}/righe`, { bloccoId: a._id })).statusCode,
    ).toBe(409);
  });

  it('a row removed gives its block back; the cliente changes only while no block is in', async () => {
    const blocco = await makeBlocco();
    const created = await nuovo();
    const collaudo = await aggiungi(created._id, blocco._id);
    const change = await vendite.put(`${base}/${created._id}`, { clienteId: ids.clienteB });
    expect(change.statusCode).toBe(409);
    const removed = await vendite.delete(`${base}/${created._id}/righe/${collaudo.righe[0]._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().righe).toEqual([]);
    expect(await bloccoRow(blocco._id)).toMatchObject({ stato: 'disponibile', clienteId: null });
    const changed = await vendite.put(`${base}/${created._id}`, {
      clienteId: ids.clienteB,
      luogo: 'Porto di Marina di Carrara',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      cliente: { _id: ids.clienteB },
      luogo: 'Porto di Marina di Carrara',
    });
  });
});

describe('which blocks may join', () => {
  it('only disponibile, or optioned for this cliente; never one already in another collaudo', async () => {
    const [perAltri, venduto, libero] = [
      await makeBlocco(),
      await makeBlocco(),
      await makeBlocco(),
    ];
    await opziona(perAltri._id, ids.clienteB, addDays(todayInRome(), 5));
    await db().update(blocchi).set({ stato: 'venduto' }).where(eq(blocchi.id, venduto._id));
    const collaudo = await nuovo();
    const optioned = await vendite.post(`${base}/${collaudo._id}/righe`, {
      bloccoId: perAltri._id,
    });
    expect(optioned.statusCode).toBe(409);
    expect(optioned.json().message).toBe(
      `Il blocco ${perAltri.codice} è opzionato per un altro cliente`,
    );
    const sold = await vendite.post(`${base}/${collaudo._id}/righe`, { bloccoId: venduto._id });
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toMatch(/«Venduto»/);
    await aggiungi(collaudo._id, libero._id);
    const again = await vendite.post(`${base}/${collaudo._id}/righe`, { bloccoId: libero._id });
    expect(again.json().message).toBe(`Il blocco ${libero.codice} è già in questo collaudo`);
    const other = await nuovo(vendite, { clienteId: ids.clienteB });
    const elsewhere = await vendite.post(`${base}/${other._id}/righe`, { bloccoId: libero._id });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(
      `Il blocco ${libero.codice} è già nel collaudo ${collaudo.codice}`,
    );
    // An expired option is no option: the block is disponibile to anyone.
    const scaduto = await makeBlocco();
    await opziona(scaduto._id, ids.clienteB, addDays(todayInRome(), 1));
    await db()
      .update(blocchi)
      .set({ opzioneScadenza: addDays(todayInRome(), -1) })
      .where(eq(blocchi.id, scaduto._id));
    const took = await aggiungi(collaudo._id, scaduto._id);
    expect(rigaOf(took, scaduto._id)).toMatchObject({ statoPrecedente: 'disponibile' });
  });

  it('ten collaudi adding the same block at once: exactly one succeeds', async () => {
    const blocco = await makeBlocco();
    const many = await Promise.all(Array.from({ length: 10 }, () => nuovo()));
    const results = await Promise.all(
      many.map((c) => vendite.post(`${base}/${c._id}/righe`, { bloccoId: blocco._id })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const rows = await db()
      .select()
      .from(collaudoRighe)
      .where(eq(collaudoRighe.bloccoId, blocco._id));
    expect(rows).toHaveLength(1);
  });
});

describe('confirmation is all or nothing', () => {
  async function eseguito() {
    const [a, b] = [await makeBlocco(), await makeBlocco()];
    const created = await nuovo();
    await aggiungi(created._id, a._id);
    let collaudo = await aggiungi(created._id, b._id);
    await stato(created._id, 'in_corso');
    collaudo = await giudica(collaudo, a._id, { esito: 'accettato' });
    collaudo = await giudica(collaudo, b._id, { esito: 'accettato' });
    expect((await stato(created._id, 'eseguito')).statusCode).toBe(200);
    return { collaudo, a, b };
  }

  it('a fault on the second block after the first was sold leaves nothing written', async () => {
    const { collaudo, a, b } = await eseguito();
    await db().execute(sql`create table gestcava_test_fault_target (codice text)`);
    await db().execute(sql`insert into gestcava_test_fault_target values (${b.codice})`);
    await db().execute(
      sql`create or replace function gestcava_test_fault() returns trigger language plpgsql as $$ begin if new.stato = 'venduto' and exists (select 1 from gestcava_test_fault_target t where t.codice = new.codice) then raise exception 'guasto simulato'; end if; return new; end $$`,
    );
    await db().execute(
      sql`create trigger gestcava_test_fault before update on blocchi for each row execute function gestcava_test_fault()`,
    );
    try {
      const res = await stato(collaudo._id, 'confermato');
      expect(res.statusCode).toBe(500);
    } finally {
      await db().execute(sql`drop trigger gestcava_test_fault on blocchi`);
      await db().execute(sql`drop table gestcava_test_fault_target`);
    }
    expect(
      (await db().select().from(collaudi).where(eq(collaudi.id, collaudo._id)))[0]!.stato,
    ).toBe('eseguito');
    expect(await bloccoRow(a._id)).toMatchObject({ stato: 'in_collaudo' });
    expect(await bloccoRow(b._id)).toMatchObject({ stato: 'in_collaudo' });
    expect((await stato(collaudo._id, 'confermato')).statusCode).toBe(200);
  });

  it('a block moved behind the collaudo (scrapped by SQL) refuses the confirmation with 409', async () => {
    const { collaudo, a, b } = await eseguito();
    await db().update(blocchi).set({ stato: 'scartato' }).where(eq(blocchi.id, b._id));
    const res = await stato(collaudo._id, 'confermato');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(b.codice);
    expect(await bloccoRow(a._id)).toMatchObject({ stato: 'in_collaudo' });
    expect((await vendite.get(`${base}/${collaudo._id}`)).json().stato).toBe('eseguito');
  });
});

describe('permissions and company isolation', () => {
  it('vendite works; produzione gets 403; a reader cannot write', async () => {
    const collaudo = await nuovo();
    const produzione = (await org.userClient(permissionPreset('Produzione'))).client;
    for (const url of [
      base,
      `${base}/summary`,
      `${base}/${collaudo._id}`,
      `${base}/${collaudo._id}/history`,
      `${base}/clienti-selezionabili`,
      `${base}/${collaudo._id}/verbale-link`,
      `${base}/${collaudo._id}/verbale`,
    ]) {
      expect((await produzione.get(url)).statusCode, url).toBe(403);
    }
    expect(
      (await produzione.post(base, { data: todayInRome(), clienteId: ids.clienteA })).statusCode,
    ).toBe(403);
    const lettore = (await org.userClient({ collaudi: { access: true, write: false } })).client;
    expect((await lettore.get(`${base}/${collaudo._id}`)).statusCode).toBe(200);
    expect(
      (await lettore.post(`${base}/${collaudo._id}/stato`, { stato: 'in_corso' })).statusCode,
    ).toBe(403);
    expect(
      (await lettore.post(`${base}/${collaudo._id}/righe`, { bloccoId: (await makeBlocco())._id }))
        .statusCode,
    ).toBe(403);
  });

  it("another company's collaudo, cliente and block are not found", async () => {
    const collaudo = await nuovo();
    const other = await setupCompany(ctx);
    const stranger = (await other.userClient({ collaudi: true })).client;
    expect((await stranger.get(`${base}/${collaudo._id}`)).statusCode).toBe(404);
    expect((await stranger.put(`${base}/${collaudo._id}`, { note: 'mia' })).statusCode).toBe(404);
    expect(
      (await stranger.post(`${base}/${collaudo._id}/stato`, { stato: 'annullato' })).statusCode,
    ).toBe(404);
    expect(
      (await stranger.post(`${base}/${collaudo._id}/righe`, { bloccoId: (await makeBlocco())._id }))
        .statusCode,
    ).toBe(404);
    expect((await stranger.get(`${base}/${collaudo._id}/verbale-link`)).statusCode).toBe(404);
    expect((await stranger.get(base)).json().total).toBe(0);
    const foreignCliente = await stranger.post(base, {
      data: todayInRome(),
      clienteId: ids.clienteA,
    });
    expect(foreignCliente.statusCode).toBe(400);
    expect(foreignCliente.json().details[0].path).toBe('clienteId');
    const theirCliente = (
      await (
        await other.adminClient()
      ).post('/api/clienti', {
        ragioneSociale: 'Altra Ditta S.r.l.',
        nazione: 'DE',
        indirizzo: 'X 1',
        comune: 'Köln',
      })
    ).json();
    const theirs = (
      await stranger.post(base, { data: todayInRome(), clienteId: theirCliente._id })
    ).json();
    const foreignBlock = await stranger.post(`${base}/${theirs._id}/righe`, {
      bloccoId: (await makeBlocco())._id,
    });
    expect(foreignBlock.statusCode).toBe(400);
    expect(foreignBlock.json().details[0].path).toBe('bloccoId');
  });
});

describe('verbale, photos and export', () => {
  it('the verbale downloads through its signed link without a bearer, with the codes and the total', async () => {
    const blocco = await makeBlocco();
    const termini = {
      ispettoreSocieta: 'Stone Design GmbH',
      resa: 'FOB Marina di Carrara',
      carico: 'In container a cura del venditore',
      pagamento: 'Lettera di credito a vista',
    };
    const created = await nuovo(vendite, termini);
    expect(created).toMatchObject(termini);
    // the terms change like the other header fields, and an empty one is cleared
    const changed = await vendite.put(`${base}/${created._id}`, {
      pagamento: 'Bonifico 30 gg',
      carico: '',
    });
    expect(changed.json()).toMatchObject({ ...termini, pagamento: 'Bonifico 30 gg', carico: null });
    const collaudo = await aggiungi(created._id, blocco._id);
    await stato(created._id, 'in_corso');
    await giudica(collaudo, blocco._id, { esito: 'accettato', prezzo: 1000 });
    const jpeg = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#d0ccc4' },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      entityType: 'collaudo',
      entityId: created._id,
      bloccoId: blocco._id,
    }))
      form.append(k, v);
    form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'collaudo.jpg');
    const request = new Request('http://x', { method: 'POST', body: form });
    const upload = await vendite.post(
      '/photos/uploadPhotos',
      Buffer.from(await request.arrayBuffer()),
      { headers: { 'content-type': request.headers.get('content-type')! } },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json().photos[0]).toMatchObject({
      entityType: 'collaudo',
      entityId: created._id,
      bloccoId: blocco._id,
    });

    const { url } = (await vendite.get(`${base}/${created._id}/verbale-link`)).json();
    const anon = await anonymousClient(ctx.app);
    const res = await anon.get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`verbale-${created.codice}.pdf`);
    const doc = mupdf.Document.openDocument(res.rawPayload, 'application/pdf');
    let text = '';
    for (let i = 0; i < doc.countPages(); i++)
      text += doc.loadPage(i).toStructuredText('preserve-whitespace').asText();
    expect(text).toContain(created.codice);
    expect(text).toContain(blocco.codice);
    for (const s of [
      'Ing. Müller, Stone Design GmbH',
      'FOB Marina di Carrara',
      'Bonifico 30 gg',
      'art. 1491 c.c.',
    ])
      expect(text).toContain(s);
    expect(text).toContain('9,000');
    expect(text).toContain('9.000,00');
    const tampered = await anon.get(url.replace(/sig=[^&]+/, 'sig=abc'));
    expect(tampered.statusCode).toBe(403);
    expect((await anon.get(`${base}/${created._id}/verbale`)).statusCode).toBe(401);
    expect((await vendite.get(`${base}/${created._id}/verbale`)).statusCode).toBe(200);
  });

  it('the verbale in English for a foreign buyer: the signed link carries the language; a language other than it or en is a 400 in Italian', async () => {
    const blocco = await makeBlocco();
    const created = await nuovo(vendite, { resa: 'FOB Marina di Carrara' });
    const collaudo = await aggiungi(created._id, blocco._id);
    await stato(created._id, 'in_corso');
    await giudica(collaudo, blocco._id, { esito: 'accettato', prezzo: 1000 });

    const { url } = (await vendite.get(`${base}/${created._id}/verbale-link?lingua=en`)).json();
    expect(new URL(url, 'http://x').searchParams.get('lingua')).toBe('en');
    const res = await (await anonymousClient(ctx.app)).get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`inspection-report-${created.codice}.pdf`);
    const doc = mupdf.Document.openDocument(res.rawPayload, 'application/pdf');
    let text = '';
    for (let i = 0; i < doc.countPages(); i++)
      text += doc.loadPage(i).toStructuredText('preserve-whitespace').asText();
    text = text.replace(/\s+/g, ' ');
    // 9 m³ at 1,000.00 €/m³, written the English way
    for (const s of [
      'Inspection report',
      'Delivery FOB Marina di Carrara',
      '9.000',
      '€ 9,000.00',
      'art. 1491 of the Italian Civil Code',
      'Page 1 of 1',
    ])
      expect(text).toContain(s);
    expect(text).not.toContain('Verbale di collaudo');
    // without a language: Italian, as before
    const it = (await vendite.get(`${base}/${created._id}/verbale-link`)).json().url as string;
    expect(new URL(it, 'http://x').searchParams.get('lingua')).toBe('it');

    for (const bad of [
      `${base}/${created._id}/verbale?lingua=xx`,
      `${base}/${created._id}/verbale-link?lingua=xx`,
    ]) {
      const refused = await vendite.get(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message).toContain('Lingua del verbale: it o en');
    }
  });

  it('the verbale link works only while the session that asked for it lives: refused after logout and once the user is deactivated', async () => {
    const created = await nuovo();
    const anon = await anonymousClient(ctx.app);
    const ended = (res: { statusCode: number; json(): { message: string } }) => {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'Collegamento non più valido: la sessione che lo ha creato è terminata. Accedi e riapri il documento',
      );
    };

    const { client: leaving } = await org.userClient(permissionPreset('Vendite'));
    const { url } = (await leaving.get(`${base}/${created._id}/verbale-link`)).json();
    expect((await anon.get(url)).statusCode).toBe(200);
    expect((await leaving.post('/user/logout')).statusCode).toBe(200);
    ended(await anon.get(url));

    const { client: deactivated, user } = await org.userClient(permissionPreset('Vendite'));
    const link = (await deactivated.get(`${base}/${created._id}/verbale-link`)).json()
      .url as string;
    expect((await anon.get(link)).statusCode).toBe(200);
    expect((await admin.put(`/user/update/${user.id}`, { active: false })).statusCode).toBe(200);
    ended(await anon.get(link));
    // another session's id under this signature is no way round it
    const { client: other, user: otherUser } = await org.userClient(permissionPreset('Vendite'));
    const live = new URL(
      (await other.get(`${base}/${created._id}/verbale-link`)).json().url,
      'http://x',
    ).searchParams;
    const forged = new URL(link, 'http://x');
    forged.searchParams.set('sid', live.get('sid')!);
    forged.searchParams.set('uid', otherUser.id);
    expect((await anon.get(`${forged.pathname}${forged.search}`)).json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Collegamento non valido',
    });
  });

  it('a photo of another kind cannot name a block', async () => {
    const blocco = await makeBlocco();
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      entityType: 'blocco',
      entityId: blocco._id,
      bloccoId: blocco._id,
    }))
      form.append(k, v);
    form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'x.jpg');
    const request = new Request('http://x', { method: 'POST', body: form });
    const res = await admin.post('/photos/uploadPhotos', Buffer.from(await request.arrayBuffer()), {
      headers: { 'content-type': request.headers.get('content-type')! },
    });
    expect(res.statusCode).toBe(400);
  });

  it('the list exports as CSV with the Italian figures', async () => {
    const res = await vendite.get(`${base}/export`, {
      query: { format: 'csv', clienteId: ids.clienteA, stato: 'confermato' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = csvRows(res.body).map((r) => r.join(';'));
    expect(lines[0]).toContain('Codice;Data;Cliente');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[1]).toContain('Stone Design GmbH');
  });
});

describe('defects found at a collaudo', () => {
  it('join the block’s defects when the collaudo is confirmed, with a history row naming the collaudo', async () => {
    const rifiutato = await makeBlocco({ difettoso: true, difetti: ['macchia'] });
    const accettato = await makeBlocco();
    const created = await nuovo();
    await aggiungi(created._id, rifiutato._id);
    let collaudo = await aggiungi(created._id, accettato._id);
    expect((await stato(created._id, 'in_corso')).statusCode).toBe(200);
    collaudo = await giudica(collaudo, rifiutato._id, {
      esito: 'rifiutato',
      difettiRiscontrati: ['crepa', 'macchia'],
      note: 'Crepa aperta',
    });
    await giudica(collaudo, accettato._id, {
      esito: 'accettato_con_riserva',
      difettiRiscontrati: ['pelo'],
      prezzo: 1000,
    });
    // Not before the confirmation: an inspection still open changes nothing on the block.
    expect(await bloccoRow(rifiutato._id)).toMatchObject({ difettoso: true, difetti: ['macchia'] });
    expect((await stato(created._id, 'eseguito')).statusCode).toBe(200);
    expect((await stato(created._id, 'confermato')).statusCode).toBe(200);

    // The next buyer and the next inspector read it: the rejected block is back, with the crack.
    const back = (await admin.get(`/api/blocchi-esterni/${rifiutato._id}`)).json();
    expect(back).toMatchObject({
      stato: 'disponibile',
      difettoso: true,
      difetti: ['crepa', 'macchia'],
    });
    expect(await bloccoRow(accettato._id)).toMatchObject({
      stato: 'venduto',
      difettoso: true,
      difetti: ['pelo'],
    });
    const history = (
      await admin.get(`/api/blocchi-esterni/${rifiutato._id}/history`)
    ).json() as Array<{ action: string; note: string | null; changes: Record<string, unknown> }>;
    const row = history.find((h) => h.action === 'update' && 'difetti' in h.changes);
    expect(row).toMatchObject({
      action: 'update',
      note: `Collaudo ${created.codice}: difetti riscontrati`,
      changes: { difetti: { from: ['macchia'], to: ['crepa', 'macchia'] } },
    });
    expect(row!.changes).not.toHaveProperty('difettoso'); // it was already difettoso
    const sold = (
      await admin.get(`/api/blocchi-esterni/${accettato._id}/history`)
    ).json() as Array<{ action: string; changes: Record<string, unknown> }>;
    expect(sold.find((h) => h.action === 'update' && 'difetti' in h.changes)!.changes).toEqual({
      difettoso: { from: false, to: true },
      difetti: { from: [], to: ['pelo'] },
    });
  });
});

describe('a sale per tonne is charged on the weighbridge', () => {
  // 220 × 200 × 110 cm = 4,84 m³ of Statuario at 2,71 t/m³ = 13,12 t theoretical; the weighbridge read 15,08 t
  const dims = {
    lunghezza: 220,
    altezza: 200,
    profondita: 110,
    unitaPrezzo: 't',
    prezzoListino: 846,
  };

  it("the block's weighbridge weight when nothing is weighed at the collaudo ('pesato'), the collaudo's reading when typed, else m³ × density ('teorico')", async () => {
    const pesata = await makeBlocco({ ...dims, pesoPesa: 15.08 });
    const ripesata = await makeBlocco({ ...dims, pesoPesa: 15.08 });
    const teorica = await makeBlocco(dims);
    const created = await nuovo();
    for (const b of [pesata, ripesata, teorica]) await aggiungi(created._id, b._id);
    expect((await stato(created._id, 'in_corso')).statusCode).toBe(200);
    let collaudo = (await vendite.get(`${base}/${created._id}`)).json();
    expect(rigaOf(collaudo, pesata._id)).toMatchObject({
      prezzo: 846,
      unitaPrezzo: 't',
      volumeNettoAccettato: 4.84,
      peso: 15.08,
      pesoBase: 'pesato',
      importo: 1275768,
      blocco: { pesoPesa: 15.08 },
    });
    expect(rigaOf(collaudo, teorica._id)).toMatchObject({
      peso: 13.12,
      pesoBase: 'teorico',
      importo: 1109952,
      blocco: { pesoPesa: null },
    });
    collaudo = await giudica(collaudo, ripesata._id, { pesoRilevato: 14.9, esito: 'accettato' });
    expect(rigaOf(collaudo, ripesata._id)).toMatchObject({
      peso: 14.9,
      pesoBase: 'pesato',
      importo: 1260540,
    });
    collaudo = await giudica(collaudo, pesata._id, { esito: 'accettato' });
    collaudo = await giudica(collaudo, teorica._id, { esito: 'accettato' });
    expect(collaudo.totali).toEqual({
      blocchiAccettati: 3,
      volumeNetto: 14.52,
      peso: 43.1,
      importo: 1275768 + 1260540 + 1109952,
    });
    // the list's row, before confirmation, sums the figures the detail shows: weighbridge and theoretical tonnes alike
    const listed = (await vendite.get(base, { query: { q: created.codice } })).json();
    expect(listed.items).toEqual([
      expect.objectContaining({
        _id: created._id,
        blocchi: 3,
        blocchiAccettati: 3,
        volumeNetto: 14.52,
        importo: 1275768 + 1260540 + 1109952,
        createdAt: collaudo.createdAt,
      }),
    ]);

    expect((await stato(created._id, 'eseguito')).statusCode).toBe(200);
    const confirmed = await stato(created._id, 'confermato');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // the SQL sums (summary, statistiche, reports) read the stored row: the weighbridge's tonnes and its basis
    const stored = await db()
      .select()
      .from(collaudoRighe)
      .where(eq(collaudoRighe.collaudoId, created._id));
    expect(stored.find((r) => r.bloccoId === pesata._id)).toMatchObject({
      peso: 15.08,
      pesoBase: 'pesato',
      importo: 1275768,
    });
    expect(stored.find((r) => r.bloccoId === teorica._id)).toMatchObject({
      peso: 13.12,
      pesoBase: 'teorico',
      importo: 1109952,
    });
  });

  it('a confirmed collaudo keeps the figures it was sold at: a row stored under the old rule is shown as stored, not recomputed', async () => {
    const b = await makeBlocco({ ...dims, pesoPesa: 15.08 });
    const created = await nuovo();
    const collaudo = await aggiungi(created._id, b._id);
    expect((await stato(created._id, 'in_corso')).statusCode).toBe(200);
    await giudica(collaudo, b._id, { esito: 'accettato' });
    expect((await stato(created._id, 'eseguito')).statusCode).toBe(200);
    expect((await stato(created._id, 'confermato')).statusCode).toBe(200);
    // as CO-2026-0002 was confirmed before the rule: charged on 13,12 theoretical tonnes
    await db()
      .update(collaudoRighe)
      .set({ peso: 13.12, pesoBase: 'teorico', importo: 1109952 })
      .where(eq(collaudoRighe.collaudoId, created._id));
    const shown = (await vendite.get(`${base}/${created._id}`)).json();
    expect(rigaOf(shown, b._id)).toMatchObject({
      peso: 13.12,
      pesoBase: 'teorico',
      importo: 1109952,
    });
    expect(shown.totali).toMatchObject({ peso: 13.12, importo: 1109952 });
    const cliente = (await vendite.get(`${base}/di-cliente/${ids.clienteA}`)).json();
    expect(cliente.blocchiAcquistati.find((x: { _id: string }) => x._id === b._id)).toMatchObject({
      importo: 1109952,
    });
  });
});

describe('informi are sold by weight (docs/reportistica.md, "Regole delle cifre")', () => {
  it('an informe priced per m³ is a 400, as a block, at its declassamento and on a collaudo row; its row starts per tonne', async () => {
    const message = 'Gli informi si vendono a peso: €/t o €/q';
    const created = await admin.post('/api/blocchi-esterni', {
      fornitoreId: ids.fornitore,
      dataAcquisto: `${year}-02-01`,
      prezzoAcquisto: 900,
      unitaPrezzoAcquisto: 'totale',
      materialeId: ids.materiale,
      ubicazioneId: ids.ubicazione,
      lunghezza: 300,
      altezza: 200,
      profondita: 150,
      categoria: 'informe',
      prezzoListino: 300,
      unitaPrezzo: 'm3',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(message);

    // declassed to informe while its list price stays per m³: refused
    const squadrato = await makeBlocco();
    const declassa = await admin.post(`/api/blocchi-esterni/${squadrato._id}/declassa`, {
      categoria: 'informe',
      unitaPrezzo: 'm3',
      nota: 'Crepa passante',
    });
    expect(declassa.statusCode).toBe(400);
    expect(declassa.json().message).toBe(message);

    // 9 m³ × 2,71 = 24,39 t at 9,50 €/q: the row starts at 95,00 €/t, 24,39 × 95 = 2 317,05 €
    const informe = await makeBlocco({
      categoria: 'informe',
      prezzoListino: 9.5,
      unitaPrezzo: 'q',
    });
    const collaudo = await aggiungi((await nuovo())._id, informe._id);
    expect(rigaOf(collaudo, informe._id)).toMatchObject({
      unitaPrezzo: 't',
      prezzo: 95,
      peso: 24.39,
      importo: 231705,
    });
    const url = `${base}/${collaudo._id}/righe/${rigaOf(collaudo, informe._id)._id}`;
    const perM3 = await vendite.put(url, { unitaPrezzo: 'm3' });
    expect(perM3.statusCode).toBe(400);
    expect(perM3.json().message).toBe(message);
    expect(
      (await vendite.put(url, { prezzo: 100, esito: 'accettato' })).json().righe[0],
    ).toMatchObject({ unitaPrezzo: 't', importo: 243900 });
  });
});

describe('the collaudi list', () => {
  it('pages in the order asked, with the whole count on every page, an empty last page included', async () => {
    // days no other test uses, so the filter finds these three alone
    const days = [503, 501, 502].map((n) => addDays(todayInRome(), n));
    const made = [];
    for (const data of days) made.push(await nuovo(vendite, { data, clienteId: ids.clienteB }));
    const byDate = [...made].sort((x, y) => x.data.localeCompare(y.data));
    const dal = addDays(todayInRome(), 500);
    const page = async (query: Record<string, string>) =>
      (await vendite.get(base, { query: { dal, limit: '2', ...query } })).json();

    const first = await page({ page: '1' });
    expect(first.total).toBe(3);
    expect(first.items.map((i: { _id: string }) => i._id)).toEqual(
      [byDate[2]._id, byDate[1]._id], // newest first by default
    );
    expect(first.items[0]).toMatchObject({ blocchi: 0, blocchiAccettati: 0, importo: 0 });
    const second = await page({ page: '2' });
    expect(second).toMatchObject({ total: 3, page: 2 });
    expect(second.items.map((i: { _id: string }) => i._id)).toEqual([byDate[0]._id]);
    expect(await page({ page: '3' })).toMatchObject({ items: [], total: 3 });
    const ascending = await page({ page: '1', sort: 'data' });
    expect(ascending.items.map((i: { _id: string }) => i._id)).toEqual([
      byDate[0]._id,
      byDate[1]._id,
    ]);
  });
});
