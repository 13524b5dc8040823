/**
 * The long reports read their rows a page at a time after the previous page's last row
 * (docs/performance.md "Reports page by the index"): whatever the page size, every row is read once,
 * in the report's order, and the elenco blocchi's period is the same Italian calendar days as before.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocchi } from '../src/db/schema/index.js';
import { rowsOf } from '../src/lib/pagination.js';
import * as repo from '../src/modules/reportistica/reportistica.repository.js';
import {
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
let admin: TestClient;
let companyId: string;
const codici: string[] = [];

/** Every page of a keyset-paged read, `limit` rows at a time. */
async function allPages<T, C>(
  limit: number,
  read: (page: { limit: number; after: C | null }) => Promise<T[]>,
  cursorOf: (row: T) => C,
): Promise<T[][]> {
  const pages: T[][] = [];
  let after: C | null = null;
  for (;;) {
    const page = await read({ limit, after });
    pages.push(page);
    if (page.length < limit) return pages;
    after = cursorOf(page.at(-1)!);
  }
}

beforeAll(async () => {
  ctx = await buildTestApp();
  const org = await setupCompany(ctx);
  companyId = org.company.id;
  admin = await org.adminClient();
  const lookups = await createProductionLookups(admin);
  for (const dataTaglio of ['2025-03-03', '2025-03-04']) {
    const bancata = (
      await admin.post('/api/bancate', {
        cavaId: lookups.cavaId,
        materialeId: lookups.materialeId,
        dataTaglio,
        lunghezza: 1000,
        altezza: 500,
        profondita: 400,
      })
    ).json();
    for (const stato of ['in_taglio', 'ribaltata', 'in_riquadratura'])
      await admin.post(`/api/bancate/${bancata._id}/stato`, { stato });
    // three blocks squared on the day the other bancata was cut, three on the day after
    for (const dataRiquadratura of ['2025-03-04', '2025-03-04', '2025-03-05']) {
      const res = await admin.post('/api/blocchi', {
        bancataId: bancata._id,
        ubicazioneId: lookups.ubicazioneId,
        lunghezza: 300,
        altezza: 200,
        profondita: 150,
        dataRiquadratura,
      });
      expect(res.statusCode, res.body).toBe(201);
      codici.push(res.json().codice);
    }
  }
  // Registered around the turn of the year, in UTC: 23:30 UTC on 31/12 is already 1 January in Italy,
  // 22:30 UTC still 31 December; one inside the year, one after it.
  const registrati = [
    '2024-12-31T22:30:00Z',
    '2024-12-31T23:30:00Z',
    '2025-06-15T10:00:00Z',
    '2025-12-31T22:59:59Z',
    '2025-12-31T23:00:00Z',
    '2026-02-01T10:00:00Z',
  ];
  for (const [i, at] of registrati.entries())
    await ctx.database.db
      .update(blocchi)
      .set({ createdAt: new Date(at) })
      .where(eq(blocchi.codice, codici[i]!));
});
afterAll(() => ctx.close());

describe('elenco blocchi, page after page', () => {
  const anno2025 = { dal: '2025-01-01', al: '2025-12-31' };

  it('the period is the Italian calendar days, as before: registered on 1 January in Italy counts, 31 December at midnight does not', async () => {
    // the rule as it was written before: the day of created_at in Rome between the two dates
    const before = rowsOf<{ codice: string }>(
      await ctx.database.db.execute(sql`
        select codice from blocchi
        where company_id = ${companyId} and (created_at at time zone 'Europe/Rome')::date between ${anno2025.dal} and ${anno2025.al}
        order by codice`),
    ).map((r) => r.codice);
    expect(before).toEqual([codici[1], codici[2], codici[3]]);
    const rows = await repo.blocchi(ctx.database.db, companyId, anno2025, {
      limit: 1000,
      after: null,
    });
    expect(rows.map((r) => r.codice)).toEqual(before);
    expect(await repo.blocchiCount(ctx.database.db, companyId, anno2025)).toBe(before.length);
    // the day shown is the Italian one
    expect(rows.find((r) => r.codice === codici[1])!.data).toBe('2025-01-01');
  });

  it('pages of 1, 2 and 4 rows give the rows of one read, each once and in code order', async () => {
    const always = { dal: '2000-01-01', al: '2099-12-31' };
    const whole = await repo.blocchi(ctx.database.db, companyId, always, {
      limit: 1000,
      after: null,
    });
    expect(whole.map((r) => r.codice)).toEqual([...codici].sort());
    for (const limit of [1, 2, 4]) {
      const pages = await allPages<repo.BloccoRow, string>(
        limit,
        (page) => repo.blocchi(ctx.database.db, companyId, always, page),
        (r) => r.codice,
      );
      expect(pages.flat()).toEqual(whole);
      expect(pages.slice(0, -1).every((p) => p.length === limit)).toBe(true);
    }
  });

  it('the rows are the same as the elenco blocchi report downloaded whole', async () => {
    const res = await admin.get('/api/reports/blocchi', {
      query: { formato: 'xlsx', dal: '2000-01-01', al: '2099-12-31' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const codes: unknown[] = [];
    wb.worksheets[0]!.eachRow((row) => codes.push((row.values as unknown[])[1]));
    expect(codes.filter((c) => codici.includes(c as string))).toEqual([...codici].sort());
  });
});

describe('registro di produzione, page after page', () => {
  const marzo = { dal: '2025-03-01', al: '2025-03-31' };

  it('pages of every size give the rows of one read: by day, the bancata before its day’s blocks, ties crossing pages', async () => {
    const whole = await repo.registroProduzione(ctx.database.db, companyId, marzo, {
      limit: 1000,
      after: null,
    });
    // 2 bancate and 6 blocks; on 4 March one bancata was cut and four blocks squared
    expect(whole.map((r) => [r.data, r.tipo])).toEqual([
      ['2025-03-03', 'Bancata'],
      ['2025-03-04', 'Bancata'],
      ['2025-03-04', 'Blocco'],
      ['2025-03-04', 'Blocco'],
      ['2025-03-04', 'Blocco'],
      ['2025-03-04', 'Blocco'],
      ['2025-03-05', 'Blocco'],
      ['2025-03-05', 'Blocco'],
    ]);
    const blocks = whole.filter((r) => r.tipo === 'Blocco');
    expect(blocks.map((r) => r.blocco).sort()).toEqual([...codici].sort());
    for (const limit of [1, 2, 3, 5]) {
      const pages = await allPages<repo.RegistroRow, repo.RegistroCursor>(
        limit,
        (page) => repo.registroProduzione(ctx.database.db, companyId, marzo, page),
        ({ data, tipo, bancata, blocco }) => ({ data, tipo, bancata, blocco }),
      );
      expect(pages.flat()).toEqual(whole);
    }
    expect(await repo.registroCount(ctx.database.db, companyId, marzo)).toEqual({
      rows: whole.length,
      groups: 1,
    });
  });
});
