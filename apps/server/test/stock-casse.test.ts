import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movimenti } from '../src/db/schema/index.js';
import { stockFixture, tomorrow, type StockFixture } from './stock-fixtures.js';

// A lot sold by the box ("Also"): a quantity in m² takes whole boxes, and the movimento records them.

let f: StockFixture;

beforeAll(async () => {
  f = await stockFixture();
}, 120_000);

afterAll(async () => {
  await f?.ctx.close();
});

describe('a tile lot sold by the box', () => {
  it('a sale in m² rounds up to whole boxes and its movimento records the boxes; less than one box is a 400', async () => {
    // 250 pieces of 305 × 305 mm (0,093025 m²), 12 per box (1,1163 m² a box)
    const id = await f.lot(250);
    const set = await f.pav.put(`/api/magazzino/lotti/${id}`, {
      prezzoListino: 46,
      scelta: 'prima',
      note: null,
      vendutoACasse: true,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().vendutoACasse).toBe(true);

    const little = await f.pav.post(`/api/magazzino/lotti/${id}/vendi`, {
      mq: 1,
      clienteId: f.ids.clienteA,
      prezzo: 46,
      unita: 'mq',
      documento: 'DDT 300/26',
    });
    expect(little.statusCode, little.body).toBe(400);
    expect(little.json().details).toEqual([
      { path: 'mq', message: 'Il lotto si vende a casse intere: una cassa misura 1,1163 m²' },
    ]);
    const reserve = await f.pav.post(`/api/magazzino/lotti/${id}/riserva`, {
      mq: 1,
      clienteId: f.ids.clienteA,
      scadenza: tomorrow(),
    });
    expect(reserve.statusCode).toBe(400);

    // 12 m² are 129 pieces, 10,75 boxes: 11 boxes, 132 pieces, 12,28 m²
    const sold = await f.pav.post(`/api/magazzino/lotti/${id}/vendi`, {
      mq: 12,
      clienteId: f.ids.clienteA,
      prezzo: 46,
      unita: 'mq',
      documento: 'DDT 301/26',
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json()).toMatchObject({ pezzi: 132, mq: 12.28, lotto: { pezzi: 118 } });
    const [row] = await f.ctx.database.db
      .select()
      .from(movimenti)
      .where(and(eq(movimenti.lottoId, id), eq(movimenti.tipo, 'scarico')));
    expect(row).toMatchObject({ pezzi: -132, casse: 11 });
    const listed = (
      await f.pav.get('/api/magazzino/movimenti', { query: { lottoId: id, tipo: 'scarico' } })
    ).json().items[0];
    expect(listed).toMatchObject({ pezzi: -132, mq: -12.28, casse: 11, importo: 564.88 });
  });

  it('a lot not sold by the box still sells m² in whole pieces', async () => {
    const id = await f.lot(250);
    const sold = await f.pav.post(`/api/magazzino/lotti/${id}/vendi`, {
      mq: 12,
      clienteId: f.ids.clienteA,
      prezzo: 46,
      unita: 'mq',
      documento: 'DDT 302/26',
    });
    expect(sold.json()).toMatchObject({ pezzi: 129, lotto: { pezzi: 121, vendutoACasse: false } });
  });
});
