import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { EntityKind } from '@gestcava/contracts';
import { log } from '../log';

/**
 * The device's copy of the items the user opened (docs/offline.md
 * "Cosa resta sul dispositivo"): every successful online load of a block, bundle, slab, lot or
 * collaudo detail is written here, and a detail that cannot reach the server is read from here.
 *
 * One IndexedDB database per user, `gestcava-cache-<userId>`; inside it each entry is keyed by
 * company + kind + id, so an admin acting for another group company never sees the first company's
 * copies there. Entries older than MAX_AGE_DAYS and beyond MAX_ITEMS (oldest first) are pruned on
 * every write. The databases go at logout and at another user's login (./device-data.ts).
 */

export const CACHE_DB_PREFIX = 'gestcava-cache-';
export const MAX_AGE_DAYS = 7;
export const MAX_ITEMS = 300;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whose copies: the user, and the company the user acts for. */
export interface CacheScope {
  userId: string;
  companyId: string;
}

export interface CachedItem {
  /** `${companyId}|${kind}|${id}` */
  key: string;
  companyId: string;
  kind: EntityKind;
  id: string;
  /** what the recent list shows: the item's codice */
  label: string;
  /** the detail DTO as the server answered it */
  data: unknown;
  /** when it was loaded from the server (ms since the epoch) */
  fetchedAt: number;
}

/**
 * A list an offline action needs to be made (the ubicazioni of Sposta, materiali, macchine, cave),
 * kept whole for the company from the first online visit (docs/offline.md "Le tabelle di base").
 */
export interface CachedLookup {
  /** `${companyId}|${name}` */
  key: string;
  companyId: string;
  name: string;
  data: unknown;
  fetchedAt: number;
}

interface CacheDb extends DBSchema {
  items: { key: string; value: CachedItem; indexes: { fetchedAt: number } };
  lookups: { key: string; value: CachedLookup };
}

export const cacheDbName = (userId: string) => `${CACHE_DB_PREFIX}${userId}`;
const itemKey = (scope: CacheScope, kind: EntityKind, id: string) =>
  `${scope.companyId}|${kind}|${id}`;

/** One open connection per user database; it closes itself when a wipe asks to delete it. */
const connections = new Map<string, Promise<IDBPDatabase<CacheDb>>>();

function open(userId: string): Promise<IDBPDatabase<CacheDb>> {
  const name = cacheDbName(userId);
  let db = connections.get(name);
  if (!db) {
    db = openDB<CacheDb>(name, 2, {
      upgrade(database, oldVersion) {
        if (oldVersion < 1)
          database
            .createObjectStore('items', { keyPath: 'key' })
            .createIndex('fetchedAt', 'fetchedAt');
        if (oldVersion < 2) database.createObjectStore('lookups', { keyPath: 'key' });
      },
      // deleteDatabase waits for every open connection: ours lets go at once
      blocking() {
        void db?.then((d) => d.close());
        connections.delete(name);
      },
    });
    connections.set(name, db);
    db.catch(() => connections.delete(name));
  }
  return db;
}

/** Close this tab's connections (before the databases are deleted), all but `keep`'s. */
export async function closeItemCaches(keep?: string): Promise<void> {
  const closing = [...connections].filter(([name]) => name !== keep);
  for (const [name] of closing) connections.delete(name);
  await Promise.all(
    closing.map(([, db]) =>
      db.then(
        (d) => d.close(),
        () => undefined,
      ),
    ),
  );
}

function labelOf(data: unknown, id: string): string {
  const codice = (data as { codice?: unknown } | null)?.codice;
  return typeof codice === 'string' && codice ? codice : id;
}

/** Writes (or refreshes) the copy of one item, then prunes. */
export async function storeItem(
  scope: CacheScope,
  kind: EntityKind,
  id: string,
  data: unknown,
  now = Date.now(),
): Promise<void> {
  const db = await open(scope.userId);
  await db.put('items', {
    key: itemKey(scope, kind, id),
    companyId: scope.companyId,
    kind,
    id,
    label: labelOf(data, id),
    data,
    fetchedAt: now,
  });
  await pruneItems(scope.userId, now);
}

const fresh = (item: CachedItem, now: number) => now - item.fetchedAt <= MAX_AGE_DAYS * DAY_MS;

/** The copy of one item for this user and company, unless it is older than MAX_AGE_DAYS. */
export async function readItem(
  scope: CacheScope,
  kind: EntityKind,
  id: string,
  now = Date.now(),
): Promise<CachedItem | undefined> {
  const db = await open(scope.userId);
  const item = await db.get('items', itemKey(scope, kind, id));
  return item && fresh(item, now) ? item : undefined;
}

/** This user's copies for the company, newest first. */
export async function recentItems(scope: CacheScope, now = Date.now()): Promise<CachedItem[]> {
  const db = await open(scope.userId);
  const all = await db.getAllFromIndex('items', 'fetchedAt');
  return all.filter((item) => item.companyId === scope.companyId && fresh(item, now)).reverse();
}

/** Writes (or refreshes) the company's copy of a lookup list. */
export async function storeLookup(
  scope: CacheScope,
  name: string,
  data: unknown,
  now = Date.now(),
): Promise<void> {
  const db = await open(scope.userId);
  await db.put('lookups', {
    key: `${scope.companyId}|${name}`,
    companyId: scope.companyId,
    name,
    data,
    fetchedAt: now,
  });
}

/** The company's copy of a lookup list, unless older than MAX_AGE_DAYS. */
export async function readLookup(
  scope: CacheScope,
  name: string,
  now = Date.now(),
): Promise<CachedLookup | undefined> {
  const db = await open(scope.userId);
  const copy = await db.get('lookups', `${scope.companyId}|${name}`);
  return copy && now - copy.fetchedAt <= MAX_AGE_DAYS * DAY_MS ? copy : undefined;
}

/** Drops the copies older than MAX_AGE_DAYS, then the oldest beyond MAX_ITEMS. */
export async function pruneItems(userId: string, now = Date.now()): Promise<void> {
  const db = await open(userId);
  const tx = db.transaction('items', 'readwrite');
  const oldestFirst = await tx.store.index('fetchedAt').getAll();
  const keep = oldestFirst.filter((item) => fresh(item, now)).slice(-MAX_ITEMS);
  const kept = new Set(keep.map((item) => item.key));
  await Promise.all(
    oldestFirst.filter((item) => !kept.has(item.key)).map((item) => tx.store.delete(item.key)),
  );
  await tx.done;
}

/** The cache is a convenience: a device without IndexedDB (or a full disk) still works online. */
export async function quietly<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    log.warn(`Copia sul dispositivo: ${what} non riuscito`, error);
    return undefined;
  }
}
