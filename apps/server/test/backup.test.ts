/**
 * Backup and restore drill (docs/quality.md R11): build a database with rows in every table and some uploaded
 * files, back it up, restore it into a fresh place, and compare per-table row counts and
 * md5(string_agg(row::text)) checksums, taken independently on both sides. PGlite in the default run;
 * PostgreSQL (a fresh database created for the test, dropped after) when TEST_DATABASE_URL is set.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import {
  companies,
  idempotencyKeys,
  loginFailures,
  sessions,
  users,
} from '../src/db/schema/index.js';
import { createBackup } from '../src/cli/backup/create.js';
import type { DataLocation, DbSnapshot } from '../src/cli/backup/manifest.js';
import { restoreBackup } from '../src/cli/backup/restore.js';
import { compareSnapshots, snapshotDatabase } from '../src/cli/backup/snapshot.js';
import { createTestDatabase, onPostgres, pgliteInDataDir } from './database.js';

const execFileAsync = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const tempDirs: string[] = [];

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
});

function location(dataDir: string, databaseUrl?: string): DataLocation {
  return {
    dataDir,
    pgliteDir: path.join(dataDir, 'pgdata'),
    uploadsDir: path.join(dataDir, 'uploads'),
    DATABASE_URL: databaseUrl,
  };
}

/** Rows with awkward values (accents, quotes, newlines, NULLs, JSON) in every table we know. */
async function seedKnownTables(database: Database) {
  const { db } = database;
  const [c1, c2] = await db
    .insert(companies)
    .values([
      {
        name: 'Marmi Prova S.r.l.',
        quarryName: 'Cava "Bianca"',
        comune: 'Carrara',
        provincia: 'MS',
      },
      { name: "Segheria dell'Àpuana\nsecondo rigo", nazione: 'IT', email: null },
    ])
    .returning();
  const [u1, u2] = await db
    .insert(users)
    .values([
      {
        companyId: c1!.id,
        name: 'Amministratrice Più',
        email: 'admin@prova.example',
        passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
        role: 'admin',
      },
      {
        companyId: c2!.id,
        name: 'Operaio',
        email: 'operaio@prova.example',
        passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdDI$aGFzaDI',
        permissions: { blocchi: { access: true, write: false }, chat: true },
        active: false,
        lastLoginAt: new Date('2026-03-01T10:20:30.123Z'),
      },
    ])
    .returning();
  await db.insert(sessions).values([
    {
      userId: u1!.id,
      expiresAt: new Date('2026-12-31T23:59:59Z'),
      ip: '127.0.0.1',
      userAgent: 'Mozilla/5.0 ✓',
    },
    {
      userId: u2!.id,
      expiresAt: new Date('2026-06-30T12:00:00Z'),
      revokedAt: new Date('2026-06-01T00:00:00Z'),
    },
  ]);
  await db.insert(loginFailures).values([
    { email: 'x@prova.example', ip: '10.0.0.1' },
    { email: 'y@prova.example', ip: '10.0.0.2' },
    { email: 'x@prova.example', ip: '10.0.0.1' },
  ]);
  await db.insert(idempotencyKeys).values({
    userId: u1!.id,
    companyId: c1!.id,
    key: 'k-1',
    method: 'POST',
    path: '/api/blocchi',
    requestHash: 'abc',
    state: 'done',
    statusCode: 201,
    responseBody: '{"ok":true}',
    responseHeaders: { 'content-type': 'application/json' },
  });
}

type Raw = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

