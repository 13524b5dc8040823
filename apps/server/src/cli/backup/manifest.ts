/**
 * Backup and restore of GestCava's data: the database (embedded PGlite or PostgreSQL) and the uploaded
 * files under DATA_DIR/uploads. Used by `npm run backup` / `npm run restore` and by the restore drill
 * test (docs/quality.md R11).
 *
 * A backup is one folder `gestcava-backup-<UTC time>/` (or the same folder packed as one .tar file):
 *   manifest.json          format, app version, db kind, created at, per-table row counts and checksums
 *   database.pglite.tar.gz PGlite's `dumpDataDir`, gzip-compressed   (embedded database)
 *   database.pgdump        `pg_dump -Fc`                              (PostgreSQL)
 *   uploads.tar.gz         DATA_DIR/uploads (without its tmp/ folder), absent when there are no files;
 *                          with STORAGE=s3 the bucket's objects under the same names (objects.ts)
 * The restore checks the restored database against the manifest's counts and checksums.
 *
 * This file holds the format; snapshot.ts the checksums, pglite.ts and postgres.ts each engine's
 * steps, files.ts the uploads and small helpers, create.ts and restore.ts the two commands.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../../db/client.js';
import type { ObjectBackend } from '../../lib/object-store/backend.js';
import { CliError } from '../common.js';

export const BACKUP_FORMAT = 'gestcava-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const PGLITE_FILE = 'database.pglite.tar.gz';
export const PGDUMP_FILE = 'database.pgdump';
export const UPLOADS_FILE = 'uploads.tar.gz';

/** Where the data lives: a subset of `Config`, so tests can pass their own folders. */
export interface DataLocation {
  dataDir: string;
  pgliteDir: string;
  uploadsDir: string;
  DATABASE_URL?: string | undefined;
  /** The bucket when STORAGE=s3: the uploaded files are its objects, not DATA_DIR/uploads. */
  objects?: ObjectBackend | undefined;
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
  /** Where the files came from (absent in older backups: the filesystem); the archive is the same. */
  uploads: { file: string | null; files: number; bytes: number; storage?: 'filesystem' | 's3' };
}

export class BackupError extends CliError {}

export type Logger = (message: string) => void;

export function appVersion(): string {
  try {
    const pkg = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
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

export function timestampForName(d = new Date()): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
}
