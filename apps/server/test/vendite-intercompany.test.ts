import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createProductionLookups,
  loadLotto,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

// ("Also"): a transfer to a group company is the intercompany sale it is, so it shows in the
// seller's sales report and statistics, at its transfer prices. Hand-built fixture (today, Rome):
//   Marmi buys an external block of 290 × 150 × 120 cm = 5.22 m³ (Statuario 2.71 t/m³ → 14.15 t)
//   and holds a tile lot of 40 pieces of 600 × 300 mm (0.18 m² each).
//   It transfers to Segheria the block at € 10 250 and 20 tiles (3.60 m²) at € 500.
// Vendite: 1 block, 5.22 m³, 14.15 t, € 10 250 of blocks; 3.60 m² and € 500 of stock; € 10 750 in all.
// The sales report also never adds blocks and tile pieces as one "pezzi": 1 block, 20 tile pieces.

let ctx: TestContext;
let admin: TestClient;
let segheriaName: string;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const period = { dal: today, al: today };

beforeAll(async () => {
  ctx = await buildTestApp({ RATE_LIMIT_EXPORTS: '1000' });
  const marmi = await setupCompany(ctx);
  const segheria = await setupCompany(ctx);
  segheriaName = segheria.company.name;
  admin = await marmi.adminClient();
  const lookups = await createProductionLookups(admin);
  const fornitore = (
    await admin.post('/api/fornitori', {
      ragioneSociale: 'Steinbruch GmbH',
      nazione: 'DE',
      indirizzo: 'Hauptstr. 9',
      comune: 'Berlin',
    })
  ).json();
  const blocco = await admin.post('/api/blocchi-esterni', {
    fornitoreId: fornitore._id,
    dataAcquisto: today,
    prezzoAcquisto: 1500,
    unitaPrezzoAcquisto: 'm3',
    materialeId: lookups.materialeId,
    ubicazioneId: lookups.ubicazioneId,
    lunghezza: 290,
    altezza: 150,
    profondita: 120,
  });
  expect(blocco.statusCode, blocco.body).toBe(201);
  const lotto = await loadLotto(ctx, marmi.company.id, {
    codice: 'LO-T-0001',
    materialeId: lookups.materialeId,
    pezzi: 40,
    pezziPerCassa: 10,
    ubicazioneId: lookups.ubicazioneId,
    lunghezzaMm: 600,
    larghezzaMm: 300,
    spessoreMm: 20,
    finitura: 'levigato',
  });
  const res = await admin.post('/api/trasferimenti', {
    destinazioneCompanyId: segheria.company.id,
    blocchi: [{ id: blocco.json()._id, prezzo: 10250 }],
    lotti: [{ id: lotto.id, pezzi: 20, prezzo: 500 }],
    documento: 'DDT 1/T',
  });
  expect(res.statusCode, res.body).toBe(201);
}, 120_000);
afterAll(() => ctx?.close());

describe('a transfer to a group company is an intercompany sale', () => {
  it('statistiche vendite count it at its transfer prices, under the receiving company', async () => {
    const res = await admin.get('/api/statistiche/vendite', {
      query: { ...period, per: 'cliente' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { totals, series } = res.json();
    expect(totals).toMatchObject({
      blocchi: 1,
      volume: 5.22,
      peso: 14.15,
      importoBlocchi: 10250,
      mqVenduti: 3.6,
      importoStock: 500,
      importo: 10750,
      prezzoM3: 1963.6,
    });
    expect(series.map((s: { label: string }) => s.label)).toEqual([`${segheriaName} (gruppo)`]);
  });

  it('the sales report lists it, with blocks and tile pieces in columns of their own', async () => {
    const res = await admin.get('/api/reports/vendite', { query: { ...period, formato: 'xlsx' } });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows.find((r) => r.includes('Cliente'))!;
    const col = (name: string) => header.indexOf(name);
    expect(header).not.toContain('Pezzi');
    const data = rows.filter((r) => r[col('Cliente')] === `${segheriaName} (gruppo)`);
    const blocchi = data.find((r) => r[col('Tipo')] === 'Blocchi')!;
    const pavimenti = data.find((r) => r[col('Tipo')] === 'Pavimenti')!;
    expect([
      blocchi[col('Blocchi (n)')],
      blocchi[col('m³')],
      blocchi[col('t')],
      blocchi[col('Importo')],
    ]).toEqual([1, 5.22, 14.15, 10250]);
    expect([
      pavimenti[col('Pezzi pavimento')],
      pavimenti[col('m²')],
      pavimenti[col('Importo')],
    ]).toEqual([20, 3.6, 500]);
    const totale = rows.at(-1)!;
    expect([
      totale[col('Blocchi (n)')],
      totale[col('Pezzi pavimento')],
      totale[col('Importo')],
    ]).toEqual([1, 20, 10750]);
  });
});
