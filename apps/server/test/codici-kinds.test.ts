import { todayInRome } from '../src/lib/dates.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

// the code box answers every coded kind (sawings, tile cuts and collaudi too, and a
// block's traceability code), and says "no access" instead of "unknown" for an item the user may not read.

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let admin: TestClient;
const year = new Date().getFullYear();
let items: Record<
  'blocco' | 'segagione' | 'pavimenti' | 'collaudo',
  { _id: string; codice: string }
>;
const TRACCIABILITA = 'Carrara-173-00042';

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  admin = await org.adminClient();
  const lookups = await createProductionLookups(admin);
  const macchina = (
    await admin.post('/api/macchine', { nome: 'Telaio', tipo: 'telaio', kerfMm: 5, rifiloMm: 20 })
  ).json();
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
      ragioneSociale: 'Stone Design GmbH',
      nazione: 'DE',
      indirizzo: 'Hauptstr. 1',
      comune: 'München',
    })
  ).json();
  const esterno = async (extra: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/blocchi-esterni', {
      fornitoreId: fornitore._id,
      dataAcquisto: `${year}-02-01`,
      prezzoAcquisto: 900,
      unitaPrezzoAcquisto: 'm3',
      materialeId: lookups.materialeId,
      ubicazioneId: lookups.ubicazioneId,
      lunghezza: 300,
      altezza: 200,
      profondita: 150,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; codice: string };
  };
  const blocco = await esterno({ codiceTracciabilita: TRACCIABILITA });
  const segagione = (
    await admin.post('/api/lavorazioni-lastre', {
      bloccoId: (await esterno())._id,
      macchinaId: macchina._id,
      spessoreMm: 20,
    })
  ).json();
  const pavimenti = (
    await admin.post('/api/lavorazioni-pavimenti', {
      bloccoId: (await esterno())._id,
      lunghezzaMm: 305,
      larghezzaMm: 305,
      spessoreMm: 10,
    })
  ).json();
  const collaudo = (
    await admin.post('/api/collaudi', {
      data: todayInRome(),
      luogo: 'Piazzale',
      clienteId: cliente._id,
      ispettore: 'Ing. Müller',
    })
  ).json();
  items = { blocco, segagione, pavimenti, collaudo };
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/codici/:codice, every coded kind', () => {
  it('finds a sawing, a tile cut and a collaudo by their codes, however typed', async () => {
    expect(items.segagione.codice).toMatch(/^SG-/);
    expect(items.pavimenti.codice).toMatch(/^LP-/);
    expect(items.collaudo.codice).toMatch(/^CO-/);
    const cases = [
      {
        item: items.segagione,
        entityType: 'lavorazione-lastre',
        path: `/app/pages/lastre/${items.segagione._id}`,
      },
      {
        item: items.pavimenti,
        entityType: 'lavorazione-pavimenti',
        path: `/app/pages/pavimenti/${items.pavimenti._id}`,
      },
      {
        item: items.collaudo,
        entityType: 'collaudo',
        path: `/app/pages/collaudi/${items.collaudo._id}`,
      },
    ];
    for (const { item, entityType, path } of cases) {
      // "sg 2026 7": lower case, spaces, the number without its zeros
      const [serie, anno, numero] = item.codice.split('-');
      const typed = `${serie!.toLowerCase()} ${anno} ${Number(numero)}`;
      const res = await admin.get(`/api/codici/${encodeURIComponent(typed)}`);
      expect(res.statusCode, `${typed}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({
        entityType,
        _id: item._id,
        codice: item.codice,
        detailPath: path,
      });
    }
  });

  it('finds a block by its traceability code, as typed or in another case', async () => {
    for (const typed of [
      TRACCIABILITA,
      TRACCIABILITA.toUpperCase(),
      ` ${TRACCIABILITA.toLowerCase()} `,
    ]) {
      const res = await admin.get(`/api/codici/${encodeURIComponent(typed)}`);
      expect(res.statusCode, `${typed}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({
        entityType: 'blocco',
        _id: items.blocco._id,
        codice: items.blocco.codice,
        detailPath: `/app/pages/blocchi-esterni/${items.blocco._id}`,
      });
    }
    // a part of it is a candidate, not an answer
    expect((await admin.get('/api/codici/CARRARA-173')).statusCode).toBe(404);
  });

  it('an item the user may not read: 403 "non hai accesso", not "unknown"', async () => {
    const magazziniere = (await org.userClient({ 'magazzino-lastre': true })).client;
    for (const codice of [
      items.blocco.codice,
      items.segagione.codice,
      items.pavimenti.codice,
      items.collaudo.codice,
      TRACCIABILITA,
    ]) {
      const res = await magazziniere.get(`/api/codici/${encodeURIComponent(codice)}`);
      expect(res.statusCode, codice).toBe(403);
      expect(res.json().message).toBe(
        `Il codice ${codice.toUpperCase()} esiste, ma non hai accesso a questa pagina`,
      );
    }
    // an unknown code stays unknown
    const unknown = await magazziniere.get('/api/codici/SG-1999-0001');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(
      'Il codice SG-1999-0001 non corrisponde a nulla di questa ditta',
    );
  });
});
