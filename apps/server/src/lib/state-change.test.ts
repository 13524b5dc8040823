import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from '../db/client.js';
import { auditLog, bancate, cave, companies, materiali } from '../db/schema/index.js';
import { changeState, type StateMachine } from './state-change.js';

type Stato = 'aperta' | 'chiusa' | 'annullata';

/** A small machine over the bancate table, to test the helper apart from any module's rules. */
const machine: StateMachine<typeof bancate, Stato> = {
  table: bancate,
  columns: {
    id: bancate.id,
    companyId: bancate.companyId,
    stato: bancate.stato,
    updatedAt: bancate.updatedAt,
  },
  transitions: { aperta: ['chiusa', 'annullata'], chiusa: [], annullata: [] },
  labels: { aperta: 'Aperta', chiusa: 'Chiusa', annullata: 'Annullata' },
  entityType: 'prova',
  messages: { notFound: 'Prova non trovata', stale: 'La prova è stata modificata nel frattempo' },
};

describe('changeState', () => {
  let database: Database;
  let companyId: string;
  let otherCompanyId: string;
  let cavaId: string;
  let materialeId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    [{ id: companyId }, { id: otherCompanyId }] = (await db
      .insert(companies)
      .values([{ name: 'Prima' }, { name: 'Seconda' }])
      .returning({ id: companies.id })) as [{ id: string }, { id: string }];
    [{ id: cavaId }] = (await db
      .insert(cave)
      .values({ companyId, codice: 'C1', nome: 'Cava' })
      .returning({ id: cave.id })) as [{ id: string }];
    [{ id: materialeId }] = (await db
      .insert(materiali)
      .values({ companyId, nome: 'Bianco' })
      .returning({ id: materiali.id })) as [{ id: string }];
  });
  afterAll(() => database.close());

  async function newRow(stato: Stato = 'aperta') {
    const [row] = await database.db
      .insert(bancate)
      .values({
        companyId,
        codice: `P-${crypto.randomUUID()}`,
        cavaId,
        materialeId,
        dataTaglio: '2026-01-10',
        lunghezza: 100,
        altezza: 100,
        profondita: 100,
        volumeLordo: 1,
        pesoStimato: 2.7,
        stato,
      })
      .returning();
    return row!;
  }
  const storedStato = async (id: string) =>
    (await database.db.select({ stato: bancate.stato }).from(bancate).where(eq(bancate.id, id)))[0]
      ?.stato;
  const historyOf = (id: string) =>
    database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'prova'), eq(auditLog.entityId, id)));

  it('moves along the table, writes the extra values and one history row in the same transaction', async () => {
    const row = await newRow();
    const result = await database.db.transaction((tx) =>
      changeState(tx, machine, {
        companyId,
        id: row.id,
        to: 'chiusa',
        userId: null,
        note: 'fine lavori',
        set: (current, from) => ({ note: `${from} → chiusa (era ${current.codice})` }),
        changes: () => ({ note: { from: null, to: 'chiusa' } }),
      }),
    );
    expect(result.from).toBe('aperta');
    expect(result.current.id).toBe(row.id);
    const [after] = await database.db.select().from(bancate).where(eq(bancate.id, row.id));
    expect(after).toMatchObject({ stato: 'chiusa', note: `aperta → chiusa (era ${row.codice})` });
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(row.updatedAt.getTime());
    const history = await historyOf(row.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      companyId,
      action: 'stato',
      userId: null,
      note: 'fine lavori',
      changes: { stato: { from: 'aperta', to: 'chiusa' }, note: { from: null, to: 'chiusa' } },
    });
  });

  it('refuses a move the table does not have, in Italian with the labels, and changes nothing', async () => {
    const row = await newRow('chiusa');
    await expect(
      database.db.transaction((tx) =>
        changeState(tx, machine, { companyId, id: row.id, to: 'annullata', userId: null }),
      ),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Passaggio non consentito: da «Chiusa» a «Annullata»',
    });
    expect(await storedStato(row.id)).toBe('chiusa');
    expect(await historyOf(row.id)).toHaveLength(0);
  });

  it('does not find a row of another company, or one outside the extra condition', async () => {
    const row = await newRow();
    const attempt = (change: { companyId: string; where?: ReturnType<typeof sql> }) =>
      database.db.transaction((tx) =>
        changeState(tx, machine, { ...change, id: row.id, to: 'chiusa', userId: null }),
      );
    await expect(attempt({ companyId: otherCompanyId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Prova non trovata',
    });
    await expect(attempt({ companyId, where: sql`false` })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Prova non trovata',
    });
    expect(await storedStato(row.id)).toBe('aperta');
  });

  it('reads the rules on the effective state but guards the update on the stored one', async () => {
    const row = await newRow();
    // The stored `aperta` reads as `chiusa`, from which the table allows nothing.
    const effective: StateMachine<typeof bancate, Stato> = {
      ...machine,
      effectiveStato: sql<string>`'chiusa'`,
    };
    await expect(
      database.db.transaction((tx) =>
        changeState(tx, effective, { companyId, id: row.id, to: 'annullata', userId: null }),
      ),
    ).rejects.toMatchObject({
      message: 'Passaggio non consentito: da «Chiusa» a «Annullata»',
    });
    const reopened: StateMachine<typeof bancate, Stato> = {
      ...effective,
      transitions: { ...machine.transitions, chiusa: ['annullata'] },
    };
    const { from } = await database.db.transaction((tx) =>
      changeState(tx, reopened, { companyId, id: row.id, to: 'annullata', userId: null }),
    );
    expect(from).toBe('chiusa');
    expect(await storedStato(row.id)).toBe('annullata');
  });

  it('two moves of one row at once: the second waits for the first and then finds the move gone', async () => {
    const row = await newRow();
    const move = (to: Stato) =>
      database.db.transaction((tx) =>
        changeState(tx, machine, { companyId, id: row.id, to, userId: null }),
      );
    const results = await Promise.allSettled([move('chiusa'), move('annullata')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .map((r) => (r as PromiseRejectedResult).reason.code),
    ).toEqual(['CONFLICT']);
    expect(await historyOf(row.id)).toHaveLength(1);
  });
});
