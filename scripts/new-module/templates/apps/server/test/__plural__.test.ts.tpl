import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.js';
import { csvRows } from './csv-helpers.js';
import { buildTestApp, setupCompany, type TestClient, type TestContext } from './helpers.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let writer: TestClient;
let reader: TestClient;

const base = '/api/__plural__';

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  writer = (await org.userClient({ '__plural__': true })).client;
  reader = (await org.userClient({ '__plural__': { access: true, write: false } })).client;
});
afterAll(() => ctx.close());

describe('/api/__plural__', () => {
  it('creates, reads, edits, deactivates and deletes, each with a history row', async () => {
    const created = await writer.post(base, { nome: '  Alfa  ', note: 'prima nota' });
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json();
    expect(record).toMatchObject({ nome: 'Alfa', note: 'prima nota', attivo: true });
    expect((await reader.get(`${base}/${record._id}`)).json()).toEqual(record);

    const edited = await writer.put(`${base}/${record._id}`, { nome: 'Alfa 2' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ nome: 'Alfa 2', note: 'prima nota' });
    expect((await writer.put(`${base}/${record._id}`, { attivo: false })).json().attivo).toBe(false);

    const history = (await reader.get(`${base}/${record._id}/history`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'update',
      'disattivazione',
    ]);
    expect(history[1].changes).toEqual({ nome: { from: 'Alfa', to: 'Alfa 2' } });

    expect((await writer.delete(`${base}/${record._id}`)).statusCode).toBe(204);
    expect((await reader.get(`${base}/${record._id}`)).statusCode).toBe(404);
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, '__singular__'), eq(auditLog.entityId, record._id)));
    expect(rows.map((r) => r.action)).toContain('delete');
  });

  it('refuses a missing name with an Italian message (400) and a name the company has (409)', async () => {
    const missing = await writer.post(base, { nome: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0]).toMatchObject({
      path: 'nome',
      message: 'Il nome è obbligatorio',
    });
    expect((await writer.post(base, { nome: 'Beta' })).statusCode).toBe(201);
    const dup = await writer.post(base, { nome: 'Beta' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Esiste già __un__ __labelSingular__ con il nome Beta');
  });

  it('lists with search, filter, totals and export; a reader may not write', async () => {
    await writer.post(base, { nome: 'Gamma', attivo: false });
    const list = await reader.get(base, { query: { q: 'gamm', sort: 'nome' } });
    expect(list.json()).toMatchObject({ total: 1, items: [{ nome: 'Gamma', attivo: false }] });
    expect((await reader.get(`${base}/summary`, { query: { attivo: 'false' } })).json()).toEqual({
      totale: 1,
      attivi: 0,
    });
    const csv = await reader.get(`${base}/export`, { query: { format: 'csv', q: 'Gamma' } });
    expect(csv.statusCode).toBe(200);
    expect(csvRows(csv.body, ';').slice(1)).toEqual([['Gamma', '', 'No']]);
    expect((await reader.post(base, { nome: 'Delta' })).statusCode).toBe(403);
  });

  it("another company's record answers 404 and stays as it was", async () => {
    const other = await setupCompany(ctx);
    const foreign = (await (await other.adminClient()).post(base, { nome: 'Altrui' })).json();
    expect((await writer.get(`${base}/${foreign._id}`)).statusCode).toBe(404);
    expect((await writer.put(`${base}/${foreign._id}`, { nome: 'Mio' })).statusCode).toBe(404);
    expect((await writer.delete(`${base}/${foreign._id}`)).statusCode).toBe(404);
    expect((await (await other.adminClient()).get(`${base}/${foreign._id}`)).json().nome).toBe(
      'Altrui',
    );
  });
});
