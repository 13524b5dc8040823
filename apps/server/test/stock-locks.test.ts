import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sale, stockFixture, tomorrow, type StockFixture } from './stock-fixtures.js';

// Two people acting on the same stock at once wait in line; neither gets a 500. On PostgreSQL the
// transactions really run side by side, and locks taken in opposite orders ended one of them as a
// deadlock (the stock race test R2 caught it in CI): every lot transaction now locks the lot before
// its reservations, and every slab transaction the bundle before its slabs. On PGlite, with one
// connection, these pass either way.

let f: StockFixture;
const ROUNDS = 12;

beforeAll(async () => {
  f = await stockFixture();
}, 120_000);
afterAll(() => f?.ctx.close());

describe('lock order: concurrent stock operations never deadlock', () => {
  it('a sale to the customer holding a reservation and a release of that lot, at the same time', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await f.lot(100);
      const reserved = await f.mag.post(`/api/magazzino/lotti/${id}/riserva`, {
        pezzi: 10,
        clienteId: f.ids.clienteA,
        scadenza: tomorrow(),
      });
      expect(reserved.statusCode, reserved.body).toBe(200);
      const [sold, released] = await Promise.all([
        f.mag.post(`/api/magazzino/lotti/${id}/vendi`, {
          pezzi: 4,
          clienteId: f.ids.clienteA,
          prezzo: 5,
          unita: 'pezzo',
          documento: `DDT L-${round}`,
        }),
        f.mag2.post(`/api/magazzino/lotti/${id}/rilascia`, {}),
      ]);
      expect(sold.statusCode, sold.body).toBe(200);
      expect([200, 409], released.body).toContain(released.statusCode);
      const books = await f.lottoBooks(id);
      expect(books).toMatchObject({ pezzi: 96, ledgerN: 96 });
      expect(books.riservati).toBe(books.activeReserved);
    }
  });

  it('a slab sold while its bundle is transferred to a group company', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { paccoId, lastre } = await f.bundle(3);
      const [transferred, ...sold] = await Promise.all([
        f.mag2.post('/api/trasferimenti', {
          destinazioneCompanyId: f.gruppo,
          pacchi: [{ id: paccoId, prezzo: 10 }],
          documento: `DDT T-${round}`,
        }),
        f.mag.post(
          `/api/magazzino/lastre/${lastre[0]!._id}/vendi`,
          sale(f.ids.clienteA, `DDT P-${round}`),
        ),
        f.admin.post(
          `/api/magazzino/lastre/${lastre[1]!._id}/vendi`,
          sale(f.ids.clienteB, `DDT Q-${round}`),
        ),
      ]);
      expect(transferred.statusCode, transferred.body).toBe(201);
      for (const r of sold) expect([200, 409], r.body).toContain(r.statusCode);
      const books = await f.paccoBooks(paccoId);
      expect(books).toMatchObject({ nLastre: 0, ledgerN: 0, inStock: 0 });
    }
  });
});
