import { eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { storagePending } from '../../db/schema/index.js';
import { AppError } from '../app-error.js';
import type { ObjectBackend } from './backend.js';

const SWEEP_BATCH = 200;

/**
 * The objects of one upload, written ahead of the row that will own them (docs/quality.md R7): each key is
 * recorded as pending (committed) before its object is written, and the transaction that commits
 * the owning row settles them. On any failure before that commit the caller abandons the placement.
 */
export interface Placement {
  /** Records the keys as pending, committed at once: call before writing their objects. */
  add(...keys: string[]): Promise<void>;
  /**
   * In the transaction that commits the rows owning the keys. Throws (the transaction rolls back)
   * when a sweep has taken one of them meanwhile: the object is gone, a row must not point at it.
   */
  settle(tx: DbOrTx): Promise<void>;
  /** The upload failed before its rows committed: its objects are removed, then their entries. Never throws. */
  abandon(): Promise<void>;
}

export type OwnedKeys = (tx: DbOrTx, keys: string[]) => Promise<Set<string>>;

/**
 * The pending-objects table (`storage_pending`), one mechanism for every backend and every
 * instance: an instance cannot see another's local notes, but all of them see the database.
 */
export function createPendingObjects(deps: PendingDeps) {
  return {
    begin: (): Placement => beginPlacement(deps),

    /** In the transaction that deletes the rows owning `keys`: a crash before `removeReleased` leaves them to the sweep. */
    async release(tx: DbOrTx, keys: string[]): Promise<void> {
      if (keys.length)
        await tx
          .insert(storagePending)
          .values(keys.map((key) => ({ key, instance: deps.instance })))
          .onConflictDoNothing();
    },

    /** After that transaction committed: the objects go, then their entries. Never throws. */
    removeReleased: (keys: string[]) => removeWithEntries(deps, keys),

    sweep: (options: SweepOptions) => sweepPending(deps, options),
  };
}

interface PendingDeps {
  db: Db;
  backend: ObjectBackend;
  instance: string;
}

interface SweepOptions {
  olderThanMs: number;
  owned: OwnedKeys;
  ownToo?: boolean;
}

function beginPlacement(deps: PendingDeps): Placement {
  const { db, instance } = deps;
  const keys: string[] = [];
  return {
    async add(...added) {
      await db.insert(storagePending).values(added.map((key) => ({ key, instance })));
      keys.push(...added);
    },
    async settle(tx) {
      if (keys.length === 0) return;
      const settled = await tx
        .delete(storagePending)
        .where(inArray(storagePending.key, keys))
        .returning({ key: storagePending.key });
      if (settled.length !== keys.length)
        throw new AppError('SERVICE_UNAVAILABLE', 'Caricamento interrotto: riprova');
    },
    abandon: () => removeWithEntries(deps, keys),
  };
}

/** Removes the objects, then the entries of the ones removed; one that fails stays pending for the sweep. */
async function removeWithEntries({ db, backend }: PendingDeps, keys: string[]) {
  const removed: string[] = [];
  for (const key of keys) {
    try {
      await backend.remove(key);
      removed.push(key);
    } catch {
      // left pending: the sweep tries again once the backend answers
    }
  }
  if (removed.length)
    await db
      .delete(storagePending)
      .where(inArray(storagePending.key, removed))
      .catch(() => undefined);
}

/**
 * Entries older than `olderThanMs` are crashes in between (an upload in progress on any instance
 * is younger), and so are all of this instance's own when `ownToo` (its start-up, before it serves):
 * the objects no row owns are removed, then every such entry. The entries are locked
 * while this runs, so an upload settling one of them late fails instead of committing a row for a
 * removed object; another instance sweeping at the same time skips them.
 */
async function sweepPending(
  { db, backend, instance }: PendingDeps,
  { olderThanMs, owned, ownToo = false }: SweepOptions,
): Promise<{ removed: number; kept: number }> {
  // the database's clock, as created_at's: a JS Date would drop its microseconds and miss an entry of the same millisecond
  const cutoff = sql`now() - ${olderThanMs} * interval '1 millisecond'`;
  const due = ownToo
    ? or(lte(storagePending.createdAt, cutoff), eq(storagePending.instance, instance))
    : lte(storagePending.createdAt, cutoff);
  let removed = 0;
  let kept = 0;
  for (;;) {
    const handled = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ key: storagePending.key })
        .from(storagePending)
        .where(due)
        .orderBy(storagePending.key)
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      const keys = rows.map((r) => r.key);
      const ownedKeys = await owned(tx, keys);
      for (const key of keys) {
        if (ownedKeys.has(key)) {
          kept++;
        } else if (await backend.head(key)) {
          await backend.remove(key);
          removed++;
        }
      }
      if (keys.length) await tx.delete(storagePending).where(inArray(storagePending.key, keys));
      return keys.length;
    });
    if (handled < SWEEP_BATCH) return { removed, kept };
  }
}
