import type { PhotoSyncStatus } from '@gestcava/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import * as repo from './photos.repository.js';
import { checkRows, countOrphans, importInbox, type SyncRun } from './photos.sync-steps.js';
import type { PhotosService } from './photos.service.js';

const MAX_ERRORS = 100;

export type PhotoSync = ReturnType<typeof createPhotoSync>;

/** What a sync reads and writes, and where it logs. */
interface PhotoSyncDeps {
  db: Db;
  storage: Storage;
  photos: PhotosService;
  /** A local folder (`DATA_DIR/uploads/inbox`), whichever backend stores the files. */
  inbox: string;
  /** How old a pending object must be before a sweep takes it (an upload on another instance may be younger). */
  pendingGraceMs: number;
  log: FastifyBaseLogger;
}

/** The counters of a sync that has not started yet. */
const zeroState = (): PhotoSyncStatus => ({
  running: false,
  startedAt: null,
  finishedAt: null,
  imported: 0,
  missing: 0,
  orphans: 0,
  errors: [],
});

/** The sweeps of objects whose upload never committed, at start-up and periodically. */
function createPhotoSweeps({ storage, pendingGraceMs, log }: PhotoSyncDeps) {
  /**
   * Objects pending past the grace period (docs/quality.md R7): the ones a row owns are kept, the others
   * (a crash between writing them and committing their row) removed. At start-up and periodically.
   */
  async function sweepPending(ownToo = false): Promise<{ removed: number; kept: number }> {
    const swept = await storage.sweepPending({
      olderThanMs: pendingGraceMs,
      owned: repo.ownedKeys,
      ownToo,
    });
    if (swept.removed) log.info(swept, 'file di caricamenti interrotti rimossi');
    return swept;
  }

  return {
    sweepPending,

    /** At start-up, before serving: pending objects (all of this instance's, whatever their age), then its temporary files (no upload runs yet). */
    async sweepInterruptedUploads(): Promise<{ removed: number; kept: number }> {
      const swept = await sweepPending(true);
      const temporary = await storage.sweepTemp();
      if (temporary) log.info({ temporary }, 'file temporanei di caricamenti interrotti rimossi');
      return swept;
    },
  };
}

/** The three steps in turn; a failure is noted in the run's state, which is finished either way. */
async function runSync(run: SyncRun, log: FastifyBaseLogger) {
  const { state } = run;
  try {
    await importInbox(run);
    await countOrphans(run, await checkRows(run));
  } catch (error) {
    log.error({ err: error }, 'sincronizzazione delle foto non riuscita');
    run.fail(`Sincronizzazione interrotta: ${(error as Error).message}`);
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
}

/**
 * The reconciliation of the database and the uploads folder (admin, in the background, one at a
 * time per server): files dropped into `uploads/inbox/<companyId>/<entityType>/<codice>/` are
 * checked and imported like uploads; rows whose file is gone are flagged; files no row knows are
 * counted as orphans (reported, never deleted: an admin decides).
 */
export function createPhotoSync(deps: PhotoSyncDeps) {
  const { db, storage, photos, inbox, log } = deps;
  let state = zeroState();
  let current: Promise<void> = Promise.resolve();

  const fail = (message: string) => {
    if (state.errors.length < MAX_ERRORS) state.errors.push(message);
  };

  return {
    ...createPhotoSweeps(deps),

    /** Starts a sync unless one is running; answers at once. */
    start(): boolean {
      if (state.running) return false;
      state = { ...zeroState(), running: true, startedAt: new Date().toISOString() };
      current = runSync({ db, storage, photos, inbox, state, fail }, log);
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
