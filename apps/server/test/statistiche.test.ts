import { permissionPreset } from '@gestcava/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bancate,
  blocchi,
  cave,
  clienti,
  collaudi,
  collaudoRighe,
  fornitori,
  lastre,
  lavorazioniLastre,
  lavorazioniPavimenti,
  lotti,
  macchine,
  materiali,
  movimenti,
  pacchi,
} from '../src/db/schema/index.js';
import {
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

// A small hand-built fixture (fixed days in 2024–2025), its figures worked out by hand below and
// written as literals. The period asked is 1 March – 30 April 2025 (61 days): the previous period
// is 30 December 2024 – 28 February 2025, last year 1 March – 30 April 2024.
//
// Produzione (own blocks, each squared the day its bancata was cut; informi: none):
//   B1 Statuario, cava 173, 10/03/25, 100 m³: b1a 10 m³ prima (pesa 27,5 t), b1b 8 m³ seconda (21,68 t)
//   B2 Bianco Carrara, Fantiscritti, 05/04/25, 50 m³: b2a 6 m³ prima (16,2 t)
//   B3 Statuario, 173, 15/01/25 (previous period), 40 m³: b3a 5 m³ (13,55 t), b3b 2 m³ (5,42 t)
//   B4 Statuario, 173, 20/03/24 (last year), 60 m³: b4a 9 m³ (24,39 t)
//   B5 annullata, 12/03/25, 999 m³: never counted
// Acquisti: e1 Statuario 9 m³ from Cave Esterne 05/03/25 at 900 €/m³ + 400 € transport = 8.500 €,
//   sawn into 180 m²; e2 Statuario 4 m³ 02/04/25 for 3.000 € in all; e3 Bianco 5 m³ from Marmi
//   Toscani 10/04/24 at 600 €/m³ = 3.000 €.
// Lavorazione: L1 b1a on Telaio 1, 20 mm, completed 10/04/25: 50 slabs, 300 m², theoretical 40;
//   L2 e1, 30 mm, 20/03/25: 20 slabs, 180 m², theoretical 28,57; L3 planned (not counted);
//   P1 tiles of Bianco 10 mm completed 15/04/25: 40 m², 10 m² scrap.
// Vendite: CO1 confermato 20/04/25 to Stone Design: b1b (8 m³ declared, 7,8 measured) accepted 7,5 m³,
//   20,33 t, 9.375 € with an abbuono of 0,3 m³; b2a rejected (its stored figures must not count). CO2 eseguito, not
//   confirmed: nothing. CO3 confermato 10/04/24: b4a 9 m³, 24,39 t, 9.000 €. One slab of 6 m² sold
//   from stock on 25/04/25 at 150 €/m² = 900 €.
// Magazzino today: b2a disponibile (Bianco 6 m³, 1.000 €/m³ = 6.000 €), b3a disponibile (5 m³,
//   13,55 t at 500 €/t = 6.775 €), b3b opzionato with a lapsed option → disponibile (2 m³, 5,42 t,
//   1.500 €/m³ = 3.000 €), e2 opzionato till 2099 (4 m³, 10,84 t, no price); a slab of 5,5 m² at
//   200 €/m² = 1.100 €; a tile lot of Bianco 9,3 m² at 50 €/m² = 465 €.

let ctx: TestContext;
let admin: TestClient;
let vendite: TestClient;
const db = () => ctx.database.db;
const period = { dal: '2025-03-01', al: '2025-04-30' };
const url = (section: string, per?: string, p: { dal: string; al: string } = period) =>
  `/api/statistiche/${section}?dal=${p.dal}&al=${p.al}${per ? `&per=${per}` : ''}`;

interface Answer {
  per: string;
  metrics: Array<{ key: string }>;
  series: Array<{
    key: string;
    label: string;
    values: Record<string, number | null>;
    previous: Record<string, number | null> | null;
    lastYear: Record<string, number | null> | null;
  }>;
  totals: Record<string, number | null>;
  comparison: {
    previous: { dal: string; al: string; totals: Record<string, number | null> };
    lastYear: { dal: string; al: string; totals: Record<string, number | null> };
  } | null;
}

async function get(
  section: string,
  per?: string,
  client: TestClient = admin,
  p = period,
): Promise<Answer> {
  const res = await client.get(url(section, per, p));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Answer;
}
const row = (a: Answer, label: string) => {
  const found = a.series.find((s) => s.label === label);
  if (!found) throw new Error(`no row ${label} in ${a.series.map((s) => s.label).join(', ')}`);
  return found;
};

async function fixture(
  companyId: string,
  lookups: { cavaId: string; materialeId: string; ubicazioneId: string },
) {
  const statuario = lookups.materialeId;
  const [bianco] = await db()
    .insert(materiali)
    .values({ companyId, nome: 'Bianco Carrara', densita: 2.7 })
    .returning();
  const [fantiscritti] = await db()
    .insert(cave)
    .values({ companyId, codice: '84', nome: 'Fantiscritti' })
    .returning();
  const [telaio] = await db()
    .insert(macchine)
    .values({ companyId, nome: 'Telaio 1', tipo: 'telaio_multilama' })
    .returning();
  const anag = { companyId, indirizzo: 'Via Roma 1', comune: 'Carrara' };
  const [stone] = await db()
    .insert(clienti)
    .values({ ...anag, ragioneSociale: 'Stone Design GmbH' })
    .returning();
  const [esterne] = await db()
    .insert(fornitori)
    .values({ ...anag, ragioneSociale: 'Cave Esterne S.r.l.' })
    .returning();
  const [toscani] = await db()
    .insert(fornitori)
    .values({ ...anag, ragioneSociale: 'Marmi Toscani S.p.A.' })
    .returning();

  let n = 0;
  const bancata = async (
    cavaId: string,
    materialeId: string,
    dataTaglio: string,
    volumeLordo: number,
    stato = 'chiusa',
  ) => {
    const [b] = await db()
      .insert(bancate)
      .values({
        companyId,
        codice: `BA-T-${++n}`,
        cavaId,
        materialeId,
        dataTaglio,
        lunghezza: 1000,
        altezza: 500,
        profondita: 200,
        volumeLordo,
        pesoStimato: volumeLordo * 2.7,
        stato,
      })
      .returning();
    cutOn.set(b!.id, dataTaglio);
    return b!;
  };
  // an own block's production date: the day of its bancata's cut
  const cutOn = new Map<string, string>();
  const blocco = async (
    v: Partial<typeof blocchi.$inferInsert> & {
      materialeId: string;
      volumeNetto: number;
      pesoTeorico: number;
      stato: string;
    },
  ) => {
    const [b] = await db()
      .insert(blocchi)
      .values({
        companyId,
        codice: `BL-T-${++n}`,
        origine: 'interno',
        lunghezza: 300,
        altezza: 200,
        profondita: 150,
        lunghezzaNetta: 300,
        altezzaNetta: 200,
        profonditaNetta: 150,
        volumeLordo: v.volumeNetto,
        ubicazioneId: lookups.ubicazioneId,
        ...(v.bancataId ? { dataRiquadratura: cutOn.get(v.bancataId) } : {}),
        ...v,
      })
      .returning();
    return b!;
  };

  const b1 = await bancata(lookups.cavaId, statuario, '2025-03-10', 100);
  const b1a = await blocco({
    bancataId: b1.id,
    cavaId: lookups.cavaId,
    materialeId: statuario,
    scelta: 'prima',
    volumeNetto: 10,
    pesoTeorico: 27.1,
    pesoPesa: 27.5,
    stato: 'segato',
  });
  const b1b = await blocco({
    bancataId: b1.id,
    cavaId: lookups.cavaId,
    materialeId: statuario,
    scelta: 'seconda',
    lunghezzaNetta: 250,
    altezzaNetta: 200,
    profonditaNetta: 160,
    volumeNetto: 8,
    pesoTeorico: 21.68,
    stato: 'venduto',
    clienteId: stone!.id,
  });
  const b2 = await bancata(fantiscritti!.id, bianco!.id, '2025-04-05', 50);
  const b2a = await blocco({
    bancataId: b2.id,
    cavaId: fantiscritti!.id,
    materialeId: bianco!.id,
    scelta: 'prima',
    volumeNetto: 6,
    pesoTeorico: 16.2,
    stato: 'disponibile',
    prezzoListino: 1000,
    unitaPrezzo: 'm3',
  });
  const b3 = await bancata(lookups.cavaId, statuario, '2025-01-15', 40);
  await blocco({
    bancataId: b3.id,
    cavaId: lookups.cavaId,
    materialeId: statuario,
    scelta: 'prima',
    volumeNetto: 5,
    pesoTeorico: 13.55,
    stato: 'disponibile',
    prezzoListino: 500,
    unitaPrezzo: 't',
  });
  await blocco({
    bancataId: b3.id,
    cavaId: lookups.cavaId,
    materialeId: statuario,
    scelta: 'prima',
    volumeNetto: 2,
    pesoTeorico: 5.42,
    stato: 'opzionato',
    opzioneScadenza: '2020-01-01',
    clienteId: stone!.id,
    prezzoListino: 1500,
    unitaPrezzo: 'm3',
  });
  const b4 = await bancata(lookups.cavaId, statuario, '2024-03-20', 60);
  const b4a = await blocco({
    bancataId: b4.id,
    cavaId: lookups.cavaId,
    materialeId: statuario,
    scelta: 'prima',
    volumeNetto: 9,
    pesoTeorico: 24.39,
    stato: 'venduto',
    clienteId: stone!.id,
  });
  await bancata(lookups.cavaId, statuario, '2025-03-12', 999, 'annullata');

  const esterno = { origine: 'esterno' as const, materialeId: statuario };
  const e1 = await blocco({
    ...esterno,
    fornitoreId: esterne!.id,
    dataAcquisto: '2025-03-05',
    prezzoAcquisto: 900,
    unitaPrezzoAcquisto: 'm3',
    costoTrasporto: 400,
    volumeNetto: 9,
    pesoTeorico: 24.39,
    stato: 'segato',
  });
  await blocco({
    ...esterno,
    fornitoreId: esterne!.id,
    dataAcquisto: '2025-04-02',
    prezzoAcquisto: 3000,
    unitaPrezzoAcquisto: 'totale',
    volumeNetto: 4,
    pesoTeorico: 10.84,
    stato: 'opzionato',
    opzioneScadenza: '2099-01-01',
    clienteId: stone!.id,
  });
  await blocco({
    ...esterno,
    materialeId: bianco!.id,
    fornitoreId: toscani!.id,
    dataAcquisto: '2024-04-10',
    prezzoAcquisto: 600,
    unitaPrezzoAcquisto: 'm3',
    volumeNetto: 5,
    pesoTeorico: 13.5,
    stato: 'segato',
  });

  const sawing = { companyId, macchinaId: telaio!.id, finitura: 'lucidato', stato: 'completata' };
  const [l1] = await db()
    .insert(lavorazioniLastre)
    .values({
      ...sawing,
      codice: 'LL-T-1',
      bloccoId: b1a.id,
      spessoreMm: 20,
      dataFine: '2025-04-10',
      numeroLastre: 50,
      mqTotali: 300,
      resaTeorica: 40,
    })
    .returning();
  await db()
    .insert(lavorazioniLastre)
    .values({
      ...sawing,
      codice: 'LL-T-2',
      bloccoId: e1.id,
      spessoreMm: 30,
      dataFine: '2025-03-20',
      numeroLastre: 20,
      mqTotali: 180,
      resaTeorica: 28.57,
    });
  await db()
    .insert(lavorazioniLastre)
    .values({
      ...sawing,
      codice: 'LL-T-3',
      bloccoId: b2a.id,
      spessoreMm: 20,
      resaTeorica: 40,
      stato: 'pianificata',
    });
  const [p1] = await db()
    .insert(lavorazioniPavimenti)
    .values({
      companyId,
      codice: 'LP-T-1',
      origine: 'blocco',
      bloccoId: b2a.id,
      materialeId: bianco!.id,
      lunghezzaMm: 305,
      larghezzaMm: 305,
      spessoreMm: 10,
      finitura: 'lucidato',
      bordo: 'vivo',
      dataFine: '2025-04-15',
      mqProdotti: 40,
      scartoMq: 10,
      stato: 'completata',
    })
    .returning();

  // the stock: one bundle of L1 with a slab sold and one on hand, and a tile lot
  const [pa1] = await db()
    .insert(pacchi)
    .values({
      companyId,
      codice: 'PA-T-1',
      lavorazioneId: l1!.id,
      bloccoId: b1a.id,
      materialeId: statuario,
      spessoreMm: 20,
      finitura: 'lucidato',
      scelta: 'prima',
      nLastre: 1,
      mq: 5.5,
      prezzoListino: 200,
    })
    .returning();
  const lastra = {
    companyId,
    paccoId: pa1!.id,
    bloccoId: b1a.id,
    lunghezzaMm: 3000,
    altezzaMm: 2000,
    scelta: 'prima',
  };
  const [sold] = await db()
    .insert(lastre)
    .values({
      ...lastra,
      codice: 'LA-T-1',
      progressivo: 1,
      mq: 6,
      stato: 'venduta',
      clienteId: stone!.id,
    })
    .returning();
  await db()
    .insert(lastre)
    .values({ ...lastra, codice: 'LA-T-2', progressivo: 2, mq: 5.5, stato: 'disponibile' });
  await db()
    .insert(movimenti)
    .values({
      companyId,
      tipo: 'scarico',
      pezzi: -1,
      mq: -6,
      paccoId: pa1!.id,
      lastraId: sold!.id,
      clienteId: stone!.id,
      prezzo: 150,
      unitaPrezzo: 'mq',
      documento: 'DDT 1',
      createdAt: new Date('2025-04-25T10:00:00Z'),
    });
  await db().insert(lotti).values({
    companyId,
    codice: 'LO-T-1',
    lavorazioneId: p1!.id,
    bloccoId: b2a.id,
    materialeId: bianco!.id,
    lunghezzaMm: 305,
    larghezzaMm: 305,
    spessoreMm: 10,
    finitura: 'lucidato',
    bordo: 'vivo',
    calibrato: true,
    scelta: 'prima',
    pezzi: 100,
    mq: 9.3,
    pezziPerCassa: 10,
    casse: 10,
    prezzoListino: 50,
  });

  const collaudo = async (codice: string, data: string, stato: string) =>
    (
      await db()
        .insert(collaudi)
        .values({ companyId, codice, data, clienteId: stone!.id, stato })
        .returning()
    )[0]!;
  const co1 = await collaudo('CO-T-1', '2025-04-20', 'confermato');
  await db()
    .insert(collaudoRighe)
    .values([
      {
        collaudoId: co1.id,
        bloccoId: b1b.id,
        statoPrecedente: 'disponibile',
        esito: 'accettato',
        lunghezzaRilevata: 250,
        altezzaRilevata: 200,
        profonditaRilevata: 156,
        abbuonoTipo: 'm3',
        abbuonoValore: 0.3,
        prezzo: 1250,
        unitaPrezzo: 'm3',
        volumeNettoAccettato: 7.5,
        peso: 20.33,
        importo: 937_500,
      },
      {
        collaudoId: co1.id,
        bloccoId: b2a.id,
        statoPrecedente: 'disponibile',
        esito: 'rifiutato',
        prezzo: 1000,
        unitaPrezzo: 'm3',
        volumeNettoAccettato: 5.9,
        peso: 15.93,
        importo: 500_000,
      },
    ]);
  const co2 = await collaudo('CO-T-2', '2025-04-22', 'eseguito');
  await db().insert(collaudoRighe).values({
    collaudoId: co2.id,
    bloccoId: b2a.id,
    statoPrecedente: 'disponibile',
    esito: 'accettato',
    prezzo: 1000,
    volumeNettoAccettato: 6,
    peso: 16.2,
    importo: 600_000,
  });
  const co3 = await collaudo('CO-T-3', '2024-04-10', 'confermato');
  await db().insert(collaudoRighe).values({
    collaudoId: co3.id,
    bloccoId: b4a.id,
    statoPrecedente: 'disponibile',
    esito: 'accettato',
    prezzo: 1000,
    volumeNettoAccettato: 9,
    peso: 24.39,
    importo: 900_000,
  });
}

let org: Awaited<ReturnType<typeof setupCompany>>;
let other: Awaited<ReturnType<typeof setupCompany>>;

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  admin = await org.adminClient();
  vendite = (await org.userClient(permissionPreset('Vendite'))).client;
  await fixture(org.company.id, await createProductionLookups(admin));
  // another company of the installation with data in the same days: never in the answers above
  other = await setupCompany(ctx);
  const otherAdmin = await other.adminClient();
  const otherLookups = await createProductionLookups(otherAdmin);
  const [ob] = await db()
    .insert(bancate)
    .values({
      companyId: other.company.id,
      codice: 'BA-X-1',
      cavaId: otherLookups.cavaId,
      materialeId: otherLookups.materialeId,
      dataTaglio: '2025-03-15',
      lunghezza: 1000,
      altezza: 1000,
      profondita: 500,
      volumeLordo: 500,
      pesoStimato: 1355,
      stato: 'chiusa',
    })
    .returning();
  await db().insert(blocchi).values({
    companyId: other.company.id,
    codice: 'BL-X-1',
    origine: 'interno',
    bancataId: ob!.id,
    materialeId: otherLookups.materialeId,
    lunghezza: 300,
    altezza: 200,
    profondita: 150,
    lunghezzaNetta: 300,
    altezzaNetta: 200,
    profonditaNetta: 150,
    volumeLordo: 70,
    volumeNetto: 70,
    pesoTeorico: 189.7,
    dataRiquadratura: '2025-03-16',
    stato: 'disponibile',
  });
});
afterAll(() => ctx.close());

