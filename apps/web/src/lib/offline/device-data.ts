import { deleteDB } from 'idb';
import { log } from '../log';
import { CACHE_DB_PREFIX, cacheDbName, closeItemCaches, quietly } from './item-cache';

/**
 * What GestCava keeps in this browser's IndexedDB, and when it goes (docs/offline.md "Cosa resta sul
 * dispositivo"): every database of the app is named `gestcava-*` — the read copies
 * `gestcava-cache-<userId>` (./item-cache.ts) and the action queue `gestcava-queue-<userId>`.
 *
 * - `wipeDeviceData(userId)`: the user's own logout deletes every read copy and the user's own queue;
 *   another user's waiting queue (a session that expired on this device) stays for that user's login.
 * - `forgetOtherUsers(userId)`: the shell, on entering after a login, deletes the other users' read
 *   copies; their queues stay (the queue decides about them: an expired session's actions wait for
 *   the same user's login).
 * Asking before waiting actions are lost is the queue's, in the shell's logout.
 */

export const DEVICE_DB_PREFIX = 'gestcava-';
/** A deletion another tab holds open does not keep the logout waiting longer than this. */
const DELETE_WAIT_MS = 3000;

/** The app's databases in this origin; without indexedDB.databases() (older browsers), only the one named. */
async function appDatabases(prefix: string, known: string[]): Promise<string[]> {
  if (typeof indexedDB === 'undefined') return [];
  if (typeof indexedDB.databases !== 'function') return known;
  const all = await indexedDB.databases();
  return all.map((d) => d.name ?? '').filter((name) => name.startsWith(prefix));
}

async function remove(names: string[]): Promise<void> {
  await Promise.all(
    names.map((name) => {
      const deleted = deleteDB(name, {
        blocked: () => log.warn(`Dati sul dispositivo: ${name} è aperto in un'altra scheda`),
      });
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, DELETE_WAIT_MS));
      return Promise.race([
        deleted.catch((error: unknown) =>
          log.warn(`Dati sul dispositivo: ${name} non eliminato`, error),
        ),
        timeout,
      ]);
    }),
  );
}

/**
 * Explicit logout: every read copy goes and the user's own queue (where the browser cannot list
 * databases, at least the user's own two); without a known user, the read copies only.
 */
export async function wipeDeviceData(userId?: string): Promise<void> {
  await closeItemCaches();
  const ownQueue = userId ? `${DEVICE_DB_PREFIX}queue-${userId}` : null;
  const own = userId ? [cacheDbName(userId), `${DEVICE_DB_PREFIX}queue-${userId}`] : [];
  // without a known user, no queue goes: unsent actions are never deleted for someone else
  const othersQueue = (name: string) =>
    name.startsWith(`${DEVICE_DB_PREFIX}queue-`) && name !== ownQueue;
  await quietly('cancellazione', async () =>
    remove((await appDatabases(DEVICE_DB_PREFIX, own)).filter((name) => !othersQueue(name))),
  );
}

/** After a login: the read copies of every other user go; the user's own stay. */
export async function forgetOtherUsers(userId: string): Promise<void> {
  const own = cacheDbName(userId);
  await closeItemCaches(own);
  await quietly('cancellazione', async () =>
    remove((await appDatabases(CACHE_DB_PREFIX, [])).filter((name) => name !== own)),
  );
}
