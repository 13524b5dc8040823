import { and, asc, eq, inArray, like, lt, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clienti, lotti, riserveLotti, users } from '../../db/schema/index.js';
import { todayInRomeSql } from '../../lib/dates.js';
import { companyScope } from '../../lib/company-table.js';

// The SQL of the tile lots and their reservations (stock.repository.ts says how a stock write goes).

/** A lot reservation past its day, still written as active. */
export const lotReservationExpired = and(
  eq(riserveLotti.stato, 'attiva'),
  lt(riserveLotti.scadenza, todayInRomeSql),
)!;

/** Writes expired lot reservations as `scaduta`, lowering their lots' reserved pieces; returns them. */
export async function expireRiserveLotti(
  tx: DbOrTx,
  scope: { companyId: string; lottoId: string } | null,
) {
  const where = [lotReservationExpired];
  if (scope)
    where.push(
      companyScope(riserveLotti, scope.companyId),
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
      companyScope(
        lotti,
        companyId,
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
      companyScope(
        riserveLotti,
        companyId,
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
      companyScope(
        lotti,
        companyId,
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
      companyScope(
        lotti,
        companyId,
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
    .where(and(companyId ? companyScope(lotti, companyId) : undefined, inArray(lotti.id, ids)))
    .orderBy(lotti.id)
    .for('no key update');
}

export async function lockLotto(tx: DbOrTx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(lotti)
    .where(companyScope(lotti, companyId, eq(lotti.id, id)))
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
    .where(companyScope(lotti, companyId, eq(lotti.id, id)))
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
      companyScope(lotti, companyId, like(lotti.codice, `${root.replace(/[\\%_]/g, '\\$&')}/%`)),
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
    .where(companyScope(lotti, companyId, eq(lotti.codice, codice)))
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
      companyScope(
        riserveLotti,
        companyId,
        eq(riserveLotti.lottoId, lottoId),
        eq(riserveLotti.stato, 'attiva'),
        sql`${riserveLotti.scadenza} >= ${todayInRomeSql}`,
      ),
    )
    .orderBy(asc(riserveLotti.scadenza), asc(riserveLotti.createdAt));
}
