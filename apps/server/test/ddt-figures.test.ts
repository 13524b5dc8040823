import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clienti, companies } from '../src/db/schema/index.js';
import { bozza, ddtFixture, readPdf, readXlsx, year, type DdtFixture } from './ddt-helpers.js';

// A DDT describes the goods as they are sold and as they travel (docs/ddt.md). Figures by hand,
// Statuario 2,71 t/m³:
// block A: gross 300 × 200 × 180 = 10,8 m³, net 290 × 190 × 170; its collaudo measured 288 × 188 × 168
//   with 1 cm per side off → 286 × 186 × 166 = 8,830536 → 8,831 m³ sold. Not weighed: it travels at
//   10,8 × 2,71 = 29,268 t = 29 268 kg (stimato); net 8,831 × 2,71 = 23,93201 t → 23 932 kg.
// block B: 300 × 200 × 180, weighed 27,5 t when registered, 26,84 t at the collaudo, 0,5 m³ off →
//   10,3 m³ sold; 26 840 kg gross and net (pesato).
// a bundle of 4 slabs 3000 × 1500 × 20: each 4,5 × 20 × 2,71 = 243,9 → 244 kg, the line 976 kg.
// load: 3 colli; gross 29 268 + 26 840 + 976 = 57 084 kg; net 23 932 + 26 840 + 976 = 51 748 kg.

let f: DdtFixture;
let a: { _id: string; codice: string };
let b: { _id: string; codice: string };
let pacco: { paccoId: string; lastre: Array<{ codice: string }> };
let ddt: { _id: string; numero: number } & Record<string, unknown>;

