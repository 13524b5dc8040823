import { MESI, permissionPreset } from '@gestcava/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocchi } from '../src/db/schema/index.js';
import { todayInRome } from '../src/lib/dates.js';
import {
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

// The extraction declaration (tonnes on one basis per column, the pesata's day,
// informi once, tariffs and the contribution) and the registro di produzione, read back from their
// XLSX. Every figure below is computed by hand from this fixture (Statuario 2,71 t/m³, cava 173).

let ctx: TestContext;
let admin: TestClient;
let cavaId: string;
const today = todayInRome();
const meseOggi = `${MESI[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}`;
const codici: Record<string, string> = {};
let ddtNumero: string;

function pdfText(body: Buffer): string {
  const doc = mupdf.Document.openDocument(body, 'application/pdf');
  let text = '';
  for (let i = 0; i < doc.countPages(); i++)
    text += doc.loadPage(i).toStructuredText('preserve-whitespace').asText() + '\n';
  return text.replace(/\s+/g, ' ');
}

async function xlsxRows(body: Buffer, sheet = 1) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[sheet - 1]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A row as an object keyed by the header, without its empty cells. */
function byHeader(rows: unknown[][]) {
  const header = rows[0] as string[];
  return rows
    .slice(1)
    .map((r) =>
      Object.fromEntries(
        header.map((h, i) => [h, r[i]]).filter(([, v]) => v !== undefined && v !== null),
      ),
    );
}

const tariffe2025 = {
  validoDal: '2025-01-01',
  validoAl: '2025-12-31',
  blocchi: 4.2,
  informi: 2.1,
  scaglieBianche: 1.3,
  scaglieScure: 0.9,
  scogliere: 1.1,
  terre: 0.5,
};
const tariffe2026 = {
  validoDal: '2026-01-01',
  validoAl: null,
  blocchi: 4.5,
  informi: 2.3,
  scaglieBianche: 1.4,
  scaglieScure: 1,
  scogliere: 1.2,
  terre: 0.6,
};

beforeAll(async () => {
  ctx = await buildTestApp({ RATE_LIMIT_EXPORTS: '1000' });
  const org = await setupCompany(ctx);
  admin = await org.adminClient();
  const lookups = await createProductionLookups(admin); // Statuario 2,71 t/m³, cava 173 Canalgrande
  cavaId = lookups.cavaId;
  expect(
    (await admin.put(`/api/cave/${cavaId}`, { concessione: 'Concessione n. 173/2019' })).statusCode,
  ).toBe(200);
  for (const t of [tariffe2025, tariffe2026]) {
    const res = await admin.post(`/api/cave/${cavaId}/tariffe`, t);
    expect(res.statusCode, res.body).toBe(201);
  }
  const bancata = async (
    key: string,
    body: Record<string, unknown>,
    stati = ['ribaltata', 'in_riquadratura'],
  ) => {
    const res = await admin.post('/api/bancate', {
      cavaId,
      materialeId: lookups.materialeId,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    for (const stato of stati) {
      const moved = await admin.post(`/api/bancate/${res.json()._id}/stato`, { stato });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    codici[key] = res.json().codice;
    return res.json()._id as string;
  };
  // A: 1000×500×400 = 200 m³; B: 800×400×300 = 96 m³; C cancelled (counts nowhere). A bancata dated in the past starts «in taglio».
  const a = await bancata('A', {
    dataTaglio: '2025-06-10',
    lunghezza: 1000,
    altezza: 500,
    profondita: 400,
    informiT: 12.5,
    scaglieT: 40,
    scaglieScureT: 3.35,
    scogliereT: 4,
    terreT: 7.25,
  });
  const b = await bancata('B', {
    dataTaglio: '2026-03-02',
    lunghezza: 800,
    altezza: 400,
    profondita: 300,
    informiT: 9,
    scaglieT: 22.4,
    scaglieScureT: 6.5,
    scogliereT: 11.8,
    terreT: 5,
  });
  await bancata(
    'C',
    {
      dataTaglio: '2026-04-01',
      lunghezza: 500,
      altezza: 300,
      profondita: 300,
      informiT: 3,
      scaglieT: 8,
    },
    ['annullata'],
  );
  // D is still being cut («in taglio»): not production yet, in no figure (docs/reportistica.md, "Regole delle cifre")
  await bancata(
    'D',
    {
      dataTaglio: '2026-03-05',
      lunghezza: 600,
      altezza: 400,
      profondita: 300,
      informiT: 4,
      scaglieT: 10,
    },
    [],
  );
  const blocco = async (key: string, body: Record<string, unknown>) => {
    const res = await admin.post('/api/blocchi', { ubicazioneId: lookups.ubicazioneId, ...body });
    expect(res.statusCode, res.body).toBe(201);
    codici[key] = res.json().codice;
    return res.json()._id as string;
  };
  const disponibile = { stato: 'disponibile' };
  // 1: 9 m³, 25 t weighed on 01/07/2025 (tariff 2025)
  await blocco('b1', {
    bancataId: a,
    lunghezza: 300,
    altezza: 200,
    profondita: 150,
    pesoPesa: 25,
    dataPesata: '2025-07-01',
    numeroPesata: 'P-0101',
    ...disponibile,
  });
  // 2: gross 250×150×100 = 3,75 m³, net 240×140×95 = 3,192 m³ never weighed: 3,192 × 2,71 = 8,65032 → 8,65 t, counted today (tariff 2026)
  await blocco('b2', {
    bancataId: a,
    lunghezza: 250,
    altezza: 150,
    profondita: 100,
    lunghezzaNetta: 240,
    altezzaNetta: 140,
    profonditaNetta: 95,
    scelta: 'seconda',
    ...disponibile,
  });
  // 3: 3,6 m³, 9,9 t weighed on 20/03/2026, then shipped today
  const b3 = await blocco('b3', {
    bancataId: b,
    lunghezza: 200,
    altezza: 150,
    profondita: 120,
    pesoPesa: 9.9,
    dataPesata: '2026-03-20',
    numeroPesata: 'P-0311',
    ...disponibile,
  });
  // 4: an informe of B, 5,35 t weighed; B's typed informi (9 t) are the loose ones, not registered as blocks: both count
  await blocco('b4', {
    bancataId: b,
    categoria: 'informe',
    lunghezza: 180,
    altezza: 120,
    profondita: 100,
    pesoPesa: 5.35,
    dataPesata: '2026-03-21',
    ...disponibile,
  });
  // 5: still in the quarry yard (4,992 m³, 13,5 t): it has not left the quarry. 6: weighed (3,388 m³,
  // 9,1 t) and scrapped later: it left, and scrapping changes nothing in the declaration
  await blocco('b5', {
    bancataId: b,
    lunghezza: 240,
    altezza: 160,
    profondita: 130,
    pesoPesa: 13.5,
    dataPesata: '2026-03-22',
  });
  const b6 = await blocco('b6', {
    bancataId: b,
    lunghezza: 220,
    altezza: 140,
    profondita: 110,
    pesoPesa: 9.1,
    dataPesata: '2026-03-23',
    ...disponibile,
  });
  expect((await admin.post(`/api/blocchi/${b6}/stato`, { stato: 'scartato' })).statusCode).toBe(
    200,
  );
  // 7: never weighed, scrapped straight from the quarry yard (200×100×100): it never left
  const b7 = await blocco('b7', {
    bancataId: b,
    lunghezza: 200,
    altezza: 100,
    profondita: 100,
  });
  expect((await admin.post(`/api/blocchi/${b7}/stato`, { stato: 'scartato' })).statusCode).toBe(
    200,
  );
  // sold (as a collaudo would) and shipped today with a DDT
  const cliente = (
    await admin.post('/api/clienti', {
      ragioneSociale: 'Stein Import GmbH',
      nazione: 'DE',
      indirizzo: 'Hauptstr. 1',
      comune: 'München',
    })
  ).json();
  await ctx.database.db
    .update(blocchi)
    .set({ stato: 'venduto', clienteId: cliente._id })
    .where(eq(blocchi.id, b3));
  const bozza = await admin.post('/api/ddt', {
    causale: 'vendita',
    clienteId: cliente._id,
    trasportoACura: 'mittente',
    porto: 'franco',
    righe: [{ entityType: 'blocco', id: b3 }],
  });
  expect(bozza.statusCode, bozza.body).toBe(201);
  const emesso = await admin.post(`/api/ddt/${bozza.json()._id}/emetti`);
  expect(emesso.statusCode, emesso.body).toBe(200);
  ddtNumero = `${emesso.json().numero}/${emesso.json().anno}`;
});
afterAll(() => ctx.close());

describe('estrazione: the declaration for the contributo di estrazione', () => {
  it('tonnes per basis and category, the tariff of the day each item left, the contribution per row, per category and in total, with the quarry number and concession', async () => {
    const res = await admin.get('/api/reports/estrazione', {
      query: { formato: 'xlsx', dal: '2025-01-01', al: today },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await xlsxRows(res.rawPayload);
    expect(rows[0]).toEqual([
      'N. cava',
      'Cava',
      'Concessione',
      'Voce',
      'Materiale',
      'Scelta',
      'Categoria',
      'Pezzi',
      'm³ netti',
      't pesate',
      't teoriche',
      't dichiarate',
      't',
      'Tariffa €/t',
      'Contributo',
    ]);
    const cava = {
      'N. cava': '173',
      Cava: 'Canalgrande',
      Concessione: 'Concessione n. 173/2019',
      Materiale: 'Statuario',
    };
    expect(byHeader(rows)).toEqual([
      // block 1, 2025: 25 × 4,20 = 105,00
      {
        ...cava,
        Voce: 'Blocchi',
        Scelta: 'Prima',
        Categoria: 'Squadrato',
        Pezzi: 1,
        'm³ netti': 9,
        't pesate': 25,
        t: 25,
        'Tariffa €/t': 4.2,
        Contributo: 105,
      },
      // blocks 3 and 6 (scrapped after its pesata), 2026: 9,9 + 9,1 = 19 t × 4,50 = 85,50; 3,6 + 3,388 m³
      {
        ...cava,
        Voce: 'Blocchi',
        Scelta: 'Prima',
        Categoria: 'Squadrato',
        Pezzi: 2,
        'm³ netti': 6.988,
        't pesate': 19,
        t: 19,
        'Tariffa €/t': 4.5,
        Contributo: 85.5,
      },
      // block 2 on its net m³: 8,65 × 4,50 = 38,925 → 38,93
      {
        ...cava,
        Voce: 'Blocchi',
        Scelta: 'Seconda',
        Categoria: 'Squadrato',
        Pezzi: 1,
        'm³ netti': 3.192,
        't teoriche': 8.65,
        t: 8.65,
        'Tariffa €/t': 4.5,
        Contributo: 38.93,
      },
      {
        'N. cava': 'Totale 173 · Blocchi',
        Pezzi: 4,
        'm³ netti': 19.18,
        't pesate': 44,
        't teoriche': 8.65,
        t: 52.65,
        Contributo: 229.43,
      },
      // the informe block by weight only: 5,35 × 2,30 = 12,305 → 12,31
      {
        ...cava,
        Voce: 'Informi',
        Scelta: 'Prima',
        Categoria: 'Informe',
        Pezzi: 1,
        't pesate': 5.35,
        t: 5.35,
        'Tariffa €/t': 2.3,
        Contributo: 12.31,
      },
      // the loose informi typed on the bancate: A's 12,5 × 2,10 = 26,25 (2025); B's 9 × 2,30 = 20,70 (2026)
      {
        ...cava,
        Voce: 'Informi',
        't dichiarate': 12.5,
        t: 12.5,
        'Tariffa €/t': 2.1,
        Contributo: 26.25,
      },
      { ...cava, Voce: 'Informi', 't dichiarate': 9, t: 9, 'Tariffa €/t': 2.3, Contributo: 20.7 },
      {
        'N. cava': 'Totale 173 · Informi',
        Pezzi: 1,
        't pesate': 5.35,
        't dichiarate': 21.5,
        t: 26.85,
        Contributo: 59.26,
      },
      // 40 × 1,30 = 52,00 (2025); 22,4 × 1,40 = 31,36 (2026)
      {
        ...cava,
        Voce: 'Scaglie bianche',
        't dichiarate': 40,
        t: 40,
        'Tariffa €/t': 1.3,
        Contributo: 52,
      },
      {
        ...cava,
        Voce: 'Scaglie bianche',
        't dichiarate': 22.4,
        t: 22.4,
        'Tariffa €/t': 1.4,
        Contributo: 31.36,
      },
      {
        'N. cava': 'Totale 173 · Scaglie bianche',
        't dichiarate': 62.4,
        t: 62.4,
        Contributo: 83.36,
      },
      // 3,35 × 0,90 = 3,015 → 3,02 (half up on the decimal value); 6,5 × 1,00 = 6,50
      {
        ...cava,
        Voce: 'Scaglie scure',
        't dichiarate': 3.35,
        t: 3.35,
        'Tariffa €/t': 0.9,
        Contributo: 3.02,
      },
      {
        ...cava,
        Voce: 'Scaglie scure',
        't dichiarate': 6.5,
        t: 6.5,
        'Tariffa €/t': 1,
        Contributo: 6.5,
      },
      { 'N. cava': 'Totale 173 · Scaglie scure', 't dichiarate': 9.85, t: 9.85, Contributo: 9.52 },
      // 4 × 1,10 = 4,40; 11,8 × 1,20 = 14,16
      { ...cava, Voce: 'Scogliere', 't dichiarate': 4, t: 4, 'Tariffa €/t': 1.1, Contributo: 4.4 },
      {
        ...cava,
        Voce: 'Scogliere',
        't dichiarate': 11.8,
        t: 11.8,
        'Tariffa €/t': 1.2,
        Contributo: 14.16,
      },
      { 'N. cava': 'Totale 173 · Scogliere', 't dichiarate': 15.8, t: 15.8, Contributo: 18.56 },
      // 7,25 × 0,50 = 3,625 → 3,63; 5 × 0,60 = 3,00
      {
        ...cava,
        Voce: 'Terre',
        't dichiarate': 7.25,
        t: 7.25,
        'Tariffa €/t': 0.5,
        Contributo: 3.63,
      },
      { ...cava, Voce: 'Terre', 't dichiarate': 5, t: 5, 'Tariffa €/t': 0.6, Contributo: 3 },
      { 'N. cava': 'Totale 173 · Terre', 't dichiarate': 12.25, t: 12.25, Contributo: 6.63 },
      // the yard's 13,5 t, block 7 and bancata D are nowhere; 21,5 + 62,4 + 9,85 + 15,8 + 12,25 = 121,8 t declared;
      // 49,35 + 8,65 + 121,8 = 179,8 t; 229,43 + 59,26 + 83,36 + 9,52 + 18,56 + 6,63 = 406,76 €
      {
        'N. cava': 'Totale',
        Pezzi: 5,
        'm³ netti': 19.18,
        't pesate': 49.35,
        't teoriche': 8.65,
        't dichiarate': 121.8,
        t: 179.8,
        Contributo: 406.76,
      },
    ]);
    const info = await xlsxRows(res.rawPayload, 2);
    expect(
      info
        .filter((r) => r[0] === 'Nota')
        .map((r) => r[1])
        .join(' '),
    ).toContain('t teoriche: m³ netti × densità');
    expect(info.find((r) => r[0] === 'Nota' && String(r[1]).startsWith('Blocchi'))?.[1]).toBe(
      'Blocchi usciti dalla cava alla data della pesata (o di riquadratura se mai pesati), anche se poi scartati; esclusi solo quelli ancora in piazzale o scartati in piazzale senza pesata; informi: i blocchi informi a peso più gli informi sfusi dichiarati sulle bancate tagliate.',
    );
  });

  it('counts a block on the day of its pesata: a period ending before it leaves the block out', async () => {
    const res = await admin.get('/api/reports/estrazione', {
      query: { formato: 'xlsx', dal: '2026-03-01', al: '2026-03-20' },
    });
    const rows = byHeader(await xlsxRows(res.rawPayload));
    // block 3 (pesata 20/03) in, the informe (21/03) out; B's by-products (cut 02/03) in
    expect(rows.filter((r) => r.Voce === 'Blocchi').map((r) => r.t)).toEqual([9.9]);
    // 9,9 + 9 + 22,4 + 6,5 + 11,8 + 5 = 64,6 t
    expect(rows.at(-1)).toMatchObject({ 'N. cava': 'Totale', Pezzi: 1, t: 64.6 });
  });
});

describe('registro di produzione', () => {
  it('bancate cut with gross m³ and by-products, blocks with gross and net measures and t pesato/teorico, the exit day, monthly subtotals', async () => {
    const res = await admin.get('/api/reports/registro-produzione', {
      query: { formato: 'xlsx', dal: '2025-01-01', al: today },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await xlsxRows(res.rawPayload);
    expect(rows[0]).toEqual([
      'Data',
      'Tipo',
      'Bancata',
      'Cava',
      'Materiale',
      'Blocco',
      'Lordo L×H×P (cm)',
      'm³ bancata',
      'm³ lordi',
      'Netto L×H×P (cm)',
      'm³ netti',
      't blocchi',
      'Peso',
      'Informi t',
      'Scaglie bianche t',
      'Scaglie scure t',
      'Scogliere t',
      'Terre t',
      'Scelta',
      'Categoria',
      'Tracciabilità',
      'Uscita',
      'DDT',
    ]);
    const got = byHeader(rows).map(({ Data, Cava: _c, Materiale: _m, ...r }) => ({
      ...r,
      ...(Data instanceof Date ? { Data: Data.toISOString().slice(0, 10) } : {}),
    }));
    const blocco = (key: string, r: Record<string, unknown>) => ({
      Data: today,
      Tipo: 'Blocco',
      Blocco: codici[key],
      Scelta: 'Prima',
      Categoria: 'Squadrato',
      ...r,
    });
    const uscita = new Date(`${today}T00:00:00Z`);
    expect(got).toEqual(
      [
        {
          Data: '2025-06-10',
          Tipo: 'Bancata',
          Bancata: codici.A,
          'Lordo L×H×P (cm)': '1000×500×400',
          'm³ bancata': 200,
          'Informi t': 12.5,
          'Scaglie bianche t': 40,
          'Scaglie scure t': 3.35,
          'Scogliere t': 4,
          'Terre t': 7.25,
        },
        {
          Data: undefined,
          'm³ bancata': 200,
          'Informi t': 12.5,
          'Scaglie bianche t': 40,
          'Scaglie scure t': 3.35,
          'Scogliere t': 4,
          'Terre t': 7.25,
        },
        {
          Data: '2026-03-02',
          Tipo: 'Bancata',
          Bancata: codici.B,
          'Lordo L×H×P (cm)': '800×400×300',
          'm³ bancata': 96,
          'Informi t': 9,
          'Scaglie bianche t': 22.4,
          'Scaglie scure t': 6.5,
          'Scogliere t': 11.8,
          'Terre t': 5,
        },
        {
          Data: undefined,
          'm³ bancata': 96,
          'Informi t': 9,
          'Scaglie bianche t': 22.4,
          'Scaglie scure t': 6.5,
          'Scogliere t': 11.8,
          'Terre t': 5,
        },
        blocco('b1', {
          Bancata: codici.A,
          'Lordo L×H×P (cm)': '300×200×150',
          'm³ lordi': 9,
          'Netto L×H×P (cm)': '300×200×150',
          'm³ netti': 9,
          't blocchi': 25,
          Peso: 'pesato',
        }),
        blocco('b2', {
          Bancata: codici.A,
          'Lordo L×H×P (cm)': '250×150×100',
          'm³ lordi': 3.75,
          'Netto L×H×P (cm)': '240×140×95',
          'm³ netti': 3.192,
          't blocchi': 8.65,
          Peso: 'teorico',
          Scelta: 'Seconda',
        }),
        blocco('b3', {
          Bancata: codici.B,
          'Lordo L×H×P (cm)': '200×150×120',
          'm³ lordi': 3.6,
          'Netto L×H×P (cm)': '200×150×120',
          'm³ netti': 3.6,
          't blocchi': 9.9,
          Peso: 'pesato',
          Uscita: uscita,
          DDT: ddtNumero,
        }),
        // an informe by weight only, in the informi column
        blocco('b4', {
          Bancata: codici.B,
          'Lordo L×H×P (cm)': '180×120×100',
          'Netto L×H×P (cm)': '180×120×100',
          Peso: 'pesato',
          'Informi t': 5.35,
          Categoria: 'Informe',
        }),
        blocco('b5', {
          Bancata: codici.B,
          'Lordo L×H×P (cm)': '240×160×130',
          'm³ lordi': 4.992,
          'Netto L×H×P (cm)': '240×160×130',
          'm³ netti': 4.992,
          't blocchi': 13.5,
          Peso: 'pesato',
        }),
        blocco('b6', {
          Bancata: codici.B,
          'Lordo L×H×P (cm)': '220×140×110',
          'm³ lordi': 3.388,
          'Netto L×H×P (cm)': '220×140×110',
          'm³ netti': 3.388,
          't blocchi': 9.1,
          Peso: 'pesato',
        }),
        // produced, then scrapped: still in the registro; 2 m³ × 2,71 = 5,42 t
        blocco('b7', {
          Bancata: codici.B,
          'Lordo L×H×P (cm)': '200×100×100',
          'm³ lordi': 2,
          'Netto L×H×P (cm)': '200×100×100',
          'm³ netti': 2,
          't blocchi': 5.42,
          Peso: 'teorico',
        }),
        // 9 + 3,75 + 3,6 + 4,992 + 3,388 + 2 = 26,73 m³ gross; 26,172 net; 25 + 8,65 + 9,9 + 13,5 + 9,1 + 5,42 = 71,57 t;
        // the informe 5,35 t; bancata D, still «in taglio», is not there
        {
          Data: undefined,
          'm³ lordi': 26.73,
          'm³ netti': 26.172,
          't blocchi': 71.57,
          'Informi t': 5.35,
        },
        {
          Data: undefined,
          'm³ bancata': 296,
          'm³ lordi': 26.73,
          'm³ netti': 26.172,
          't blocchi': 71.57,
          'Informi t': 26.85,
          'Scaglie bianche t': 62.4,
          'Scaglie scure t': 9.85,
          'Scogliere t': 15.8,
          'Terre t': 12.25,
        },
      ].map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined))),
    );
    // the subtotals and the total say what they are
    expect(rows.map((r) => r[0]).filter((v) => typeof v === 'string')).toEqual([
      'Data',
      'Totale giugno 2025',
      'Totale marzo 2026',
      `Totale ${meseOggi}`,
      'Totale',
    ]);
  });

  it('the PDFs print the month subtotals, the concession, the bases and the contribution', async () => {
    const registro = pdfText(
      (
        await admin.get('/api/reports/registro-produzione', {
          query: { formato: 'pdf', dal: '2025-01-01', al: today },
        })
      ).rawPayload,
    );
    for (const text of [
      'Totale giugno 2025',
      'Totale marzo 2026',
      `Totale ${meseOggi}`,
      codici.b2!,
      '240×140×95',
      'teorico',
      '26,172',
    ])
      expect(registro).toContain(text);
    // 23 columns on A4: the short headers on paper, and codes, dates and DDT numbers each on one line (not broken in their cell)
    const oggi = today.split('-').reverse().join('/');
    for (const text of [
      'Scaglie b. t',
      'Scaglie s. t',
      'Scogliere t',
      codici.B!,
      `${oggi} ${ddtNumero}`,
    ])
      expect(registro).toContain(text);
    const estrazione = pdfText(
      (
        await admin.get('/api/reports/estrazione', {
          query: { formato: 'pdf', dal: '2025-01-01', al: today },
        })
      ).rawPayload,
    );
    for (const text of [
      'Concessione n. 173/2019',
      't teoriche: m³ netti × densità',
      'Totale 173 · Blocchi',
      '€ 229,43',
      'Totale 173 · Scogliere',
      '€ 18,56',
      '€ 406,76',
    ])
      expect(estrazione).toContain(text);
  });
});

describe('pesata and tariffs through the API', () => {
  it('a block keeps its pesata; a ticket without tonnes or a date after today is a 400 naming the field', async () => {
    const list = (await admin.get('/api/blocchi', { query: { q: codici.b1! } })).json();
    const detail = (await admin.get(`/api/blocchi/${list.items[0]._id}`)).json();
    expect(detail).toMatchObject({
      pesoPesa: 25,
      dataPesata: '2025-07-01',
      numeroPesata: 'P-0101',
    });
    const noWeight = await admin.put(`/api/blocchi/${detail._id}`, { pesoPesa: null });
    expect(noWeight.statusCode).toBe(400);
    expect(noWeight.json().message).toContain('peso letto alla pesa');
    const future = await admin.put(`/api/blocchi/${detail._id}`, { dataPesata: '2099-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().details[0].path).toBe('dataPesata');
    const edited = await admin.put(`/api/blocchi/${detail._id}`, { numeroPesata: 'P-0102' });
    expect(edited.json()).toMatchObject({ numeroPesata: 'P-0102', dataPesata: '2025-07-01' });
  });

  it('tariffs: any user reads, only an admin writes; overlapping periods are a 409, an inverted one a 400, another company’s quarry a 404', async () => {
    const org = await setupCompany(ctx);
    const stranger = await org.adminClient();
    const listed = await admin.get(`/api/cave/${cavaId}/tariffe`);
    expect(listed.json().map((t: { validoDal: string }) => t.validoDal)).toEqual([
      '2026-01-01',
      '2025-01-01',
    ]);
    const overlap = await admin.post(`/api/cave/${cavaId}/tariffe`, {
      ...tariffe2026,
      validoDal: '2025-12-01',
      validoAl: '2025-12-31',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toContain('01/01/2025');
    expect(
      (
        await admin.post(`/api/cave/${cavaId}/tariffe`, {
          ...tariffe2026,
          validoDal: '2024-02-01',
          validoAl: '2024-01-01',
        })
      ).statusCode,
    ).toBe(400);
    expect((await stranger.get(`/api/cave/${cavaId}/tariffe`)).statusCode).toBe(404);
    const user = (await setupCompany(ctx)).userClient(permissionPreset('Produzione'));
    const produzione = (await user).client;
    expect(
      (
        await produzione.post(`/api/cave/${cavaId}/tariffe`, {
          ...tariffe2026,
          validoDal: '2024-01-01',
          validoAl: '2024-12-31',
        })
      ).statusCode,
    ).toBe(403);
    const id = listed.json()[0]._id;
    const edited = await admin.put(`/api/cave/${cavaId}/tariffe/${id}`, {
      ...tariffe2026,
      blocchi: 4.75,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().blocchi).toBe(4.75);
    expect((await admin.put(`/api/cave/${cavaId}/tariffe/${id}`, tariffe2026)).statusCode).toBe(
      200,
    );
  });

  it('two admins adding overlapping periods at once: exactly one is saved, the other is a 409', async () => {
    const other = (
      await admin.post('/api/cave', { codice: '88', nome: 'Fossa degli Angeli', comune: 'Carrara' })
    ).json();
    const answers = await Promise.all(
      ['2027-01-01', '2027-06-01'].map((validoDal) =>
        admin.post(`/api/cave/${other._id}/tariffe`, {
          ...tariffe2026,
          validoDal,
          validoAl: '2027-12-31',
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await admin.get(`/api/cave/${other._id}/tariffe`)).json()).toHaveLength(1);
  });
});
