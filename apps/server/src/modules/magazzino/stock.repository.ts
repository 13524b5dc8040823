import type { MovimentoTipo } from '@gestcava/contracts';
import { and, asc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clienti, lastre, movimenti, pacchi } from '../../db/schema/index.js';
import { todayInRomeSql } from '../../lib/dates.js';
import { outer } from '../../lib/sql.js';
import type { FaultPoints } from '../../lib/faults.js';
import { companyScope } from '../../lib/company-table.js';

// The SQL of the stock operations (docs/domain.md "Stock ledger"). Every change is one guarded UPDATE
// (`… WHERE stato = … RETURNING`, `… WHERE pezzi - pezzi_riservati >= n RETURNING`): what it returns
// is what changed; nothing is read first and written after. The caller's transaction holds the
// movimento and the history row with it.

export interface LedgerRow {
  companyId: string;
  userId: string | null;
  tipo: MovimentoTipo;
  pezzi: number;
  mq: number;
  casse?: number | null;
  bloccoId?: string | null;
  paccoId?: string | null;
  lastraId?: string | null;
  lottoId?: string | null;
  causale?: string | null;
  documento?: string | null;
  clienteId?: string | null;
  prezzo?: number | null;
  unitaPrezzo?: string | null;
  ddtId?: string | null;
}

/** The rows' ids, in order (a tile sale's id is the line of its DDT). */
export async function insertMovimenti(tx: DbOrTx, rows: LedgerRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  return (await tx.insert(movimenti).values(rows).returning({ id: movimenti.id })).map((r) => r.id);
}

/* ---------------------------------------------------------------- lastre */

/** The state a slab must be in for each operation (expired reservations were released just before). */
export const lastraGuard = {
  libera: eq(lastre.stato, 'disponibile'),
  riservata: eq(lastre.stato, 'riservata'),
  inGiacenza: inArray(lastre.stato, ['disponibile', 'riservata']),
  venduta: eq(lastre.stato, 'venduta'),
  /** Free, or reserved for this very cliente. */
  vendibileA: (clienteId: string) =>
    or(
      eq(lastre.stato, 'disponibile'),
      and(eq(lastre.stato, 'riservata'), eq(lastre.clienteId, clienteId)),
    )!,
};

export type LastraTarget = { ids: readonly string[] } | { paccoId: string };

export interface MovedLastra {
  id: string;
  codice: string;
  paccoId: string;
  bloccoId: string | null;
  mq: number;
  /** Its state before this update (the history records the real one: a sale may take a reserved slab). */
  statoPrima: string;
}

/**
 * `updateLastre` as the stock operations call it: always guarded, unless a test takes the guard away
 * to prove it is what stops a race (lib/faults.ts).
 */
export function lastreUpdater(faults: FaultPoints) {
  return (
    tx: DbOrTx,
    companyId: string,
    target: LastraTarget,
    guard: SQL,
    set: Partial<typeof lastre.$inferInsert>,
  ) => updateLastre(tx, companyId, target, faults.withoutStockGuards ? undefined : guard, set);
}

/**
 * Moves the target slabs that satisfy `guard` (in the company) to the values of `set`, in one
 * statement, and returns those it moved: the others were not in a state for it.
 */
export async function updateLastre(
  tx: DbOrTx,
  companyId: string,
  target: LastraTarget,
  /** The state the slabs must be in; `undefined` only when a test takes the guard away (lib/faults.ts). */
  guard: SQL | undefined,
  set: Partial<typeof lastre.$inferInsert>,
): Promise<MovedLastra[]> {
  const which =
    'ids' in target ? inArray(lastre.id, [...target.ids]) : eq(lastre.paccoId, target.paccoId);
  return tx
    .update(lastre)
    .set({ ...set, updatedAt: new Date() })
    .where(companyScope(lastre, companyId, which, guard))
    .returning({
      id: lastre.id,
      codice: lastre.codice,
      paccoId: lastre.paccoId,
      bloccoId: lastre.bloccoId,
      mq: lastre.mq,
      // a subquery of RETURNING reads the statement's snapshot: the row as it was before this update
      statoPrima: sql<string>`(select prima.stato from ${lastre} prima where prima.id = ${outer(lastre.id)})`,
    });
}

/** A slab reservation past its day (it holds through its expiry day in Rome), still written as held. */
export const slabReservationExpired = and(
  eq(lastre.stato, 'riservata'),
  lt(lastre.scadenzaRiserva, todayInRomeSql),
)!;

/**
 * Writes expired slab reservations back to `disponibile` and returns them: within the target
 * (before an operation on it) or, with no target, in every company (the sweep, under its lock).
 */
export async function expireLastre(
  tx: DbOrTx,
  scope: { companyId: string; target: LastraTarget } | null,
) {
  const where = [slabReservationExpired];
  if (scope) {
    where.push(companyScope(lastre, scope.companyId));
    where.push(
      'ids' in scope.target
        ? inArray(lastre.id, [...scope.target.ids])
        : eq(lastre.paccoId, scope.target.paccoId),
    );
  }
  return tx
    .update(lastre)
    .set({ stato: 'disponibile', clienteId: null, scadenzaRiserva: null, updatedAt: new Date() })
    .where(and(...where))
    .returning({
      id: lastre.id,
      companyId: lastre.companyId,
      paccoId: lastre.paccoId,
      bloccoId: lastre.bloccoId,
    });
}

/** Why a slab did not move: its state now (for the 409's message), or undefined when it is not there. */
export async function lastraState(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({ stato: lastre.stato, clienteId: lastre.clienteId, cliente: clienti.ragioneSociale })
    .from(lastre)
    .leftJoin(clienti, eq(clienti.id, lastre.clienteId))
    .where(companyScope(lastre, companyId, eq(lastre.id, id)));
  return row;
}

/** Whether the bundle is in the company. */
export async function paccoExists(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pacchi.id })
    .from(pacchi)
    .where(companyScope(pacchi, companyId, eq(pacchi.id, id)));
  return Boolean(row);
}

export async function updatePacco(
  tx: DbOrTx,
  companyId: string,
  id: string,
  set: Partial<typeof pacchi.$inferInsert>,
) {
  const [row] = await tx
    .update(pacchi)
    .set({ ...set, updatedAt: new Date() })
    .where(companyScope(pacchi, companyId, eq(pacchi.id, id)))
    .returning();
  return row;
}

/** The bundle as it was, locked (an edit compares before and after for the history). */
export async function lockPacco(tx: DbOrTx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(pacchi)
    .where(companyScope(pacchi, companyId, eq(pacchi.id, id)))
    .for('no key update');
  return row;
}

export async function lockLastra(tx: DbOrTx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(lastre)
    .where(companyScope(lastre, companyId, eq(lastre.id, id)))
    .for('no key update');
  return row;
}

/** Full rows of some slabs (a transfer copies them). */
export function lastreRows(db: DbOrTx, companyId: string, ids: readonly string[]) {
  return db
    .select()
    .from(lastre)
    .where(companyScope(lastre, companyId, inArray(lastre.id, [...ids])))
    .orderBy(asc(lastre.progressivo));
}
