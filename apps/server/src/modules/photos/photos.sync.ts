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
export function createPhotoSync({ db, storage, photos, inbox, log }: { db: Db; storage: Storage; photos: PhotosService; inbox: string; log: FastifyBaseLogger }) {
  let state: PhotoSyncStatus = { running: false, startedAt: null, finishedAt: null, imported: 0, missing: 0, orphans: 0, errors: [] };
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
     * At start-up, before serving (QUALITY R7): the files a crash left between placing them and
     * committing their row are removed, the ones a committed row owns are kept. Then the temporary
     * files go.
     */
    async sweepInterruptedUploads(): Promise<{ removed: number; kept: number }> {
      let removed = 0;
      let kept = 0;
      for (const note of await storage.interruptedPlacements()) {
        const owned = await repo.ownedKeys(db, note.keys);
        for (const key of note.keys) {
          if (owned.has(key)) {
            kept++;
          } else if (await storage.head(key)) {
            await storage.remove(key);
            removed++;
          }
        }
        await note.discard();
      }
      const temporary = await storage.sweepTemp();
      if (removed || temporary) log.info({ removed, kept, temporary }, 'caricamenti interrotti ripuliti');
      return { removed, kept };
    },

    /** Starts a sync unless one is running; answers at once. */
    start(): boolean {
      if (state.running) return false;
      state = { running: true, startedAt: new Date().toISOString(), finishedAt: null, imported: 0, missing: 0, orphans: 0, errors: [] };
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
          log.info({ imported: state.imported, missing: state.missing, orphans: state.orphans, errors: state.errors.length }, 'sincronizzazione delle foto finita');
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