describe('produzione', () => {
  it('by material: bancate, blocks, m³, t and the bancata → blocchi yield, with both comparisons', async () => {
    const a = await get('produzione', 'materiale');
    expect(a.series.map((s) => s.label)).toEqual(['Bianco Carrara', 'Statuario']);
    expect(row(a, 'Statuario').values).toEqual({
      bancate: 1,
      volumeBancate: 100,
      blocchi: 2,
      volumeBlocchi: 18,
      pesoBlocchi: 49.18,
      informiT: 0,
      resa: 18,
    });
    expect(row(a, 'Bianco Carrara').values).toEqual({
      bancate: 1,
      volumeBancate: 50,
      blocchi: 1,
      volumeBlocchi: 6,
      pesoBlocchi: 16.2,
      informiT: 0,
      resa: 12,
    });
    expect(a.totals).toEqual({
      bancate: 2,
      volumeBancate: 150,
      blocchi: 3,
      volumeBlocchi: 24,
      pesoBlocchi: 65.38,
      informiT: 0,
      resa: 16,
    });
    expect(a.comparison).toEqual({
      previous: {
        dal: '2024-12-30',
        al: '2025-02-28',
        totals: {
          bancate: 1,
          volumeBancate: 40,
          blocchi: 2,
          volumeBlocchi: 7,
          pesoBlocchi: 18.97,
          informiT: 0,
          resa: 17.5,
        },
      },
      lastYear: {
        dal: '2024-03-01',
        al: '2024-04-30',
        totals: {
          bancate: 1,
          volumeBancate: 60,
          blocchi: 1,
          volumeBlocchi: 9,
          pesoBlocchi: 24.39,
          informiT: 0,
          resa: 15,
        },
      },
    });
    // each row beside the same material in the other two periods; none of Bianco before
    expect(row(a, 'Statuario').previous).toMatchObject({ blocchi: 2, volumeBlocchi: 7 });
    expect(row(a, 'Statuario').lastYear).toMatchObject({ blocchi: 1, volumeBlocchi: 9, resa: 15 });
    expect(row(a, 'Bianco Carrara').previous).toMatchObject({ blocchi: 0, volumeBlocchi: null });
  });

  it('by month (last year: the same month), by cava and by scelta (its share of all the bancate)', async () => {
    const mesi = await get('produzione', 'mese');
    expect(
      mesi.series.map((s) => [
        s.key,
        s.label,
        s.values.volumeBlocchi,
        s.lastYear?.volumeBlocchi ?? null,
        s.previous,
      ]),
    ).toEqual([
      ['2025-03', 'mar 2025', 18, 9, null],
      ['2025-04', 'apr 2025', 6, null, null],
    ]);
    const cava = await get('produzione', 'cava');
    expect(cava.series.map((s) => [s.label, s.values.bancate, s.values.volumeBlocchi])).toEqual([
      ['Canalgrande', 1, 18],
      ['Fantiscritti', 1, 6],
    ]);
    const scelta = await get('produzione', 'scelta');
    expect(scelta.metrics.map((m) => m.key)).toEqual([
      'blocchi',
      'volumeBlocchi',
      'pesoBlocchi',
      'informiT',
      'resa',
    ]);
    expect(scelta.series.map((s) => [s.label, s.values])).toEqual([
      ['Prima', { blocchi: 2, volumeBlocchi: 16, pesoBlocchi: 43.7, informiT: 0, resa: 10.7 }],
      ['Seconda', { blocchi: 1, volumeBlocchi: 8, pesoBlocchi: 21.68, informiT: 0, resa: 5.3 }],
    ]);
    expect(scelta.totals.resa).toBe(16);
  });

  it('follows the period: January alone holds B3 only', async () => {
    const a = await get('produzione', 'materiale', admin, { dal: '2025-01-01', al: '2025-01-31' });
    expect(a.totals).toEqual({
      bancate: 1,
      volumeBancate: 40,
      blocchi: 2,
      volumeBlocchi: 7,
      pesoBlocchi: 18.97,
      informiT: 0,
      resa: 17.5,
    });
    expect(a.comparison?.previous).toMatchObject({
      dal: '2024-12-01',
      al: '2024-12-31',
      totals: { bancate: 0, volumeBancate: null },
    });
  });
});

