import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, blocchi, cave } from '../src/db/schema/index.js';
import { addDays, todayInRome } from '../src/lib/dates.js';
import { csvRows } from './csv-helpers.js';
import {
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let admin: TestClient;
let cavatore: TestClient;
let ids: {
  cava: string;
  materiale: string;
  ubicazione: string;
  fornitore: string;
  cliente: string;
  altroCliente: string;
};
const year = new Date().getFullYear();
/** A calendar date `n` days from today in Rome, as the option dialog sends it. */
const inDays = (n: number) => addDays(todayInRome(), n);

async function makeBancata(client: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/api/bancate', {
    cavaId: ids.cava,
    materialeId: ids.materiale,
    dataTaglio: `${year + 1}-03-10`, // planned: a past date starts the cut at once
    lunghezza: 1200,
    altezza: 600,
    profondita: 400,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function moveBancata(client: TestClient, id: string, ...stati: string[]) {
  for (const stato of stati)
    expect((await client.post(`/api/bancate/${id}/stato`, { stato })).statusCode).toBe(200);
}
async function makeBlocco(
  client: TestClient,
  bancataId: string,
  overrides: Record<string, unknown> = {},
) {
  const res = await client.post('/api/blocchi', {
    bancataId,
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
  admin = await org.adminClient();
  cavatore = (await org.userClient({ bancate: true, blocchi: true, 'blocchi-esterni': true }))
    .client;
  const lookups = await createProductionLookups(admin);
  const fornitore = (
    await admin.post('/api/fornitori', {
      ragioneSociale: 'Cave Esterne S.r.l.',
      nazione: 'DE',
      indirizzo: 'Hauptstr. 1',
      comune: 'Berlin',
    })
  ).json();
  const cliente = (
    await admin.post('/api/clienti', {
      ragioneSociale: 'Stone Buyer GmbH',
      nazione: 'DE',
      indirizzo: 'Weg 2',
      comune: 'München',
    })
  ).json();
  const altroCliente = (
    await admin.post('/api/clienti', {
      ragioneSociale: 'Marbres SARL',
      nazione: 'FR',
      indirizzo: 'Rue 3',
      comune: 'Lyon',
    })
  ).json();
  ids = {
    cava: lookups.cavaId,
    materiale: lookups.materialeId,
    ubicazione: lookups.ubicazioneId,
    fornitore: fornitore._id,
    cliente: cliente._id,
    altroCliente: altroCliente._id,
  };
});
afterAll(() => ctx.close());

describe('lookups', () => {
  it('any user reads, only admins write; an edit changes only what it sends', async () => {
    expect(
      (await cavatore.get('/api/materiali')).json().map((m: { nome: string }) => m.nome),
    ).toContain('Statuario');
    expect((await cavatore.post('/api/materiali', { nome: 'Cremo' })).statusCode).toBe(403);
    const m = (
      await admin.post('/api/materiali', { nome: 'Bardiglio', densita: 2.69, attivo: false })
    ).json();
    const edited = (
      await admin.put(`/api/materiali/${m._id}`, { nome: 'Bardiglio Imperiale' })
    ).json();
    expect(edited).toMatchObject({ nome: 'Bardiglio Imperiale', densita: 2.69, attivo: false });
    expect((await admin.post('/api/materiali', { nome: 'Bardiglio Imperiale' })).statusCode).toBe(
      409,
    );
    expect(
      (
        await admin.post('/api/macchine', {
          nome: 'Telaio 1',
          tipo: 'telaio',
          kerfMm: 5,
          rifiloMm: 20,
        })
      ).statusCode,
    ).toBe(201);
    const other = await setupCompany(ctx);
    const stranger = await other.adminClient();
    expect((await stranger.get('/api/materiali')).json()).toEqual([]);
    expect((await stranger.put(`/api/materiali/${m._id}`, { nome: 'Mio' })).statusCode).toBe(404);
  });

  it('a corrected density moves the stored theoretical weights, so every screen keeps one weight', async () => {
    const m = (
      await admin.post('/api/materiali', { nome: 'Arabescato Corchia', densita: 2.6 })
    ).json();
    const b = await makeBancata(cavatore, {
      materialeId: m._id,
      lunghezza: 1000,
      altezza: 500,
      profondita: 400,
    });
    expect(b.pesoStimato).toBe(520); // 200 m³ × 2.6
    await moveBancata(cavatore, b._id, 'in_taglio', 'ribaltata', 'in_riquadratura');
    // 280 × 150 × 120 = 5.04 m³ × 2.6 = 13.104 → 13.1 t
    const blocco = await makeBlocco(cavatore, b._id, { materialeId: m._id });
    expect(blocco).toMatchObject({ pesoTeorico: 13.1, peso: { t: 13.1, base: 'teorico' } });
    expect((await admin.put(`/api/materiali/${m._id}`, { densita: 2.72 })).statusCode).toBe(200);
    // 5.04 × 2.72 = 13.7088 → 13.71 t; 200 × 2.72 = 544 t
    expect((await cavatore.get(`/api/blocchi/${blocco._id}`)).json()).toMatchObject({
      pesoTeorico: 13.71,
      peso: { t: 13.71, base: 'teorico' },
    });
    expect((await cavatore.get(`/api/bancate/${b._id}`)).json()).toMatchObject({
      pesoStimato: 544,
      blocchi: { pesoT: 13.71 },
    });
  });

  it('a quarry saved before the code rule keeps its code on an edit; a changed code follows the rule', async () => {
    const [old] = await ctx.database.db
      .insert(cave)
      .values({ companyId: org.company.id, codice: "CÀVA'1", nome: 'Cava vecchia' })
      .returning();
    // the form sends every field, the code unchanged
    const saved = await admin.put(`/api/cave/${old!.id}`, {
      codice: "CÀVA'1",
      nome: 'Cava Fantiscritti',
      comune: null,
      bacino: null,
      concessione: null,
      attiva: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ codice: "CÀVA'1", nome: 'Cava Fantiscritti' });
    const changed = await admin.put(`/api/cave/${old!.id}`, {
      codice: 'X€',
      nome: 'Cava Fantiscritti',
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toMatch(/^Codice: solo lettere senza accenti/);
    expect((await admin.put(`/api/cave/${old!.id}`, { codice: 'FANT-1' })).json().codice).toBe(
      'FANT-1',
    );
    expect((await admin.post('/api/cave', { codice: "CÀVA'2", nome: 'Nuova' })).statusCode).toBe(
      400,
    );
  });
});

describe('bancate', () => {
  it('creates with a yearly code, computed volume and weight, and follows the transition table', async () => {
    const b = await makeBancata(cavatore);
    expect(b.codice).toMatch(new RegExp(`^BA-${year}-\\d{4}$`));
    expect(b).toMatchObject({
      stato: 'pianificata',
      volumeLordo: 288,
      pesoStimato: 780.48,
      cava: { nome: 'Canalgrande' },
      materiale: { nome: 'Statuario' },
    });
    const wrong = await cavatore.post(`/api/bancate/${b._id}/stato`, { stato: 'chiusa' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toMatch(/da «Pianificata» a «Chiusa»/);
    await moveBancata(cavatore, b._id, 'in_taglio', 'ribaltata');
    const after = (await cavatore.get(`/api/bancate/${b._id}`)).json();
    expect(after.dataRibaltamento).toBe(todayInRome());
    expect((await cavatore.delete(`/api/bancate/${b._id}`)).statusCode).toBe(409);
  });

  it('only a planned bancata can be deleted', async () => {
    const b = await makeBancata(cavatore);
    expect((await cavatore.delete(`/api/bancate/${b._id}`)).statusCode).toBe(204);
    expect((await cavatore.get(`/api/bancate/${b._id}`)).statusCode).toBe(404);
  });

  it('squares blocchi only once toppled, and freezes the yield when closed', async () => {
    const b = await makeBancata(cavatore, { lunghezza: 1000, altezza: 500, profondita: 400 });
    // planned, nothing out of it yet: no yield and no balance ("—"), not 0 % and −100 %
    const planned = (await cavatore.get(`/api/bancate/${b._id}`)).json();
    expect([planned.resa, planned.bilancioMassa.differenzaPercent]).toEqual([null, null]);
    const listed = (await cavatore.get('/api/bancate', { query: { q: b.codice } })).json();
    expect(listed.items.find((x: { _id: string }) => x._id === b._id).resa).toBeNull();
    const early = await cavatore.post('/api/blocchi', {
      bancataId: b._id,
      ubicazioneId: ids.ubicazione,
      lunghezza: 280,
      altezza: 150,
      profondita: 120,
    });
    expect(early.statusCode).toBe(409);
    await moveBancata(cavatore, b._id, 'in_taglio', 'ribaltata', 'in_riquadratura');
    await makeBlocco(cavatore, b._id); // 5.04 m³, 13.66 t (net m³ × 2.71)
    await makeBlocco(cavatore, b._id, { lunghezzaNetta: 270 }); // net 4.86 m³, 13.17 t
    // an informe counts by weight: 2 m³ × 2.71 = 5.42 t, not in the squared m³ nor the yield
    await makeBlocco(cavatore, b._id, {
      categoria: 'informe',
      lunghezza: 200,
      altezza: 100,
      profondita: 100,
    });
    const open = (await cavatore.get(`/api/bancate/${b._id}`)).json();
    expect(open.blocchi).toEqual({ count: 2, volumeLordo: 10.08, volumeNetto: 9.9, pesoT: 26.83 });
    expect(open.blocchiInformi).toEqual({ count: 1, pesoT: 5.42 });
    // the list's totals bar: 3 blocks, of which 1 informe (5,42 t); the m³ are the squared ones'
    expect(
      (await cavatore.get('/api/blocchi/summary', { query: { bancataId: b._id } })).json(),
    ).toEqual({
      count: 3,
      informi: 1,
      volumeLordo: 10.08,
      volumeNetto: 9.9,
      pesoT: 32.25,
      informiT: 5.42,
    });
    expect(open.resa).toBe(5); // 9.9 / 200 = 4.95 %, rounded half up (with the informe it would be 6)
    // by-products typed: 26.83 + (5.42 + 100) + (200 + 30) + 20 + 100 = 482.25 t of 542 t gross, 11.0 % short
    await cavatore.put(`/api/bancate/${b._id}`, {
      informiT: 100,
      scaglieT: 200,
      scaglieScureT: 30,
      scogliereT: 20,
      terreT: 100,
    });
    const typed = (await cavatore.get(`/api/bancate/${b._id}`)).json();
    // still being squared: no warning yet
    expect(typed).toMatchObject({ scaglieT: 200, scaglieScureT: 30, scogliereT: 20 });
    expect(typed.bilancioMassa).toEqual({
      lordoT: 542,
      blocchiT: 26.83,
      informiT: 105.42,
      scaglieT: 230,
      scogliereT: 20,
      terreT: 100,
      totaleT: 482.25,
      differenzaPercent: -11,
      fuoriTolleranza: false,
    });
    await moveBancata(cavatore, b._id, 'chiusa');
    const closed = (await cavatore.get(`/api/bancate/${b._id}`)).json();
    expect([closed.resa, closed.bilancioMassa.fuoriTolleranza]).toEqual([5, true]);
    // 50 t more scaglie bianche: 532.25 t, 1.8 % short: within the tolerance
    const fixed = (await cavatore.put(`/api/bancate/${b._id}`, { scaglieT: 250 })).json();
    expect(fixed.bilancioMassa).toMatchObject({
      totaleT: 532.25,
      differenzaPercent: -1.8,
      fuoriTolleranza: false,
    });
    const late = await cavatore.post('/api/blocchi', {
      bancataId: b._id,
      ubicazioneId: ids.ubicazione,
      lunghezza: 200,
      altezza: 100,
      profondita: 100,
    });
    expect(late.statusCode).toBe(409);
    const list = (await cavatore.get(`/api/bancate/${b._id}/blocchi`)).json();
    expect(list).toHaveLength(3);
    const history = (await cavatore.get(`/api/bancate/${b._id}/history`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'stato',
      'stato',
      'stato',
      'update',
      'stato',
      'update',
    ]);
    expect(history.at(-2).changes.stato).toEqual({ from: 'in_riquadratura', to: 'chiusa' });
  });

  it('refuses a cava or materiale of another company and bad measures', async () => {
    const other = await setupCompany(ctx);
    const foreignCava = (
      await (await other.adminClient()).post('/api/cave', { codice: '1', nome: 'Altrove' })
    ).json();
    const res = await cavatore.post('/api/bancate', {
      cavaId: foreignCava._id,
      materialeId: ids.materiale,
      dataTaglio: `${year}-01-01`,
      lunghezza: 100,
      altezza: 100,
      profondita: 100,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('cavaId');
    const bad = await cavatore.post('/api/bancate', {
      cavaId: ids.cava,
      materialeId: ids.materiale,
      dataTaglio: '10/03/2026',
      lunghezza: 12.5,
      altezza: 0,
      profondita: 100,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['altezza', 'dataTaglio', 'lunghezza']);
  });

  it('exports the filtered list in its order as typed XLSX and CSV', async () => {
    const summary = (
      await cavatore.get('/api/bancate/summary', { query: { stato: 'chiusa' } })
    ).json();
    expect(summary.count).toBeGreaterThan(0);
    const xlsx = await cavatore.get('/api/bancate/export', {
      query: { format: 'xlsx', stato: 'chiusa', sort: 'codice' },
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/bancate.*\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Bancate')!;
    expect(sheet.rowCount).toBe(summary.count + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('Codice');
    expect(sheet.getRow(2).getCell(5).value).toBe('Chiusa');
    expect(sheet.getRow(2).getCell(6).value).toBeInstanceOf(Date);
    expect(typeof sheet.getRow(2).getCell(11).value).toBe('number');
    const csv = await cavatore.get('/api/bancate/export', {
      query: { format: 'csv', sort: '-codice' },
    });
    const lines = csvRows(csv.body).map((r) => r.join(';'));
    expect(lines[0]).toMatch(/^Codice;Cava;Fronte;Materiale;Stato/);
    const codes = lines.slice(1).map((l) => l.split(';')[0]!);
    expect(codes).toEqual([...codes].sort().reverse());
    expect(
      (await cavatore.get('/api/bancate/export', { query: { format: 'pdf' } })).statusCode,
    ).toBe(400);
  });
});

describe('blocchi and blocchi esterni', () => {
  let bancata: { _id: string };
  beforeAll(async () => {
    bancata = await makeBancata(cavatore);
    await moveBancata(cavatore, bancata._id, 'in_taglio', 'ribaltata', 'in_riquadratura');
  });

  it('an own block starts in the yard, with net measures defaulting to gross and its quarry', async () => {
    const b = await makeBlocco(cavatore, bancata._id, {
      scelta: 'seconda',
      difettoso: true,
      difetti: ['pelo'],
    });
    expect(b).toMatchObject({
      codice: expect.stringMatching(new RegExp(`^BL-${year}-\\d{4}$`)),
      origine: 'interno',
      stato: 'in_piazzale',
      lunghezzaNetta: 280,
      volumeLordo: 5.04,
      volumeNetto: 5.04,
      pesoTeorico: 13.66,
      cava: { nome: 'Canalgrande' },
      materiale: { nome: 'Statuario' },
      bancata: { _id: bancata._id },
    });
    const genealogy = (await cavatore.get(`/api/blocchi/${b._id}/genealogy`)).json();
    expect(genealogy.map((n: { entityType: string }) => n.entityType)).toEqual(['cava', 'bancata']);
  });

  it('an own block has a production date: today unless typed, editable, never in the future', async () => {
    const today = (await makeBlocco(cavatore, bancata._id)).dataRiquadratura;
    expect(today).toBe(todayInRome());
    const typed = await makeBlocco(cavatore, bancata._id, { dataRiquadratura: inDays(-3) });
    expect(typed.dataRiquadratura).toBe(inDays(-3));
    const future = await cavatore.post('/api/blocchi', {
      bancataId: bancata._id,
      ubicazioneId: ids.ubicazione,
      lunghezza: 280,
      altezza: 150,
      profondita: 120,
      dataRiquadratura: inDays(1),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      message: 'Data riquadratura: non può essere nel futuro',
      details: [{ path: 'dataRiquadratura' }],
    });
    const edited = await cavatore.put(`/api/blocchi/${typed._id}`, {
      dataRiquadratura: inDays(-5),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().dataRiquadratura).toBe(inDays(-5));
    const history = (await cavatore.get(`/api/blocchi/${typed._id}/history`)).json();
    expect(history.at(-1).changes.dataRiquadratura).toEqual({ from: inDays(-3), to: inDays(-5) });
    expect(
      (await cavatore.put(`/api/blocchi/${typed._id}`, { dataRiquadratura: '25/11/2026' }))
        .statusCode,
    ).toBe(400);
    // a bought-in block has no production date to type
    expect(
      (
        await cavatore.post('/api/blocchi-esterni', {
          fornitoreId: ids.fornitore,
          dataAcquisto: inDays(-1),
          prezzoAcquisto: 1000,
          unitaPrezzoAcquisto: 'totale',
          ubicazioneId: ids.ubicazione,
          materialeId: ids.materiale,
          lunghezza: 200,
          altezza: 100,
          profondita: 100,
          dataRiquadratura: inDays(-1),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('a bought block is available at once and lives only under /api/blocchi-esterni', async () => {
    const res = await cavatore.post('/api/blocchi-esterni', {
      fornitoreId: ids.fornitore,
      numeroFornitore: 'CE-4411',
      dataAcquisto: `${year}-02-01`,
      prezzoAcquisto: 1850.5,
      unitaPrezzoAcquisto: 'm3',
      materialeId: ids.materiale,
      ubicazioneId: ids.ubicazione,
      lunghezza: 300,
      altezza: 160,
      profondita: 140,
    });
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json();
    expect(e).toMatchObject({
      origine: 'esterno',
      stato: 'disponibile',
      fornitore: { ragioneSociale: 'Cave Esterne S.r.l.' },
      prezzoAcquisto: 1850.5,
      bancata: null,
    });
    expect((await cavatore.get(`/api/blocchi/${e._id}`)).statusCode).toBe(404);
    expect(
      (await cavatore.post(`/api/blocchi/${e._id}/stato`, { stato: 'scartato' })).statusCode,
    ).toBe(404);
    const own = await makeBlocco(cavatore, bancata._id);
    expect((await cavatore.get(`/api/blocchi-esterni/${own._id}`)).statusCode).toBe(404);
    expect(
      (await cavatore.get('/api/blocchi-esterni', { query: { q: 'CE-4411' } })).json().total,
    ).toBe(1);
    expect((await cavatore.get(`/api/blocchi-esterni/${e._id}/genealogy`)).json()[0].label).toBe(
      'Cave Esterne S.r.l. (n. CE-4411)',
    );
  });

  it('moves only along the table; an option needs customer and expiry; a taken option is not stolen', async () => {
    const b = await makeBlocco(cavatore, bancata._id);
    expect(
      (await cavatore.post(`/api/blocchi/${b._id}/stato`, { stato: 'venduto' })).statusCode,
    ).toBe(409);
    expect(
      (await cavatore.post(`/api/blocchi/${b._id}/stato`, { stato: 'disponibile' })).json().stato,
    ).toBe('disponibile');
    const missing = await cavatore.post(`/api/blocchi/${b._id}/stato`, { stato: 'opzionato' });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['clienteId', 'opzioneScadenza']);
    const past = await cavatore.post(`/api/blocchi/${b._id}/stato`, {
      stato: 'opzionato',
      clienteId: ids.cliente,
      opzioneScadenza: '2020-01-01',
    });
    expect(past.statusCode).toBe(400);
    const until = inDays(7);
    const opt = await cavatore.post(`/api/blocchi/${b._id}/stato`, {
      stato: 'opzionato',
      clienteId: ids.cliente,
      opzioneScadenza: until,
    });
    expect(opt.json()).toMatchObject({
      stato: 'opzionato',
      cliente: { ragioneSociale: 'Stone Buyer GmbH' },
    });
    const steal = await cavatore.post(`/api/blocchi/${b._id}/stato`, {
      stato: 'opzionato',
      clienteId: ids.altroCliente,
      opzioneScadenza: until,
    });
    expect(steal.statusCode).toBe(409);
    const extend = await cavatore.post(`/api/blocchi/${b._id}/stato`, {
      stato: 'opzionato',
      clienteId: ids.cliente,
      opzioneScadenza: inDays(14),
    });
    expect(extend.statusCode).toBe(200);
    const released = (
      await cavatore.post(`/api/blocchi/${b._id}/stato`, {
        stato: 'disponibile',
        nota: 'Cliente rinuncia',
      })
    ).json();
    expect(released).toMatchObject({ stato: 'disponibile', cliente: null, opzioneScadenza: null });
  });

  it('an expired option reads as available at once, and the sweep writes it back with a system history row', async () => {
    const b = await makeBlocco(cavatore, bancata._id);
    await cavatore.post(`/api/blocchi/${b._id}/stato`, { stato: 'disponibile' });
    await cavatore.post(`/api/blocchi/${b._id}/stato`, {
      stato: 'opzionato',
      clienteId: ids.cliente,
      opzioneScadenza: inDays(1),
    });
    await ctx.database.db
      .update(blocchi)
      .set({ opzioneScadenza: inDays(-1) })
      .where(eq(blocchi.id, b._id));
    const read = (await cavatore.get(`/api/blocchi/${b._id}`)).json();
    expect(read).toMatchObject({ stato: 'disponibile', cliente: null });
    expect(
      (await cavatore.get('/api/blocchi', { query: { stato: 'disponibile', q: b.codice } })).json()
        .total,
    ).toBe(1);
    expect(
      (await cavatore.get('/api/blocchi', { query: { stato: 'opzionato', q: b.codice } })).json()
        .total,
    ).toBe(0);
    // Another customer may option it right away.
    const other = await cavatore.post(`/api/blocchi/${b._id}/stato`, {
      stato: 'opzionato',
      clienteId: ids.altroCliente,
      opzioneScadenza: inDays(1),
    });
    expect(other.statusCode).toBe(200);
    await ctx.database.db
      .update(blocchi)
      .set({ opzioneScadenza: inDays(-1) })
      .where(eq(blocchi.id, b._id));

    expect(await ctx.app.services.blocchi.sweepExpiredOptions()).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.database.db.select().from(blocchi).where(eq(blocchi.id, b._id));
    expect(row).toMatchObject({ stato: 'disponibile', clienteId: null, opzioneScadenza: null });
    const history = (await cavatore.get(`/api/blocchi/${b._id}/history`)).json();
    expect(history.at(-1)).toMatchObject({
      action: 'stato',
      user: null,
      note: 'Opzione scaduta',
      changes: { stato: { from: 'opzionato', to: 'disponibile' } },
    });
  });

  it('declassifies only downwards; an informe goes to the quintale', async () => {
    const b = await makeBlocco(cavatore, bancata._id);
    const up = await cavatore.post(`/api/blocchi/${b._id}/declassa`, {
      scelta: 'prima',
      nota: 'prova',
    });
    expect(up.statusCode).toBe(400);
    expect(
      (await cavatore.post(`/api/blocchi/${b._id}/declassa`, { nota: 'niente' })).statusCode,
    ).toBe(400);
    const down = (
      await cavatore.post(`/api/blocchi/${b._id}/declassa`, {
        scelta: 'seconda',
        categoria: 'informe',
        nota: 'Crepa passante al taglio',
      })
    ).json();
    expect(down).toMatchObject({
      scelta: 'seconda',
      categoria: 'informe',
      unitaPrezzo: 'q',
      stato: 'in_piazzale',
    });
    const history = (await cavatore.get(`/api/blocchi/${b._id}/history`)).json();
    expect(history.at(-1)).toMatchObject({
      action: 'declassa',
      note: 'Crepa passante al taglio',
      changes: { scelta: { from: 'prima', to: 'seconda' } },
    });
  });

  it('edits recompute the volumes; net measures may not exceed gross', async () => {
    const b = await makeBlocco(cavatore, bancata._id);
    const edited = (
      await cavatore.put(`/api/blocchi/${b._id}`, {
        profonditaNetta: 110,
        note: 'Misurato in piazzale',
      })
    ).json();
    expect(edited).toMatchObject({
      volumeLordo: 5.04,
      volumeNetto: 4.62,
      note: 'Misurato in piazzale',
      scelta: 'prima',
    });
    const bad = await cavatore.put(`/api/blocchi/${b._id}`, { profondita: 100 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('profonditaNetta');
    expect((await cavatore.put(`/api/blocchi/${b._id}`, { codice: 'BL-ZZZ' })).statusCode).toBe(
      403,
    );
    expect(
      (await admin.put(`/api/blocchi/${b._id}`, { codice: `BL-${year}-9999` })).json().codice,
    ).toBe(`BL-${year}-9999`);
  });

  it('deletes only a block not yet sold or sawn', async () => {
    const b = await makeBlocco(cavatore, bancata._id);
    expect((await cavatore.delete(`/api/blocchi/${b._id}`)).statusCode).toBe(204);
    const kept = await makeBlocco(cavatore, bancata._id);
    await ctx.database.db.update(blocchi).set({ stato: 'venduto' }).where(eq(blocchi.id, kept._id));
    expect((await cavatore.delete(`/api/blocchi/${kept._id}`)).statusCode).toBe(409);
  });

  it('read-only users read but do not write; another company sees nothing', async () => {
    const b = await makeBlocco(cavatore, bancata._id);
    const { client: vendite } = await org.userClient({ blocchi: { access: true, write: false } });
    expect((await vendite.get(`/api/blocchi/${b._id}`)).statusCode).toBe(200);
    expect(
      (await vendite.post(`/api/blocchi/${b._id}/stato`, { stato: 'disponibile' })).statusCode,
    ).toBe(403);
    expect((await vendite.get('/api/blocchi-esterni')).statusCode).toBe(403);
    const other = await setupCompany(ctx);
    const { client: segheria } = await other.userClient({ blocchi: true });
    expect((await segheria.get(`/api/blocchi/${b._id}`)).statusCode).toBe(404);
    expect((await segheria.get('/api/blocchi')).json().total).toBe(0);
    expect(
      (await segheria.post(`/api/blocchi/${b._id}/stato`, { stato: 'disponibile' })).statusCode,
    ).toBe(404);
  });

  it('a list row says what the detail says, option included, and its total follows every change', async () => {
    const b = await makeBlocco(cavatore, bancata._id);
    await cavatore.post(`/api/blocchi/${b._id}/stato`, { stato: 'disponibile' });
    const until = inDays(1);
    await cavatore.post(`/api/blocchi/${b._id}/stato`, {
      stato: 'opzionato',
      clienteId: ids.cliente,
      opzioneScadenza: until,
    });
    const rowOf = async () =>
      (await cavatore.get('/api/blocchi', { query: { q: b.codice } })).json().items[0];
    const detail = (await cavatore.get(`/api/blocchi/${b._id}`)).json();
    const row = await rowOf();
    expect(row.cliente).toMatchObject({ _id: ids.cliente });
    expect(row.opzioneScadenza).toBe(until);
    for (const [key, value] of Object.entries(row))
      expect([key, detail[key]]).toEqual([key, value]);

    // Totals kept between requests follow a write made outside the service too.
    const opzionati = async () =>
      (
        await cavatore.get('/api/blocchi', {
          query: { stato: 'opzionato', bancataId: bancata._id },
        })
      ).json().total;
    const before = await opzionati();
    expect(before).toBeGreaterThanOrEqual(1);
    await ctx.database.db
      .update(blocchi)
      .set({ opzioneScadenza: inDays(-1) })
      .where(eq(blocchi.id, b._id));
    expect(await opzionati()).toBe(before - 1);
    expect(await rowOf()).toMatchObject({
      stato: 'disponibile',
      cliente: null,
      opzioneScadenza: null,
    });
    await cavatore.post(`/api/blocchi/${b._id}/stato`, {
      stato: 'opzionato',
      clienteId: ids.cliente,
      opzioneScadenza: until,
    });
    expect(await opzionati()).toBe(before);
  });

  it('lists filter, sort and sum; export gives typed XLSX and CSV', async () => {
    const list = (
      await cavatore.get('/api/blocchi', {
        query: { bancataId: bancata._id, sort: 'codice', limit: '3' },
      })
    ).json();
    expect(list.items.length).toBeLessThanOrEqual(3);
    const codes = list.items.map((b: { codice: string }) => b.codice);
    expect([...codes].sort()).toEqual(codes);
    const summary = (
      await cavatore.get('/api/blocchi/summary', { query: { bancataId: bancata._id } })
    ).json();
    expect(summary.count).toBe(list.total);
    expect(summary.volumeLordo).toBeGreaterThan(0);
    const xlsx = await cavatore.get('/api/blocchi/export', {
      query: { format: 'xlsx', bancataId: bancata._id },
    });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Blocchi')!;
    expect(sheet.rowCount).toBe(summary.count + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('Codice');
    expect(typeof sheet.getRow(2).getCell(12).value).toBe('number');
    const csv = await cavatore.get('/api/blocchi/export', {
      query: { format: 'csv', bancataId: bancata._id },
    });
    expect(csvRows(csv.body)[0]!.join(';')).toMatch(
      /^Codice;Bancata;Cava;Data riquadratura;Materiale;Stato/,
    );
    expect(
      (await cavatore.get('/api/blocchi', { query: { stato: 'ghiacciato' } })).statusCode,
    ).toBe(400);
  });

  it('a list row carries the weight its total sums, by the one rule, with its basis; the Peso column sorts by it', async () => {
    const own = await makeBancata(cavatore);
    await moveBancata(cavatore, own._id, 'in_taglio', 'ribaltata', 'in_riquadratura');
    // weighed at 12.5 t (its theoretical weight is 280×150×120 = 5.04 m³ × 2.71 = 13.6584 → 13.66 t)
    const pesato = await makeBlocco(cavatore, own._id, { pesoPesa: 12.5 });
    // never weighed: 239×147×138 = 4.848354 → 4.848 m³ × 2.71 = 13.13808 → 13.14 t
    const teorico = await makeBlocco(cavatore, own._id, {
      lunghezza: 239,
      altezza: 147,
      profondita: 138,
    });
    const rows = (
      await cavatore.get('/api/blocchi', { query: { bancataId: own._id, sort: 'peso' } })
    ).json().items;
    expect(
      rows.map((r: { codice: string; peso: unknown; pesoTeorico?: number }) => [
        r.codice,
        r.peso,
        r.pesoTeorico,
      ]),
    ).toEqual([
      [pesato.codice, { t: 12.5, base: 'pesato' }, undefined],
      [teorico.codice, { t: 13.14, base: 'teorico' }, undefined],
    ]);
    // the theoretical weight alone would order them the other way round
    const byTeorico = (
      await cavatore.get('/api/blocchi', { query: { bancataId: own._id, sort: 'pesoTeorico' } })
    ).json().items;
    expect(byTeorico.map((r: { codice: string }) => r.codice)).toEqual([
      teorico.codice,
      pesato.codice,
    ]);
    // the total is the sum of the rows shown: 12.5 + 13.14 = 25.64 t
    expect(
      (await cavatore.get('/api/blocchi/summary', { query: { bancataId: own._id } })).json().pesoT,
    ).toBe(25.64);
    expect((await cavatore.get(`/api/blocchi/${pesato._id}`)).json()).toMatchObject({
      pesoTeorico: 13.66,
      peso: { t: 12.5, base: 'pesato' },
    });
  });
});

describe('codes and state changes under concurrency', () => {
  it('ten simultaneous creates get ten different consecutive codes', async () => {
    const b = await makeBancata(cavatore);
    await moveBancata(cavatore, b._id, 'in_taglio', 'ribaltata', 'in_riquadratura');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        cavatore.post('/api/blocchi', {
          bancataId: b._id,
          ubicazioneId: ids.ubicazione,
          lunghezza: 200,
          altezza: 100,
          profondita: 100,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const codes = results.map((r) => r.json().codice as string);
    expect(new Set(codes).size).toBe(10);
    const numbers = codes.map((c) => Number(c.slice(-4))).sort((x, y) => x - y);
    expect(numbers.at(-1)! - numbers[0]!).toBe(9);
  });

  it('twenty simultaneous options of one block for different customers: exactly one wins', async () => {
    const b = await makeBancata(cavatore);
    await moveBancata(cavatore, b._id, 'in_taglio', 'ribaltata', 'in_riquadratura');
    const blocco = await makeBlocco(cavatore, b._id);
    await cavatore.post(`/api/blocchi/${blocco._id}/stato`, { stato: 'disponibile' });
    const customers: string[] = [];
    for (let i = 0; i < 20; i++)
      customers.push(
        (
          await admin.post('/api/clienti', {
            ragioneSociale: `Cliente ${i}`,
            nazione: 'FR',
            indirizzo: 'Rue',
            comune: 'Paris',
          })
        ).json()._id,
      );
    const until = inDays(1);
    const results = await Promise.all(
      customers.map((clienteId) =>
        cavatore.post(`/api/blocchi/${blocco._id}/stato`, {
          stato: 'opzionato',
          clienteId,
          opzioneScadenza: until,
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = results.find((r) => r.statusCode === 200)!.json().cliente._id;
    expect((await cavatore.get(`/api/blocchi/${blocco._id}`)).json().cliente._id).toBe(winner);
    const stateRows = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, blocco._id), eq(auditLog.action, 'stato')));
    expect(stateRows[0]!.n).toBe(2);
  });
});

describe('pickers under the blocchi permissions', () => {
  it('a yard user without clienti or fornitori pages picks a customer and a supplier', async () => {
    const { client } = await org.userClient({ blocchi: true, 'blocchi-esterni': true });
    expect((await client.get('/api/fornitori')).statusCode).toBe(403);
    const suppliers = (
      await client.get('/api/blocchi-esterni/fornitori-selezionabili', { query: { q: 'esterne' } })
    ).json();
    expect(suppliers).toEqual([
      {
        _id: ids.fornitore,
        ragioneSociale: 'Cave Esterne S.r.l.',
        partitaIva: null,
        comune: 'Berlin',
        nazione: 'DE',
      },
    ]);
    const customers = (
      await client.get('/api/blocchi/clienti-selezionabili', { query: { q: 'stone' } })
    ).json();
    expect(customers.map((c: { _id: string }) => c._id)).toEqual([ids.cliente]);
    // Own blocks have no supplier picker: the path is read as an id and refused.
    expect((await client.get('/api/blocchi/fornitori-selezionabili')).statusCode).toBe(400);
    const { client: nobody } = await org.userClient({ bancate: true });
    expect((await nobody.get('/api/blocchi/clienti-selezionabili')).statusCode).toBe(403);
    // The bancate a block can come from, without the bancate page.
    const open = await makeBancata(cavatore);
    await moveBancata(cavatore, open._id, 'in_taglio', 'ribaltata');
    const planned = await makeBancata(cavatore);
    const choices = (await client.get('/api/blocchi/bancate-selezionabili')).json();
    expect(choices.map((c: { _id: string }) => c._id)).toContain(open._id);
    expect(choices.map((c: { _id: string }) => c._id)).not.toContain(planned._id);
    expect(choices[0]).toMatchObject({
      stato: expect.stringMatching(/ribaltata|in_riquadratura/),
      cava: { nome: 'Canalgrande' },
    });
  });
});
