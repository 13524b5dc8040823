import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partitaIvaCheckDigit } from '@gestcava/contracts';
import { csvRows } from './csv-helpers.js';
import { buildTestApp, setupCompany, type TestClient, type TestContext } from './helpers.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let clerk: TestClient;

const piva = (first10: string) => `${first10}${partitaIvaCheckDigit(first10)}`;
const cliente = (overrides: Record<string, unknown> = {}) => ({
  ragioneSociale: 'Marmi Rossi S.r.l.',
  partitaIva: piva('0123400001'),
  indirizzo: 'Via Roma 1',
  cap: '54033',
  comune: 'Carrara',
  provincia: 'MS',
  codiceSdi: '0000000',
  ...overrides,
});

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  clerk = (await org.userClient({ clienti: true, fornitori: true })).client;
});
afterAll(() => ctx.close());

describe.each(['clienti', 'fornitori'] as const)('/api/%s', (kind) => {
  const base = `/api/${kind}`;
  let n = 0;
  const unique = () => piva(`05${String(kind.length)}${String(++n).padStart(7, '0')}`);

  it('creates, reads, edits with history, deactivates and deletes', async () => {
    const created = await clerk.post(
      base,
      cliente({ partitaIva: `IT ${unique()}`, telefono: '0585 123456' }),
    );
    expect(created.statusCode).toBe(201);
    const row = created.json();
    expect(row.partitaIva).toMatch(/^\d{11}$/);
    expect(row).toMatchObject({
      nazione: 'IT',
      attivo: true,
      telefono: '+390585123456',
      companyId: org.company.id,
    });

    expect((await clerk.get(`${base}/${row._id}`)).json().ragioneSociale).toBe(
      'Marmi Rossi S.r.l.',
    );
    const edited = await clerk.put(`${base}/${row._id}`, {
      ragioneSociale: 'Marmi Rossi & Figli S.r.l.',
      referente: 'Ada Rossi',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().ragioneSociale).toBe('Marmi Rossi & Figli S.r.l.');
    expect((await clerk.put(`${base}/${row._id}`, { attivo: false })).json().attivo).toBe(false);

    const history = (await clerk.get(`${base}/${row._id}/history`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'update',
      'disattivazione',
    ]);
    expect(history[1].changes.ragioneSociale).toEqual({
      from: 'Marmi Rossi S.r.l.',
      to: 'Marmi Rossi & Figli S.r.l.',
    });
    expect(history[1].user.name).toBe('Utente di prova');

    expect((await clerk.delete(`${base}/${row._id}`)).statusCode).toBe(204);
    expect((await clerk.get(`${base}/${row._id}`)).statusCode).toBe(404);
  });

  it.each([
    ['partitaIva', { partitaIva: '01234567890' }, /cifra di controllo/],
    ['cap', { cap: '540' }, /CAP/],
    ['provincia', { provincia: 'XX' }, /[Pp]rovincia/],
    ['codiceSdi', { codiceSdi: 'ABC' }, /SDI/],
    ['iban', { iban: 'IT60X0542811101000000123457' }, /IBAN/],
    ['email', { email: 'non-una-mail' }, /[Ee]mail/],
    ['ragioneSociale', { ragioneSociale: '' }, /Ragione sociale/],
  ])('refuses a wrong %s naming the field in Italian', async (field, change, message) => {
    const res = await clerk.post(base, cliente({ partitaIva: unique(), ...change }));
    expect(res.statusCode).toBe(400);
    const detail = res.json().details.find((d: { path: string }) => d.path === field);
    expect(detail?.message).toMatch(message);
  });

  it('refuses a duplicate partita IVA in the same company, not in another', async () => {
    const vat = unique();
    expect((await clerk.post(base, cliente({ partitaIva: vat }))).statusCode).toBe(201);
    const dup = await clerk.post(base, cliente({ partitaIva: vat, ragioneSociale: 'Altra' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(/partita IVA/);
    const other = await setupCompany(ctx);
    const foreignClerk = (await other.userClient({ [kind]: true })).client;
    expect((await foreignClerk.post(base, cliente({ partitaIva: vat }))).statusCode).toBe(201);
  });

  it('a changed nazione is checked against the whole record', async () => {
    const row = (await clerk.post(base, cliente({ partitaIva: unique() }))).json();
    const res = await clerk.put(`${base}/${row._id}`, { nazione: 'DE' });
    expect(res.statusCode).toBe(400);
  });

  it('a codice SDI sent alone is checked against the stored pubblica amministrazione flag', async () => {
    const row = (
      await clerk.post(base, cliente({ partitaIva: unique(), codiceSdi: 'M5UXCR1' }))
    ).json();
    const unchanged = await clerk.put(`${base}/${row._id}`, {
      nazione: 'IT',
      codiceSdi: 'M5UXCR1',
      note: 'solo una nota',
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    const officeCode = await clerk.put(`${base}/${row._id}`, {
      nazione: 'IT',
      codiceSdi: 'UFABCD',
    });
    expect(officeCode.statusCode).toBe(400);
    expect(officeCode.json().details.map((d: { path: string }) => d.path)).toEqual(['codiceSdi']);
  });

  it('two edits of different fields at once both stay, each with its own history row', async () => {
    const row = (await clerk.post(base, cliente({ partitaIva: unique() }))).json();
    const [a, b] = await Promise.all([
      clerk.put(`${base}/${row._id}`, { note: 'Consegna al mattino' }),
      clerk.put(`${base}/${row._id}`, { referente: 'Ada Rossi' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await clerk.get(`${base}/${row._id}`)).json()).toMatchObject({
      note: 'Consegna al mattino',
      referente: 'Ada Rossi',
    });
    const history = (await clerk.get(`${base}/${row._id}/history`)).json();
    const changed = history
      .filter((h: { action: string }) => h.action === 'update')
      .map((h: { changes: Record<string, unknown> }) => Object.keys(h.changes))
      .sort();
    expect(changed).toEqual([['note'], ['referente']]);
  });

  it('an edit that changes nothing keeps the record’s time and writes no history', async () => {
    const row = (await clerk.post(base, cliente({ partitaIva: unique() }))).json();
    const same = await clerk.put(`${base}/${row._id}`, { comune: 'Carrara' });
    expect(same.statusCode).toBe(200);
    expect(same.json().updatedAt).toBe(row.updatedAt);
    const history = (await clerk.get(`${base}/${row._id}/history`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(['create']);
  });

  it('a refused merged record leaves the stored one as it was', async () => {
    const row = (await clerk.post(base, cliente({ partitaIva: unique() }))).json();
    expect((await clerk.put(`${base}/${row._id}`, { nazione: 'DE' })).statusCode).toBe(400);
    expect((await clerk.get(`${base}/${row._id}`)).json()).toMatchObject({
      nazione: 'IT',
      updatedAt: row.updatedAt,
    });
  });

  it('another company’s record answers 404 and stays as it was', async () => {
    const row = (await clerk.post(base, cliente({ partitaIva: unique() }))).json();
    const other = await setupCompany(ctx);
    const stranger = (await other.userClient({ [kind]: true })).client;
    expect((await stranger.get(`${base}/${row._id}`)).statusCode).toBe(404);
    expect((await stranger.put(`${base}/${row._id}`, { note: 'preso' })).statusCode).toBe(404);
    expect((await stranger.delete(`${base}/${row._id}`)).statusCode).toBe(404);
    expect(
      (await stranger.get(base)).json().items.map((i: { _id: string }) => i._id),
    ).not.toContain(row._id);
    expect((await clerk.get(`${base}/${row._id}`)).json().note).toBeNull();
  });

  it('needs the page permission: none → 403, read-only → no writes', async () => {
    const { client: nobody } = await org.userClient({ bancate: true });
    expect((await nobody.get(base)).statusCode).toBe(403);
    const { client: reader } = await org.userClient({ [kind]: { access: true, write: false } });
    expect((await reader.get(base)).statusCode).toBe(200);
    expect((await reader.post(base, cliente({ partitaIva: unique() }))).statusCode).toBe(403);
  });

  it('refuses to delete a referenced record (409, deactivate instead)', async () => {
    const row = (await clerk.post(base, cliente({ partitaIva: unique() }))).json();
    const table = kind;
    await ctx.database.db.execute(
      sql`create table if not exists ${sql.identifier(`ref_${table}`)} (id serial primary key, ref uuid references ${sql.identifier(table)}(id))`,
    );
    await ctx.database.db.execute(
      sql`insert into ${sql.identifier(`ref_${table}`)} (ref) values (${row._id})`,
    );
    const res = await clerk.delete(`${base}/${row._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/disattivarlo/);
    expect((await clerk.get(`${base}/${row._id}`)).statusCode).toBe(200);
  });
});

describe('lists, summary and export', () => {
  let scope: Awaited<ReturnType<typeof setupCompany>>;
  let client: TestClient;
  beforeAll(async () => {
    scope = await setupCompany(ctx);
    client = (await scope.userClient({ clienti: true })).client;
    const rows = [
      cliente({ ragioneSociale: 'Alfa Marmi', partitaIva: piva('0700000001'), comune: 'Carrara' }),
      cliente({ ragioneSociale: 'Beta Pietre', partitaIva: piva('0700000002'), comune: 'Massa' }),
      cliente({
        ragioneSociale: 'Gamma 100% Graniti_',
        partitaIva: piva('0700000003'),
        comune: 'Verona',
        provincia: 'VR',
        cap: '37100',
        attivo: false,
      }),
      {
        ragioneSociale: 'Delta Stone GmbH',
        nazione: 'DE',
        partitaIva: 'DE123456789',
        indirizzo: 'Hauptstr. 1',
        comune: 'Berlin',
      },
      {
        ragioneSociale: 'Comune di Massa',
        partitaIva: piva('0700000004'),
        indirizzo: 'Piazza Aranci',
        cap: '54100',
        comune: 'Massa',
        provincia: 'MS',
        codiceSdi: 'ABC123',
        pubblicaAmministrazione: true,
      },
    ];
    for (const r of rows) expect((await client.post('/api/clienti', r)).statusCode).toBe(201);
  });

  it('pages, sorts, searches and filters', async () => {
    const page1 = (await client.get('/api/clienti', { query: { limit: '2', page: '1' } })).json();
    expect(page1).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(page1.items.map((i: { ragioneSociale: string }) => i.ragioneSociale)).toEqual([
      'Alfa Marmi',
      'Beta Pietre',
    ]);
    const page3 = (await client.get('/api/clienti', { query: { limit: '2', page: '3' } })).json();
    expect(page3.items).toHaveLength(1);
    const desc = (await client.get('/api/clienti', { query: { sort: '-ragioneSociale' } })).json();
    expect(desc.items[0].ragioneSociale).toBe('Gamma 100% Graniti_');
    const byTown = (await client.get('/api/clienti', { query: { q: 'massa' } })).json();
    expect(byTown.items.map((i: { ragioneSociale: string }) => i.ragioneSociale).sort()).toEqual([
      'Beta Pietre',
      'Comune di Massa',
    ]);
    const byVat = (await client.get('/api/clienti', { query: { q: '0700000003' } })).json();
    expect(byVat.total).toBe(1);
    // % and _ are literal characters, not wildcards.
    expect((await client.get('/api/clienti', { query: { q: '100%' } })).json().total).toBe(1);
    expect((await client.get('/api/clienti', { query: { q: '%' } })).json().total).toBe(1);
    expect(
      (await client.get('/api/clienti', { query: { nazione: 'de' } })).json().items[0]
        .ragioneSociale,
    ).toBe('Delta Stone GmbH');
    expect((await client.get('/api/clienti', { query: { provincia: 'VR' } })).json().total).toBe(1);
    expect((await client.get('/api/clienti', { query: { attivo: 'false' } })).json().total).toBe(1);
    expect((await client.get('/api/clienti', { query: { limit: '500' } })).statusCode).toBe(400);
    expect((await client.get('/api/clienti', { query: { sort: 'password' } })).statusCode).toBe(
      400,
    );
  });

  it('sums the filtered set', async () => {
    expect((await client.get('/api/clienti/summary')).json()).toEqual({
      totale: 5,
      attivi: 4,
      nonAttivi: 1,
      italiani: 4,
      esteri: 1,
      pubblicaAmministrazione: 1,
    });
    expect(
      (await client.get('/api/clienti/summary', { query: { q: 'massa' } })).json().totale,
    ).toBe(2);
  });

  it('exports the filtered list as XLSX with typed cells and as CSV', async () => {
    const xlsx = await client.get('/api/clienti/export', {
      query: { format: 'xlsx', attivo: 'true' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(
      /attachment; filename="clienti-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Clienti')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Ragione sociale');
    expect(sheet.rowCount).toBe(5);
    const creato = (sheet.getRow(1).values as unknown[]).indexOf('Creato il');
    expect(sheet.getRow(2).getCell(creato).value).toBeInstanceOf(Date);

    const csv = await client.get('/api/clienti/export', { query: { format: 'csv', q: 'massa' } });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csvRows(csv.body).map((r) => r.join(';'));
    expect(lines[0]).toMatch(/^Ragione sociale;Partita IVA;/);
    expect(lines).toHaveLength(3);
  });
});