describe('lavorazione', () => {
  it('m² by material beside the theoretical maximum, tiles and their scrap', async () => {
    const a = await get('lavorazione', 'materiale');
    // Statuario: 480 m² from 19 m³ = 25,26; theoretical (40×10 + 28,57×9) / 19 = 34,59; 480 / 657,13 = 73,0 %
    expect(row(a, 'Statuario').values).toEqual({
      segagioni: 2,
      volumeSegato: 19,
      lastre: 70,
      mqLastre: 480,
      resa: 25.26,
      resaTeorica: 34.59,
      efficienza: 73,
      mqPavimenti: 0,
      scartoPavimenti: null,
    });
    expect(row(a, 'Bianco Carrara').values).toMatchObject({
      segagioni: 0,
      mqLastre: 0,
      mqPavimenti: 40,
      scartoPavimenti: 20,
    });
    expect(a.totals).toMatchObject({ segagioni: 2, mqLastre: 480, mqPavimenti: 40 });
  });

  it('by machine and by thickness', async () => {
    const macchina = await get('lavorazione', 'macchina');
    expect(
      macchina.series.map((s) => [
        s.label,
        s.values.segagioni,
        s.values.mqLastre,
        s.values.mqPavimenti,
      ]),
    ).toEqual([
      ['Pavimenti (taglio)', 0, 0, 40],
      ['Telaio 1', 2, 480, 0],
    ]);
    const spessore = await get('lavorazione', 'spessore');
    expect(
      spessore.series.map((s) => [s.label, s.values.mqLastre, s.values.mqPavimenti, s.values.resa]),
    ).toEqual([
      ['10 mm', 0, 40, null],
      ['20 mm', 300, 0, 30],
      ['30 mm', 180, 0, 20],
    ]);
    // by block: each sawing's yield beside its maximum; the tile cut of b2a under its own block
    const blocco = await get('lavorazione', 'blocco');
    expect(
      blocco.series.map((s) => [
        s.values.volumeSegato,
        s.values.mqLastre,
        s.values.resa,
        s.values.resaTeorica,
        s.values.efficienza,
        s.values.mqPavimenti,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [10, 300, 30, 40, 75, 0],
        [9, 180, 20, 28.57, 70, 0],
        [0, 0, null, null, null, 40],
      ]),
    );
    expect(blocco.series.every((s) => /^BL-T-\d+$/.test(s.label))).toBe(true);
  });
});

