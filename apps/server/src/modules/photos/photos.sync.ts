import fsp from 'node:fs/promises';
import path from 'node:path';
import type { PhotoSyncStatus } from '@gestcava/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { companyExists } from '../../lib/companies.js';
import * as repo from './photos.repository.js';
import type { PhotosService } from './photos.service.js';

const BATCH = 500;
const MAX_ERRORS = 100;
/** Files the inbox could not import are moved here, so the next sync does not try them again. */
export const REJECTED_DIR = '.scartati';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const breathe = () => new Promise((resolve) => setImmediate(resolve));

async function listDir(dir: string) {
  return fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
}

export type PhotoSync = ReturnType<typeof createPhotoSync>;

/**
 * The reconciliation of the database and the uploads folder (admin, in the background, one at a
 * time per server): files dropped into `uploads/inbox/<companyId>/<entityType>/<codice>/` are
 * checked and imported like uploads; rows whose file is gone are flagged; files no row knows are
 * counted as orphans (reported, never deleted: an admin decides).
 */
export function createPhotoSync({
  db,
  storage,
  photos,
  inbox,
  pendingGraceMs,
  log,
}: {
  db: Db;
  storage: Storage;
  photos: PhotosService;
  /** A local folder (`DATA_DIR/uploads/inbox`), whichever backend stores the files. */
  inbox: string;
  /** How old a pending object must be before a sweep takes it (an upload on another instance may be younger). */
  pendingGraceMs: number;
  log: FastifyBaseLogger;
}) {
  let state: PhotoSyncStatus = {
    running: false,
    startedAt: null,
    finishedAt: null,
    imported: 0,
    missing: 0,
    orphans: 0,
    errors: [],
  };
  let current: Promise<void> = Promise.resolve();

  const fail = (message: string) => {
    if (state.errors.length < MAX_ERRORS) state.errors.push(message);
  };

  async function importInbox() {
    for (const company of await listDir(inbox)) {
      if (!company.isDirectory() || company.name.startsWith('.')) continue;
      const companyDir = path.join(inbox, company.name);
      const companyOk = UUID.test(company.name) && (await companyExists(db, company.name));
      for (const type of await listDir(companyDir)) {
        if (!type.isDirectory()) continue;
        for (const codice of await listDir(path.join(companyDir, type.name))) {
          if (!codice.isDirectory()) continue;
          const dir = path.join(companyDir, type.name, codice.name);
          for (const file of await listDir(dir)) {
            if (!file.isFile()) continue;
            const source = path.join(dir, file.name);
            const relative = path.relative(inbox, source);
            try {
              if (!companyOk) throw new Error(`azienda sconosciuta (${company.name})`);
              await photos.importFromFile(company.name, type.name, codice.name, source);
              await fsp.rm(source, { force: true });
              state.imported++;
            } catch (error) {
              fail(`${relative}: ${(error as Error).message}`);
              const target = path.join(inbox, REJECTED_DIR, relative);
              await fsp.mkdir(path.dirname(target), { recursive: true });
              await fsp.rename(source, target).catch(() => undefined);
            }
            await breathe();
          }
        }
      }
    }
  }

  /** Flags rows without their file (and unflags those whose file came back); returns every key in use. */
  async function checkRows(): Promise<Set<string>> {
    const known = new Set(await repo.otherOwnedKeys(db));
    let after: string | null = null;
    for (;;) {
      const rows = await repo.batchAfter(db, after, BATCH);
      if (rows.length === 0) break;
      const gone: string[] = [];
      const back: string[] = [];
      const found = await Promise.all(rows.map((row) => storage.head(row.originalKey)));
      for (const [i, row] of rows.entries()) {
        for (const key of [row.originalKey, row.previewKey, row.thumbnailKey]) known.add(key);
        const present = Boolean(found[i]);
        if (!present) state.missing++;
        if (!present && !row.fileMissing) gone.push(row.id);
        if (present && row.fileMissing) back.push(row.id);
      }
      await repo.setFileMissing(db, gone, true);
      await repo.setFileMissing(db, back, false);
      after = rows[rows.length - 1]!.id;
      await breathe();
    }
    return known;
  }

  /** Stored objects (`<companyId>/<aa>/<bb>/<file>`) that no row refers to, whichever backend holds them. */
  async function countOrphans(known: Set<string>) {
    let seen = 0;
    for await (const object of storage.backend.list()) {
      if (storage.isValidKey(object.key) && !known.has(object.key)) state.orphans++;
      if (++seen % BATCH === 0) await breathe();
    }
  }

  return {
    /**
     * Objects pending past the grace period (docs/quality.md R7): the ones a row owns are kept, the others
     * (a crash between writing them and committing their row) removed. At start-up and periodically.
     */
    async sweepPending(ownToo = false): Promise<{ removed: number; kept: number }> {
      const swept = await storage.sweepPending({
        olderThanMs: pendingGraceMs,
        owned: repo.ownedKeys,
        ownToo,
      });
      if (swept.removed) log.info(swept, 'file di caricamenti interrotti rimossi');
      return swept;
    },

    /** At start-up, before serving: pending objects (all of this instance's, whatever their age), then its temporary files (no upload runs yet). */
    async sweepInterruptedUploads(): Promise<{ removed: number; kept: number }> {
      const swept = await this.sweepPending(true);
      const temporary = await storage.sweepTemp();
      if (temporary) log.info({ temporary }, 'file temporanei di caricamenti interrotti rimossi');
      return swept;
    },

    /** Starts a sync unless one is running; answers at once. */
    start(): boolean {
      if (state.running) return false;
      state = {
        running: true,
        startedAt: new Date().toISOString(),
        finishedAt: null,
        imported: 0,
        missing: 0,
        orphans: 0,
        errors: [],
      };
      current = (async () => {
        try {
          await importInbox();
          await countOrphans(await checkRows());
        } catch (error) {
          log.error({ err: error }, 'sincronizzazione delle foto non riuscita');
          fail(`Sincronizzazione interrotta: ${(error as Error).message}`);
        } finally {
          state.running = false;
          state.finishedAt = new Date().toISOString();
          log.info(
            {
              imported: state.imported,
              missing: state.missing,
              orphans: state.orphans,
              errors: state.errors.length,
            },
            'sincronizzazione delle foto finita',
          );
        }
      })();
      return true;
    },
    status(): PhotoSyncStatus {
      return { ...state, errors: [...state.errors] };
    },
    /** Resolves when the current sync (if any) has finished: tests and shutdown wait on it. */
    idle(): Promise<void> {
      return current;
    },
  };
}
