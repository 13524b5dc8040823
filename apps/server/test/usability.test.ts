import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocchi } from '../src/db/schema/index.js';
import { addDays, todayInRome, todayInRomeSql } from '../src/lib/dates.js';
import { rowsOf } from '../src/lib/pagination.js';
import { matchesStoredSearch } from '../src/lib/search.js';
import { batches } from '../src/modules/blocchi/blocchi.repository.js';
import { csvRows } from './csv-helpers.js';
import {
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

/** Usability, server side: Rome calendar dates, quick starts, sales optioning. */
let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let cavatore: TestClient;
let ids: { cava: string; materiale: string; ubicazione: string; cliente: string; bancata: string };
const today = () => todayInRome();
const inDays = (n: number) => addDays(todayInRome(), n);

async function makeBlocco(overrides: Record<string, unknown> = {}) {
  const res = await cavatore.post('/api/blocchi', {
    bancataId: ids.bancata,
    ubicazioneId: ids.ubicazione,
    lunghezza: 280,
    altezza: 150,
    profondita: 120,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  const admin = await org.adminClient();
  cavatore = (await org.userClient({ bancate: true, blocchi: true, 'blocchi-esterni': true }))
    .client;
  const lookups = await createProductionLookups(admin);
  const cliente = (
    await admin.post('/api/clienti', {
      ragioneSociale: 'Stone Buyer GmbH',
      nazione: 'DE',
      indirizzo: 'Weg 2',
      comune: 'München',
    })
  ).json();
  const bancata = (
    await cavatore.post('/api/bancate', {
      cavaId: lookups.cavaId,
      materialeId: lookups.materialeId,
      dataTaglio: today(),
      lunghezza: 1200,
      altezza: 600,
      profondita: 400,
    })
  ).json();
  for (const stato of ['ribaltata', 'in_riquadratura'])
    expect((await cavatore.post(`/api/bancate/${bancata._id}/stato`, { stato })).statusCode).toBe(
      200,
    );
  ids = {
    cava: lookups.cavaId,
    materiale: lookups.materialeId,
    ubicazione: lookups.ubicazioneId,
    cliente: cliente._id,
    bancata: bancata._id,
  };
});
afterAll(() => ctx.close());

describe("an option's expiry is a calendar day in Rome", () => {
  it('stores and answers the chosen day, holds through it, and lapses the day after', async () => {
    const b = await makeBlocco({ stato: 'disponibile' });
    expect(
      (
        await cavatore.post(`/api/blocchi/${b._id}/stato`, {
          stato: 'opzionato',
          clienteId: ids.cliente,
          opzioneScadenza: inDays(-1),
        })
      ).statusCode,
    ).toBe(400);
    // Today is the earliest expiry: the option holds until the end of today in Italy.
    const opt = await cavatore.post(`/api/blocchi/${b._id}/stato`, {
      stato: 'opzionato',
      clienteId: ids.cliente,
      opzioneScadenza: today(),
    });
    expect(opt.statusCode, opt.body).toBe(200);
    expect(opt.json()).toMatchObject({ stato: 'opzionato', opzioneScadenza: today() });
    const [row] = await ctx.database.db
      .select({ opzioneScadenza: blocchi.opzioneScadenza })
      .from(blocchi)
      .where(eq(blocchi.id, b._id));
    expect(row!.opzioneScadenza).toBe(today());
    const listed = (await cavatore.get('/api/blocchi', { query: { q: b.codice } })).json().items[0];
    expect(listed).toMatchObject({ stato: 'opzionato', opzioneScadenza: today() });
    expect(await ctx.app.services.blocchi.sweepExpiredOptions()).toBe(0);
    // The history names the day, not an instant.
    const history = (await cavatore.get(`/api/blocchi/${b._id}/history`)).json();
    expect(history.at(-1).changes.opzioneScadenza).toEqual({ from: null, to: today() });

    await ctx.database.db
      .update(blocchi)
      .set({ opzioneScadenza: inDays(-1) })
      .where(eq(blocchi.id, b._id));
    expect((await cavatore.get(`/api/blocchi/${b._id}`)).json()).toMatchObject({
      stato: 'disponibile',
      opzioneScadenza: null,
      cliente: null,
    });
    expect(await ctx.app.services.blocchi.sweepExpiredOptions()).toBe(1);
  });

  it('the database takes "today" in Rome, whatever its session zone', async () => {
    // Kiritimati is UTC+14 and Niue UTC−11: at any instant one of them is on another day than Rome.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Niue']) {
      const day = await ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('TimeZone', ${zone}, true)`);
        return rowsOf<{ d: string }>(await tx.execute(sql`select ${todayInRomeSql}::text as d`))[0]!
          .d;
      });
      expect(day).toBe(todayInRome());
    }
  });
});

describe('quick starts', () => {
  it('a bancata cut today or earlier starts in_taglio, with the move in its history; a future one is planned', async () => {
    const base = {
      cavaId: ids.cava,
      materialeId: ids.materiale,
      lunghezza: 1000,
      altezza: 500,
      profondita: 400,
    };
    const started = (await cavatore.post('/api/bancate', { ...base, dataTaglio: today() })).json();
    expect(started.stato).toBe('in_taglio');
    const history = (await cavatore.get(`/api/bancate/${started._id}/history`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(['create', 'stato']);
    expect(history[1].changes.stato).toEqual({ from: 'pianificata', to: 'in_taglio' });
    expect(
      (await cavatore.post('/api/bancate', { ...base, dataTaglio: inDays(-30) })).json().stato,
    ).toBe('in_taglio');
    expect(
      (await cavatore.post('/api/bancate', { ...base, dataTaglio: inDays(1) })).json().stato,
    ).toBe('pianificata');
  });

  it('a blocco may be saved directly as disponibile; nothing else may be chosen at creation', async () => {
    expect((await makeBlocco()).stato).toBe('in_piazzale');
    const ready = await makeBlocco({ stato: 'disponibile' });
    expect(ready.stato).toBe('disponibile');
    const history = (await cavatore.get(`/api/blocchi/${ready._id}/history`)).json();
    expect(history.at(-1)).toMatchObject({
      action: 'stato',
      changes: { stato: { from: 'in_piazzale', to: 'disponibile' } },
    });
    const sold = await cavatore.post('/api/blocchi', {
      bancataId: ids.bancata,
      ubicazioneId: ids.ubicazione,
      lunghezza: 280,
      altezza: 150,
      profondita: 120,
      stato: 'venduto',
    });
    expect(sold.statusCode).toBe(400);
  });
});

describe('sales users option blocks (docs/api.md "Who may call what" amended)', () => {
  it('a collaudi writer with read access options, renews and releases, and nothing more', async () => {
    const { client: vendite } = await org.userClient({
      collaudi: true,
      blocchi: { access: true, write: false },
    });
    const b = await makeBlocco({ stato: 'disponibile' });
    const picker = await vendite.get('/api/blocchi/clienti-selezionabili', {
      query: { q: 'stone' },
    });
    expect(picker.statusCode).toBe(200);
    expect(picker.json().map((c: { _id: string }) => c._id)).toEqual([ids.cliente]);

    const opt = await vendite.post(`/api/blocchi/${b._id}/stato`, {
      stato: 'opzionato',
      clienteId: ids.cliente,
      opzioneScadenza: inDays(7),
    });
    expect(opt.statusCode, opt.body).toBe(200);
    expect(
      (
        await vendite.post(`/api/blocchi/${b._id}/stato`, {
          stato: 'opzionato',
          clienteId: ids.cliente,
          opzioneScadenza: inDays(14),
        })
      ).json().opzioneScadenza,
    ).toBe(inDays(14));
    expect(
      (await vendite.post(`/api/blocchi/${b._id}/stato`, { stato: 'scartato' })).statusCode,
    ).toBe(403);
    expect(
      (await vendite.post(`/api/blocchi/${b._id}/stato`, { stato: 'disponibile' })).json().stato,
    ).toBe('disponibile');
    // Other moves, edits, declassamento and deletion stay the block writers'.
    expect(
      (await vendite.post(`/api/blocchi/${b._id}/stato`, { stato: 'scartato' })).statusCode,
    ).toBe(403);
    expect((await vendite.put(`/api/blocchi/${b._id}`, { note: 'no' })).statusCode).toBe(403);
    expect(
      (await vendite.post(`/api/blocchi/${b._id}/declassa`, { scelta: 'seconda', nota: 'prova' }))
        .statusCode,
    ).toBe(403);
    expect((await vendite.delete(`/api/blocchi/${b._id}`)).statusCode).toBe(403);
    expect(
      (
        await vendite.post('/api/blocchi', {
          bancataId: ids.bancata,
          ubicazioneId: ids.ubicazione,
          lunghezza: 200,
          altezza: 100,
          profondita: 100,
        })
      ).statusCode,
    ).toBe(403);
    // Only on blocks they can read: no access to bought-in blocks here.
    expect(
      (await vendite.post(`/api/blocchi-esterni/${b._id}/stato`, { stato: 'disponibile' }))
        .statusCode,
    ).toBe(403);
  });

  it('a reader without collaudi write may not option', async () => {
    const { client: reader } = await org.userClient({
      collaudi: { access: true, write: false },
      blocchi: { access: true, write: false },
    });
    const b = await makeBlocco({ stato: 'disponibile' });
    expect(
      (
        await reader.post(`/api/blocchi/${b._id}/stato`, {
          stato: 'opzionato',
          clienteId: ids.cliente,
          opzioneScadenza: inDays(7),
        })
      ).statusCode,
    ).toBe(403);
    expect((await reader.get('/api/blocchi/bancate-selezionabili')).statusCode).toBe(200);
  });
});

describe('search ignores accents and apostrophe style', () => {
  it('finds bancate, blocchi, clienti and the customer picker whichever way the user types', async () => {
    const admin = await org.adminClient();
    const cliente = (
      await admin.post('/api/clienti', {
        ragioneSociale: 'Marmi Dell’Amico S.r.l.',
        nazione: 'SM',
        indirizzo: 'Via Aurelia 1',
        comune: 'Forlì',
      })
    ).json();
    const created = await cavatore.post('/api/bancate', {
      cavaId: ids.cava,
      materialeId: ids.materiale,
      dataTaglio: inDays(5),
      fronte: 'Gradone già aperto',
      lunghezza: 100,
      altezza: 100,
      profondita: 100,
    });
    expect(created.statusCode, created.body).toBe(201);
    const bancata = created.json();
    const blocco = await makeBlocco({ note: "Spigolo gia' segnato, verso l’alto" });

    const ids_ = (res: { json: () => { items: Array<{ _id: string }> } }) =>
      res.json().items.map((i) => i._id);
    expect(ids_(await cavatore.get('/api/bancate', { query: { q: 'gia aperto' } }))).toEqual([
      bancata._id,
    ]);
    expect(ids_(await cavatore.get('/api/bancate', { query: { q: 'GIÀ APERTO' } }))).toEqual([
      bancata._id,
    ]);
    expect(ids_(await admin.get('/api/clienti', { query: { q: "dell'amico" } }))).toEqual([
      cliente._id,
    ]);
    expect(ids_(await admin.get('/api/clienti', { query: { q: 'forli' } }))).toEqual([cliente._id]);
    expect(
      (await admin.get('/api/clienti/summary', { query: { q: 'Dell`Amico' } })).json().totale,
    ).toBe(1);
    expect(
      (await cavatore.get('/api/blocchi/clienti-selezionabili', { query: { q: 'Dell´Amico' } }))
        .json()
        .map((c: { _id: string }) => c._id),
    ).toEqual([cliente._id]);
    expect(ids_(await cavatore.get('/api/blocchi', { query: { q: "verso l'alto" } }))).toEqual([
      blocco._id,
    ]);
    expect(ids_(await cavatore.get('/api/blocchi', { query: { q: 'gia’ segnato' } }))).toEqual([
      blocco._id,
    ]);
    expect(
      (await cavatore.get('/api/blocchi/summary', { query: { q: 'gia’ segnato' } })).json().count,
    ).toBe(1);
    // A literal % still matches itself only.
    expect((await cavatore.get('/api/blocchi', { query: { q: '%' } })).json().total).toBe(0);
  });

  it('the blocchi search is served by its trigram index on the stored search text', async () => {
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const where = matchesStoredSearch(blocchi.searchText, 'gia segnato');
      return rowsOf<Record<string, string>>(
        await tx.execute(sql`explain select 1 from ${blocchi} where ${where}`),
      )
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).toMatch(/blocchi_search_trgm_idx/);
  });
});

