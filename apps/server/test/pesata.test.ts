import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ddtFixture, readXlsx, type DdtFixture } from './ddt-helpers.js';

// A weighbridge reading comes with its ticket and is checked against the block (docs/ddt.md "La
// pesata"). By hand: a block of 300 × 200 × 180 cm = 10,8 m³ gross of Statuario (2,71 t/m³) weighs
// about 29,268 t; a reading is expected between 0,5 × 29,268 = 14,634 → 14,63 t and
// 1,5 × 29,268 = 43,902 → 43,90 t.

let f: DdtFixture;
beforeAll(async () => {
  f = await ddtFixture();
}, 120_000);
afterAll(() => f.ctx.close());

const base = '/api/blocchi-esterni';
const nuovo = (extra: Record<string, unknown>) =>
  f.admin.post(base, {
    fornitoreId: f.ids.fornitore,
    dataAcquisto: '2026-02-01',
    prezzoAcquisto: 1500,
    unitaPrezzoAcquisto: 'm3',
    materialeId: f.ids.materiale,
    ubicazioneId: f.ids.ubicazione,
    lunghezza: 300,
    altezza: 200,
    profondita: 180,
    ...extra,
  });

describe('a weighbridge reading far from its block', () => {
  it('is refused with the expected range unless confirmed, and the confirmation is in the history', async () => {
    const refused = await nuovo({ pesoPesa: 120.5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('tra 14,63 e 43,90 t');
    expect(refused.json().details[0].path).toBe('pesoPesa');
    // the bounds themselves are accepted
    expect((await nuovo({ pesoPesa: 14.63 })).statusCode).toBe(201);
    expect((await nuovo({ pesoPesa: 43.9 })).statusCode).toBe(201);
    expect((await nuovo({ pesoPesa: 43.91 })).statusCode).toBe(400);

    const confirmed = await nuovo({
      pesoPesa: 120.5,
      pesoFuoriNorma: true,
      dataPesata: '2026-02-01',
      numeroPesata: 'PS-0042',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const id = confirmed.json()._id as string;
    const history = (await f.admin.get(`${base}/${id}/history`)).json();
    expect(history[0].changes).toMatchObject({
      pesoPesa: { from: null, to: 120.5 },
      pesoFuoriNorma: { from: null, to: true },
    });

    // an edit that leaves the confirmed reading as it is asks nothing; a new far reading asks again
    const note = await f.admin.put(`${base}/${id}`, { pesoPesa: 120.5, note: 'Ripesato' });
    expect(note.statusCode, note.body).toBe(200);
    const far = await f.admin.put(`${base}/${id}`, { pesoPesa: 12 });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toContain('tra 14,63 e 43,90 t');
    const fixed = await f.admin.put(`${base}/${id}`, { pesoPesa: 29.35 });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const last = (await f.admin.get(`${base}/${id}/history`)).json().at(-1);
    expect(last.changes).toEqual({ pesoPesa: { from: 120.5, to: 29.35 } });
  });

  it('the list and its export carry the reading with its ticket, and the production date', async () => {
    const withTicket = (
      await nuovo({ pesoPesa: 29.1, dataPesata: '2026-02-03', numeroPesata: 'PS-0107' })
    ).json();
    const without = (await nuovo({ pesoPesa: 28.8 })).json();
    const list = (await f.admin.get(base, { query: { limit: '100' } })).json();
    const item = (id: string) => list.items.find((i: { _id: string }) => i._id === id);
    expect(item(withTicket._id)).toMatchObject({
      pesoPesa: 29.1,
      dataPesata: '2026-02-03',
      numeroPesata: 'PS-0107',
    });
    expect(item(without._id)).toMatchObject({
      pesoPesa: 28.8,
      dataPesata: null,
      numeroPesata: null,
    });

    const res = await f.admin.get(`${base}/export`, { query: { format: 'xlsx' } });
    expect(res.statusCode).toBe(200);
    const { rows } = await readXlsx(res.rawPayload);
    const header = rows[0] as string[];
    const col = (name: string) => header.indexOf(name);
    for (const name of [
      'Data riquadratura',
      'Peso alla pesa (t)',
      'Data pesata',
      'N. bolla di pesa',
    ])
      expect(header).toContain(name);
    const row = rows.find((r) => r[0] === withTicket.codice)!;
    expect(row[col('Peso alla pesa (t)')]).toBe(29.1);
    expect((row[col('Data pesata')] as Date).toISOString().slice(0, 10)).toBe('2026-02-03');
    expect(row[col('N. bolla di pesa')]).toBe('PS-0107');
    expect(row[col('Data riquadratura')]).toBeInstanceOf(Date);
  });
});

describe('the tile-cuts list exports like every list', () => {
  it('GET /api/lavorazioni-pavimenti/export answers a typed workbook and a CSV', async () => {
    const xlsx = await f.admin.get('/api/lavorazioni-pavimenti/export', {
      query: { format: 'xlsx', stato: 'completata' },
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const { rows } = await readXlsx(xlsx.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['Codice', 'Formato', 'Pezzi', 'Scarto (m²)']));
    const csv = await f.admin.get('/api/lavorazioni-pavimenti/export', {
      query: { format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Lotto');
  });
});