async function collaudo(righe: Array<[string, Record<string, unknown>]>) {
  const created = await f.admin.post('/api/collaudi', {
    data: `${year}-01-15`,
    clienteId: f.ids.clienteA,
    resa: 'FOB Marina di Carrara',
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json()._id as string;
  let c: { righe: Array<{ _id: string; bloccoId: string }> } = created.json();
  for (const [bloccoId] of righe)
    c = (await f.admin.post(`/api/collaudi/${id}/righe`, { bloccoId })).json();
  expect((await f.admin.post(`/api/collaudi/${id}/stato`, { stato: 'in_corso' })).statusCode).toBe(
    200,
  );
  for (const [bloccoId, body] of righe) {
    const riga = c.righe.find((r) => r.bloccoId === bloccoId)!;
    const res = await f.admin.put(`/api/collaudi/${id}/righe/${riga._id}`, {
      esito: 'accettato',
      prezzo: 2500,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  for (const stato of ['eseguito', 'confermato']) {
    const res = await f.admin.post(`/api/collaudi/${id}/stato`, { stato });
    expect(res.statusCode, res.body).toBe(200);
  }
}

beforeAll(async () => {
  f = await ddtFixture();
  const db = f.ctx.database.db;
  // the sender's seat (the default place of departure) and the buyer's own tax identifier
  await db
    .update(companies)
    .set({ indirizzo: 'Via Carriona 112', cap: '54033', comune: 'Carrara', provincia: 'MS' })
    .where(eq(companies.id, f.org.company.id));
  await db.update(clienti).set({ partitaIva: 'DE123456789' }).where(eq(clienti.id, f.ids.clienteA));
  a = await f.boughtBlock();
  await f.admin.put(`/api/blocchi-esterni/${a._id}`, {
    lunghezzaNetta: 290,
    altezzaNetta: 190,
    profonditaNetta: 170,
  });
  b = await f.boughtBlock({ pesoPesa: 27.5 });
  await collaudo([
    [
      a._id,
      {
        lunghezzaRilevata: 288,
        altezzaRilevata: 188,
        profonditaRilevata: 168,
        abbuonoTipo: 'cm_per_lato',
        abbuonoValore: 1,
      },
    ],
    [b._id, { pesoRilevato: 26.84, abbuonoTipo: 'm3', abbuonoValore: 0.5, unitaPrezzo: 't' }],
  ]);
  pacco = await f.soldBundle(f.ids.clienteA);
  const draft = await f.spedizioni.post(
    '/api/ddt',
    bozza(
      f.ids.clienteA,
      [
        { entityType: 'blocco', id: a._id },
        { entityType: 'blocco', id: b._id },
        { entityType: 'pacco', id: pacco.paccoId },
      ],
      {
        trasportoACura: 'vettore',
        vettore: {
          ragioneSociale: 'Autotrasporti Apuani S.r.l.',
          partitaIva: '01234560454',
          indirizzo: 'Via Aurelia 31, 54033 Carrara (MS)',
          targa: 'AB123CD',
        },
        // export by sea: the truck unloads at the port, not at the buyer's seat in Germany
        destinazione: {
          indirizzo: 'Porto di Marina di Carrara, Viale Cristoforo Colombo',
          cap: '54033',
          comune: 'Carrara',
          provincia: 'MS',
          nazione: 'IT',
        },
      },
    ),
  );
  expect(draft.statusCode, draft.body).toBe(201);
  const emitted = await f.spedizioni.post(`/api/ddt/${draft.json()._id}/emetti`);
  expect(emitted.statusCode, emitted.body).toBe(200);
  ddt = emitted.json();
}, 180_000);
afterAll(() => f.ctx.close());

describe('a DDT after a collaudo: quantities and weights', () => {
  it('a block goes with the measures and m³ accepted at its collaudo, at its weighbridge weight or its gross one (stimato)', () => {
    const riga = (id: string) => (ddt.righe as Array<{ _id: string }>).find((r) => r._id === id);
    expect(riga(a._id)).toMatchObject({
      misure: '286 × 186 × 166 cm',
      m3: 8.831,
      pesoKg: 29268,
      pesoBase: 'stimato',
      pesoNettoKg: 23932,
    });
    expect(riga(b._id)).toMatchObject({
      misure: '300 × 200 × 180 cm',
      m3: 10.3,
      pesoKg: 26840,
      pesoBase: 'pesato',
      pesoNettoKg: 26840,
    });
    expect(riga(pacco.paccoId)).toMatchObject({ pesoKg: 976, pesoNettoKg: 976, mq: 18 });
    expect(ddt).toMatchObject({ colli: 3, pesoKg: 57084, pesoNettoKg: 51748, m3: 19.131 });
  });

  it('the PDF prints the place of departure, the carrier with its address and plate, the port as destination and the buyer with its country and tax id', async () => {
    expect(ddt.luogoPartenza).toEqual({
      indirizzo: 'Via Carriona 112',
      cap: '54033',
      comune: 'Carrara',
      provincia: 'MS',
      nazione: 'IT',
    });
    const res = await f.spedizioni.get(`/api/ddt/${ddt._id}/pdf`);
    expect(res.statusCode).toBe(200);
    const text = readPdf(res.rawPayload).text;
    expect(text).toContain('Luogo di partenza Via Carriona 112, 54033 Carrara (MS)');
    expect(text).toContain('Via Aurelia 31, 54033 Carrara (MS)');
    expect(text).toContain('Targa AB123CD');
    expect(text).toContain('Porto di Marina di Carrara');
    expect(text).toContain('Id. fiscale DE123456789');
    expect(text).toContain('Germania');
    expect(text).toContain('286 × 186 × 166 cm');
    expect(text).toContain('8,831 m³');
    expect(text).toContain('29.268 stimato');
    expect(text).toContain('Peso lordo 57.084 kg');
    expect(text).toContain('Peso netto 51.748 kg');
    // the bundle was sawn by a gang saw in this fixture; the finish names no machine
    expect(text).toContain('grezzo di segagione');
    expect(text).not.toContain('a telaio');
  });

  it('the place of departure is edited in the draft; with the sender carrying, its plate is printed', async () => {
    const bundle = await f.soldBundle(f.ids.clienteA, 1);
    const res = await f.spedizioni.post(
      '/api/ddt',
      bozza(f.ids.clienteA, [{ entityType: 'pacco', id: bundle.paccoId }], {
        vettore: { targa: 'FG482KT' },
        luogoPartenza: {
          indirizzo: 'Piazzale di cava Fossa degli Angeli',
          comune: 'Carrara',
          provincia: 'MS',
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().luogoPartenza).toMatchObject({
      indirizzo: 'Piazzale di cava Fossa degli Angeli',
      comune: 'Carrara',
    });
    const text = readPdf(
      (await f.spedizioni.get(`/api/ddt/${res.json()._id}/pdf`)).rawPayload,
    ).text;
    expect(text).toContain('Piazzale di cava Fossa degli Angeli, Carrara (MS)');
    expect(text).toContain('Targa FG482KT');
    const bad = await f.spedizioni.post(
      '/api/ddt',
      bozza(f.ids.clienteA, [{ entityType: 'pacco', id: bundle.paccoId }], {
        luogoPartenza: { indirizzo: 'Via Roma 1' },
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Luogo di partenza: comune obbligatorio');
  });

  it('the packing list gives net and gross weight per line, per slab and for the load, dimensions and packages as numbers', async () => {
    const xlsx = await f.spedizioni.get(`/api/ddt/${ddt._id}/packing-list`, {
      query: { formato: 'xlsx', lingua: 'en' },
    });
    expect(xlsx.statusCode).toBe(200);
    const { rows } = await readXlsx(xlsx.rawPayload);
    expect(rows[0]).toEqual([
      'Type',
      'Code',
      'Description',
      'Length (mm)',
      'Height (mm)',
      'Thickness or depth (mm)',
      'Grade',
      'Pieces',
      'Boxes',
      'Packages',
      'm²',
      'm³',
      'Net weight (kg)',
      'Gross weight (kg)',
    ]);
    const row = (codice: string) => rows.find((r) => r[1] === codice)!;
    // block A: its accepted measures in mm, 1 package, 8,831 m³, 23 932 kg net, 29 268 gross
    expect(row(a.codice).slice(3, 6)).toEqual([2860, 1860, 1660]);
    expect([row(a.codice)[9], row(a.codice)[11], row(a.codice)[12], row(a.codice)[13]]).toEqual([
      1, 8.831, 23932, 29268,
    ]);
    expect(row(pacco.lastre[0]!.codice).slice(12, 14)).toEqual([244, 244]);
    const load = rows.at(-1)!;
    expect(load[1]).toBe('Total of the load');
    expect([load[9], load[12], load[13]]).toEqual([3, 51748, 57084]);

    const en = readPdf(
      (
        await f.spedizioni.get(`/api/ddt/${ddt._id}/packing-list`, {
          query: { formato: 'pdf', lingua: 'en' },
        })
      ).rawPayload,
    ).text;
    expect(en).toContain('thickness 20 mm');
    expect(en).not.toContain('spessore');
    expect(en).toContain('Gross weight');
    expect(en).toContain('57,084');
    expect(en).toContain('51,748');
  });
});
