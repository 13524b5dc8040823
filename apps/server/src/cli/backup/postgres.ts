import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { bilingual } from '../common.js';
import { run } from './files.js';
import { BackupError, PGDUMP_FILE, type Logger } from './manifest.js';
import { migrationsApplied, quoteIdent, snapshotWith, type Query } from './snapshot.js';

/**
 * Finds a PostgreSQL client program: PG_BIN_DIR, then the newest /usr/lib/postgresql/<v>/bin (newer
 * pg_dump reads older servers, not the other way round), then PATH.
 */
function findPgTool(name: 'pg_dump' | 'pg_restore'): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(path.join(process.env.PG_BIN_DIR, name));
  try {
    const versions = fs
      .readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) candidates.push(path.join('/usr/lib/postgresql', v, 'bin', name));
  } catch {
    /* not Debian */
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter))
    if (dir) candidates.push(path.join(dir, name));
  const found = candidates.find((c) => {
    try {
      fs.accessSync(c, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  if (!found) {
    throw new BackupError(
      bilingual(
        `${name} non trovato: installa il client PostgreSQL (apt-get install postgresql-client) o imposta PG_BIN_DIR`,
        `${name} not found: install the PostgreSQL client or set PG_BIN_DIR`,
      ),
    );
  }
  return found;
}

/** libpq connection settings without the password on the command line (it goes in PGPASSWORD). */
function pgConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) {
    env.PGPASSWORD = decodeURIComponent(u.password);
    u.password = '';
  }
  return { url: u.toString(), env };
}

export async function backupPostgres(databaseUrl: string, dir: string, log: Logger) {
  const pgDump = findPgTool('pg_dump');
  const conn = pgConnection(databaseUrl);
  const dbName = new URL(databaseUrl).pathname.replace(/^\//, '') || 'postgres';
  log(
    bilingual(`Backup del database PostgreSQL "${dbName}" con ${pgDump}…`, 'running pg_dump -Fc'),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // One exported snapshot: pg_dump and the manifest's counts see exactly the same data.
    await client.query('begin isolation level repeatable read read only');
    await client.query(`set local time zone 'UTC'`);
    const query: Query = async (text) =>
      (await client.query(text)).rows as Record<string, unknown>[];
    let snapshotId: string | undefined;
    try {
      snapshotId = String((await query('select pg_export_snapshot() as s'))[0]?.s);
    } catch {
      await client.query('rollback');
      await client.query('begin isolation level repeatable read read only');
      await client.query(`set local time zone 'UTC'`);
    }
    const file = path.join(dir, PGDUMP_FILE);
    const args = ['-Fc', '-f', file, '--dbname', conn.url];
    if (snapshotId) args.push(`--snapshot=${snapshotId}`);
    const dumping = run(pgDump, args, conn.env);
    const snapshot = await snapshotWith(query);
    const migrations = await migrationsApplied(query);
    const serverVersion = String((await query('select version() as v'))[0]?.v ?? '');
    await dumping;
    await client.query('commit');
    return {
      db: { kind: 'postgres' as const, file: PGDUMP_FILE, name: dbName, serverVersion, migrations },
      snapshot,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** `pg_restore` of the backup's dump into the database, in one transaction. */
export async function pgRestore(databaseUrl: string, file: string, log: Logger) {
  log(bilingual('Ripristino del database PostgreSQL con pg_restore…', 'running pg_restore'));
  const conn = pgConnection(databaseUrl);
  await run(
    findPgTool('pg_restore'),
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      '--dbname',
      conn.url,
      file,
    ],
    conn.env,
  );
}

export async function postgresTables(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ t: string }>(
      `select schemaname || '.' || tablename as t from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'pg\\_%'`,
    );
    return rows.map((r) => r.t);
  } finally {
    await client.end();
  }
}

/** Creates the target database when it does not exist yet (connecting to the `postgres` database). */
export async function ensurePostgresDatabase(databaseUrl: string, log: Logger) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    await client.end();
    return;
  } catch (error) {
    await client.end().catch(() => undefined);
    if ((error as { code?: string }).code !== '3D000') throw error;
  }
  const u = new URL(databaseUrl);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${quoteIdent(name)}`);
    log(bilingual(`Creato il database ${name}`, 'created the target database'));
  } finally {
    await admin.end();
  }
}
