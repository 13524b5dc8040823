import type { MovimentoTipo } from '@gestcava/contracts';
import { and, asc, eq, inArray, like, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  clienti,
  lastre,
  lotti,
  movimenti,
  pacchi,
  riserveLotti,
  users,
} from '../../db/schema/index.js';
import { todayInRomeSql } from '../../lib/dates.js';
import { outer } from '../../lib/sql.js';
import { rowsOf } from '../../lib/pagination.js';
import type { FaultPoints } from '../../lib/faults.js';

// The SQL of the stock operations (docs/domain.md "Stock ledger"). Every change is one guarded UPDATE
// (`… WHERE stato = … RETURNING`, `… WHERE pezzi - pezzi_riservati >= n RETURNING`): what it returns
// is what changed; nothing is read first and written after. The caller's transaction holds the
// movimento and the history row with it.

/** The advisory lock that lets one instance at a time sweep expired stock reservations. */
const SWEEP_LOCK = 726_402;

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
    .where(and(eq(lastre.companyId, companyId), which, guard))
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
const slabReservationExpired = and(
  eq(lastre.stato, 'riservata'),
  lt(lastre.scadenzaRiserva, todayInRomeSql),
)!;
/** A lot reservation past its day, still written as active. */
const lotReservationExpired = and(
  eq(riserveLotti.stato, 'attiva'),
  lt(riserveLotti.scadenza, todayInRomeSql),
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
    where.push(eq(lastre.companyId, scope.companyId));
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
    .where(and(eq(lastre.companyId, companyId), eq(lastre.id, id)));
  return row;
}

/** Whether the bundle is in the company. */
export async function paccoExists(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pacchi.id })
    .from(pacchi)
    .where(and(eq(pacchi.companyId, companyId), eq(pacchi.id, id)));
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
    .where(and(eq(pacchi.companyId, companyId), eq(pacchi.id, id)))
    .returning();
  return row;
}

/** The bundle as it was, locked (an edit compares before and after for the history). */
export async function lockPacco(tx: DbOrTx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(pacchi)
    .where(and(eq(pacchi.companyId, companyId), eq(pacchi.id, id)))
    .for('no key update');
  return row;
}

export async function lockLastra(tx: DbOrTx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(lastre)
    .where(and(eq(lastre.companyId, companyId), eq(lastre.id, id)))
    .for('no key update');
  return row;
}

/** Full rows of some slabs (a transfer copies them). */
export function lastreRows(db: DbOrTx, companyId: string, ids: readonly string[]) {
  return db
    .select()
    .from(lastre)
    .where(and(eq(lastre.companyId, companyId), inArray(lastre.id, [...ids])))
    .orderBy(asc(lastre.progressivo));
}

/* ---------------------------------------------------------------- lotti */

/** Writes expired lot reservations as `scaduta`, lowering their lots' reserved pieces; returns them. */
export async function expireRiserveLotti(
  tx: DbOrTx,
  scope: { companyId: string; lottoId: string } | null,
) {
  const where = [lotReservationExpired];
  if (scope)
    where.push(
      eq(riserveLotti.companyId, scope.companyId),
      eq(riserveLotti.lottoId, scope.lottoId),
    );
  const expired = await tx
    .update(riserveLotti)
    .set({ stato: 'scaduta', updatedAt: new Date() })
    .where(and(...where))
    .returning({
      id: riserveLotti.id,
      companyId: riserveLotti.companyId,
      lottoId: riserveLotti.lottoId,
      pezzi: riserveLotti.pezzi,
      clienteId: riserveLotti.clienteId,
    });
  await lowerRiservati(tx, expired);
  return expired;
}

/** Lowers each lot's reserved pieces by the reservations that ended. */
async function lowerRiservati(tx: DbOrTx, ended: Array<{ lottoId: string; pezzi: number }>) {
  const perLotto = new Map<string, number>();
  for (const r of ended) perLotto.set(r.lottoId, (perLotto.get(r.lottoId) ?? 0) + r.pezzi);
  for (const [lottoId, n] of perLotto) {
    await tx
      .update(lotti)
      .set({ pezziRiservati: sql`${lotti.pezziRiservati} - ${n}`, updatedAt: new Date() })
      .where(eq(lotti.id, lottoId));
  }
}

/** Reserves `n` pieces if that many are free: the lot's row after, or undefined. */
export async function reservePezzi(tx: DbOrTx, companyId: string, lottoId: string, n: number) {
  const [row] = await tx
    .update(lotti)
    .set({ pezziRiservati: sql`${lotti.pezziRiservati} + ${n}`, updatedAt: new Date() })
    .where(
      and(
        eq(lotti.companyId, companyId),
        eq(lotti.id, lottoId),
        sql`${lotti.pezzi} - ${lotti.pezziRiservati} >= ${n}`,
      ),
    )
    .returning();
  return row;
}

export async function insertRiserva(tx: DbOrTx, row: typeof riserveLotti.$inferInsert) {
  const [inserted] = await tx.insert(riserveLotti).values(row).returning();
  return inserted!;
}

