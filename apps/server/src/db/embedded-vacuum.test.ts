import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { vacuumDueTables } from './embedded-vacuum.js';

const open: PGlite[] = [];
const pglite = (dataDir?: string) => {
  const db = new PGlite(dataDir);
  open.push(db);
  return db;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});

const visibility = async (db: PGlite, table: string) =>
  (
    await db.query<{ relpages: number; relallvisible: number }>(
      'select relpages, relallvisible from pg_class where relname = $1',
      [table],
    )
  ).rows[0]!;

describe('vacuumDueTables (the embedded database has no autovacuum)', () => {
  it('vacuums the tables autovacuum would pick, and only those', async () => {
    const db = pglite();
    await db.exec(`
      create table busy (id int primary key, v text);
      insert into busy select g, 'x' from generate_series(1, 5000) g;
      update busy set v = 'y' where id <= 2000;
      create table quiet (id int primary key);
      insert into quiet select generate_series(1, 10);`);
    expect(await visibility(db, 'busy')).toMatchObject({ relallvisible: 0 });

    expect(await vacuumDueTables(db)).toEqual(['public.busy']);
    const { rows } = await db.query<{ n_dead_tup: number; last_vacuum: Date | null }>(
      "select n_dead_tup, last_vacuum from pg_stat_user_tables where relname = 'busy'",
    );
    expect(rows[0]).toMatchObject({ n_dead_tup: 0, last_vacuum: expect.any(Date) });
    const after = await visibility(db, 'busy');
    expect(after.relallvisible).toBe(after.relpages);
    // nothing is due right after
    expect(await vacuumDueTables(db)).toEqual([]);
  });

  it('vacuums a table again once more than a fifth of its rows are dead', async () => {
    const db = pglite();
    await db.exec(`
      create table stock (id int primary key, v text);
      insert into stock select g, 'x' from generate_series(1, 5000) g;`);
    expect(await vacuumDueTables(db)).toEqual(['public.stock']);
    // autovacuum's rule: more than 50 + 0.2 × 5 000 = 1 050 dead rows. An analyze after each change
    // clears the count of changed rows, so that only the dead ones decide; the counts are sent
    // first (the engine sends a statement's counts once idle, and an analyze clears what was sent).
    const changeThenAnalyze = async (change: string) => {
      await db.exec(change);
      await db.query('select pg_stat_force_next_flush()');
      await db.query('select 1');
      await db.query('analyze stock');
    };
    await changeThenAnalyze(`update stock set v = 'y' where id <= 1000`);
    expect(await vacuumDueTables(db)).toEqual([]);
    await changeThenAnalyze(`update stock set v = 'z' where id between 1001 and 1100`);
    expect(await vacuumDueTables(db)).toEqual(['public.stock']);
  });

  it('picks a table that another process filled and never vacuumed, by its visibility map', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-vacuum-'));
    try {
      const seeding = pglite(dir);
      await seeding.exec(`
        create table seeded (id int primary key, v text);
        insert into seeded select g, repeat('x', 100) from generate_series(1, 5000) g;
        analyze seeded;`);
      await seeding.close();
      open.splice(open.indexOf(seeding), 1);

      const db = pglite(dir);
      // the counts did not survive the restart: only the visibility map tells
      const { rows } = await db.query<{ n: number }>(
        "select n_ins_since_vacuum + n_mod_since_analyze + n_dead_tup as n from pg_stat_user_tables where relname = 'seeded'",
      );
      expect(rows[0]!.n).toBe(0);
      expect(await vacuumDueTables(db)).toEqual(['public.seeded']);
      const after = await visibility(db, 'seeded');
      expect(after.relallvisible).toBe(after.relpages);
    } finally {
      await Promise.all(open.splice(0).map((db) => db.close()));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
