import { permissionPreset } from '@gestcava/contracts';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocchi, clienti } from '../src/db/schema/index.js';
import { todayInRome } from '../src/lib/dates.js';
import { ROWS_PER_PAGE } from '../src/modules/reportistica/reportistica.render.js';
import {
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
let admin: TestClient;
let vendite: TestClient;
const today = todayInRome();
const year = today.slice(0, 4);
const codici: string[] = [];

function pdfText(body: Buffer): { pages: number; text: string } {
  const doc = mupdf.Document.openDocument(body, 'application/pdf');
  let text = '';
  for (let i = 0; i < doc.countPages(); i++)
    text += doc.loadPage(i).toStructuredText('preserve-whitespace').asText() + '\n';
  return { pages: doc.countPages(), text: text.replace(/\s+/g, ' ') };
}

async function xlsxRows(body: Buffer, sheet = 1) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[sheet - 1]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { ws, rows };
}

beforeAll(async () => {
  // the tests download more reports than a user's per-minute export limit
  ctx = await buildTestApp({ RATE_LIMIT_EXPORTS: '1000' });
  const org = await setupCompany(ctx);
  admin = await org.adminClient();
  vendite = (await org.userClient(permissionPreset('Vendite'))).client;
  const lookups = await createProductionLookups(admin); // Statuario, 2.71 t/m³, cava Canalgrande
  const bancata = (
    await admin.post('/api/bancate', {
      cavaId: lookups.cavaId,
      materialeId: lookups.materialeId,
      dataTaglio: `${year}-01-10`,
      lunghezza: 1000,
      altezza: 500,
      profondita: 400,
      informiT: 12.5,
      scaglieT: 40,
      terreT: 7.25,
    })
  ).json();
  for (const stato of ['in_taglio', 'ribaltata', 'in_riquadratura'])
    await admin.post(`/api/bancate/${bancata._id}/stato`, { stato });
  // 300×200×150 = 9 m³ (24.39 t theoretical) weighed at 25 t; 250×150×100 = 3.75 m³ (10.16 t) not weighed
  for (const [dims, extra] of [
    [
      { lunghezza: 300, altezza: 200, profondita: 150 },
      { pesoPesa: 25, codiceTracciabilita: 'CARRARA-173-00042', scelta: 'prima' },
    ],
    [{ lunghezza: 250, altezza: 150, profondita: 100 }, { scelta: 'seconda' }],
  ] as const) {
    const res = await admin.post('/api/blocchi', {
      bancataId: bancata._id,
      ubicazioneId: lookups.ubicazioneId,
      ...dims,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    codici.push(res.json().codice);
  }
});
afterAll(() => ctx.close());

describe('reportistica', () => {
  it('registro di produzione as PDF: the blocks of the period with their figures, totals and "Pagina 1 di 1"', async () => {
    const res = await vendite.get('/api/reports/registro-produzione', {
      query: { formato: 'pdf', dal: `${year}-01-01`, al: today },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `registro-produzione-${year}-01-01_${today}.pdf`,
    );
    const { pages, text } = pdfText(res.rawPayload);
    expect(pages).toBe(1);
    for (const codice of codici) expect(text).toContain(codice);
    expect(text).toContain('Registro di produzione');
    expect(text).toContain(`dal 01/01/${year}`);
    expect(text).toContain('CARRARA-173-00042');
    expect(text).toContain('12,750'); // 9 + 3.75 m³
    expect(text).toContain('35,16'); // 25 weighed + 10.16 theoretical t
    expect(text).toContain('Pagina 1 di 1');
  });

  it('elenco blocchi: a block whose option has lapsed reads Disponibile, one still running reads Opzionato', async () => {
    const companyId = (
      await ctx.database.db
        .select({ companyId: blocchi.companyId })
        .from(blocchi)
        .where(eq(blocchi.codice, codici[0]!))
    )[0]!.companyId;
    const [cliente] = await ctx.database.db
      .insert(clienti)
      .values({
        companyId,
        ragioneSociale: 'Stone Design GmbH',
        indirizzo: 'Via Roma 1',
        comune: 'Carrara',
      })
      .returning();
    const option = (codice: string, opzioneScadenza: string) =>
      ctx.database.db
        .update(blocchi)
        .set({ stato: 'opzionato', clienteId: cliente!.id, opzioneScadenza })
        .where(eq(blocchi.codice, codice));
    await option(codici[0]!, '2020-01-01');
    await option(codici[1]!, '2099-01-01');
    try {
      const { rows } = await xlsxRows(
        (
          await admin.get('/api/reports/blocchi', {
            query: { formato: 'xlsx', dal: `${year}-01-01`, al: today },
          })
        ).rawPayload,
      );
      const stato = rows[0]!.indexOf('Stato');
      expect(
        rows.filter((r) => codici.includes(r[0] as string)).map((r) => [r[0], r[stato]]),
      ).toEqual([
        [codici[0], 'Disponibile'],
        [codici[1], 'Opzionato'],
      ]);
    } finally {
      await ctx.database.db
        .update(blocchi)
        .set({ stato: 'disponibile', clienteId: null, opzioneScadenza: null })
        .where(inArray(blocchi.codice, codici));
    }
  });

  it("a manager downloads the month's twelve reports in a row: no 'Troppe richieste'", async () => {
    const manager = (await (await setupCompany(ctx)).userClient({ statistiche: true })).client;
    const names = ['vendite', 'blocchi', 'registro-produzione'];
    for (let i = 0; i < 12; i++) {
      const res = await manager.get(`/api/reports/${names[i % names.length]}`, {
        query: { formato: 'xlsx', dal: '2001-01-01', al: '2001-01-31' },
      });
      expect(res.statusCode, `report ${i + 1}: ${res.body.slice(0, 100)}`).toBe(200);
    }
  });

  it('a period without data still gives a file; an inverted period and an unknown report are 400s; no statistiche, 403', async () => {
    const empty = await admin.get('/api/reports/vendite', {
      query: { formato: 'pdf', dal: '2001-01-01', al: '2001-12-31' },
    });
    expect(empty.statusCode).toBe(200);
    expect(pdfText(empty.rawPayload).text).toContain('Nessun dato nel periodo');
    expect(
      (await admin.get('/api/reports/vendite', { query: { dal: '2026-05-01', al: '2026-04-01' } }))
        .statusCode,
    ).toBe(400);
    expect((await admin.get('/api/reports/bilancio')).statusCode).toBe(400);
    const org = await setupCompany(ctx);
    const produzione = (await org.userClient(permissionPreset('Produzione'))).client;
    expect((await produzione.get('/api/reports/blocchi')).statusCode).toBe(403);
    // another company's report never shows our blocks
    const stranger = (await org.userClient({ statistiche: true })).client;
    const theirs = pdfText(
      (await stranger.get('/api/reports/blocchi', { query: { dal: `${year}-01-01`, al: today } }))
        .rawPayload,
    ).text;
    for (const codice of codici) expect(theirs).not.toContain(codice);
  });

  it('every report renders in both formats', async () => {
    for (const name of [
      'registro-produzione',
      'estrazione',
      'giacenze',
      'vendite',
      'rese',
      'blocchi',
    ]) {
      for (const formato of ['pdf', 'xlsx']) {
        const res = await admin.get(`/api/reports/${name}`, { query: { formato } });
        expect(res.statusCode, `${name} ${formato}: ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.rawPayload.subarray(0, 4).toString('latin1'), `${name} ${formato}`).toBe(
          formato === 'pdf' ? '%PDF' : 'PK\u0003\u0004',
        );
      }
    }
  });

  it('a long list numbers its pages "Pagina N di M" with M known before the rows are read', async () => {
    expect(ROWS_PER_PAGE).toBeGreaterThan(20);
    const res = await admin.get('/api/reports/blocchi', { query: { formato: 'pdf' } });
    const { pages, text } = pdfText(res.rawPayload);
    expect(text).toContain(`Pagina ${pages} di ${pages}`);
  });
});

describe('giacenze: one weight rule, rows rounded per item', () => {
  it("blocks weigh the weighbridge's tonnes, else net m³ × density; each item rounded, the total the sum of the rows, and the same tonnes and value as statistiche magazzino", async () => {
    const own = await setupCompany(ctx);
    const boss = await own.adminClient();
    const lookups = await createProductionLookups(boss); // Statuario, 2.71 t/m³
    const fornitore = (
      await boss.post('/api/fornitori', {
        ragioneSociale: 'Cave Esterne S.r.l.',
        nazione: 'DE',
        indirizzo: 'Hauptstr. 1',
        comune: 'Berlin',
      })
    ).json();
    const esterno = {
      fornitoreId: fornitore._id,
      dataAcquisto: `${year}-01-15`,
      prezzoAcquisto: 900,
      unitaPrezzoAcquisto: 'm3',
      materialeId: lookups.materialeId,
      ubicazioneId: lookups.ubicazioneId,
      unitaPrezzo: 't',
    };
    for (const body of [
      // 220 × 200 × 110 = 4,84 m³ (13,12 t theoretical), 15,08 t at the weighbridge, 846 €/t → 12 757,68 €
      {
        ...esterno,
        lunghezza: 220,
        altezza: 200,
        profondita: 110,
        pesoPesa: 15.08,
        prezzoListino: 846,
      },
      // gross 250 × 150 × 100 (10,16 t), net 240 × 140 × 95 = 3,192 m³ → 8,65 t, 95,55 €/t → 826,5075 → 826,51 €
      {
        ...esterno,
        lunghezza: 250,
        altezza: 150,
        profondita: 100,
        lunghezzaNetta: 240,
        altezzaNetta: 140,
        profonditaNetta: 95,
        prezzoListino: 95.55,
      },
    ]) {
      const res = await boss.post('/api/blocchi-esterni', body);
      expect(res.statusCode, res.body).toBe(201);
    }

    const res = await boss.get('/api/reports/giacenze', { query: { formato: 'xlsx' } });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await xlsxRows(res.rawPayload);
    const header = rows[0] as string[];
    const [n, m3, t, valore] = ['Blocchi (n)', 'm³', 't', 'Valore a listino'].map((h) =>
      header.indexOf(h),
    ) as [number, number, number, number];
    const blocchiRow = rows.find((r) => r[1] === 'Blocchi')!;
    expect([blocchiRow[n], blocchiRow[m3], blocchiRow[t], blocchiRow[valore]]).toEqual([
      2, 8.032, 23.73, 13584.19,
    ]);
    const totale = rows.at(-1)!;
    expect(totale[0]).toBe('Totale');
    const body = rows.slice(1, -1);
    const sum = (i: number) =>
      Math.round(body.reduce((a, r) => a + ((r[i] as number | undefined) ?? 0), 0) * 100) / 100;
    expect([totale[t], totale[valore]]).toEqual([sum(t), sum(valore)]);

    const stats = await boss.get('/api/statistiche/magazzino', {
      query: { per: 'materiale', dal: `${year}-01-01`, al: today },
    });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().totals).toMatchObject({ pesoBlocchi: 23.73, valoreBlocchi: 13584.19 });
  });
});

describe('registro di produzione: by the production date, informi by weight', () => {
  it('lists the blocks squared in the period, whenever entered, with the informi apart from the m³ and their tonnes', async () => {
    const own = await setupCompany(ctx);
    const boss = await own.adminClient();
    const lookups = await createProductionLookups(boss); // Statuario, 2.71 t/m³
    const bancata = (
      await boss.post('/api/bancate', {
        cavaId: lookups.cavaId,
        materialeId: lookups.materialeId,
        dataTaglio: '2025-12-01',
        lunghezza: 1000,
        altezza: 500,
        profondita: 400,
      })
    ).json();
    for (const stato of ['in_taglio', 'ribaltata', 'in_riquadratura'])
      await boss.post(`/api/bancate/${bancata._id}/stato`, { stato });
    // all entered today: A squared 20/01/2025, 300×200×150 = 9 m³, 24,39 t; B an informe squared 21/01/2025,
    // 200×100×100 = 2 m³ weighed 6 t; C squared 31/12/2024, outside January
    const codes: Record<string, string> = {};
    for (const [name, body] of [
      ['A', { lunghezza: 300, altezza: 200, profondita: 150, dataRiquadratura: '2025-01-20' }],
      [
        'B',
        {
          lunghezza: 200,
          altezza: 100,
          profondita: 100,
          categoria: 'informe',
          pesoPesa: 6,
          dataRiquadratura: '2025-01-21',
        },
      ],
      ['C', { lunghezza: 250, altezza: 150, profondita: 100, dataRiquadratura: '2024-12-31' }],
    ] as const) {
      const res = await boss.post('/api/blocchi', {
        bancataId: bancata._id,
        ubicazioneId: lookups.ubicazioneId,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      codes[name] = res.json().codice;
    }
    const res = await boss.get('/api/reports/registro-produzione', {
      query: { formato: 'xlsx', dal: '2025-01-01', al: '2025-01-31' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await xlsxRows(res.rawPayload);
    const header = rows[0] as string[];
    const col = (h: string) => header.indexOf(h);
    // the blocks' rows are dated by the production date; an informe's tonnes go in the informi column
    const blocchiRows = rows.filter((r) => r[col('Tipo')] === 'Blocco');
    const body = blocchiRows.map((r) => [
      (r[col('Data')] as Date).toISOString().slice(0, 10),
      r[col('Blocco')],
      r[col('m³ netti')],
      r[col('t blocchi')],
      r[col('Informi t')],
    ]);
    expect(body).toEqual([
      ['2025-01-20', codes.A, 9, 24.39, undefined],
      ['2025-01-21', codes.B, undefined, undefined, 6],
    ]);
    expect(
      [col('m³ netti'), col('t blocchi'), col('Informi t')].map((i) => rows.at(-1)![i]),
    ).toEqual([9, 24.39, 6]);
  });
});

describe('rese: one rule for a bancata yield (docs/reportistica.md, "Regole delle cifre")', () => {
  it('"Uscita" is the squared blocks\' net m³, the yield is over it, and the informi are tonnes in their own column', async () => {
    const own = await setupCompany(ctx);
    const boss = await own.adminClient();
    const lookups = await createProductionLookups(boss); // Statuario, 2.71 t/m³
    // 500 × 400 × 300 = 60 m³, 3 t of loose informi typed on it
    const bancata = (
      await boss.post('/api/bancate', {
        cavaId: lookups.cavaId,
        materialeId: lookups.materialeId,
        dataTaglio: `${year}-01-12`,
        lunghezza: 500,
        altezza: 400,
        profondita: 300,
        informiT: 3,
      })
    ).json();
    for (const stato of ['in_taglio', 'ribaltata', 'in_riquadratura'])
      await boss.post(`/api/bancate/${bancata._id}/stato`, { stato });
    // 9 m³ and 3 m³ squared; an informe of 2 m³, never weighed: 2 × 2,71 = 5,42 t
    for (const body of [
      { lunghezza: 300, altezza: 200, profondita: 150 },
      { lunghezza: 200, altezza: 150, profondita: 100 },
      { lunghezza: 200, altezza: 100, profondita: 100, categoria: 'informe' },
    ]) {
      const res = await boss.post('/api/blocchi', {
        bancataId: bancata._id,
        ubicazioneId: lookups.ubicazioneId,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const chiusa = await boss.post(`/api/bancate/${bancata._id}/stato`, { stato: 'chiusa' });
    expect(chiusa.statusCode, chiusa.body).toBe(200);

    const res = await boss.get('/api/reports/rese', {
      query: { formato: 'xlsx', dal: `${year}-01-01`, al: today },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await xlsxRows(res.rawPayload);
    const header = rows[0] as string[];
    const row = rows.find((r) => r[1] === bancata.codice)!;
    const cell = (h: string) => row[header.indexOf(h)];
    // 9 + 3 = 12 m³ out of 60: 20,0 %; informi 5,42 + 3 = 8,42 t
    expect([
      cell('Ingresso (m³)'),
      cell('Uscita (m³ o m²)'),
      cell('Informi (t)'),
      cell('Resa'),
    ]).toEqual([60, 12, 8.42, 20]);
  });
});

describe('stock value and days in stock (docs/reportistica.md, "Regole delle cifre")', () => {
  it('a bought-in block without list price is valued at its cost and flagged, in statistiche as in giacenze; ageing runs from the production date, per kind', async () => {
    const own = await setupCompany(ctx);
    const boss = await own.adminClient();
    const lookups = await createProductionLookups(boss); // Statuario, 2.71 t/m³
    const oggi = todayInRome();
    const giorniFa = (n: number) =>
      new Date(Date.parse(`${oggi}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const fornitore = (
      await boss.post('/api/fornitori', {
        ragioneSociale: 'Cave Esterne S.r.l.',
        nazione: 'DE',
        indirizzo: 'Hauptstr. 1',
        comune: 'Berlin',
      })
    ).json();
    // bought 10 days ago, no list price: 200 × 200 × 100 = 4 m³ × 500 €/m³ + 100 € transport = 2 100 €
    const esterno = await boss.post('/api/blocchi-esterni', {
      fornitoreId: fornitore._id,
      dataAcquisto: giorniFa(10),
      prezzoAcquisto: 500,
      unitaPrezzoAcquisto: 'm3',
      costoTrasporto: 100,
      materialeId: lookups.materialeId,
      ubicazioneId: lookups.ubicazioneId,
      lunghezza: 200,
      altezza: 200,
      profondita: 100,
    });
    expect(esterno.statusCode, esterno.body).toBe(201);
    // an own block of a bancata cut 400 days ago, squared 100 days ago, entered today, 1 500 €/m³ × 2 m³
    const bancata = (
      await boss.post('/api/bancate', {
        cavaId: lookups.cavaId,
        materialeId: lookups.materialeId,
        dataTaglio: giorniFa(400),
        lunghezza: 500,
        altezza: 400,
        profondita: 300,
      })
    ).json();
    for (const stato of ['in_taglio', 'ribaltata', 'in_riquadratura'])
      await boss.post(`/api/bancate/${bancata._id}/stato`, { stato });
    const proprio = await boss.post('/api/blocchi', {
      bancataId: bancata._id,
      ubicazioneId: lookups.ubicazioneId,
      lunghezza: 200,
      altezza: 100,
      profondita: 100,
      dataRiquadratura: giorniFa(100),
      prezzoListino: 1500,
      unitaPrezzo: 'm3',
      stato: 'disponibile',
    });
    expect(proprio.statusCode, proprio.body).toBe(201);

    const stats = await boss.get('/api/statistiche/magazzino', {
      query: { per: 'materiale', dal: `${year}-01-01`, al: today },
    });
    expect(stats.statusCode, stats.body).toBe(200);
    // 2 100 + 3 000; ages 10 and 100 days: average 55, one in each of the first two buckets
    expect(stats.json().totals).toMatchObject({
      valoreBlocchi: 5100,
      blocchiSenzaListino: 1,
      etaBlocchi: 55,
      etaBlocchi0_90: 1,
      etaBlocchi91_180: 1,
      etaBlocchi181_365: 0,
      etaBlocchiOltre365: 0,
      etaLastre: null,
    });
    expect(
      stats.json().metrics.find((m: { key: string }) => m.key === 'valoreBlocchi').descrizione,
    ).toContain("costo d'acquisto");

    const { rows } = await xlsxRows(
      (await boss.get('/api/reports/giacenze', { query: { formato: 'xlsx' } })).rawPayload,
    );
    const header = rows[0] as string[];
    const blocchiRow = rows.find((r) => r[1] === 'Blocchi')!;
    expect(blocchiRow[header.indexOf('Valore a listino')]).toBe(5100);
    expect(blocchiRow[header.indexOf('Senza prezzo')]).toBe(1);
  });
});
