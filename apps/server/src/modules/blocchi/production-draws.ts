import type { AuditEntry } from '../../lib/audit.js';
import type { Db } from '../../db/client.js';

// What the steps of the production demo seed share (production.seed.ts, production-esterni.seed.ts).

/** A small deterministic generator, so every demo database looks the same. */
export function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

export const DEMO_NOTE = 'Dati dimostrativi';

/** The draws of one seed run, in the order the demo always made them: reorder nothing. */
export function drawsOf(rnd: () => number) {
  return {
    rnd,
    pick: <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!,
    between: (min: number, max: number) => Math.round(min + rnd() * (max - min)),
  };
}
export type Draws = ReturnType<typeof drawsOf>;

export const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The history line of a demo row: created by the demo user, marked as demo data. */
export const created = (
  companyId: string,
  entityType: string,
  entityId: string,
  userId: string,
): AuditEntry => ({ companyId, entityType, entityId, action: 'create', userId, note: DEMO_NOTE });
