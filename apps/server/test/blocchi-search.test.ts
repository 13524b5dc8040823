import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

// the blocchi search text matches the material's name too ("Calacatta" found nothing).

let ctx: TestContext;
let admin: TestClient;
let other: TestClient;
let ids: { statuario: string; calacatta: string; ubicazione: string; fornitore: string };
const year = new Date().getFullYear();

const esterno = (
  client: TestClient,
  f: typeof ids,
  materialeId: string,
  extra: Record<string, unknown> = {},
) =>
  client.post('/api/blocchi-esterni', {
    fornitoreId: f.fornitore,
    dataAcquisto: `${year}-02-01`,
    prezzoAcquisto: 900,
    unitaPrezzoAcquisto: 'm3',
    materialeId,
    ubicazioneId: f.ubicazione,
    lunghezza: 300,
    altezza: 200,
    profondita: 150,
    ...extra,
  });

async function setup(client: TestClient) {
  const lookups = await createProductionLookups(client);
  const calacatta = (
    await client.post('/api/materiali', { nome: 'Calacatta Oro', densita: 2.7 })
  ).json();
  const fornitore = (
    await client.post('/api/fornitori', {
      ragioneSociale: 'Cave Esterne S.r.l.',
      nazione: 'DE',
      indirizzo: 'Hauptstr. 1',
      comune: 'Berlin',
    })
  ).json();
  return {
    statuario: lookups.materialeId,
    calacatta: calacatta._id as string,
    ubicazione: lookups.ubicazioneId,
    fornitore: fornitore._id as string,
  };
}

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await (await setupCompany(ctx)).adminClient();
  other = await (await setupCompany(ctx)).adminClient();
  ids = await setup(admin);
});
afterAll(() => ctx.close());

describe('block search by material', () => {
  it('"calacatta" finds the Calacatta blocks, accents and case aside, beside the code and traceability matches', async () => {
    const oro = (await esterno(admin, ids, ids.calacatta)).json();
    const statuario = (
      await esterno(admin, ids, ids.statuario, { codiceTracciabilita: 'CALACATTA-LOTTO-7' })
    ).json();
    await esterno(admin, ids, ids.statuario);
    // another company's Calacatta is not this company's
    const altri = await setup(other);
    expect((await esterno(other, altri, altri.calacatta)).statusCode).toBe(201);

    const found = (await admin.get('/api/blocchi-esterni', { query: { q: 'calacàtta' } })).json();
    expect(found.items.map((b: { _id: string }) => b._id).sort()).toEqual(
      [oro._id, statuario._id].sort(),
    );
    expect(found.total).toBe(2);
    expect(
      (await admin.get('/api/blocchi-esterni/summary', { query: { q: 'Calacatta' } })).json().count,
    ).toBe(2);
    // the code search still works, and a material filter still narrows
    expect(
      (await admin.get('/api/blocchi-esterni', { query: { q: oro.codice } })).json().total,
    ).toBe(1);
    expect(
      (
        await admin.get('/api/blocchi-esterni', {
          query: { q: 'calacatta', materialeId: ids.statuario },
        })
      )
        .json()
        .items.map((b: { _id: string }) => b._id),
    ).toEqual([statuario._id]);
  });

  it('a material renamed is found by its new name at once: the names a search matched are not kept past a change', async () => {
    const bardiglio = (
      await admin.post('/api/materiali', { nome: 'Bardiglio Scuro', densita: 2.7 })
    ).json();
    const blocco = (await esterno(admin, ids, bardiglio._id)).json();
    const search = async (q: string) =>
      (await admin.get('/api/blocchi-esterni', { query: { q } }))
        .json()
        .items.map((b: { _id: string }) => b._id);
    expect(await search('nuvolato')).toEqual([]);
    // the rename writes the material only, not the block
    const renamed = await admin.put(`/api/materiali/${bardiglio._id}`, {
      nome: 'Bardiglio Nuvolato',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await search('nuvolato')).toEqual([blocco._id]);
    expect(await search('scuro')).toEqual([]);
  });
});
