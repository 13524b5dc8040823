import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema/index.js';
import { fatture, fattureEsiti } from '../src/db/schema/fatture.js';
import { todayInRome } from '../src/lib/dates.js';
import { seedDemo } from '../src/seed/demo.js';
import { expectSdiArithmetic, expectValidXml } from './fatture-helpers.js';
import { buildTestApp, login, type TestContext } from './helpers.js';

// The demo's invoices (docs/fatture.md): its DDTs invoiced month by month, numbered without gaps, none
// dated after today, one nota di credito, one scartata corrected and emitted again; every XML valid.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
  await seedDemo(ctx.database.db);
}, 600_000);
afterAll(() => ctx.close());

describe('demo invoices', () => {
  it('are numbered without gaps, dated up to today, with a credit note and a corrected scarto', async () => {
    const db = ctx.database.db;
    const [marmi] = await db
      .select()
      .from(companies)
      .where(eq(companies.name, 'Marmi Demo S.r.l.'));
    const rows = await db
      .select()
      .from(fatture)
      .where(and(eq(fatture.companyId, marmi!.id), isNotNull(fatture.numero)))
      .orderBy(asc(fatture.anno), asc(fatture.numero));
    expect(rows.length).toBeGreaterThan(3);
    const today = todayInRome();
    for (const anno of new Set(rows.map((r) => r.anno))) {
      const numeri = rows.filter((r) => r.anno === anno).map((r) => r.numero);
      expect(numeri).toEqual(numeri.map((_, i) => i + 1));
      const date = rows.filter((r) => r.anno === anno).map((r) => r.data);
      expect(date).toEqual([...date].sort());
    }
    expect(rows.every((r) => r.data <= today && r.stato === 'emessa')).toBe(true);
    expect(rows.filter((r) => r.tipoDocumento === 'TD04')).toHaveLength(1);
    const esiti = await db.select().from(fattureEsiti).orderBy(asc(fattureEsiti.createdAt));
    const scartate = esiti.filter((e) => e.esito === 'scartata');
    expect(scartate).toHaveLength(1);
    const corretta = rows.find((r) => r.id === scartate[0]!.fatturaId)!;
    expect(corretta.nomeFile).not.toBe(scartate[0]!.nomeFile);
    const vendite = await login(ctx.app, 'vendite@cava.example', 'Cava-Demo-2026');
    for (const r of rows) {
      const xml = (await vendite.get(`/api/fatture/${r.id}/xml`)).body;
      await expectValidXml(xml);
      expectSdiArithmetic(xml);
    }
  });
});