describe('vendite', () => {
  it('by cliente: only the accepted rows of confirmed collaudi, the slab sold from stock, outcomes and abbuoni', async () => {
    const a = await get('vendite', 'cliente');
    expect(a.series).toHaveLength(1);
    // 9.375 € / 7,5 m³ = 1.250 €/m³; 9.375 € / 20,33 t = 461,14 €/t; + 6 m² × 150 € = 900 €
    expect(row(a, 'Stone Design GmbH').values).toEqual({
      blocchi: 1,
      volume: 7.5,
      peso: 20.33,
      importoBlocchi: 9375,
      prezzoM3: 1250,
      prezzoT: 461.14,
      mqVenduti: 6,
      importoStock: 900,
      importo: 10275,
      accettati: 1,
      conRiserva: 0,
      rifiutati: 1,
      percAccettati: 50,
      abbuoni: 1,
      // declared 8 m³, measured 250 × 200 × 156 = 7,8 m³ (calo 0,2), 0,3 m³ allowed off it → 7,5 sold
      caloM3: 0.2,
      abbuonoM3: 0.3,
    });
    expect(a.comparison?.lastYear.totals).toMatchObject({
      blocchi: 1,
      volume: 9,
      importoBlocchi: 9000,
      prezzoM3: 1000,
      importo: 9000,
    });
    // nothing sold then: counts are 0, sums and ratios have nothing to be computed from
    expect(a.comparison?.previous.totals).toMatchObject({
      blocchi: 0,
      volume: null,
      importo: null,
    });
  });

  it('by material: how much Statuario was sold and at what price', async () => {
    const a = await get('vendite', 'materiale');
    expect(row(a, 'Statuario').values).toMatchObject({
      blocchi: 1,
      volume: 7.5,
      importoBlocchi: 9375,
      prezzoM3: 1250,
      mqVenduti: 6,
      importo: 10275,
      rifiutati: 0,
    });
    expect(row(a, 'Bianco Carrara').values).toMatchObject({
      blocchi: 0,
      volume: null,
      importo: 0,
      rifiutati: 1,
      percAccettati: 0,
    });
    expect(row(a, 'Statuario').lastYear).toMatchObject({ blocchi: 1, volume: 9, importo: 9000 });
  });

  it('by month: every month of the period, those without sales at 0 (the bars keep the calendar)', async () => {
    const a = await get('vendite', 'mese', admin, { dal: '2025-02-15', al: '2025-06-10' });
    expect(
      a.series.map((s) => [
        s.key,
        s.label,
        s.values.blocchi,
        s.values.volume,
        s.values.importo,
        s.values.prezzoM3,
        s.lastYear?.volume ?? null,
      ]),
    ).toEqual([
      ['2025-02', 'feb 2025', 0, 0, 0, null, null],
      ['2025-03', 'mar 2025', 0, 0, 0, null, null],
      // CO1 and the slab; April 2024 had CO3 (9 m³)
      ['2025-04', 'apr 2025', 1, 7.5, 10275, 1250, 9],
      ['2025-05', 'mag 2025', 0, 0, 0, null, null],
      ['2025-06', 'giu 2025', 0, 0, 0, null, null],
    ]);
    // months still to come are there too, across a year's end
    const future = await get('produzione', 'mese', admin, { dal: '2099-11-01', al: '2100-02-28' });
    expect(future.series.map((s) => [s.label, s.values.blocchi, s.values.volumeBlocchi])).toEqual([
      ['nov 2099', 0, 0],
      ['dic 2099', 0, 0],
      ['gen 2100', 0, 0],
      ['feb 2100', 0, 0],
    ]);
  });
});