function rawQuery(database: Database): Raw {
  if (database.pglite) {
    const client = database.pglite;
    return async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
  }
  const pool = database.pool!;
  return async (text, params) => (await pool.query(text, params)).rows as Record<string, unknown>[];
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

function sampleValue(
  col: Record<string, unknown>,
  n: number,
  enums: Map<string, string>,
): string | null {
  const udt = String(col.udt_name);
  if (udt.startsWith('_')) return '{}';
  if (enums.has(udt)) return enums.get(udt)!;
  switch (udt) {
    case 'uuid':
      return crypto.randomUUID();
    case 'int2':
    case 'int4':
    case 'int8':
      return String(n + 1);
    case 'numeric':
    case 'float4':
    case 'float8':
      return `${n + 1}.25`;
    case 'bool':
      return n % 2 ? 'true' : 'false';
    case 'date':
      return `2026-01-0${(n % 9) + 1}`;
    case 'timestamp':
    case 'timestamptz':
      return `2026-02-0${(n % 9) + 1}T08:30:00Z`;
    case 'time':
      return '08:30:00';
    case 'json':
    case 'jsonb':
      return `{"n":${n},"nota":"è così"}`;
    case 'bytea':
      return '\\x0001';
    default:
      return `valore ${n} «àèìòù»`;
  }
}

/** Columns whose CHECK allows only some values: a valid one, so their tables get rows too. */
const CHECKED_TEXT: Record<string, string> = {
  'ddt.stato': 'emesso',
  'ddt.causale': 'vendita',
  'ddt.trasporto_a_cura': 'mittente',
  'ddt.porto': 'franco',
  'ddt_righe.entity_type': 'blocco',
  'ddt_righe.peso_base': 'pesato',
  'lavorazioni_pavimenti.origine': 'lastre',
  'movimenti.tipo': 'carico',
  // a load ships nothing
  'movimenti.pezzi_spediti': '0',
  'riserve_lotti.stato': 'attiva',
  'trasferimenti_righe.tipo': 'blocco',
  'fatture.tipo_documento': 'TD01',
  'fatture.stato': 'emessa',
  'fatture.esito': 'consegnata',
  // a rate of 0 goes with a nature (and a rate above 0 without one)
  'fatture_righe.aliquota_iva': '0',
  'fatture_righe.natura': 'N3.2',
  // the marks on a photo are a list
  'photos.segni': '[]',
  'condivisioni.lingua': 'it',
  'condivisioni.token_hash': 'ab'.repeat(32),
  'condivisioni_risposte.risposta': 'interessato',
};

/**
 * Best effort for tables added after this test was written: each still-empty table gets rows made
 * from its column types, referencing existing rows for its foreign keys, parents first. Returns the
 * tables left empty (a CHECK the generic values miss, say), which the drill still compares.
 */
async function fillRemainingTables(database: Database): Promise<string[]> {
  const raw = rawQuery(database);
  const enumRows = await raw(
    `select t.typname, min(e.enumlabel) as label from pg_type t join pg_enum e on e.enumtypid = t.oid group by t.typname`,
  );
  const enums = new Map(enumRows.map((r) => [String(r.typname), String(r.label)]));
  const tables = (
    await raw(`select tablename from pg_tables where schemaname = 'public' order by 1`)
  ).map((r) => String(r.tablename));
  const empty = async (t: string) =>
    Number((await raw(`select count(*)::int as n from public.${q(t)}`))[0]!.n) === 0;
  let pending: string[] = [];
  for (const t of tables) if (await empty(t)) pending.push(t);

  for (let pass = 0; pass < 5 && pending.length > 0; pass++) {
    const still: string[] = [];
    for (const table of pending) {
      const cols = await raw(
        `select column_name, udt_name, is_nullable, column_default, is_identity, is_generated
           from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
        [table],
      );
      const fks = await raw(
        `select a.attname as col, cf.relname as ref_table, af.attname as ref_col
           from pg_constraint c
           join pg_class cl on cl.oid = c.conrelid join pg_namespace ns on ns.oid = cl.relnamespace
           join pg_class cf on cf.oid = c.confrelid
           cross join lateral unnest(c.conkey, c.confkey) as k(attnum, fattnum)
           join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
           join pg_attribute af on af.attrelid = c.confrelid and af.attnum = k.fattnum
          where c.contype = 'f' and ns.nspname = 'public' and cl.relname = $1`,
        [table],
      );
      let inserted = 0;
      for (let n = 0; n < 3; n++) {
        const names: string[] = [];
        const values: unknown[] = [];
        let missingParent = false;
        for (const col of cols) {
          const name = String(col.column_name);
          if (col.is_generated === 'ALWAYS' || col.is_identity === 'YES') continue;
          const fk = fks.find((f) => f.col === name);
          if (fk) {
            const parents = await raw(
              `select ${q(String(fk.ref_col))}::text as v from public.${q(String(fk.ref_table))} order by 1 limit 10`,
            );
            // each foreign key of a row takes a different parent where it can (a transfer's two companies differ)
            const parent = parents[(n + fks.indexOf(fk)) % Math.max(parents.length, 1)];
            if (!parent) {
              if (col.is_nullable === 'YES') continue;
              missingParent = true;
              break;
            }
            names.push(q(name));
            values.push(parent.v);
            continue;
          }
          if (
            col.column_default != null &&
            col.is_nullable === 'NO' &&
            /nextval/.test(String(col.column_default))
          )
            continue;
          names.push(q(name));
          values.push(CHECKED_TEXT[`${table}.${name}`] ?? sampleValue(col, n + pass * 3, enums));
        }
        if (missingParent) break;
        const sql = `insert into public.${q(table)} (${names.join(', ')}) values (${values.map((_, i) => `$${i + 1}`).join(', ')})`;
        try {
          await raw(sql, values);
          inserted++;
        } catch {
          /* a constraint the generic values miss: try the next row or pass */
        }
      }
      if (inserted === 0) still.push(table);
    }
    if (still.length === pending.length) break;
    pending = still;
  }
  const left: string[] = [];
  for (const t of tables) if (await empty(t)) left.push(t);
  return left;
}

async function writeUploads(uploadsDir: string) {
  const company = crypto.randomUUID();
  const files = {
    [`${company}/ab/cd/${crypto.randomUUID()}.jpg`]: crypto.randomBytes(50_000),
    [`${company}/ab/ef/${crypto.randomUUID()}.png`]: crypto.randomBytes(1234),
    [`${company}/01/23/${crypto.randomUUID()}-thumb.webp`]: Buffer.from('RIFF....WEBP'),
  };
  for (const [rel, data] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(uploadsDir, rel)), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir, rel), data);
  }
  // A half-finished upload in the pipeline's temporary folder is not part of a backup.
  fs.mkdirSync(path.join(uploadsDir, 'tmp'), { recursive: true });
  fs.writeFileSync(path.join(uploadsDir, 'tmp', 'partial.upload'), 'x');
  return files;
}

function expectUploads(uploadsDir: string, files: Record<string, Buffer>) {
  for (const [rel, data] of Object.entries(files)) {
    expect(fs.readFileSync(path.join(uploadsDir, rel)).equals(data), rel).toBe(true);
  }
  expect(fs.existsSync(path.join(uploadsDir, 'tmp', 'partial.upload'))).toBe(false);
}

function expectSameData(before: DbSnapshot, after: DbSnapshot) {
  expect(Object.keys(after.tables).sort()).toEqual(Object.keys(before.tables).sort());
  expect(compareSnapshots(before, after)).toEqual([]);
  for (const [name, t] of Object.entries(before.tables)) {
    expect(after.tables[name], name).toEqual(t);
  }
}

describe.skipIf(onPostgres())('backup and restore on PGlite', { timeout: 90_000 }, () => {
  let sourceDir: string;
  let before: DbSnapshot;
  let files: Record<string, Buffer>;
  let backupPath: string;

  test('a backup restored into a fresh DATA_DIR has the same rows, checksums and files', async () => {
    sourceDir = tempDir('gestcava-backup-src-');
    const source = await pgliteInDataDir(sourceDir);
    await seedKnownTables(source);
    const empty = await fillRemainingTables(source);
    expect(empty, 'tables the drill could not fill').toEqual([]);
    before = await snapshotDatabase(source);
    await source.close();
    files = await writeUploads(path.join(sourceDir, 'uploads'));

    const filled = Object.values(before.tables).filter((t) => t.rows > 0).length;
    expect(filled).toBeGreaterThanOrEqual(6); // 5 app tables + drizzle's migrations table

    const out = tempDir('gestcava-backups-');
    const backup = await createBackup({ location: location(sourceDir), out });
    backupPath = backup.path;
    expect(path.basename(backup.path)).toMatch(/^gestcava-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(backup.manifest.db.kind).toBe('pglite');
    expect(backup.manifest.db.migrations).toBeGreaterThanOrEqual(1);
    expect(backup.manifest.uploads.files).toBe(3);
    expect(
      Object.fromEntries(Object.entries(backup.manifest.tables).map(([k, v]) => [k, v.rows])),
    ).toEqual(Object.fromEntries(Object.entries(before.tables).map(([k, v]) => [k, v.rows])));
    const manifestOnDisk = JSON.parse(
      fs.readFileSync(path.join(backup.path, 'manifest.json'), 'utf8'),
    );
    expect(manifestOnDisk.createdAt).toBe(backup.manifest.createdAt);

    const targetDir = tempDir('gestcava-restore-');
    const restored = await restoreBackup({ location: location(targetDir), from: backup.path });
    expect(restored.keptAside).toEqual([]);
    console.log(`PGlite drill: backup ${backup.ms} ms, restore + verify ${restored.ms} ms`);

    const target = await openDatabase({ pgliteDir: path.join(targetDir, 'pgdata') });
    try {
      expectSameData(before, await snapshotDatabase(target));
    } finally {
      await target.close();
    }
    expectUploads(path.join(targetDir, 'uploads'), files);
  });

  test('refuses to overwrite existing data without --force; with it, moves the old data aside', async () => {
    const targetDir = tempDir('gestcava-restore-force-');
    const other = await pgliteInDataDir(targetDir);
    await other.db.insert(companies).values({ name: 'Da non perdere' });
    const otherSnapshot = await snapshotDatabase(other);
    await other.close();
    fs.mkdirSync(path.join(targetDir, 'uploads', 'x'), { recursive: true });
    fs.writeFileSync(path.join(targetDir, 'uploads', 'x', 'old.jpg'), 'old');

    await expect(
      restoreBackup({ location: location(targetDir), from: backupPath }),
    ).rejects.toThrow(/contiene già dei dati.*--force/s);
    // Nothing was touched by the refusal.
    expect(fs.readFileSync(path.join(targetDir, 'uploads', 'x', 'old.jpg'), 'utf8')).toBe('old');

    const result = await restoreBackup({
      location: location(targetDir),
      from: backupPath,
      force: true,
    });
    expect(result.keptAside).toHaveLength(2);
    const [oldDb, oldUploads] = result.keptAside as [string, string];
    expect(oldDb).toMatch(/pgdata\.before-restore-/);
    expect(fs.readFileSync(path.join(oldUploads, 'x', 'old.jpg'), 'utf8')).toBe('old');
    const kept = await openDatabase({ pgliteDir: oldDb });
    try {
      expectSameData(otherSnapshot, await snapshotDatabase(kept));
    } finally {
      await kept.close();
    }
    const restored = await openDatabase({ pgliteDir: path.join(targetDir, 'pgdata') });
    try {
      expectSameData(before, await snapshotDatabase(restored));
    } finally {
      await restored.close();
    }
    expectUploads(path.join(targetDir, 'uploads'), files);
  });

  test('refuses a data folder that a running server holds open', async () => {
    const dataDir = tempDir('gestcava-locked-');
    const running = await pgliteInDataDir(dataDir);
    try {
      await expect(
        createBackup({ location: location(dataDir), out: tempDir('gestcava-out-') }),
      ).rejects.toThrow(/in uso/);
      await expect(
        restoreBackup({ location: location(dataDir), from: backupPath, force: true }),
      ).rejects.toThrow(/in uso/);
    } finally {
      await running.close();
    }
  });

  test('a single .tar archive round-trips, and a PGlite backup is refused for PostgreSQL', async () => {
    const archive = path.join(tempDir('gestcava-archive-'), 'copia.tar');
    const backup = await createBackup({ location: location(sourceDir), out: archive });
    expect(backup.path).toBe(archive);
    expect(fs.statSync(archive).isFile()).toBe(true);
    const targetDir = tempDir('gestcava-restore-tar-');
    await restoreBackup({ location: location(targetDir), from: archive });
    const restored = await openDatabase({ pgliteDir: path.join(targetDir, 'pgdata') });
    try {
      expectSameData(before, await snapshotDatabase(restored));
    } finally {
      await restored.close();
    }
    await expect(
      restoreBackup({
        location: location(tempDir('gestcava-x-'), 'postgres://127.0.0.1:1/x'),
        from: archive,
      }),
    ).rejects.toThrow(/pglite/);
  });

  test('the npm run backup / restore commands work from the command line', async () => {
    const out = tempDir('gestcava-cli-out-');
    const targetDir = tempDir('gestcava-cli-target-');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: sourceDir,
      NODE_ENV: 'production',
      JWT_SECRET: '',
      INIT_CWD: '',
    };
    delete env.DATABASE_URL;
    const tsx = path.resolve(SERVER_DIR, '../../node_modules/.bin/tsx');
    const b = await execFileAsync(tsx, ['src/cli/backup.ts', '--out', out], {
      cwd: SERVER_DIR,
      env,
    });
    expect(b.stdout).toMatch(/Backup completato/);
    const folder = fs.readdirSync(out).find((n) => n.startsWith('gestcava-backup-'))!;
    const r = await execFileAsync(tsx, ['src/cli/restore.ts', '--from', out], {
      cwd: SERVER_DIR,
      env: { ...env, DATA_DIR: targetDir },
    });
    expect(r.stdout).toMatch(/Ripristino completato e verificato/);
    expect(r.stdout).toContain(folder);
    // A second restore into the same place is refused (exit code 1) and says why.
    await expect(
      execFileAsync(tsx, ['src/cli/restore.ts', '--from', path.join(out, folder)], {
        cwd: SERVER_DIR,
        env: { ...env, DATA_DIR: targetDir },
      }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/--force/) });
  }, 120_000);
});

describe.runIf(onPostgres())('backup and restore on PostgreSQL', () => {
  test('pg_dump → pg_restore into a fresh database keeps rows, checksums, sequences and files', async () => {
    const source = await createTestDatabase(); // a fresh migrated database, dropped on close
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/gestcava_restore_${crypto.randomBytes(5).toString('hex')}`;
    const targetUrl = url.toString();
    try {
      await seedKnownTables(source);
      const empty = await fillRemainingTables(source);
      expect(empty, 'tables the drill could not fill').toEqual([]);
      const before = await snapshotDatabase(source);
      expect(Object.values(before.sequences).some((v) => v !== null)).toBe(true); // login_failures' bigserial

      const sourceUrl = new URL(process.env.TEST_DATABASE_URL!);
      sourceUrl.pathname = `/${source.dbName}`;
      const sourceDir = tempDir('gestcava-pg-src-');
      const files = await writeUploads(path.join(sourceDir, 'uploads'));
      const out = tempDir('gestcava-pg-out-');
      const backup = await createBackup({
        location: location(sourceDir, sourceUrl.toString()),
        out,
      });
      expect(backup.manifest.db.kind).toBe('postgres');
      expect(fs.existsSync(path.join(backup.path, 'database.pgdump'))).toBe(true);

      const targetDir = tempDir('gestcava-pg-target-');
      const restored = await restoreBackup({
        location: location(targetDir, targetUrl),
        from: backup.path,
      });
      console.log(`PostgreSQL drill: backup ${backup.ms} ms, restore + verify ${restored.ms} ms`);
      const target = await openDatabase({ databaseUrl: targetUrl, poolSize: 1 });
      try {
        expectSameData(before, await snapshotDatabase(target));
        // The restored sequence goes on where the source stopped: a new row gets a new id.
        await target.db
          .insert(loginFailures)
          .values({ email: 'nuovo@prova.example', ip: '127.0.0.1' });
      } finally {
        await target.close();
      }
      expectUploads(path.join(targetDir, 'uploads'), files);

      // A second restore into the now non-empty database is refused without --force…
      await expect(
        restoreBackup({
          location: location(tempDir('gestcava-pg-t2-'), targetUrl),
          from: backup.path,
        }),
      ).rejects.toThrow(/--force/);
      // …and with it, the current database is first saved as a backup, then replaced.
      const safetyDir = tempDir('gestcava-pg-safety-');
      const forced = await restoreBackup({
        location: location(tempDir('gestcava-pg-t3-'), targetUrl),
        from: backup.path,
        force: true,
        safetyBackupDir: safetyDir,
      });
      expect(forced.keptAside).toHaveLength(1);
      const safety = JSON.parse(
        fs.readFileSync(path.join(forced.keptAside[0]!, 'manifest.json'), 'utf8'),
      );
      expect(safety.tables['public.login_failures'].rows).toBe(
        before.tables['public.login_failures']!.rows + 1,
      );
      const again = await openDatabase({ databaseUrl: targetUrl, poolSize: 1 });
      try {
        expectSameData(before, await snapshotDatabase(again));
      } finally {
        await again.close();
      }
    } finally {
      await source.close();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${q(url.pathname.slice(1))} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
