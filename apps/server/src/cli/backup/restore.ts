import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../db/client.js';
import { assertPgliteNotInUse, bilingual } from '../common.js';
import { createBackup } from './create.js';
import { countFiles, isNonEmptyDir, restoreUploads, run } from './files.js';
import { hasObjects, restoreObjects } from './objects.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  knownMigrations,
  MANIFEST_FILE,
  timestampForName,
  type BackupManifest,
  type DataLocation,
  type Logger,
} from './manifest.js';
import { restorePglite } from './pglite.js';
import { ensurePostgresDatabase, pgRestore, postgresTables } from './postgres.js';
import { compareSnapshots, snapshotDatabase } from './snapshot.js';

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
async function openBackup(from: string, log: Logger = () => undefined) {
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
    checkBackupFitsTarget(manifest, targetKind, log);
    const stamp = timestampForName();
    // Check everything before changing anything.
    const uploadsPresent = await checkTargetsEmpty(options, targetKind);
    const restore = { options, dir, manifest, stamp, keptAside, log };
    const database =
      targetKind === 'pglite'
        ? await restorePglite(location.pgliteDir, dir, manifest, stamp, keptAside, log)
        : await restorePostgres(restore);
    const extraTables = await verifyRestoredDatabase(database, manifest, log);
    await restoreFiles(restore, uploadsPresent);
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

/** What the steps of one restore share. */
interface RestoreRun {
  options: RestoreOptions;
  /** The unpacked backup folder. */
  dir: string;
  manifest: BackupManifest;
  stamp: string;
  keptAside: string[];
  log: Logger;
}

/** Refuses a backup of the other database kind; warns about one from a newer version. */
function checkBackupFitsTarget(
  manifest: BackupManifest,
  targetKind: 'postgres' | 'pglite',
  log: Logger,
): void {
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
}

/**
 * Refuses a PGlite folder in use, and non-empty data or uploads without --force. Returns whether
 * uploads are already there (PostgreSQL is checked once connected, in `restorePostgres`).
 */
async function checkTargetsEmpty(
  options: RestoreOptions,
  targetKind: 'postgres' | 'pglite',
): Promise<boolean> {
  const { location } = options;
  if (targetKind === 'pglite') {
    if (fs.existsSync(location.pgliteDir))
      assertPgliteNotInUse(location.pgliteDir, options.ignoreLock);
    if (isNonEmptyDir(location.pgliteDir) && !options.force) throw notEmpty(location.pgliteDir);
  }
  const uploadsPresent = location.objects
    ? await hasObjects(location.objects)
    : (await countFiles(location.uploadsDir, ['tmp'])).files > 0;
  if (uploadsPresent && !options.force)
    throw notEmpty(location.objects ? 'Il bucket' : location.uploadsDir);
  return uploadsPresent;
}

/** Loads the dump into PostgreSQL, after a safety backup of a non-empty database (--force only). */
async function restorePostgres(restore: RestoreRun): Promise<Database> {
  const { options, dir, manifest, stamp, keptAside, log } = restore;
  const { location } = options;
  const url = location.DATABASE_URL!;
  await ensurePostgresDatabase(url, log);
  const existing = await postgresTables(url);
  if (existing.length > 0) {
    if (!options.force)
      throw notEmpty(`PostgreSQL ${new URL(url).pathname.slice(1)} (${existing.length} tabelle)`);
    const safety = await createBackup({
      location: {
        ...location,
        uploadsDir: path.join(location.dataDir, '.no-uploads-in-safety-backup'),
        objects: undefined,
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
  await pgRestore(url, path.join(dir, manifest.db.file), log);
  return openDatabase({ databaseUrl: url, poolSize: 1 });
}

/** Compares row counts and checksums with the manifest, then closes the database; returns the tables the backup did not have. */
async function verifyRestoredDatabase(
  database: Database,
  manifest: BackupManifest,
  log: Logger,
): Promise<string[]> {
  try {
    log(bilingual('Verifica di righe e checksum…', 'verifying row counts and checksums'));
    const actual = await snapshotDatabase(database);
    const diffs = compareSnapshots(manifest, actual);
    const extraTables = Object.keys(actual.tables).filter((t) => !(t in manifest.tables));
    if (diffs.length > 0) {
      throw new BackupError(
        bilingual(
          `Il database ripristinato non corrisponde al backup:\n  ${diffs.join('\n  ')}`,
          'the restored database does not match the backup',
        ),
      );
    }
    return extraTables;
  } finally {
    await database.close();
  }
}

/**
 * Puts the uploaded files back: into the bucket (existing objects stay), or into the uploads folder
 * (an existing one is moved aside first).
 */
async function restoreFiles(restore: RestoreRun, uploadsPresent: boolean): Promise<void> {
  const { options, dir, manifest, stamp, keptAside, log } = restore;
  const { location } = options;
  if (location.objects) {
    if (uploadsPresent) {
      log(
        bilingual(
          'Il bucket conteneva già dei file: restano dove sono, nessuno viene cancellato',
          'existing bucket objects are kept',
        ),
      );
    }
    await restoreObjects(
      location.objects,
      location.uploadsDir,
      location.dataDir,
      dir,
      manifest.uploads,
      log,
    );
    return;
  }
  if (uploadsPresent) {
    const aside = `${location.uploadsDir}.before-restore-${stamp}`;
    await fsp.rename(location.uploadsDir, aside);
    keptAside.push(aside);
    log(bilingual(`File caricati esistenti spostati in ${aside}`, 'existing uploads moved aside'));
  }
  await restoreUploads(location.uploadsDir, dir, manifest.uploads, log);
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
