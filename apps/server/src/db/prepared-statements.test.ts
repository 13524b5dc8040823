import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres } from '../../test/database.js';
import type { Database } from './client.js';
import { rowsOf } from '../lib/pagination.js';
import { preparingClient, statementNames } from './prepared-statements.js';

describe('statementNames', () => {
  it('names a statement from its third run on, the same name for the same text', () => {
    const nameOf = statementNames();
    const text = 'select 1 where $1::int > 0';
    expect(nameOf(text)).toBeUndefined();
    expect(nameOf(text)).toBeUndefined();
    const name = nameOf(text);
    expect(name).toMatch(/^gc\d+$/);
    expect(nameOf(text)).toBe(name);
    expect(nameOf(`${text} `)).toBeUndefined();
  });

  it('never names what PostgreSQL would not keep as a plan (a lock, a setting, DDL)', () => {
    const nameOf = statementNames();
    const text = 'create temporary table t (n int)';
    for (let i = 0; i < 5; i++) expect(nameOf(text)).toBeUndefined();
  });

  it('names at most 500 texts; the next run unnamed', () => {
    const nameOf = statementNames();
    const run = (text: string) => [nameOf(text), nameOf(text), nameOf(text)][2];
    for (let i = 0; i < 500; i++) expect(run(`select ${i} where $1`)).toBeDefined();
    expect(run('select 500 where $1')).toBeUndefined();
    expect(run('select 0 where $1')).toBe('gc0');
  });
});

describe.runIf(onPostgres())('statements prepared once per connection (PostgreSQL)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('prepares a statement run a few times on its connection and answers each time with its own values', async () => {
    // one transaction: one connection of the pool, whose prepared statements it can list
    const { answers, prepared } = await database.db.transaction(async (tx) => {
      const marker = `probe_${Date.now()}`;
      const answers: number[] = [];
      for (const n of [1, 2, 3, 4]) {
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
    expect(answers).toEqual([2, 3, 4, 5]);
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

describe.runIf(onPostgres())('a statement gone stale on its connection (PostgreSQL)', () => {
  let pool: pg.Pool;
  let client: pg.PoolClient;
  // A query config with its text, as drizzle sends one.
  const read = async () =>
    (
      await client.query<{ a: string | number }>(
        { text: 'select a from stale_probe where a > $1' },
        [0],
      )
    ).rows[0]?.a;

  beforeAll(async () => {
    // One connection, so every run below meets the statement prepared by the ones before it.
    pool = new pg.Pool({
      connectionString: process.env.TEST_DATABASE_URL,
      max: 1,
      Client: preparingClient(),
    });
    client = await pool.connect();
    await client.query('create temporary table stale_probe (a int)');
    await client.query('insert into stale_probe values (7)');
    for (let i = 0; i < 4; i++) expect(await read()).toBe(7);
  });
  afterAll(async () => {
    client?.release();
    await pool?.end();
  });

  it('fails once when a migration changes the column under it, then serves again on the same connection', async () => {
    await client.query('alter table stale_probe alter column a type bigint');
    await expect(read()).rejects.toMatchObject({ code: '0A000' });
    expect(await read()).toBe('7');
  });

  it('inside a transaction too: the transaction fails, the connection goes on', async () => {
    await client.query('alter table stale_probe alter column a type int');
    await client.query('begin');
    await expect(read()).rejects.toMatchObject({ code: '0A000' });
    await client.query('rollback');
    expect(await read()).toBe(7);
  });

  it('renames once when two runs were queued under the old name', async () => {
    await client.query('alter table stale_probe alter column a type bigint');
    const runs = await Promise.allSettled([read(), read()]);
    expect(runs.map((run) => run.status)).toEqual(['rejected', 'rejected']);
    expect(await read()).toBe('7');
    const names = (
      await client.query<{ name: string }>('select name from pg_prepared_statements')
    ).rows
      .map((row) => row.name)
      .filter((name) => name.includes('_'));
    // the first two tests renamed it twice; this one once more, not twice
    expect(names.sort()).toEqual(expect.arrayContaining([expect.stringMatching(/_3$/)]));
    expect(names.some((name) => name.endsWith('_4'))).toBe(false);
  });

  it('prepares again what the session discarded', async () => {
    await client.query('deallocate all');
    await expect(read()).rejects.toMatchObject({ code: '26000' });
    expect(Number(await read())).toBe(7);
  });
});
