import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonymousClient,
  buildTestApp,
  createProductionLookups,
  loadLotto,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

// "Find or scan a code": GET /api/codici/:codice for every kind in the entity registry.

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let admin: TestClient;
let items: {
  bancata: { _id: string; codice: string };
  blocco: { _id: string; codice: string };
  pacco: { _id: string; codice: string };
  lastra: { _id: string; codice: string };
  lotto: { _id: string; codice: string };
};
const year = new Date().getFullYear();

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  admin = await org.adminClient();
  const lookups = await createProductionLookups(admin);
  const macchina = (
    await admin.post('/api/macchine', { nome: 'Telaio', tipo: 'telaio', kerfMm: 5, rifiloMm: 20 })
  ).json();
  const bancata = (
    await admin.post('/api/bancate', {
      cavaId: lookups.cavaId,
      materialeId: lookups.materialeId,
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
      ubicazioneId: lookups.ubicazioneId,
      lunghezza: 300,
      altezza: 160,
      profondita: 140,
      stato: 'disponibile',
    })
  ).json();
  const segato = (
    await admin.post('/api/blocchi', {
      bancataId: bancata._id,
      ubicazioneId: lookups.ubicazioneId,
      lunghezza: 290,
      altezza: 150,
      profondita: 120,
      stato: 'disponibile',
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
  const done = (
    await admin.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
      numeroLastre: 8,
      lunghezzaMm: 2800,
      altezzaMm: 1400,
      ubicazioneId: lookups.ubicazioneId,
    })
  ).json();
  const pacco = (await admin.get(`/api/magazzino/pacchi/${done.pacchi[0]._id}`)).json();
  // a tile lot's later part, loaded through the ledger as a tile cut would
  const lottoCodice = `LO-${year}-7001/2`;
  const { id: lottoId } = await loadLotto(ctx, org.company.id, {
    codice: lottoCodice,
    materialeId: lookups.materialeId,
    pezzi: 24,
    pezziPerCassa: 12,
    bloccoId: segato._id,
  });
  items = {
    bancata,
    blocco,
    pacco,
    lastra: pacco.lastre[6],
    lotto: { _id: lottoId, codice: lottoCodice },
  };
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/codici/:codice', () => {
  it('finds each kind by its code however it is typed, with its page', async () => {
    const blocco = await admin.get(
      `/api/codici/${encodeURIComponent(items.blocco.codice.toLowerCase().replaceAll('-', ' ').replace(' 0', ' '))}`,
    );
    expect(blocco.statusCode, blocco.body).toBe(200);
    expect(blocco.json()).toMatchObject({
      entityType: 'blocco',
      _id: items.blocco._id,
      codice: items.blocco.codice,
      detailPath: `/app/pages/blocchi/${items.blocco._id}`,
    });
    expect(blocco.json().descrizione).toContain('Statuario');
    const bancata = (await admin.get(`/api/codici/${items.bancata.codice}`)).json();
    expect(bancata).toMatchObject({
      entityType: 'bancata',
      detailPath: `/app/bancate/${items.bancata._id}`,
    });
    const pacco = (await admin.get(`/api/codici/${items.pacco.codice.replaceAll('-', '')}`)).json();
    expect(pacco).toMatchObject({
      entityType: 'pacco',
      detailPath: `/app/pages/magazzino/pacchi/${items.pacco._id}`,
    });
    // a slab: the block's code and its place, "BL-2026-0002-007" typed as "bl 2026 2 7"
    const [, anno, numero, progressivo] = items.lastra.codice.split('-');
    const lastra = (
      await admin.get(
        `/api/codici/${encodeURIComponent(`bl ${anno} ${Number(numero)} ${Number(progressivo)}`)}`,
      )
    ).json();
    expect(lastra).toMatchObject({
      entityType: 'lastra',
      _id: items.lastra._id,
      codice: items.lastra.codice,
    });
    // a lot's later part, "lo 2026 7001 / 2"
    const lotto = (
      await admin.get(`/api/codici/${encodeURIComponent(`lo ${year} 7001 / 2`)}`)
    ).json();
    expect(lotto).toMatchObject({
      entityType: 'lotto',
      _id: items.lotto._id,
      detailPath: `/app/pages/magazzino/pavimenti/${items.lotto._id}`,
    });
  });

  it('another company’s code and an unknown one: 404 in Italian; one whose page the user may not read: 403', async () => {
    const other = await setupCompany(ctx);
    const outsider = await other.adminClient();
    const foreign = await outsider.get(`/api/codici/${items.blocco.codice}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(
      `Il codice ${items.blocco.codice} non corrisponde a nulla di questa ditta`,
    );
    expect((await admin.get('/api/codici/XX-1999-0001')).statusCode).toBe(404);
    const magazziniere = (await org.userClient({ 'magazzino-lastre': true })).client;
    // an item of the user's own company whose page the user may not read: 403, said so
    expect((await magazziniere.get(`/api/codici/${items.blocco.codice}`)).statusCode).toBe(403);
    expect((await magazziniere.get(`/api/codici/${items.pacco.codice}`)).statusCode).toBe(200);
    const anonymous = await anonymousClient(ctx.app);
    expect((await anonymous.get(`/api/codici/${items.blocco.codice}`)).statusCode).toBe(401);
  });

  it('lists the candidates whose code contains what was typed, only of the kinds the user reads', async () => {
    const [, anno] = items.blocco.codice.split('-');
    const all = (await admin.get('/api/codici', { query: { q: anno! } })).json() as Array<{
      entityType: string;
      codice: string;
    }>;
    expect(all.length).toBeGreaterThan(2);
    expect(all.length).toBeLessThanOrEqual(10);
    expect(new Set(all.map((c) => c.entityType))).toContain('bancata');
    const magazziniere = (await org.userClient({ 'magazzino-lastre': true })).client;
    const mine = (
      await magazziniere.get('/api/codici', { query: { q: items.pacco.codice } })
    ).json() as Array<{ entityType: string }>;
    expect(mine.map((c) => c.entityType)).toEqual(['pacco']);
    expect((await admin.get('/api/codici', { query: { q: 'x' } })).statusCode).toBe(400);
  });
});