/** Ends the lot's active reservations (one, or all) as `to`; returns them, their lots' counters lowered. */
export async function endRiserve(
  tx: DbOrTx,
  companyId: string,
  lottoId: string,
  to: 'rilasciata' | 'evasa',
  which: { riservaId?: string; clienteId?: string },
) {
  const ended = await tx
    .update(riserveLotti)
    .set({ stato: to, updatedAt: new Date() })
    .where(
      and(
        eq(riserveLotti.companyId, companyId),
        eq(riserveLotti.lottoId, lottoId),
        eq(riserveLotti.stato, 'attiva'),
        which.riservaId ? eq(riserveLotti.id, which.riservaId) : undefined,
        which.clienteId ? eq(riserveLotti.clienteId, which.clienteId) : undefined,
      ),
    )
    .returning();
  await lowerRiservati(tx, ended);
  return ended;
}

/** Takes `n` pieces out of the lot if that many are free. Boxes follow the pieces (the last may be partial); m² are the caller's. */
export async function takePezzi(tx: DbOrTx, companyId: string, lottoId: string, n: number) {
  const [row] = await tx
    .update(lotti)
    .set({
      pezzi: sql`${lotti.pezzi} - ${n}`,
      casse: sql`(${lotti.pezzi} - ${n} + ${lotti.pezziPerCassa} - 1) / ${lotti.pezziPerCassa}`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(lotti.companyId, companyId),
        eq(lotti.id, lottoId),
        sql`${lotti.pezzi} - ${lotti.pezziRiservati} >= ${n}`,
      ),
    )
    .returning();
  return row;
}

/** Sets the lot's pieces to a count (an inventory), if its reservations still fit: the row after. */
export async function setPezzi(
  tx: DbOrTx,
  companyId: string,
  lottoId: string,
  from: number,
  to: number,
) {
  const [row] = await tx
    .update(lotti)
    .set({
      pezzi: to,
      casse: sql`(${to} + ${lotti.pezziPerCassa} - 1) / ${lotti.pezziPerCassa}`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(lotti.companyId, companyId),
        eq(lotti.id, lottoId),
        eq(lotti.pezzi, from),
        sql`${lotti.pezziRiservati} <= ${to}`,
      ),
    )
    .returning();
  return row;
}

export async function setLottoMq(tx: DbOrTx, lottoId: string, mq: number) {
  await tx.update(lotti).set({ mq }).where(eq(lotti.id, lottoId));
}

/**
 * The sweep's locks, taken before it writes anything: the bundles of the slabs whose reservation has
 * expired, then the lots of the expired lot reservations, each in id order. Parent first, as every
 * stock transaction does, so the sweep waits in line with the users' operations instead of deadlocking.
 */
export async function lockForSweep(tx: DbOrTx): Promise<void> {
  const expiredSlabs = tx.select({ id: lastre.paccoId }).from(lastre).where(slabReservationExpired);
  await tx
    .select({ id: pacchi.id })
    .from(pacchi)
    .where(inArray(pacchi.id, expiredSlabs))
    .orderBy(pacchi.id)
    .for('no key update');
  await lockLotti(
    tx,
    null,
    tx.select({ id: riserveLotti.lottoId }).from(riserveLotti).where(lotReservationExpired),
  );
}

/** Locks lots in id order (a transfer's, in its company; the sweep's, in every one), so two such transactions wait in line. */
export async function lockLotti(
  tx: DbOrTx,
  companyId: string | null,
  ids: string[] | SQLWrapper,
): Promise<void> {
  if (Array.isArray(ids) && ids.length === 0) return;
  await tx
    .select({ id: lotti.id })
    .from(lotti)
    .where(and(companyId ? eq(lotti.companyId, companyId) : undefined, inArray(lotti.id, ids)))
    .orderBy(lotti.id)
    .for('no key update');
}

export async function lockLotto(tx: DbOrTx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(lotti)
    .where(and(eq(lotti.companyId, companyId), eq(lotti.id, id)))
    .for('no key update');
  return row;
}

export async function updateLotto(
  tx: DbOrTx,
  companyId: string,
  id: string,
  set: Partial<typeof lotti.$inferInsert>,
) {
  const [row] = await tx
    .update(lotti)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(lotti.companyId, companyId), eq(lotti.id, id)))
    .returning();
  return row;
}

/**
 * The next free code for a part split off a lot: `LO-2026-0001/1`, `/2`… on the first lot's code, one
 * above the highest suffix the company holds. A count would not do: a company that received `/2` and
 * the lot itself from a group company holds one split code, and `/2` again would collide for ever.
 */
export async function nextSplitCodice(
  tx: DbOrTx,
  companyId: string,
  codice: string,
): Promise<string> {
  const root = codice.split('/')[0]!;
  const [row] = await tx
    .select({
      n: sql<number>`coalesce(max(substring(${lotti.codice} from '/([0-9]+)$')::int), 0)::int`,
    })
    .from(lotti)
    .where(
      and(
        eq(lotti.companyId, companyId),
        like(lotti.codice, `${root.replace(/[\\%_]/g, '\\$&')}/%`),
      ),
    );
  return `${root}/${(row?.n ?? 0) + 1}`;
}