describe('magazzino', () => {
  it('what is on hand today, valued at list price, with ageing; a lapsed option counts as disponibile', async () => {
    const a = await get('magazzino', 'materiale');
    expect(a.comparison).toBeNull();
    expect(row(a, 'Statuario').values).toMatchObject({
      blocchiDisponibili: 2,
      blocchiOpzionati: 1,
      volumeBlocchi: 11,
      pesoBlocchi: 29.81,
      // at list price 9 775 €, and the bought-in block of 4 m³ without one at its cost, 3 000 €
      valoreBlocchi: 12775,
      blocchiSenzaListino: 1,
      mqLastre: 5.5,
      mqPavimenti: 0,
      valore: 13875,
    });
    expect(row(a, 'Bianco Carrara').values).toMatchObject({
      blocchiDisponibili: 1,
      blocchiOpzionati: 0,
      volumeBlocchi: 6,
      valoreBlocchi: 6000,
      mqPavimenti: 9.3,
      valore: 6465,
    });
    // every block of the fixture entered in 2025 or before: over a year ago
    expect(a.totals).toMatchObject({
      blocchiDisponibili: 3,
      blocchiOpzionati: 1,
      volumeBlocchi: 17,
      pesoBlocchi: 46.01,
      valoreBlocchi: 18775,
      blocchiSenzaListino: 1,
      mqLastre: 5.5,
      mqPavimenti: 9.3,
      valore: 20340,
      etaBlocchi0_90: 0,
      etaBlocchiOltre365: 4,
    });
  });
});

