import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres } from '../../test/database.js';
import type { Database } from './client.js';
import { rowsOf } from '../lib/pagination.js';
import { statementName } from './prepared-statements.js';

describe('statementName', () => {
  it('names a statement from its second time on, the same name for the same text', () => {
    const text = `select ${Math.random()} where $1::int > 0`;
    expect(statementName(text)).toBeUndefined();
    const name = statementName(text);
    expect(name).toMatch(/^gc\d+$/);
    expect(statementName(text)).toBe(name);
    expect(statementName(`${text} `)).toBeUndefined();
  });

  it('never names what PostgreSQL would not keep as a plan (a lock, a setting, DDL)', () => {
    const text = `create temporary table t${Date.now()} (n int)`;
    statementName(text);
    expect(statementName(text)).toBeUndefined();
  });
});

describe.runIf(onPostgres())('statements prepared once per connection (PostgreSQL)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('prepares a repeated statement on its connection and answers each time with its own values', async () => {
    // one transaction: one connection of the pool, whose prepared statements it can list
    const { answers, prepared } = await database.db.transaction(async (tx) => {
      const marker = `probe_${Date.now()}`;
      const answers: number[] = [];
      for (const n of [1, 2, 3]) {
        const [row] = rowsOf<{ v: number }>(
          await tx.execute(sql`select ${n}::int + 1 as v, ${marker} as m`),
        );
        answers.push(row!.v);
      }
      const listed = await tx.execute(
        sql`select statement from pg_prepared_statements where statement like ${`%as m%`}`,
      );
      return { answers, prepared: rowsOf(listed) };
    });
    expect(answers).toEqual([2, 3, 4]);
    expect(prepared).toHaveLength(1);
  });

  it('runs a statement once without preparing it', async () => {
    const prepared = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select ${7}::int as prepared_once_probe`);
      return rowsOf(
        await tx.execute(
          sql`select statement from pg_prepared_statements where statement like '%prepared_once_probe%'`,
        ),
      );
    });
    expect(prepared).toHaveLength(0);
  });
});