export async function lottoCodiceTaken(
  db: DbOrTx,
  companyId: string,
  codice: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: lotti.id })
    .from(lotti)
    .where(and(eq(lotti.companyId, companyId), eq(lotti.codice, codice)))
    .limit(1);
  return Boolean(row);
}

/** A lot's active reservations (expired ones excluded), soonest expiry first. */
export async function riserveAttive(db: DbOrTx, companyId: string, lottoId: string) {
  return db
    .select({ riserva: riserveLotti, cliente: clienti.ragioneSociale, utente: users.name })
    .from(riserveLotti)
    .innerJoin(clienti, eq(clienti.id, riserveLotti.clienteId))
    .leftJoin(users, eq(users.id, riserveLotti.userId))
    .where(
      and(
        eq(riserveLotti.companyId, companyId),
        eq(riserveLotti.lottoId, lottoId),
        eq(riserveLotti.stato, 'attiva'),
        sql`${riserveLotti.scadenza} >= ${todayInRomeSql}`,
      ),
    )
    .orderBy(asc(riserveLotti.scadenza), asc(riserveLotti.createdAt));
}

/* ---------------------------------------------------------------- sweep */

/** Takes the sweep's advisory lock for this transaction: false when another instance holds it. */
export async function trySweepLock(tx: DbOrTx): Promise<boolean> {
  const lock = await tx.execute<{ ok: boolean }>(
    sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as ok`,
  );
  return Boolean(rowsOf<{ ok: boolean }>(lock)[0]?.ok);
}

/* ---------------------------------------------------------------- giacenze */

/**
 * Stock on hand grouped by material, thickness, finish, scelta and location, valued at list price: each
 * item's value rounded to the cent before the sum (docs/api.md "Shape of the API", as `sumRounded`), so a row is its items.
 */
export async function giacenze(db: DbOrTx, companyId: string) {
  const result = await db.execute(sql`
    with righe as (
      select 'lastre' as tipo, p.materiale_id, p.spessore_mm, p.finitura, l.scelta, coalesce(l.ubicazione_id, p.ubicazione_id) as ubicazione_id,
             count(*)::int as pezzi, sum(l.mq)::float8 as mq, sum(round(l.mq * coalesce(p.prezzo_listino, 0), 2))::float8 as valore,
             count(*) filter (where p.prezzo_listino is null)::int as senza_prezzo
      from lastre l join pacchi p on p.id = l.pacco_id
      where l.company_id = ${companyId} and l.stato in ('disponibile', 'riservata')
      group by 1, 2, 3, 4, 5, 6
      union all
      select 'pavimenti', materiale_id, spessore_mm, finitura, scelta, ubicazione_id,
             sum(pezzi)::int, sum(mq)::float8, sum(round(mq * coalesce(prezzo_listino, 0), 2))::float8,
             count(*) filter (where prezzo_listino is null)::int
      from lotti where company_id = ${companyId} and pezzi > 0
      group by 1, 2, 3, 4, 5, 6
    )
    select r.*, m.nome as materiale_nome, m.densita, u.nome as ubicazione_nome
    from righe r join materiali m on m.id = r.materiale_id left join ubicazioni u on u.id = r.ubicazione_id
    order by m.nome, r.tipo, r.spessore_mm, r.finitura, r.scelta, u.nome nulls last`);
  return rowsOf<{
    tipo: 'lastre' | 'pavimenti';
    materiale_id: string;
    materiale_nome: string;
    densita: number;
    spessore_mm: number;
    finitura: string;
    scelta: string;
    ubicazione_id: string | null;
    ubicazione_nome: string | null;
    pezzi: number;
    mq: number;
    valore: number;
    senza_prezzo: number;
  }>(result);
}

/** Reservations whose last day is within `days` from today (Rome), slabs and lots, soonest first. */
export async function riserveInScadenza(db: DbOrTx, companyId: string, days: number) {
  const result = await db.execute(sql`
    select 'lastra' as tipo, l.id, l.codice, c.id as cliente_id, c.ragione_sociale, 1 as pezzi, l.scadenza_riserva as scadenza
    from lastre l join clienti c on c.id = l.cliente_id
    where l.company_id = ${companyId} and l.stato = 'riservata' and l.scadenza_riserva between ${todayInRomeSql} and ${todayInRomeSql} + ${days}::int
    union all
    select 'lotto', lo.id, lo.codice, c.id, c.ragione_sociale, r.pezzi, r.scadenza
    from riserve_lotti r join lotti lo on lo.id = r.lotto_id join clienti c on c.id = r.cliente_id
    where r.company_id = ${companyId} and r.stato = 'attiva' and r.scadenza between ${todayInRomeSql} and ${todayInRomeSql} + ${days}::int
    order by scadenza, codice
    limit 200`);
  return rowsOf<{
    tipo: 'lastra' | 'lotto';
    id: string;
    codice: string;
    cliente_id: string;
    ragione_sociale: string;
    pezzi: number;
    scadenza: string;
  }>(result);
}
