import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.js';
import { csvRows } from './csv-helpers.js';
import { buildTestApp, setupCompany, type TestClient, type TestContext } from './helpers.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let clerk: TestClient;

const base = '/api/automezzi';
const scania = { targa: 'fg 482 kt', descrizione: 'Scania R 580 bilico', portataT: 30 };

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  clerk = (await org.userClient({ automezzi: true })).client;
});
afterAll(() => ctx.close());

describe('/api/automezzi', () => {
  it('creates with the plate normalised, edits, deactivates and deletes, each with a history row', async () => {
    const created = await clerk.post(base, scania);
    expect(created.statusCode, created.body).toBe(201);
    const truck = created.json();
    expect(truck).toMatchObject({
      targa: 'FG482KT',
      descrizione: 'Scania R 580 bilico',
      portataT: 30,
      attivo: true,
    });

    const edited = await clerk.put(`${base}/${truck._id}`, {
      descrizione: 'Scania R 580 bilico ribassato',
      portataT: 29.5,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      targa: 'FG482KT',
      descrizione: 'Scania R 580 bilico ribassato',
      portataT: 29.5,
    });
    expect((await clerk.put(`${base}/${truck._id}`, { attivo: false })).json().attivo).toBe(false);

    expect((await clerk.delete(`${base}/${truck._id}`)).statusCode).toBe(204);
    expect((await clerk.get(base)).json().items).toEqual([]);
    const history = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'automezzo'), eq(auditLog.entityId, truck._id)))
      .orderBy(auditLog.at);
    expect(history.map((h) => h.action)).toEqual(['create', 'update', 'disattivazione', 'delete']);
    expect(history[1]!.changes).toEqual({
      descrizione: { from: 'Scania R 580 bilico', to: 'Scania R 580 bilico ribassato' },
      portataT: { from: 30, to: 29.5 },
    });
  });

  it.each([
    [
      'targa',
      { targa: 'AB12CD' },
      'Targa non valida: due lettere, tre cifre e due lettere (es. AB 123 CD; le lettere I, O, Q e U non si usano)',
    ],
    ['targa', { targa: '' }, 'La targa è obbligatoria'],
    ['descrizione', { descrizione: '  ' }, 'La descrizione è obbligatoria'],
    ['portataT', { portataT: 0 }, 'Portata: deve essere maggiore di 0 t'],
    ['portataT', { portataT: 61 }, 'Portata: al massimo 60 t'],
  ])('refuses a wrong %s with an Italian message (400)', async (field, change, message) => {
    const res = await clerk.post(base, { ...scania, targa: 'AA111BB', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.find((d: { path: string }) => d.path === field)?.message).toBe(
      message,
    );
  });

  it('keeps the tare in kg: none by default, set, changed with a history row, cleared; 400 outside 1–40.000 kg', async () => {
    const created = await clerk.post(base, { ...scania, targa: 'GA 119 RV' });
    expect(created.statusCode, created.body).toBe(201);
    const truck = created.json();
    expect(truck.taraKg).toBeNull();

    const set = await clerk.put(`${base}/${truck._id}`, { taraKg: 15_200 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ taraKg: 15_200, portataT: 30 });
    expect((await clerk.get(`${base}?q=GA119RV`)).json().items[0].taraKg).toBe(15_200);
    const [history] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, truck._id), eq(auditLog.action, 'update')));
    expect(history?.changes).toMatchObject({ taraKg: { from: null, to: 15_200 } });

    for (const taraKg of [0, 45_000, 15_200.5, '15t']) {
      const bad = await clerk.put(`${base}/${truck._id}`, { taraKg });
      expect(bad.statusCode, String(taraKg)).toBe(400);
      expect(bad.json().message).toMatch(/Tara/);
    }
    const cleared = await clerk.put(`${base}/${truck._id}`, { taraKg: null });
    expect(cleared.json().taraKg).toBeNull();
    expect((await clerk.delete(`${base}/${truck._id}`)).statusCode).toBe(204);
  });

  it('refuses a plate the company already has, however it is typed (409), not one another company has', async () => {
    expect((await clerk.post(base, { ...scania, targa: 'EZ315LC' })).statusCode).toBe(201);
    const dup = await clerk.post(base, { ...scania, targa: 'ez-315 lc' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Esiste già un automezzo con la targa EZ 315 LC');
    const other = (await clerk.post(base, { ...scania, targa: 'EZ316LC' })).json();
    const renamed = await clerk.put(`${base}/${other._id}`, { targa: 'EZ 315 LC' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toBe('Esiste già un automezzo con la targa EZ 315 LC');

    const elsewhere = await setupCompany(ctx);
    const foreignClerk = (await elsewhere.userClient({ automezzi: true })).client;
    expect((await foreignClerk.post(base, { ...scania, targa: 'EZ315LC' })).statusCode).toBe(201);
  });

  it('answers 404 for another company’s truck and leaves it as it was', async () => {
    const truck = (await clerk.post(base, { ...scania, targa: 'DK228PA' })).json();
    const stranger = (await (await setupCompany(ctx)).userClient({ automezzi: true })).client;
    expect((await stranger.put(`${base}/${truck._id}`, { descrizione: 'preso' })).statusCode).toBe(
      404,
    );
    expect((await stranger.delete(`${base}/${truck._id}`)).statusCode).toBe(404);
    expect((await stranger.get(base)).json().items).toEqual([]);
    const mine = (await clerk.get(base, { query: { q: 'DK228' } })).json().items;
    expect(mine).toEqual([
      expect.objectContaining({ _id: truck._id, descrizione: 'Scania R 580 bilico' }),
    ]);
  });

  it('needs the page: none → 403, read-only → no writes; who writes DDTs reads the list for the vettore', async () => {
    const { client: nobody } = await org.userClient({ bancate: true });
    expect((await nobody.get(base)).statusCode).toBe(403);
    const { client: reader } = await org.userClient({ automezzi: { access: true, write: false } });
    expect((await reader.get(base)).statusCode).toBe(200);
    expect((await reader.post(base, { ...scania, targa: 'CC333DD' })).statusCode).toBe(403);
    const { client: shipping } = await org.userClient({ spedizioni: true });
    expect((await shipping.get(base, { query: { attivo: 'true' } })).statusCode).toBe(200);
    expect((await shipping.post(base, { ...scania, targa: 'CC333DD' })).statusCode).toBe(403);
  });
});

describe('list, summary and export', () => {
  let client: TestClient;

  beforeAll(async () => {
    const company = await setupCompany(ctx);
    client = await company.adminClient();
    for (const truck of [
      { targa: 'FG482KT', descrizione: 'Scania R 580 bilico', portataT: 30 },
      { targa: 'FB907MS', descrizione: 'Iveco Trakker 4 assi', portataT: 25 },
      { targa: 'EZ315LC', descrizione: 'Volvo FH 500 pianale', portataT: 28.5, taraKg: 14_600 },
      { targa: 'DK228PA', descrizione: 'Mercedes Actros gru', portataT: 16, attivo: false },
    ]) {
      expect((await client.post(base, truck)).statusCode).toBe(201);
    }
  });

  it('lists by plate, searches plate (spaced or not) and description, filters the active ones', async () => {
    expect((await client.get(base)).json().items.map((t: { targa: string }) => t.targa)).toEqual([
      'DK228PA',
      'EZ315LC',
      'FB907MS',
      'FG482KT',
    ]);
    expect(
      (await client.get(base, { query: { sort: '-portataT' } }))
        .json()
        .items.map((t: { portataT: number }) => t.portataT),
    ).toEqual([30, 28.5, 25, 16]);
    expect(
      (await client.get(base, { query: { q: 'fb 907' } }))
        .json()
        .items.map((t: { targa: string }) => t.targa),
    ).toEqual(['FB907MS']);
    expect((await client.get(base, { query: { q: 'trakker' } })).json().total).toBe(1);
    const active = (await client.get(base, { query: { attivo: 'true', limit: '200' } })).json();
    expect(active.items.map((t: { targa: string }) => t.targa)).toEqual([
      'EZ315LC',
      'FB907MS',
      'FG482KT',
    ]);
  });

  it('sums the filtered set: the active trucks carry 30 + 25 + 28.5 = 83.5 t', async () => {
    expect((await client.get(`${base}/summary`)).json()).toEqual({
      totale: 4,
      attivi: 3,
      nonAttivi: 1,
      portataAttiviT: 83.5,
    });
    expect((await client.get(`${base}/summary`, { query: { q: 'scania' } })).json()).toEqual({
      totale: 1,
      attivi: 1,
      nonAttivi: 0,
      portataAttiviT: 30,
    });
  });

  it('exports the filtered list as XLSX with numbers as numbers, and as CSV', async () => {
    const xlsx = await client.get(`${base}/export`, { query: { format: 'xlsx', attivo: 'true' } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(
      /attachment; filename="automezzi-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Automezzi')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Targa',
      'Descrizione',
      'Portata (t)',
      'Tara (kg)',
      'Attivo',
    ]);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'EZ 315 LC',
      'Volvo FH 500 pianale',
      28.5,
      14_600,
      'Sì',
    ]);

    const csv = await client.get(`${base}/export`, { query: { format: 'csv' } });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csvRows(csv.body).filter((r) => r.length > 1)).toEqual([
      ['Targa', 'Descrizione', 'Portata (t)', 'Tara (kg)', 'Attivo'],
      ['DK 228 PA', 'Mercedes Actros gru', '16', '', 'No'],
      ['EZ 315 LC', 'Volvo FH 500 pianale', '28,5', '14600', 'Sì'],
      ['FB 907 MS', 'Iveco Trakker 4 assi', '25', '', 'Sì'],
      ['FG 482 KT', 'Scania R 580 bilico', '30', '', 'Sì'],
    ]);
  });
});
