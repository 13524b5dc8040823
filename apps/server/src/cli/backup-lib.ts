/**
 * Backup and restore of GestCava's data: the database (embedded PGlite or PostgreSQL) and the uploaded
 * files under DATA_DIR/uploads. Used by `npm run backup` / `npm run restore` and by the restore drill
 * test (QUALITY R11).
 *
 * A backup is one folder `gestcava-backup-<UTC time>/` (or the same folder packed as one .tar file):
 *   manifest.json          format, app version, db kind, created at, per-table row counts and checksums
 *   database.pglite.tar.gz PGlite's `dumpDataDir`, gzip-compressed   (embedded database)
 *   database.pgdump        `pg_dump -Fc`                              (PostgreSQL)
 *   uploads.tar.gz         DATA_DIR/uploads (without its tmp/ folder), absent when there are no files
 * The restore checks the restored database against the manifest's counts and checksums.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../db/client.js';
import { assertPgliteNotInUse, bilingual, CliError } from './common.js';

export { assertPgliteNotInUse, bilingual };

const execFileAsync = promisify(execFile);
const gzipAsync = promisify(zlib.gzip);

export const BACKUP_FORMAT = 'gestcava-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
const PGLITE_FILE = 'database.pglite.tar.gz';
const PGDUMP_FILE = 'database.pgdump';
const UPLOADS_FILE = 'uploads.tar.gz';

/** Where the data lives: a subset of `Config`, so tests can pass their own folders. */
export interface DataLocation {
  dataDir: string;
  pgliteDir: string;
  uploadsDir: string;
  DATABASE_URL?: string | undefined;
}

export interface TableSnapshot {
  rows: number;
  md5: string;
}

/** Per-table row counts and `md5(string_agg(row::text ORDER BY row::text))`, plus sequence values. */
export interface DbSnapshot {
  tables: Record<string, TableSnapshot>;
  sequences: Record<string, string | null>;
}

export interface BackupManifest extends DbSnapshot {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  db: {
    kind: 'pglite' | 'postgres';
    file: string;
    name: string;
    serverVersion: string;
    /** Migrations applied in the backed-up database. */
    migrations: number;
  };
  uploads: { file: string | null; files: number; bytes: number };
}

export class BackupError extends CliError {}

export type Logger = (message: string) => void;

// ---------------------------------------------------------------------------------------------
// Snapshots: row counts and checksums

type Query = (text: string) => Promise<Record<string, unknown>[]>;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function snapshotWith(query: Query): Promise<DbSnapshot> {
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
async function inReadSnapshot<T>(database: Database, fn: (query: Query) => Promise<T>): Promise<T> {
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

/** Row counts and checksums of every table of the database (QUALITY R11). */
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

// ---------------------------------------------------------------------------------------------
// Small helpers

function appVersion(): string {
  try {
    const pkg = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
    );
    return String(pkg.version ?? '0.0.0');
  } catch {
    return '0.0.0';
  }
}

/** Number of migrations this code knows (drizzle's journal). */
export function knownMigrations(): number {
  try {
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
    );
    return Array.isArray(journal.entries) ? journal.entries.length : 0;
  } catch {
    return 0;
  }
}

function timestampForName(d = new Date()): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
}

const ARCHIVE_RE = /\.(tar|tar\.gz|tgz)$/i;

function isNonEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

/** Files and bytes under `dir`, leaving out the upload pipeline's temporary folder. */
async function countFiles(
  dir: string,
  skipTopLevel: string[] = [],
): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  async function walk(d: string, top: boolean) {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (top && skipTopLevel.includes(e.name)) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p, false);
      else if (e.isFile()) {
        files++;
        bytes += (await fsp.stat(p)).size;
      }
    }
  }
  await walk(dir, true);
  return { files, bytes };
}

