import type { PGlite } from '@electric-sql/pglite';

/**
 * List totals kept between requests on the embedded database, where counting a few thousand rows
 * costs more than reading the page itself (docs/performance.md, docs/quality.md P1). PGlite is one process
 * that sees every write, and a trigger notifies it of each change to the table (migration 0010),
 * so a kept total is never older than the last write. The short lifetime covers what changes with
 * the clock alone: an option that expires turns a block `disponibile` without any write.
 * PostgreSQL counts fast in its own processes and needs none of this.
 */
export interface CountCache {
  /** A kept total, or any small aggregate of the table (the dashboard keeps its block figures). */
  get<T = number>(key: string, count: () => Promise<T>): Promise<T>;
}

const TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;

export function createCountCache(now = () => Date.now()): CountCache & { clear(): void } {
  const entries = new Map<string, { n: unknown; at: number }>();
  // A count that started before a write must not be kept after it.
  let generation = 0;
  return {
    async get<T>(key: string, count: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      // Each key is written by one caller with one type, so what it reads back is that type.
      if (hit && now() - hit.at < TTL_MS) return hit.n as T;
      const started = generation;
      const n = await count();
      if (started === generation) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(key, { n, at: now() });
      }
      return n;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}

/** A cache cleared by every change to `table` (its trigger notifies `<table>_changed`); `stop` before closing the database. */
export async function listenedCountCache(
  pglite: PGlite,
  table: string,
): Promise<CountCache & { stop(): Promise<void> }> {
  const cache = createCountCache();
  const unlisten = await pglite.listen(`${table}_changed`, () => cache.clear());
  // The database may already be gone (it failed, or closed first): then there is nothing to stop.
  return { get: cache.get, stop: async () => void (pglite.closed ? undefined : await unlisten()) };
}

/** Without a cache (PostgreSQL), every total is counted. */
export const noCountCache: CountCache & { stop(): Promise<void> } = {
  get: <T>(_key: string, count: () => Promise<T>) => count(),
  stop: async () => {},
};
