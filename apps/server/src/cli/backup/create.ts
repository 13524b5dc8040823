import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bilingual } from '../common.js';
import { ARCHIVE_RE, archiveUploads, run } from './files.js';
import { archiveObjects } from './objects.js';
import {
  appVersion,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  MANIFEST_FILE,
  timestampForName,
  type BackupManifest,
  type DataLocation,
  type DbSnapshot,
  type Logger,
} from './manifest.js';
import { backupPglite } from './pglite.js';
import { backupPostgres } from './postgres.js';

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

    const uploads = location.objects
      ? { ...(await archiveObjects(location.objects, dir, log)), storage: 's3' as const }
      : await archiveUploads(location.uploadsDir, dir, log);

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      db,
      uploads,
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
