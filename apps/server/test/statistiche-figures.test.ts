import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bancate, blocchi, clienti, collaudi, collaudoRighe } from '../src/db/schema/index.js';
import {
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

// which bancate the production figures count, by which date, informi by weight, and
// percentages with one decimal. A hand-built fixture in June–July 2025 (nothing else in the company;
// the periods compared are empty):
//   P pianificata 02/06, 387,91 m³ — not cut: no production
//   T in_taglio 03/06, 200 m³ — still being cut: no production yet
//   R ribaltata 05/06, 50 m³: r1 4 m³ prima (4 × 2,71 = 10,84 t) squared 06/06, still in the yard — cut, not closed
//   C chiusa 10/06, 80 m³, 20 t of loose informi, yield frozen at 25 %: c1 12 m³ prima (32,52 t) squared
//     11/06, c2 8 m³ seconda (21,68 t) squared 02/07, i1 an informe of 3 m³ seconda weighed 8,5 t squared 12/06
//   X annullata 12/06, 999 m³ — never
// June: cut R and C, 130 m³; blocks squared in June r1 and c1, 16 m³, 43,36 t; informi 8,5 + 20 = 28,5 t.
// The yield is over the bancate closed in the period by cut date, whenever their blocks were squared,
// informi left out: (12 + 8) / 80 = 25 % (by scelta: prima 12 / 80 = 15 %, seconda 8 / 80 = 10 %).
// July: c2 alone, 8 m³, 21,68 t; no bancata cut, so no yield.
// Vendite: one confirmed collaudo 20/06 with c1 accettato, c2 con riserva, r1 rifiutato: 2 of 3 = 66,7 %.

let ctx: TestContext;
let admin: TestClient;
const db = () => ctx.database.db;
const june = 'dal=2025-06-01&al=2025-06-30';

beforeAll(async () => {
  ctx = await buildTestApp();
  const org = await setupCompany(ctx);
  admin = await org.adminClient();
  const { cavaId, materialeId, ubicazioneId } = await createProductionLookups(admin);
  const companyId = org.company.id;
  let n = 0;
  const bancata = async (
    dataTaglio: string,
    volumeLordo: number,
    stato: string,
    resaChiusura: number | null = null,
    informiT: number | null = null,
  ) =>
    (
      await db()
        .insert(bancate)
        .values({
          companyId,
          codice: `BA-F-${++n}`,
          cavaId,
          materialeId,
          dataTaglio,
          lunghezza: 1000,
          altezza: 500,
          profondita: 200,
          volumeLordo,
          pesoStimato: volumeLordo * 2.71,
          stato,
          resaChiusura,
          informiT,
        })
        .returning()
    )[0]!;
  // pesoTeorico only satisfies the column: a weight is the weighbridge's, else net m³ × 2,71
  const blocco = async (
    bancataId: string,
    scelta: string,
    volumeNetto: number,
    dataRiquadratura: string,
    stato: string,
    informe?: { pesoPesa: number },
  ) =>
    (
      await db()
        .insert(blocchi)
        .values({
          companyId,
          codice: `BL-F-${++n}`,
          origine: 'interno',
          bancataId,
          cavaId,
          materialeId,
          scelta,
          categoria: informe ? 'informe' : 'squadrato',
          lunghezza: 300,
          altezza: 200,
          profondita: 150,
          lunghezzaNetta: 300,
          altezzaNetta: 200,
          profonditaNetta: 150,
          volumeLordo: volumeNetto,
          volumeNetto,
          pesoTeorico: 1,
          pesoPesa: informe?.pesoPesa ?? null,
          ubicazioneId,
          dataRiquadratura,
          stato,
        })
        .returning()
    )[0]!;

  await bancata('2025-06-02', 387.91, 'pianificata');
  await bancata('2025-06-03', 200, 'in_taglio');
  const r = await bancata('2025-06-05', 50, 'ribaltata');
  const r1 = await blocco(r.id, 'prima', 4, '2025-06-06', 'in_piazzale');
  const c = await bancata('2025-06-10', 80, 'chiusa', 25, 20);
  const c1 = await blocco(c.id, 'prima', 12, '2025-06-11', 'venduto');
  const c2 = await blocco(c.id, 'seconda', 8, '2025-07-02', 'venduto');
  await blocco(c.id, 'seconda', 3, '2025-06-12', 'disponibile', { pesoPesa: 8.5 });
  await bancata('2025-06-12', 999, 'annullata');

  const [cliente] = await db()
    .insert(clienti)
    .values({
      companyId,
      ragioneSociale: 'Stone Design GmbH',
      indirizzo: 'Via Roma 1',
      comune: 'Carrara',
    })
    .returning();
  const [co] = await db()
    .insert(collaudi)
    .values({
      companyId,
      codice: 'CO-F-1',
      data: '2025-06-20',
      clienteId: cliente!.id,
      stato: 'confermato',
    })
    .returning();
  const riga = {
    collaudoId: co!.id,
    statoPrecedente: 'disponibile',
    prezzo: 1000,
    unitaPrezzo: 'm3',
  };
  await db()
    .insert(collaudoRighe)
    .values([
      {
        ...riga,
        bloccoId: c1.id,
        esito: 'accettato',
        volumeNettoAccettato: 12,
        peso: 32.52,
        importo: 1_200_000,
      },
      {
        ...riga,
        bloccoId: c2.id,
        esito: 'accettato_con_riserva',
        volumeNettoAccettato: 8,
        peso: 21.68,
        importo: 800_000,
      },
      {
        ...riga,
        bloccoId: r1.id,
        esito: 'rifiutato',
        volumeNettoAccettato: 4,
        peso: 10.84,
        importo: 400_000,
      },
    ]);
});
afterAll(() => ctx.close());

type Values = Record<string, number | null>;
async function get(path: string) {
  const res = await admin.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { totals: Values; series: Array<{ label: string; values: Values }> };
}

describe('statistiche produzione: only bancate actually cut, blocks by their production date, informi by weight', () => {
  it('leaves out planned, still-cutting and cancelled bancate, and takes the yield over the closed one', async () => {
    const a = await get(`/api/statistiche/produzione?${june}&per=materiale`);
    expect(a.totals).toEqual({
      bancate: 2,
      volumeBancate: 130,
      blocchi: 2,
      volumeBlocchi: 16,
      pesoBlocchi: 43.36,
      informiT: 28.5,
      resa: 25,
    });
    const mesi = await get(`/api/statistiche/produzione?${june}&per=mese`);
    expect(mesi.series.map((s) => [s.label, s.values.volumeBancate])).toEqual([['giu 2025', 130]]);
  });

  it('counts a block in the month it was squared, its bancata’s yield in the month it was cut', async () => {
    const july = await get(
      '/api/statistiche/produzione?dal=2025-07-01&al=2025-07-31&per=materiale',
    );
    expect(july.totals).toEqual({
      bancate: 0,
      volumeBancate: 0,
      blocchi: 1,
      volumeBlocchi: 8,
      pesoBlocchi: 21.68,
      informiT: 0,
      resa: null,
    });
  });

  it('by scelta, each scelta’s share of the closed bancate; informi only in tonnes', async () => {
    const a = await get(`/api/statistiche/produzione?${june}&per=scelta`);
    expect(a.series.map((s) => [s.label, s.values])).toEqual([
      ['Prima', { blocchi: 2, volumeBlocchi: 16, pesoBlocchi: 43.36, informiT: 0, resa: 15 }],
      ['Seconda', { blocchi: 0, volumeBlocchi: 0, pesoBlocchi: 0, informiT: 8.5, resa: 10 }],
    ]);
    expect(a.totals.resa).toBe(25);
  });

  it('gives the same yield as the dashboard, which reads the same closed bancate', async () => {
    const dashboard = (await admin.get('/api/dashboard')).json() as {
      rese: { resaMedia: number | null };
    };
    const statistiche = await get(`/api/statistiche/produzione?${june}&per=cava`);
    expect([dashboard.rese.resaMedia, statistiche.totals.resa]).toEqual([25, 25]);
  });
});

describe('statistiche percentages', () => {
  it('2 of 3 blocks accepted is 66,7 %, not the integer division 66', async () => {
    const a = await get(`/api/statistiche/vendite?${june}&per=cliente`);
    expect(a.totals).toMatchObject({
      accettati: 1,
      conRiserva: 1,
      rifiutati: 1,
      percAccettati: 66.7,
    });
  });
});

describe('every statistiche figure says what it counts', () => {
  it('each metric of each section has a line saying what it counts, informi and group transfers named', async () => {
    const descrizioni: Record<string, string> = {};
    for (const section of ['produzione', 'lavorazione', 'vendite', 'magazzino', 'acquisti']) {
      const a = (await admin.get(`/api/statistiche/${section}?${june}`)).json() as {
        metrics: Array<{ key: string; descrizione?: string }>;
      };
      for (const m of a.metrics) {
        expect(m.descrizione, `${section}.${m.key}`).toMatch(/\S{3}/);
        descrizioni[`${section}.${m.key}`] = m.descrizione!;
      }
    }
    // 'Blocchi riquadrati' counts squared blocks, not the informi: it says so
    expect(descrizioni['produzione.blocchi']).toContain('informi sono a parte');
    // T, still «in taglio», is not a bancata cut: the figure says which count
    expect(descrizioni['produzione.bancate']).toContain('non quelle ancora in taglio');
    // sales count the transfers to group companies: the subtitle says so
    expect(descrizioni['vendite.importo']).toContain('trasferimenti alle ditte del gruppo');
    expect(descrizioni['vendite.volume']).toContain('informi esclusi');
  });
});

describe('informi sold by weight in statistiche', () => {
  it('an informe sold counts in pieces, tonnes and euros, never in the m³ sold nor the €/m³', async () => {
    const org = await setupCompany(ctx);
    const boss = await org.adminClient();
    const { cavaId, materialeId, ubicazioneId } = await createProductionLookups(boss);
    const companyId = org.company.id;
    const [ba] = await db()
      .insert(bancate)
      .values({
        companyId,
        codice: 'BA-I-1',
        cavaId,
        materialeId,
        dataTaglio: '2025-06-02',
        lunghezza: 1000,
        altezza: 500,
        profondita: 200,
        volumeLordo: 100,
        pesoStimato: 271,
        stato: 'chiusa',
        resaChiusura: 5,
      })
      .returning();
    const blocco = async (codice: string, volumeNetto: number, informe: boolean) =>
      (
        await db()
          .insert(blocchi)
          .values({
            companyId,
            codice,
            origine: 'interno',
            bancataId: ba!.id,
            cavaId,
            materialeId,
            scelta: 'prima',
            categoria: informe ? 'informe' : 'squadrato',
            lunghezza: 250,
            altezza: 200,
            profondita: 100,
            lunghezzaNetta: 250,
            altezzaNetta: 200,
            profonditaNetta: 100,
            volumeLordo: volumeNetto,
            volumeNetto,
            pesoTeorico: 1,
            pesoPesa: informe ? 6 : null,
            ubicazioneId,
            dataRiquadratura: '2025-06-03',
            stato: 'venduto',
          })
          .returning()
      )[0]!;
    const squadrato = await blocco('BL-I-1', 5, false);
    const informe = await blocco('BL-I-2', 2, true);
    const [cliente] = await db()
      .insert(clienti)
      .values({
        companyId,
        ragioneSociale: 'Granulati S.r.l.',
        indirizzo: 'Via 1',
        comune: 'Massa',
      })
      .returning();
    const [co] = await db()
      .insert(collaudi)
      .values({
        companyId,
        codice: 'CO-I-1',
        data: '2025-06-20',
        clienteId: cliente!.id,
        stato: 'confermato',
      })
      .returning();
    // 5 m³ at 1 000 €/m³ = 5 000 € (13,55 t); the informe 6 t at 100 €/t = 600 €
    await db()
      .insert(collaudoRighe)
      .values([
        {
          collaudoId: co!.id,
          statoPrecedente: 'disponibile',
          bloccoId: squadrato.id,
          esito: 'accettato',
          prezzo: 1000,
          unitaPrezzo: 'm3',
          volumeNettoAccettato: 5,
          peso: 13.55,
          importo: 500_000,
        },
        {
          collaudoId: co!.id,
          statoPrecedente: 'disponibile',
          bloccoId: informe.id,
          esito: 'accettato',
          prezzo: 100,
          unitaPrezzo: 't',
          volumeNettoAccettato: 2,
          peso: 6,
          importo: 60_000,
        },
      ]);
    const res = await boss.get(`/api/statistiche/vendite?${june}&per=cliente`);
    expect(res.statusCode, res.body).toBe(200);
    // 2 blocks, 5 m³ (not 7), 19,55 t, 5 600 €; €/m³ 5 000 / 5 = 1 000 (not 5 600 / 7 = 800); €/t 5 600 / 19,55 = 286,45
    expect(res.json().totals).toMatchObject({
      blocchi: 2,
      volume: 5,
      peso: 19.55,
      importoBlocchi: 5600,
      prezzoM3: 1000,
      prezzoT: 286.45,
    });
  });
});
