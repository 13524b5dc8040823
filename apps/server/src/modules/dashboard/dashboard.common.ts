import type { DbOrTx } from '../../db/client.js';
import type { CountCache } from '../../lib/count-cache.js';
import type { EntityRegistry } from '../../lib/entities.js';

// What the dashboard's files share: the factory's dependencies and the date helpers.

export interface DashboardDeps {
  db: DbOrTx;
  entities: EntityRegistry;
  counts: CountCache;
}

export const iso = (at: string | Date) => (at instanceof Date ? at : new Date(at)).toISOString();

/** YYYY-MM of the month `delta` months from `yyyyMm`. */
export function shiftMonth(yyyyMm: string, delta: number): string {
  const [y, m] = yyyyMm.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}
