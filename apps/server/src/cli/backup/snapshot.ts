import type { Database } from '../../db/client.js';
import { BackupError, type DbSnapshot, type TableSnapshot } from './manifest.js';

export type Query = (text: string) => Promise<Record<string, unknown>[]>;

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function snapshotWith(query: Query): Promise<DbSnapshot> {
  const tables: Record<string, TableSnapshot> = {};
  const list = await query(
    `select schemaname, tablename from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'pg\\_%'
      order by schemaname, tablename`,
  );
  for (const t of list) {
    const name = `${String(t.schemaname)}.${String(t.tablename)}`;
    const from = `${quoteIdent(String(t.schemaname))}.${quoteIdent(String(t.tablename))}`;
    const [row] = await query(
      `select count(*)::text as n,
              md5(coalesce(string_agg(_gc_row_::text, ',' order by _gc_row_::text collate "C"), '')) as md5
         from ${from} as _gc_row_`,
    );
    tables[name] = { rows: Number(row?.n ?? 0), md5: String(row?.md5 ?? '') };
  }
  const sequences: Record<string, string | null> = {};
  const seqs = await query(
    `select schemaname, sequencename, last_value::text as v from pg_sequences
      where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  for (const s of seqs) {
    sequences[`${String(s.schemaname)}.${String(s.sequencename)}`] =
      s.v == null ? null : String(s.v);
  }
  return { tables, sequences };
}

/**
 * Runs `fn` inside one read-only, repeatable-read transaction with the time zone fixed to UTC, so the
 * text of timestamps (and so the checksums) does not depend on the server's settings.
 */
export async function inReadSnapshot<T>(
  database: Database,
  fn: (query: Query) => Promise<T>,
): Promise<T> {
  if (database.pglite) {
    return database.pglite.transaction(async (tx) => {
      await tx.query(`set local time zone 'UTC'`);
      return fn(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
    });
  }
  if (!database.pool) throw new BackupError('database without a client');
  const client = await database.pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`set local time zone 'UTC'`);
    const result = await fn(
      async (text) => (await client.query(text)).rows as Record<string, unknown>[],
    );
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Row counts and checksums of every table of the database (docs/quality.md R11). */
export function snapshotDatabase(database: Database): Promise<DbSnapshot> {
  return inReadSnapshot(database, snapshotWith);
}

/** Differences between two snapshots, one line each; empty when they match. */
export function compareSnapshots(expected: DbSnapshot, actual: DbSnapshot): string[] {
  const diffs: string[] = [];
  for (const [name, e] of Object.entries(expected.tables)) {
    const a = actual.tables[name];
    if (!a) diffs.push(`${name}: missing after restore`);
    else if (a.rows !== e.rows) diffs.push(`${name}: ${a.rows} rows instead of ${e.rows}`);
    else if (a.md5 !== e.md5) diffs.push(`${name}: checksum differs`);
  }
  for (const [name, e] of Object.entries(expected.sequences)) {
    if (actual.sequences[name] !== e)
      diffs.push(`sequence ${name}: ${actual.sequences[name]} instead of ${e}`);
  }
  return diffs;
}

export async function migrationsApplied(query: Query): Promise<number> {
  try {
    const [r] = await query(`select count(*)::text as n from drizzle.__drizzle_migrations`);
    return Number(r?.n ?? 0);
  } catch {
    return 0;
  }
}