async function run(cmd: string, args: string[], env?: NodeJS.ProcessEnv): Promise<void> {
  try {
    await execFileAsync(cmd, args, { env: env ?? process.env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const e = error as { stderr?: string; message: string; code?: string };
    if (e.code === 'ENOENT')
      throw new BackupError(bilingual(`Comando non trovato: ${cmd}`, `command not found: ${cmd}`));
    throw new BackupError(`${path.basename(cmd)}: ${(e.stderr || e.message).trim()}`);
  }
}

/**
 * Finds a PostgreSQL client program: PG_BIN_DIR, then the newest /usr/lib/postgresql/<v>/bin (newer
 * pg_dump reads older servers, not the other way round), then PATH.
 */
export function findPgTool(name: 'pg_dump' | 'pg_restore'): string {
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

async function migrationsApplied(query: Query): Promise<number> {
  try {
    const [r] = await query(`select count(*)::text as n from drizzle.__drizzle_migrations`);
    return Number(r?.n ?? 0);
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------------------------------------
// Backup

export interface BackupOptions {
  location: DataLocation;
  /** A folder (the timestamped backup folder is created inside it) or a .tar/.tar.gz/.tgz file. */
  out: string;
  ignoreLock?: boolean;
  log?: Logger;
  /** For tests: the name of the folder (default gestcava-backup-<UTC time>). */
  name?: string;
}

export interface BackupResult {
  path: string;
  manifest: BackupManifest;
  ms: number;
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const { location } = options;
  const asArchive = ARCHIVE_RE.test(options.out);
  const name = options.name ?? `gestcava-backup-${timestampForName()}`;
  const parent = asArchive
    ? await fsp.mkdtemp(path.join(os.tmpdir(), 'gestcava-backup-'))
    : path.resolve(options.out);
  const dir = path.join(parent, name);
  if (fs.existsSync(dir))
    throw new BackupError(bilingual(`Esiste già: ${dir}`, `already exists: ${dir}`));
  await fsp.mkdir(dir, { recursive: true });

  try {
    let db: BackupManifest['db'];
    let snapshot: DbSnapshot;
    if (location.DATABASE_URL) {
      ({ db, snapshot } = await backupPostgres(location.DATABASE_URL, dir, log));
    } else {
      ({ db, snapshot } = await backupPglite(location, dir, options.ignoreLock, log));
    }

    const uploads = await countFiles(location.uploadsDir, ['tmp']);
    let uploadsFile: string | null = null;
    if (uploads.files > 0) {
      log(
        bilingual(
          `File caricati: ${uploads.files} (${formatBytes(uploads.bytes)})…`,
          'archiving uploaded files',
        ),
      );
      await run('tar', [
        '-czf',
        path.join(dir, UPLOADS_FILE),
        '-C',
        path.dirname(location.uploadsDir),
        `--exclude=./${path.basename(location.uploadsDir)}/tmp`,
        `./${path.basename(location.uploadsDir)}`,
      ]);
      uploadsFile = UPLOADS_FILE;
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      db,
      uploads: { file: uploadsFile, ...uploads },
      ...snapshot,
    };
    await fsp.writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

    let result = dir;
    if (asArchive) {
      const target = path.resolve(options.out);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const gzip = /\.(tar\.gz|tgz)$/i.test(target);
      await run('tar', [gzip ? '-czf' : '-cf', target, '-C', parent, name]);
      result = target;
    }
    return { path: result, manifest, ms: Date.now() - started };
  } catch (error) {
    await fsp.rm(asArchive ? parent : dir, { recursive: true, force: true });
    throw error;
  } finally {
    if (asArchive) await fsp.rm(parent, { recursive: true, force: true });
  }
}

async function backupPglite(
  location: DataLocation,
  dir: string,
  ignoreLock: boolean | undefined,
  log: Logger,
) {
  const { pgliteDir } = location;
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(
      bilingual(
        `Nessun database PGlite in ${pgliteDir}`,
        `no PGlite database in ${pgliteDir} (check DATA_DIR)`,
      ),
    );
  }
  assertPgliteNotInUse(pgliteDir, ignoreLock);
  log(bilingual(`Backup del database PGlite in ${pgliteDir}…`, 'dumping the embedded database'));
  const database = await openDatabase({ pgliteDir });
  try {
    // Compressing runs in libuv's thread pool while the checksums run in PGlite on the main thread.
    // Nothing else writes meanwhile: the folder is not in use by a server.
    const raw = Buffer.from(await (await database.pglite!.dumpDataDir('none')).arrayBuffer());
    const compressed = gzipAsync(raw, { level: 3 });
    compressed.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
    const { snapshot, migrations, serverVersion } = await inReadSnapshot(
      database,
      async (query) => ({
        snapshot: await snapshotWith(query),
        migrations: await migrationsApplied(query),
        serverVersion: String((await query('select version() as v'))[0]?.v ?? ''),
      }),
    );
    await fsp.writeFile(path.join(dir, PGLITE_FILE), await compressed);
    return {
      db: {
        kind: 'pglite' as const,
        file: PGLITE_FILE,
        name: database.dbName,
        serverVersion,
        migrations,
      },
      snapshot,
    };
  } finally {
    await database.close();
  }
}

async function backupPostgres(databaseUrl: string, dir: string, log: Logger) {
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

// ---------------------------------------------------------------------------------------------
// Restore

export interface RestoreOptions {
  location: DataLocation;
  /** A backup folder, a folder of backups (the newest is used) or a .tar/.tar.gz/.tgz archive. */
  from: string;
  /** Replace existing data: PGlite data and uploads are moved aside; PostgreSQL is backed up first. */
  force?: boolean;
  ignoreLock?: boolean;
  log?: Logger;
  /** Where the safety backup of a non-empty PostgreSQL database goes before a forced restore. */
  safetyBackupDir?: string;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Folders or backups that hold the data that was there before. */
  keptAside: string[];
  /** Tables present after the restore that the backup did not have. */
  extraTables: string[];
  ms: number;
}

/** Reads a backup's manifest, unpacking an archive into a temporary folder first. */
export async function openBackup(from: string, log: Logger = () => undefined) {
  const source = path.resolve(from);
  if (!fs.existsSync(source))
    throw new BackupError(bilingual(`Backup non trovato: ${source}`, 'backup not found'));
  let dir = source;
  let cleanup: () => Promise<void> = async () => {};
  if (fs.statSync(source).isFile()) {
    const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'gestcava-restore-'));
    cleanup = () => fsp.rm(tmp, { recursive: true, force: true });
    await run('tar', ['-xf', source, '-C', tmp]);
    const inner = fs.readdirSync(tmp).map((n) => path.join(tmp, n));
    dir = inner.find((d) => fs.existsSync(path.join(d, MANIFEST_FILE))) ?? tmp;
  } else if (!fs.existsSync(path.join(source, MANIFEST_FILE))) {
    // A folder of backups: take the newest.
    const candidates = fs
      .readdirSync(source)
      .filter(
        (n) =>
          n.startsWith('gestcava-backup-') && fs.existsSync(path.join(source, n, MANIFEST_FILE)),
      )
      .sort();
    const newest = candidates.at(-1);
    if (newest) {
      dir = path.join(source, newest);
      log(bilingual(`Uso il backup più recente: ${dir}`, 'using the newest backup in that folder'));
    }
  }
  const manifestPath = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(manifestPath)) {
    await cleanup();
    throw new BackupError(
      bilingual(
        `Nessun ${MANIFEST_FILE} in ${source}: non è un backup GestCava`,
        'not a GestCava backup',
      ),
    );
  }
  const manifest = JSON.parse(await fsp.readFile(manifestPath, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    await cleanup();
    throw new BackupError(bilingual('Formato di backup non riconosciuto', 'unknown backup format'));
  }
  return { dir, manifest, cleanup };
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const { location } = options;
  const { dir, manifest, cleanup } = await openBackup(options.from, log);
  const keptAside: string[] = [];
  try {
    const targetKind = location.DATABASE_URL ? 'postgres' : 'pglite';
    if (manifest.db.kind !== targetKind) {
      throw new BackupError(
        bilingual(
          `Il backup è di un database ${manifest.db.kind}, ma la configurazione usa ${targetKind}` +
            (targetKind === 'postgres'
              ? ' (DATABASE_URL è impostata)'
              : ' (DATABASE_URL non è impostata)'),
          `backup kind ${manifest.db.kind} does not match the configured ${targetKind} database`,
        ),
      );
    }
    if (manifest.db.migrations > knownMigrations()) {
      log(
        bilingual(
          `Attenzione: il backup ha ${manifest.db.migrations} migrazioni, questo codice ne conosce ${knownMigrations()}: aggiorna GestCava.`,
          'warning: the backup comes from a newer version of GestCava',
        ),
      );
    }

    const stamp = timestampForName();
    // Check everything before changing anything.
    if (targetKind === 'pglite') {
      if (fs.existsSync(location.pgliteDir))
        assertPgliteNotInUse(location.pgliteDir, options.ignoreLock);
      if (isNonEmptyDir(location.pgliteDir) && !options.force) throw notEmpty(location.pgliteDir);
    }
    const uploadsPresent = (await countFiles(location.uploadsDir, ['tmp'])).files > 0;
    if (uploadsPresent && !options.force) throw notEmpty(location.uploadsDir);

    let extraTables: string[] = [];
    let database: Database;
    if (targetKind === 'pglite') {
      if (isNonEmptyDir(location.pgliteDir)) {
        const aside = `${location.pgliteDir}.before-restore-${stamp}`;
        await fsp.rename(location.pgliteDir, aside);
        keptAside.push(aside);
        log(bilingual(`Database esistente spostato in ${aside}`, 'existing database moved aside'));
      }
      log(
        bilingual(
          `Ripristino del database PGlite in ${location.pgliteDir}…`,
          'loading the embedded database',
        ),
      );
      await fsp.mkdir(location.pgliteDir, { recursive: true });
      const blob = await fs.openAsBlob(path.join(dir, manifest.db.file), {
        type: 'application/x-gzip',
      });
      database = await openDatabase({ pgliteDir: location.pgliteDir, loadDataDir: blob });
    } else {
      const url = location.DATABASE_URL!;
      await ensurePostgresDatabase(url, log);
      const existing = await postgresTables(url);
      if (existing.length > 0) {
        if (!options.force)
          throw notEmpty(
            `PostgreSQL ${new URL(url).pathname.slice(1)} (${existing.length} tabelle)`,
          );
        const safety = await createBackup({
          location: {
            ...location,
            uploadsDir: path.join(location.dataDir, '.no-uploads-in-safety-backup'),
          },
          out: options.safetyBackupDir ?? path.resolve('backups'),
          name: `gestcava-backup-${stamp}-before-restore`,
          log,
        });
        keptAside.push(safety.path);
        log(
          bilingual(
            `Copia di sicurezza del database attuale: ${safety.path}`,
            'safety backup of the current database',
          ),
        );
      }
      log(bilingual('Ripristino del database PostgreSQL con pg_restore…', 'running pg_restore'));
      const conn = pgConnection(url);
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
          path.join(dir, manifest.db.file),
        ],
        conn.env,
      );
      database = await openDatabase({ databaseUrl: url, poolSize: 1 });
    }

    try {
      log(bilingual('Verifica di righe e checksum…', 'verifying row counts and checksums'));
      const actual = await snapshotDatabase(database);
      const diffs = compareSnapshots(manifest, actual);
      extraTables = Object.keys(actual.tables).filter((t) => !(t in manifest.tables));
      if (diffs.length > 0) {
        throw new BackupError(
          bilingual(
            `Il database ripristinato non corrisponde al backup:\n  ${diffs.join('\n  ')}`,
            'the restored database does not match the backup',
          ),
        );
      }
    } finally {
      await database.close();
    }

    if (uploadsPresent) {
      const aside = `${location.uploadsDir}.before-restore-${stamp}`;
      await fsp.rename(location.uploadsDir, aside);
      keptAside.push(aside);
      log(
        bilingual(`File caricati esistenti spostati in ${aside}`, 'existing uploads moved aside'),
      );
    }
    if (manifest.uploads.file) {
      log(
        bilingual(
          `Ripristino di ${manifest.uploads.files} file caricati…`,
          'extracting uploaded files',
        ),
      );
      await fsp.mkdir(path.dirname(location.uploadsDir), { recursive: true });
      const tmp = await fsp.mkdtemp(
        path.join(path.dirname(location.uploadsDir), '.restore-uploads-'),
      );
      try {
        await run('tar', ['-xzf', path.join(dir, manifest.uploads.file), '-C', tmp]);
        const extracted = path.join(tmp, fs.readdirSync(tmp)[0] ?? 'uploads');
        await fsp.rm(location.uploadsDir, { recursive: true, force: true }); // empty or only tmp/ by now
        await fsp.rename(extracted, location.uploadsDir);
      } finally {
        await fsp.rm(tmp, { recursive: true, force: true });
      }
      const restored = await countFiles(location.uploadsDir, ['tmp']);
      if (restored.files !== manifest.uploads.files || restored.bytes !== manifest.uploads.bytes) {
        throw new BackupError(
          bilingual(
            `File caricati: ${restored.files} file / ${restored.bytes} byte invece di ${manifest.uploads.files} / ${manifest.uploads.bytes}`,
            'restored uploads differ from the backup',
          ),
        );
      }
    }
    return { manifest, keptAside, extraTables, ms: Date.now() - started };
  } catch (error) {
    if (keptAside.length > 0 && error instanceof Error) {
      error.message += `\n${bilingual(`I dati precedenti sono ancora in: ${keptAside.join(', ')}`, 'the previous data is kept there')}`;
    }
    throw error;
  } finally {
    await cleanup();
  }
}

function notEmpty(what: string) {
  return new BackupError(
    bilingual(
      `${what} contiene già dei dati: non lo sovrascrivo. Usa --force per sostituirli ` +
        `(i dati attuali vengono messi da parte, non cancellati).`,
      `target is not empty; pass --force to replace it (the current data is kept aside, not deleted)`,
    ),
  );
}

async function postgresTables(databaseUrl: string): Promise<string[]> {
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
async function ensurePostgresDatabase(databaseUrl: string, log: Logger) {
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

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}
