import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInRome } from '../src/lib/dates.js';
import { csvRows } from './csv-helpers.js';
import {
  buildTestApp,
  createProductionLookups,
  loadLotto,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';
import { ledgerSum, scaricaLastre } from '../src/modules/magazzino/ledger.repository.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let admin: TestClient;
let magazzino: TestClient;
let segheria: TestClient;
let pavimenti: TestClient;
let vendite: TestClient;
let ids: {
  cava: string;
  materiale: string;
  ubicazione: string;
  scaffale: string;
  macchina: string;
};
let own: {
  blocco: { _id: string; codice: string };
  bancata: { _id: string; codice: string };
  lav: { _id: string; codice: string; pacchi: Array<{ _id: string; codice: string }> };
};
let bought: {
  blocco: { _id: string; codice: string };
  lav: { _id: string; pacchi: Array<{ _id: string; codice: string }> };
};
let lotto: { id: string };
const year = new Date().getFullYear();

async function saw(
  bloccoId: string,
  plan: Record<string, unknown>,
  completa: Record<string, unknown>,
) {
  const lav = (
    await admin.post('/api/lavorazioni-lastre', {
      bloccoId,
      macchinaId: ids.macchina,
      spessoreMm: 20,
      ...plan,
    })
  ).json();
  expect(
    (await admin.post(`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'in_segagione' }))
      .statusCode,
  ).toBe(200);
  const res = await admin.post(`/api/lavorazioni-lastre/${lav._id}/completa`, completa);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  ctx = await buildTestApp({ RATE_LIMIT_EXPORTS: '1000' });
  org = await setupCompany(ctx);
  admin = await org.adminClient();
  const lookups = await createProductionLookups(admin);
  const scaffale = (
    await admin.post('/api/ubicazioni', { nome: 'Scaffale A', tipo: 'scaffale' })
  ).json();
  const macchina = (
    await admin.post('/api/macchine', {
      nome: 'Multifilo',
      tipo: 'multifilo',
      kerfMm: 3.5,
      rifiloMm: 15,
    })
  ).json();
  const fornitore = (
    await admin.post('/api/fornitori', {
      ragioneSociale: 'Cave Esterne S.r.l.',
      nazione: 'DE',
      indirizzo: 'Hauptstr. 1',
      comune: 'Berlin',
    })
  ).json();
  ids = {
    cava: lookups.cavaId,
    materiale: lookups.materialeId,
    ubicazione: lookups.ubicazioneId,
    scaffale: scaffale._id,
    macchina: macchina._id,
  };

  // An own block (cava and bancata above it), sawn into 5 slabs of 2 cm in bundles of 3.
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
    await admin.post(`/api/bancate/${bancata._id}/stato`, { stato });
  const blocco = (
    await admin.post('/api/blocchi', {
      bancataId: bancata._id,
      ubicazioneId: ids.ubicazione,
      lunghezza: 300,
      altezza: 160,
      profondita: 140,
      stato: 'disponibile',
    })
  ).json();
  const slabs = [3000, 3000, 3000, 2900, 2800].map((l, i) => ({
    lunghezzaMm: l,
    altezzaMm: 1600,
    ...(i === 4 ? { scelta: 'commerciale' } : {}),
  }));
  own = {
    blocco,
    bancata,
    lav: await saw(
      blocco._id,
      { finitura: 'levigato' },
      { lastre: slabs, lastrePerPacco: 3, ubicazioneId: ids.scaffale },
    ),
  };
  // A bought block, 3 cm, 4 slabs in one bundle.
  const esterno = (
    await admin.post('/api/blocchi-esterni', {
      fornitoreId: fornitore._id,
      dataAcquisto: `${year}-02-01`,
      prezzoAcquisto: 1500,
      unitaPrezzoAcquisto: 'm3',
      materialeId: ids.materiale,
      ubicazioneId: ids.ubicazione,
      lunghezza: 280,
      altezza: 150,
      profondita: 120,
    })
  ).json();
  bought = {
    blocco: esterno,
    lav: await saw(
      esterno._id,
      { spessoreMm: 30 },
      { numeroLastre: 4, lunghezzaMm: 2700, altezzaMm: 1400, ubicazioneId: ids.ubicazione },
    ),
  };

  // A tile lot cut from the own block (the pavimenti lavorazione writes these through the same ledger).
  lotto = await loadLotto(ctx, org.company.id, {
    codice: `LO-${year}-0001`,
    materialeId: ids.materiale,
    pezzi: 250,
    pezziPerCassa: 12,
    bloccoId: blocco._id,
    ubicazioneId: ids.scaffale,
  });

  magazzino = (
    await org.userClient({
      'lavorazione-lastre': true,
      'lavorazione-pavimenti': true,
      'magazzino-lastre': true,
      'magazzino-pavimenti': true,
      'photo-gallery': true,
    })
  ).client;
  segheria = (
    await org.userClient({
      blocchi: true,
      'blocchi-esterni': true,
      'lavorazione-lastre': true,
      'magazzino-lastre': true,
    })
  ).client;
  pavimenti = (await org.userClient({ 'magazzino-pavimenti': true })).client;
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

describe('pacchi', () => {
  it('lists bundles with their provenance, filters and totals', async () => {
    const all = (
      await magazzino.get('/api/magazzino/pacchi', { query: { sort: 'codice' } })
    ).json();
    expect(all.total).toBe(3);
    const [first] = all.items;
    expect(first).toMatchObject({
      codice: own.lav.pacchi[0]!.codice,
      blocco: { _id: own.blocco._id, codice: own.blocco.codice, origine: 'interno' },
      bancata: { _id: own.bancata._id, codice: own.bancata.codice },
      cava: { _id: ids.cava, nome: 'Canalgrande' },
      lavorazione: { _id: own.lav._id, codice: own.lav.codice },
      materiale: { nome: 'Statuario' },
      spessoreMm: 20,
      finitura: 'levigato',
      scelta: 'prima',
      nLastre: 3,
      mq: 14.4,
      pesoT: 0.78, // 14.4 m² × 0.02 m × 2.71 t/m³
      ubicazione: { _id: ids.scaffale, nome: 'Scaffale A' },
    });
    expect(all.items[1]).toMatchObject({ nLastre: 2, mq: 9.12, scelta: 'commerciale' });
    const q = (name: string, value: string) =>
      magazzino
        .get('/api/magazzino/pacchi', { query: { [name]: value } })
        .then((r) => r.json().total);
    expect(await q('bloccoId', own.blocco._id)).toBe(2);
    expect(await q('lavorazioneId', bought.lav._id)).toBe(1);
    expect(await q('spessoreMm', '30')).toBe(1);
    expect(await q('finitura', 'levigato')).toBe(2);
    expect(await q('scelta', 'commerciale')).toBe(1);
    expect(await q('ubicazioneId', ids.scaffale)).toBe(2);
    expect(await q('materialeId', ids.materiale)).toBe(3);
    expect(await q('q', bought.blocco.codice)).toBe(1);
    const xlsx = await magazzino.get('/api/magazzino/pacchi/export', {
      query: { bloccoId: own.blocco._id },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(
      (await magazzino.get('/api/magazzino/lotti/export', { query: { format: 'csv' } })).body,
    ).toContain(`"LO-${year}-0001";`);
    expect((await segheria.get('/api/magazzino/lotti/export')).statusCode).toBe(403);
    const summary = (
      await magazzino.get('/api/magazzino/pacchi/summary', { query: { bloccoId: own.blocco._id } })
    ).json();
    expect(summary).toEqual({ count: 2, pezzi: 5, mq: 23.52, pesoT: 1.27 });
    expect(
      (await magazzino.get('/api/magazzino/pacchi', { query: { spessoreMm: 'venti' } })).statusCode,
    ).toBe(400);
  });

  it('shows a bundle with its slabs in sawing order, its genealogy and its history', async () => {
    const res = await segheria.get(`/api/magazzino/pacchi/${own.lav.pacchi[0]!._id}`);
    expect(res.statusCode).toBe(200);
    const pacco = res.json();
    expect(pacco.lastre.map((l: { codice: string }) => l.codice)).toEqual(
      [1, 2, 3].map((n) => `${own.blocco.codice}-00${n}`),
    );
    expect(pacco.lastre[0]).toMatchObject({
      progressivo: 1,
      lunghezzaMm: 3000,
      altezzaMm: 1600,
      mq: 4.8,
      spessoreMm: 20,
      finitura: 'levigato',
      stato: 'disponibile',
      pacco: { codice: pacco.codice },
    });
    const genealogy = (await segheria.get(`/api/magazzino/pacchi/${pacco._id}/genealogy`)).json();
    expect(genealogy.map((n: { entityType: string }) => n.entityType)).toEqual([
      'cava',
      'bancata',
      'blocco',
      'lavorazione-lastre',
    ]);
    const history = (await segheria.get(`/api/magazzino/pacchi/${pacco._id}/history`)).json();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'create', note: `Segagione ${own.lav.codice}` });
  });

  it('an emptied bundle leaves the default list and stays with esauriti', async () => {
    const paccoId = own.lav.pacchi[1]!._id;
    const slabs = (await magazzino.get('/api/magazzino/lastre', { query: { paccoId } })).json()
      .items as Array<{ _id: string }>;
    const db = ctx.database.db;
    await db.transaction((tx) =>
      scaricaLastre(
        tx,
        { companyId: org.company.id, userId: null, causale: 'Prova' },
        slabs.map((s) => s._id),
        'disponibile',
        'venduta',
      ),
    );
    expect(
      (await magazzino.get('/api/magazzino/pacchi', { query: { bloccoId: own.blocco._id } })).json()
        .total,
    ).toBe(1);
    const withEmpty = (
      await magazzino.get('/api/magazzino/pacchi', {
        query: { bloccoId: own.blocco._id, esauriti: 'true' },
      })
    ).json();
    expect(withEmpty.items.find((p: { _id: string }) => p._id === paccoId)).toMatchObject({
      nLastre: 0,
      mq: 0,
    });
    const sum = await ledgerSum(db, org.company.id, { paccoId });
    expect(sum).toEqual({ pezzi: 0, mq: 0 });
    // sold slabs are not on hand: the default slab list leaves them out, a stato filter finds them
    expect(
      (await magazzino.get('/api/magazzino/lastre', { query: { paccoId } })).json().total,
    ).toBe(0);
    expect(
      (
        await magazzino.get('/api/magazzino/lastre', { query: { paccoId, stato: 'venduta' } })
      ).json().total,
    ).toBe(2);
    expect(
      (
        await magazzino.get('/api/magazzino/lastre', { query: { paccoId, esauriti: 'true' } })
      ).json().total,
    ).toBe(2);
    // the sawing still shows what it produced
    const lav = (await magazzino.get(`/api/lavorazioni-lastre/${own.lav._id}`)).json();
    expect(lav.pacchi.find((p: { _id: string }) => p._id === paccoId)).toMatchObject({
      nLastre: 2,
      mq: 9.12,
    });
  });
});

describe('lastre', () => {
  it('lists slabs with filters and totals in pieces, m² and t', async () => {
    const list = (
      await magazzino.get('/api/magazzino/lastre', {
        query: { bloccoId: bought.blocco._id, sort: 'codice' },
      })
    ).json();
    expect(list.total).toBe(4);
    expect(list.items[3]).toMatchObject({
      codice: `${bought.blocco.codice}-004`,
      spessoreMm: 30,
      mq: 3.78,
      bancata: null,
      cava: null,
      blocco: { origine: 'esterno' },
    });
    const csv = await magazzino.get('/api/magazzino/lastre/export', {
      query: { format: 'csv', bloccoId: bought.blocco._id, sort: 'codice' },
    });
    expect(csv.statusCode).toBe(200);
    const rows = csvRows(csv.body).map((r) => r.join(';'));
    expect(rows).toHaveLength(5);
    expect(rows[4]).toBe(
      `${bought.blocco.codice}-004;${bought.lav.pacchi[0]!.codice};${bought.blocco.codice};Statuario;4;2700;1400;30;Grezzo di segagione;3,78;Prima;;Piazzale cava;;Disponibile`,
    );
    const summary = (
      await magazzino.get('/api/magazzino/lastre/summary', {
        query: { bloccoId: bought.blocco._id },
      })
    ).json();
    // each slab 3,78 m² × 0,03 × 2,71 = 0,307 → 0,31 t, four of them 1,24 t (one weight per slab)
    expect(summary).toEqual({ count: 4, pezzi: 4, mq: 15.12, pesoT: 1.24 });
    const q = (query: Record<string, string>) =>
      magazzino.get('/api/magazzino/lastre', { query }).then((r) => r.json().total);
    expect(await q({ spessoreMm: '20' })).toBe(3);
    expect(await q({ scelta: 'prima', bloccoId: own.blocco._id })).toBe(3);
    expect(await q({ ubicazioneId: ids.ubicazione })).toBe(4);
    expect(await q({ finitura: 'grezzo' })).toBe(4);
    expect(await q({ materialeId: ids.materiale })).toBe(7);
    expect(await q({ stato: 'disponibile' })).toBe(7);
    expect(await q({ q: `${own.blocco.codice}-002` })).toBe(1);
    expect(
      (await magazzino.get('/api/magazzino/lastre', { query: { stato: 'persa' } })).statusCode,
    ).toBe(400);
  });

  it('shows a slab with block, bancata and cava above it', async () => {
    const [slab] = (
      await magazzino.get('/api/magazzino/lastre', { query: { q: `${own.blocco.codice}-001` } })
    ).json().items;
    const detail = (await segheria.get(`/api/magazzino/lastre/${slab._id}`)).json();
    expect(detail).toMatchObject({
      codice: `${own.blocco.codice}-001`,
      progressivo: 1,
      blocco: { _id: own.blocco._id },
      bancata: { _id: own.bancata._id },
      cava: { nome: 'Canalgrande' },
      lavorazione: { _id: own.lav._id },
    });
    const genealogy = (
      await segheria.get(`/api/magazzino/lastre/${slab._id}/genealogy`)
    ).json() as Array<{ entityType: string; relation: string; path: string | null }>;
    expect(genealogy.map((n) => n.entityType)).toEqual([
      'cava',
      'bancata',
      'blocco',
      'lavorazione-lastre',
      'pacco',
    ]);
    expect(genealogy.every((n) => n.relation === 'origine')).toBe(true);
    expect(genealogy[2]!.path).toBe(`/app/pages/blocchi/${own.blocco._id}`);
    expect((await segheria.get(`/api/magazzino/lastre/${slab._id}/history`)).json()[0].action).toBe(
      'create',
    );
  });

  it("the block's genealogy lists its sawing, bundles, slabs and tile lots", async () => {
    const nodes = (await admin.get(`/api/blocchi/${own.blocco._id}/genealogy`)).json() as Array<{
      entityType: string;
      codice: string | null;
      path: string | null;
    }>;
    const derived = (type: string) => nodes.filter((n) => n.entityType === type);
    expect(derived('lavorazione-lastre').map((n) => n.codice)).toEqual([own.lav.codice]);
    expect(derived('pacco')).toHaveLength(2);
    expect(derived('lastra').map((n) => n.codice)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `${own.blocco.codice}-00${n}`),
    );
    expect(derived('lotto')).toEqual([
      expect.objectContaining({
        codice: `LO-${year}-0001`,
        path: `/app/pages/magazzino/pavimenti/${lotto.id}`,
      }),
    ]);
    // each bundle right after its sawing, each slab after its bundle
    const order = nodes
      .filter((n) => ['lavorazione-lastre', 'pacco', 'lastra'].includes(n.entityType))
      .map((n) => n.codice);
    expect(order.slice(0, 5)).toEqual([
      own.lav.codice,
      own.lav.pacchi[0]!.codice,
      `${own.blocco.codice}-001`,
      `${own.blocco.codice}-002`,
      `${own.blocco.codice}-003`,
    ]);
  });
});

describe('lotti', () => {
  it('lists, sums and shows tile lots with their provenance', async () => {
    const list = (
      await pavimenti.get('/api/magazzino/lotti', { query: { bloccoId: own.blocco._id } })
    ).json();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      codice: `LO-${year}-0001`,
      pezzi: 250,
      casse: 21,
      mq: 23.26,
      bordo: 'vivo',
      blocco: { _id: own.blocco._id },
      bancata: { _id: own.bancata._id },
      lavorazione: { codice: `LP-${year}-0001` },
    });
    expect(
      (
        await pavimenti.get('/api/magazzino/lotti', { query: { bloccoId: bought.blocco._id } })
      ).json().total,
    ).toBe(0);
    expect((await pavimenti.get('/api/magazzino/lotti/summary')).json()).toEqual({
      count: 1,
      pezzi: 250,
      mq: 23.26,
      pesoT: 0.63,
    });
    const detail = (await pavimenti.get(`/api/magazzino/lotti/${lotto.id}`)).json();
    expect(detail).toMatchObject({ _id: lotto.id, cava: { nome: 'Canalgrande' } });
    const genealogy = (await pavimenti.get(`/api/magazzino/lotti/${lotto.id}/genealogy`)).json();
    expect(genealogy.map((n: { entityType: string }) => n.entityType)).toEqual([
      'cava',
      'bancata',
      'blocco',
      'lavorazione-pavimenti',
    ]);
  });
});

describe('movimenti', () => {
  it('lists the ledger with filters; each side sees only the rows of its magazzino', async () => {
    const all = (
      await magazzino.get('/api/magazzino/movimenti', { query: { limit: '100' } })
    ).json();
    // 3 carichi of bundles, 1 of the lot, 2 scarichi of the sold slabs
    expect(all.total).toBe(6);
    const carico = (
      await magazzino.get('/api/magazzino/movimenti', {
        query: { paccoId: own.lav.pacchi[0]!._id },
      })
    ).json().items;
    expect(carico).toEqual([
      expect.objectContaining({
        tipo: 'carico',
        pezzi: 3,
        mq: 14.4,
        blocco: { _id: own.blocco._id, codice: own.blocco.codice },
        causale: `Segagione ${own.lav.codice}`,
        utente: expect.objectContaining({ _id: org.admin.id }),
      }),
    ]);
    expect(
      (await magazzino.get('/api/magazzino/movimenti', { query: { tipo: 'scarico' } })).json()
        .total,
    ).toBe(2);
    expect(
      (
        await magazzino.get('/api/magazzino/movimenti', { query: { bloccoId: own.blocco._id } })
      ).json().total,
    ).toBe(5);
    expect(
      (await magazzino.get('/api/magazzino/movimenti', { query: { lottoId: lotto.id } })).json()
        .items[0],
    ).toMatchObject({ tipo: 'carico', pezzi: 250, casse: 21, utente: null });
    const [slab] = (
      await magazzino.get('/api/magazzino/lastre', { query: { stato: 'venduta' } })
    ).json().items;
    expect(
      (await magazzino.get('/api/magazzino/movimenti', { query: { lastraId: slab._id } })).json()
        .items[0],
    ).toMatchObject({ tipo: 'scarico', pezzi: -1 });
    const today = todayInRome();
    expect(
      (await magazzino.get('/api/magazzino/movimenti', { query: { dal: today, al: today } })).json()
        .total,
    ).toBe(6);
    expect(
      (await magazzino.get('/api/magazzino/movimenti', { query: { al: '2000-01-01' } })).json()
        .total,
    ).toBe(0);
    // scope: the slab side without lots, the tile side without slabs
    const lastreSide = (
      await segheria.get('/api/magazzino/movimenti', { query: { limit: '100' } })
    ).json();
    expect(lastreSide.total).toBe(5);
    expect(lastreSide.items.every((m: { lotto: unknown }) => m.lotto === null)).toBe(true);
    const pavimentiSide = (
      await pavimenti.get('/api/magazzino/movimenti', { query: { bloccoId: own.blocco._id } })
    ).json();
    expect(pavimentiSide.items.map((m: { lotto: { _id: string } }) => m.lotto._id)).toEqual([
      lotto.id,
    ]);
  });
});

describe('access and photos', () => {
  it('each route answers its permission; another company gets 404', async () => {
    const pacco = own.lav.pacchi[0]!._id;
    const [slab] = (await magazzino.get('/api/magazzino/lastre')).json().items;
    const lastreRoutes = [
      '/api/magazzino/pacchi',
      '/api/magazzino/pacchi/summary',
      `/api/magazzino/pacchi/${pacco}`,
      `/api/magazzino/pacchi/${pacco}/history`,
      '/api/magazzino/lastre',
      '/api/magazzino/lastre/summary',
      `/api/magazzino/lastre/${slab._id}`,
      `/api/magazzino/lastre/${slab._id}/genealogy`,
      `/api/magazzino/lastre/${slab._id}/history`,
      `/api/magazzino/pacchi/${pacco}/genealogy`,
      '/api/magazzino/pacchi/export',
      '/api/magazzino/lastre/export',
    ];
    const lottiRoutes = [
      '/api/magazzino/lotti',
      '/api/magazzino/lotti/summary',
      `/api/magazzino/lotti/${lotto.id}`,
      `/api/magazzino/lotti/${lotto.id}/history`,
      `/api/magazzino/lotti/${lotto.id}/genealogy`,
      '/api/magazzino/lotti/export',
    ];
    for (const url of lastreRoutes) {
      expect((await magazzino.get(url)).statusCode, url).toBe(200);
      expect((await segheria.get(url)).statusCode, url).toBe(200);
      expect((await pavimenti.get(url)).statusCode, url).toBe(403);
      expect((await vendite.get(url)).statusCode, url).toBe(403);
    }
    for (const url of lottiRoutes) {
      expect((await magazzino.get(url)).statusCode, url).toBe(200);
      expect((await pavimenti.get(url)).statusCode, url).toBe(200);
      expect((await segheria.get(url)).statusCode, url).toBe(403);
    }
    expect((await vendite.get('/api/magazzino/movimenti')).statusCode).toBe(403);
    for (const url of lottiRoutes) expect((await vendite.get(url)).statusCode, url).toBe(403);

    const other = await setupCompany(ctx);
    const stranger = (
      await other.userClient({ 'magazzino-lastre': true, 'magazzino-pavimenti': true })
    ).client;
    for (const url of [
      `/api/magazzino/pacchi/${pacco}`,
      `/api/magazzino/lastre/${slab._id}`,
      `/api/magazzino/lotti/${lotto.id}`,
      `/api/magazzino/lastre/${slab._id}/genealogy`,
      `/api/magazzino/pacchi/${pacco}/history`,
    ]) {
      expect((await stranger.get(url)).statusCode, url).toBe(404);
    }
    expect((await stranger.get('/api/magazzino/pacchi')).json().total).toBe(0);
    expect((await stranger.get('/api/magazzino/movimenti')).json().total).toBe(0);
  });

  it('photos on a bundle: uploaded under magazzino-lastre, listed by entity and in the gallery', async () => {
    const pacco = own.lav.pacchi[0]!;
    const jpeg = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#ddd' },
    })
      .jpeg()
      .toBuffer();
    const upload = async (client: TestClient, entityType: string, entityId: string) => {
      const form = new FormData();
      form.append('entityType', entityType);
      form.append('entityId', entityId);
      form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'pacco.jpg');
      const request = new Request('http://x', { method: 'POST', body: form });
      return client.post('/photos/uploadPhotos', Buffer.from(await request.arrayBuffer()), {
        headers: { 'content-type': request.headers.get('content-type')! },
      });
    };
    const res = await upload(segheria, 'pacco', pacco._id);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await upload(vendite, 'pacco', pacco._id)).statusCode).toBe(403);
    expect((await upload(pavimenti, 'pacco', pacco._id)).statusCode).toBe(403);
    expect((await upload(segheria, 'lotto', lotto.id)).statusCode).toBe(403);
    expect((await upload(pavimenti, 'lotto', lotto.id)).statusCode).toBeLessThan(300);
    const missing = await segheria.get('/photos/flutter/getPhotos', {
      query: { entityType: 'lastra', entityId: crypto.randomUUID() },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Lastra non trovata');
    const list = (
      await segheria.get('/photos/flutter/getPhotos', {
        query: { entityType: 'pacco', entityId: pacco._id },
      })
    ).json();
    expect(list.photos).toHaveLength(1);
    expect(list.photos[0]).toMatchObject({ entityType: 'pacco', codice: pacco.codice });
    const gallery = (
      await magazzino.get('/photo-gallery/paginatedPhotos', {
        query: { entityType: 'pacco', includeEntityInfo: 'true' },
      })
    ).json();
    expect(gallery.total).toBe(1);
    expect(gallery.photos[0].entity).toMatchObject({
      codice: pacco.codice,
      materiale: 'Statuario',
      cava: 'Canalgrande',
      detailPath: `/app/pages/magazzino/pacchi/${pacco._id}`,
    });
    // a user of the slab side sees the bundle's photo, not the lot's
    const seen = (await segheria.get('/photos/list'))
      .json()
      .photos.map((p: { entityType: string }) => p.entityType);
    expect(seen).toEqual(['pacco']);
  });
});

describe('mixed bundles', () => {
  it('a bundle says each grade of its slabs with their count, and a grade filter finds every bundle holding it, with the totals of that grade', async () => {
    const mixed = bought.lav.pacchi[0]!;
    const slabs = (
      await magazzino.get('/api/magazzino/lastre', {
        query: { paccoId: mixed._id, sort: 'codice' },
      })
    ).json().items as Array<{ _id: string }>;
    expect(slabs).toHaveLength(4);
    expect(
      (await magazzino.put(`/api/magazzino/lastre/${slabs[3]!._id}`, { scelta: 'seconda' }))
        .statusCode,
    ).toBe(200);
    expect((await magazzino.get(`/api/magazzino/pacchi/${mixed._id}`)).json()).toMatchObject({
      scelta: 'prima',
      scelte: [
        { scelta: 'prima', lastre: 3 },
        { scelta: 'seconda', lastre: 1 },
      ],
    });
    for (const scelta of ['prima', 'seconda']) {
      const query = { bloccoId: bought.blocco._id, scelta };
      expect(
        (await magazzino.get('/api/magazzino/pacchi', { query }))
          .json()
          .items.map((p: { codice: string }) => p.codice),
        scelta,
      ).toEqual([mixed.codice]);
      const bundles = (await magazzino.get('/api/magazzino/pacchi/summary', { query })).json();
      const inSlabs = (await magazzino.get('/api/magazzino/lastre/summary', { query })).json();
      expect({ pezzi: bundles.pezzi, mq: bundles.mq, pesoT: bundles.pesoT }, scelta).toEqual({
        pezzi: inSlabs.pezzi,
        mq: inSlabs.mq,
        pesoT: inSlabs.pesoT,
      });
    }
    expect(
      (
        await magazzino.get('/api/magazzino/pacchi/summary', {
          query: { bloccoId: bought.blocco._id, scelta: 'seconda' },
        })
      ).json(),
    ).toMatchObject({ count: 1, pezzi: 1, mq: 3.78 });
    const csv = csvRows(
      (
        await magazzino.get('/api/magazzino/pacchi/export', {
          query: { format: 'csv', bloccoId: bought.blocco._id },
        })
      ).body,
    );
    expect(csv[1]![csv[0]!.indexOf('Scelta')]).toBe('3 prima · 1 seconda');
  });
});

describe('stock totals', () => {
  it("the bundles' weight total is the sum of the rows' rounded weights, not the rounded sum", async () => {
    const blocco = (
      await admin.post('/api/blocchi', {
        bancataId: own.bancata._id,
        ubicazioneId: ids.ubicazione,
        lunghezza: 310,
        altezza: 110,
        profondita: 100,
        stato: 'disponibile',
      })
    ).json();
    await saw(
      blocco._id,
      {},
      {
        numeroLastre: 3,
        lunghezzaMm: 3000,
        altezzaMm: 1000,
        lastrePerPacco: 1,
        ubicazioneId: ids.scaffale,
      },
    );
    const query = { bloccoId: blocco._id };
    // each bundle: 3 m² × 0.02 m × 2.71 t/m³ = 0.1626 t, shown as 0.16; three of them print 0.48 (the unrounded 0.4878 would print 0.49)
    expect(
      (await magazzino.get('/api/magazzino/pacchi', { query }))
        .json()
        .items.map((p: { pesoT: number }) => p.pesoT),
    ).toEqual([0.16, 0.16, 0.16]);
    expect((await magazzino.get('/api/magazzino/pacchi/summary', { query })).json()).toEqual({
      count: 3,
      pezzi: 3,
      mq: 9,
      pesoT: 0.48,
    });
  });

  it('one weight per slab: a bundle, the slab totals and the giacenze report give the same tonnes for the same slabs', async () => {
    const blocco = (
      await admin.post('/api/blocchi', {
        bancataId: own.bancata._id,
        ubicazioneId: ids.ubicazione,
        lunghezza: 310,
        altezza: 110,
        profondita: 100,
        stato: 'disponibile',
      })
    ).json();
    const posto = (
      await admin.post('/api/ubicazioni', { nome: 'Scaffale pesi', tipo: 'scaffale' })
    ).json();
    await saw(
      blocco._id,
      {},
      {
        numeroLastre: 3,
        lunghezzaMm: 3000,
        altezzaMm: 1000,
        lastrePerPacco: 3,
        ubicazioneId: posto._id,
      },
    );
    const query = { bloccoId: blocco._id };
    // each slab 3 m² × 0,02 m × 2,71 t/m³ = 0,1626 → 0,16 t; three slabs 0,48 t wherever they are
    // summed (the bundle's 9 m² weighed at once would be 0,4878 → 0,49)
    const [pacco] = (await magazzino.get('/api/magazzino/pacchi', { query })).json().items;
    expect(pacco.pesoT).toBe(0.48);
    expect((await magazzino.get('/api/magazzino/pacchi/summary', { query })).json().pesoT).toBe(
      0.48,
    );
    expect((await magazzino.get('/api/magazzino/lastre/summary', { query })).json().pesoT).toBe(
      0.48,
    );
    const report = await admin.get('/api/reports/giacenze', { query: { formato: 'xlsx' } });
    expect(report.statusCode, report.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const row = rows.find((r) => r[0] === 'Scaffale pesi' && r[1] === 'Lastre')!;
    expect(row[(rows[0] as string[]).indexOf('t')]).toBe(0.48);
  });
});
