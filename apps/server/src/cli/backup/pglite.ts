import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { openDatabase, type Database } from '../../db/client.js';
import { assertPgliteNotInUse, bilingual } from '../common.js';
import { isNonEmptyDir } from './files.js';
import {
  BackupError,
  PGLITE_FILE,
  type BackupManifest,
  type DataLocation,
  type Logger,
} from './manifest.js';
import { inReadSnapshot, migrationsApplied, snapshotWith } from './snapshot.js';

const gzipAsync = promisify(zlib.gzip);

export async function backupPglite(
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

/**
 * Loads the backup's data folder into `pgliteDir`; an existing database is moved aside first (its
 * folder is added to `keptAside`). Returns the opened database for the checks.
 */
export async function restorePglite(
  pgliteDir: string,
  dir: string,
  manifest: BackupManifest,
  stamp: string,
  keptAside: string[],
  log: Logger,
): Promise<Database> {
  if (isNonEmptyDir(pgliteDir)) {
    const aside = `${pgliteDir}.before-restore-${stamp}`;
    await fsp.rename(pgliteDir, aside);
    keptAside.push(aside);
    log(bilingual(`Database esistente spostato in ${aside}`, 'existing database moved aside'));
  }
  log(
    bilingual(`Ripristino del database PGlite in ${pgliteDir}…`, 'loading the embedded database'),
  );
  await fsp.mkdir(pgliteDir, { recursive: true });
  const blob = await fs.openAsBlob(path.join(dir, manifest.db.file), {
    type: 'application/x-gzip',
  });
  return openDatabase({ pgliteDir, loadDataDir: blob });
}