describe('acquisti', () => {
  it('bought-in blocks by fornitore: cost with transport, €/m³ and the yield of the sawn ones', async () => {
    const a = await get('acquisti', 'fornitore');
    // 9 × 900 + 400 + 3.000 = 11.500 € for 13 m³ = 884,62 €/m³; e1's 180 m² from 9 m³ = 20 m²/m³
    expect(a.series.map((s) => s.label)).toEqual(['Cave Esterne S.r.l.']);
    expect(a.totals).toEqual({
      blocchi: 2,
      volume: 13,
      peso: 35.23,
      costo: 11500,
      costoM3: 884.62,
      segati: 1,
      mqLastre: 180,
      resa: 20,
    });
    expect(a.comparison?.lastYear.totals).toMatchObject({
      blocchi: 1,
      volume: 5,
      costo: 3000,
      costoM3: 600,
      segati: 0,
    });
    expect(row(a, 'Cave Esterne S.r.l.').lastYear).toMatchObject({ blocchi: 0 });
  });
});

describe('rules', () => {
  it('needs the statistiche page: 403 without it, the Vendite preset reads', async () => {
    const { client: produzione } = await org.userClient(permissionPreset('Produzione'));
    expect((await produzione.get(url('produzione'))).statusCode).toBe(403);
    expect(
      (await produzione.get(`/api/statistiche/vendite/export?dal=${period.dal}&al=${period.al}`))
        .statusCode,
    ).toBe(403);
    expect((await get('vendite', 'materiale', vendite)).totals.importo).toBe(10275);
  });

  it("never shows another company's data, and the other company sees its own", async () => {
    const mine = await get('produzione', 'materiale');
    expect(mine.totals.volumeBancate).toBe(150);
    const theirs = await get('produzione', 'materiale', await other.adminClient());
    expect(theirs.totals).toMatchObject({
      bancate: 1,
      volumeBancate: 500,
      blocchi: 1,
      volumeBlocchi: 70,
    });
    expect((await get('magazzino', 'materiale', await other.adminClient())).totals).toMatchObject({
      blocchiDisponibili: 1,
      volumeBlocchi: 70,
      mqLastre: 0,
    });
  });

  it('refuses a grouping the section has not, a reversed period and an unknown section', async () => {
    const res = await admin.get(url('produzione', 'cliente'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/si raggruppa per mese, materiale, cava, scelta/);
    expect(
      (await admin.get(url('produzione', undefined, { dal: '2025-05-01', al: '2025-04-01' })))
        .statusCode,
    ).toBe(400);
    expect((await admin.get(url('ricavi'))).statusCode).toBe(400);
    // no per: the section's first grouping
    expect((await get('acquisti')).per).toBe('fornitore');
  });

  it('exports the table with its comparison columns and totals to XLSX', async () => {
    const res = await admin.get(
      `/api/statistiche/vendite/export?dal=${period.dal}&al=${period.al}&per=materiale&format=xlsx`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-disposition']).toMatch(
      /statistiche-vendite-per-materiale-2025-03-01-2025-04-30/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual([
      'Materiale',
      'Blocchi venduti',
      'Blocchi venduti periodo precedente',
      'Blocchi venduti anno precedente',
    ]);
    const col = (name: string) => header.indexOf(name) + 1;
    const rows = [2, 3, 4].map((r) => sheet.getRow(r));
    expect(rows.map((r) => r.getCell(1).value)).toEqual(['Bianco Carrara', 'Statuario', 'Totale']);
    expect(rows[1]!.getCell(col('Volume venduto (m³)')).value).toBe(7.5);
    expect(rows[2]!.getCell(col('Importo totale (€)')).value).toBe(10275);
    expect(rows[2]!.getCell(col('Importo totale anno precedente')).value).toBe(9000);
  });
});
