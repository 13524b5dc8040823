import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../../test/database.js';
import { ShapedStatement } from './shaped-sql.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** `select` of the values given, as one shape per set of names. */
function echo(statement: ShapedStatement, values: Record<string, number>) {
  return statement.rows<{ v: number }>(database.db, '', (bind) => {
    const placed = Object.entries(values).map(([name, v]) => sql`${bind(name, v)}::int`);
    return () => sql`select ${sql.join(placed, sql` + `)} as v`;
  });
}

describe('ShapedStatement', () => {
  it('answers each execution with its own values, and a filter more is a shape of its own', async () => {
    const statement = new ShapedStatement();
    expect(await echo(statement, { a: 1 })).toEqual([{ v: 1 }]);
    expect(await echo(statement, { a: 40 })).toEqual([{ v: 40 }]);
    expect(await echo(statement, { a: 2, b: 3 })).toEqual([{ v: 5 }]);
    expect(await echo(statement, { a: 7 })).toEqual([{ v: 7 }]);
  });

  it('refuses a statement holding a value placed without the binder, which it would keep for everyone', async () => {
    const statement = new ShapedStatement();
    const leaky = (n: number) =>
      statement.rows(database.db, '', (bind) => {
        const a = bind('a', 1);
        return () => sql`select ${a}::int + ${n}::int as v`;
      });
    await expect(leaky(2)).rejects.toThrow(/without the binder/);
  });

  it('runs inside the transaction it is given', async () => {
    const statement = new ShapedStatement();
    const seen = await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table shaped_probe (n int) on commit drop`);
      await tx.execute(sql`insert into shaped_probe values (42)`);
      return statement.rows<{ n: number }>(tx, '', (bind) => {
        const min = bind('min', 0);
        return () => sql`select n from shaped_probe where n > ${min}`;
      });
    });
    expect(seen).toEqual([{ n: 42 }]);
  });
});