describe('blocchi lists: customer, expiring options, volume and price', () => {
  it('filter the list, the summary and the export alike; the export follows the sort and labels net and gross', async () => {
    const { _id: bancataId } = (
      await cavatore.post('/api/bancate', {
        cavaId: ids.cava,
        materialeId: ids.materiale,
        dataTaglio: today(),
        lunghezza: 1200,
        altezza: 600,
        profondita: 400,
      })
    ).json();
    for (const stato of ['ribaltata', 'in_riquadratura'])
      await cavatore.post(`/api/bancate/${bancataId}/stato`, { stato });
    const make = (l: number, prezzoListino: number | null) =>
      makeBlocco({
        bancataId,
        stato: 'disponibile',
        lunghezza: l,
        lunghezzaNetta: l - 20,
        altezza: 100,
        profondita: 100,
        prezzoListino,
      });
    const small = await make(200, 800); // net 1.8 m³
    const medium = await make(300, 1200); // net 2.8 m³
    const large = await make(400, null); // net 3.8 m³
    const option = (id: string, opzioneScadenza: string) =>
      cavatore.post(`/api/blocchi/${id}/stato`, {
        stato: 'opzionato',
        clienteId: ids.cliente,
        opzioneScadenza,
      });
    expect((await option(small._id, inDays(7))).statusCode).toBe(200);
    expect((await option(medium._id, inDays(8))).statusCode).toBe(200);

    const listed = async (query: Record<string, string>) =>
      (await cavatore.get('/api/blocchi', { query: { bancataId, sort: 'codice', ...query } }))
        .json()
        .items.map((b: { _id: string }) => b._id);
    expect(await listed({ clienteId: ids.cliente })).toEqual([small._id, medium._id]);
    expect(await listed({ inScadenza: 'true' })).toEqual([small._id]);
    expect(await listed({ volumeMin: '2', volumeMax: '3' })).toEqual([medium._id]);
    expect(await listed({ volumeMin: '2.8' })).toEqual([medium._id, large._id]);
    expect(await listed({ prezzoMin: '1000' })).toEqual([medium._id]);
    expect(await listed({ prezzoMax: '1000' })).toEqual([small._id]);
    expect(
      (await cavatore.get('/api/blocchi/summary', { query: { bancataId, volumeMin: '2' } })).json(),
    ).toMatchObject({ count: 2, volumeNetto: 6.6 });
    expect(
      (await cavatore.get('/api/blocchi', { query: { volumeMin: '-1', clienteId: 'x' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await cavatore.get('/api/blocchi-esterni', {
          query: { clienteId: ids.cliente, inScadenza: 'true', prezzoMin: '1' },
        })
      ).statusCode,
    ).toBe(200);

    // A lapsed option no longer counts for its customer.
    await ctx.database.db
      .update(blocchi)
      .set({ opzioneScadenza: inDays(-1) })
      .where(eq(blocchi.id, small._id));
    expect(await listed({ clienteId: ids.cliente })).toEqual([medium._id]);
    expect(await listed({ inScadenza: 'true' })).toEqual([]);

    const csv = await cavatore.get('/api/blocchi/export', {
      query: { format: 'csv', bancataId, sort: '-volumeNetto', volumeMin: '1' },
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csvRows(csv.body);
    expect(header).toEqual(
      expect.arrayContaining([
        'Lunghezza lorda (cm)',
        'Lunghezza netta (cm)',
        'Volume lordo (m³)',
        'Volume netto (m³)',
        'Prezzo di listino (€)',
        'Unità di prezzo',
      ]),
    );
    expect(lines.map((l) => l[0])).toEqual([large.codice, medium.codice, small.codice]);
    const at = (line: string[], name: string) => line[header!.indexOf(name)];
    expect([
      at(lines[1]!, 'Lunghezza lorda (cm)'),
      at(lines[1]!, 'Lunghezza netta (cm)'),
      at(lines[1]!, 'Prezzo di listino (€)'),
      at(lines[1]!, 'Unità di prezzo'),
    ]).toEqual(['300', '280', '1200', '€/m³']);
    const sorted = await cavatore.get('/api/blocchi/export', {
      query: { format: 'csv', bancataId, sort: 'codice', prezzoMin: '1' },
    });
    expect(
      csvRows(sorted.body)
        .slice(1)
        .map((l) => l[0]),
    ).toEqual([small.codice, medium.codice]);
  });

  it('the export walks every batch in the chosen order', async () => {
    const all: string[] = [];
    for await (const batch of batches(
      ctx.database.db,
      org.company.id,
      'interno',
      {},
      '-volumeNetto',
      2,
    )) {
      all.push(...batch.map((b) => `${b.blocco.volumeNetto}|${b.blocco.id}`));
    }
    const listed = (
      await cavatore.get('/api/blocchi', { query: { sort: '-volumeNetto', limit: '100' } })
    ).json();
    expect(all).toHaveLength(listed.total);
    expect(new Set(all).size).toBe(all.length);
    const volumes = all.map((v) => Number(v.split('|')[0]));
    expect([...volumes].sort((a, b) => b - a)).toEqual(volumes);
  });
});
