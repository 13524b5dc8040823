import { roundTo, type MovimentoTipo } from '@gestcava/contracts';
import { eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lastre, lotti, movimenti, pacchi } from '../../db/schema/index.js';
import { conflict } from '../../lib/app-error.js';
import { companyScope } from '../../lib/company-table.js';

// The stock ledger's writes (docs/domain.md "Stock ledger"). Every change of a quantity on hand is a
// movimento and a guarded update of the item in the same transaction: the caller's. Quantities are
// signed changes; the CHECKs of migration 0013 refuse any item going below zero.

export type NewPacco = typeof pacchi.$inferInsert;
export type NewLastra = Omit<typeof lastre.$inferInsert, 'paccoId'>;
export type NewLotto = typeof lotti.$inferInsert;

export interface MovimentoMeta {
  companyId: string;
  userId: string | null;
  causale?: string | null;
  documento?: string | null;
}

async function insertMovimento(
  tx: DbOrTx,
  meta: MovimentoMeta,
  row: {
    tipo: MovimentoTipo;
    pezzi: number;
    mq: number;
    casse?: number | null;
    bloccoId?: string | null;
    paccoId?: string | null;
    lastraId?: string | null;
    lottoId?: string | null;
  },
) {
  await tx.insert(movimenti).values({
    ...row,
    companyId: meta.companyId,
    userId: meta.userId,
    causale: meta.causale ?? null,
    documento: meta.documento ?? null,
  });
}

/** A new bundle with its slabs, and its `carico`: the pacco's on-hand quantities are its slabs'. */
export async function caricaPacco(
  tx: DbOrTx,
  meta: MovimentoMeta,
  pacco: Omit<NewPacco, 'nLastre' | 'mq'>,
  slabs: NewLastra[],
): Promise<{
  id: string;
  nLastre: number;
  mq: number;
  lastre: Array<{ id: string; codice: string }>;
}> {
  const nLastre = slabs.length;
  const mq = roundTo(
    slabs.reduce((a, l) => a + l.mq, 0),
    2,
  );
  const [row] = await tx
    .insert(pacchi)
    .values({ ...pacco, nLastre, mq })
    .returning({ id: pacchi.id });
  const inserted = await tx
    .insert(lastre)
    .values(slabs.map((l) => ({ ...l, paccoId: row!.id })))
    .returning({ id: lastre.id, codice: lastre.codice });
  await insertMovimento(tx, meta, {
    tipo: 'carico',
    pezzi: nLastre,
    mq,
    bloccoId: pacco.bloccoId,
    paccoId: row!.id,
  });
  return { id: row!.id, nLastre, mq, lastre: inserted };
}

/** A new tile lot and its `carico`. */
export async function caricaLotto(
  tx: DbOrTx,
  meta: MovimentoMeta,
  lotto: NewLotto,
): Promise<{ id: string }> {
  const [row] = await tx.insert(lotti).values(lotto).returning({ id: lotti.id });
  await insertMovimento(tx, meta, {
    tipo: 'carico',
    pezzi: lotto.pezzi,
    mq: lotto.mq,
    casse: lotto.casse,
    bloccoId: lotto.bloccoId ?? null,
    lottoId: row!.id,
  });
  return { id: row!.id };
}

/**
 * Slabs leave stock (cut into tiles, sold…): one `scarico` per slab and its bundle's quantities
 * lowered by a guarded update. `fromStato` is the state each slab must still be in, `toStato` the
 * state it ends in; a slab no longer in `fromStato` answers 409 and the caller's transaction rolls back.
 */
export async function scaricaLastre(
  tx: DbOrTx,
  meta: MovimentoMeta,
  ids: readonly string[],
  fromStato: string,
  toStato: string,
): Promise<void> {
  if (ids.length === 0) return;
  await lockPacchi(tx, meta.companyId, { lastraIds: ids });
  const moved = await tx
    .update(lastre)
    .set({ stato: toStato, updatedAt: new Date() })
    .where(
      companyScope(
        lastre,
        meta.companyId,
        inArray(lastre.id, [...ids]),
        eq(lastre.stato, fromStato),
      ),
    )
    .returning({
      id: lastre.id,
      paccoId: lastre.paccoId,
      bloccoId: lastre.bloccoId,
      mq: lastre.mq,
    });
  if (moved.length !== ids.length)
    throw conflict('Una o più lastre non sono più disponibili: ricarica e riprova');
  for (const l of moved) {
    await insertMovimento(tx, meta, {
      tipo: 'scarico',
      pezzi: -1,
      mq: -l.mq,
      bloccoId: l.bloccoId,
      paccoId: l.paccoId,
      lastraId: l.id,
    });
  }
  await lowerPacchi(tx, meta.companyId, moved);
}

/**
 * Locks bundles, in id order: the given ones, or those of the given slabs. Every transaction that
 * changes slabs takes their bundles first and the slabs after, so two of them on one bundle wait in
 * line. Before, a slab sold while its bundle was being transferred locked slab then bundle against
 * bundle then slab, and PostgreSQL ended one of the two as a deadlock: a 500 to that user.
 */
export async function lockPacchi(
  tx: DbOrTx,
  companyId: string,
  of: { paccoIds: readonly string[] } | { lastraIds: readonly string[] },
): Promise<void> {
  const ids = 'paccoIds' in of ? [...of.paccoIds] : [...of.lastraIds];
  if (ids.length === 0) return;
  const which =
    'paccoIds' in of
      ? inArray(pacchi.id, ids)
      : inArray(
          pacchi.id,
          tx
            .select({ id: lastre.paccoId })
            .from(lastre)
            .where(companyScope(lastre, companyId, inArray(lastre.id, ids))),
        );
  await tx
    .select({ id: pacchi.id })
    .from(pacchi)
    .where(companyScope(pacchi, companyId, which))
    .orderBy(pacchi.id)
    .for('no key update');
}

/** Lowers each bundle's on-hand slabs and m² by the slabs that left it (guarded: never below zero). */
export async function lowerPacchi(
  tx: DbOrTx,
  companyId: string,
  moved: ReadonlyArray<{ paccoId: string; mq: number }>,
): Promise<void> {
  const perPacco = new Map<string, { n: number; mq: number }>();
  for (const l of moved) {
    const t = perPacco.get(l.paccoId) ?? { n: 0, mq: 0 };
    perPacco.set(l.paccoId, { n: t.n + 1, mq: roundTo(t.mq + l.mq, 2) });
  }
  for (const [paccoId, t] of perPacco) {
    const updated = await tx
      .update(pacchi)
      .set({
        nLastre: sql`${pacchi.nLastre} - ${t.n}`,
        mq: sql`${pacchi.mq} - ${t.mq}`,
        updatedAt: new Date(),
      })
      .where(companyScope(pacchi, companyId, eq(pacchi.id, paccoId), gte(pacchi.nLastre, t.n)))
      .returning({ id: pacchi.id });
    if (!updated.length) throw conflict('Il pacco non ha più queste lastre: ricarica e riprova');
  }
}

/**
 * Slabs change state without leaving stock (set aside for tiles, given back): one guarded update,
 * all of them or 409, so two lavorazioni can never take the same slab.
 */
export async function cambiaStatoLastre(
  tx: DbOrTx,
  companyId: string,
  ids: readonly string[],
  fromStato: string,
  toStato: string,
): Promise<Array<{ id: string; codice: string }>> {
  if (ids.length === 0) return [];
  await lockPacchi(tx, companyId, { lastraIds: ids });
  const moved = await tx
    .update(lastre)
    .set({ stato: toStato, updatedAt: new Date() })
    .where(
      companyScope(lastre, companyId, inArray(lastre.id, [...ids]), eq(lastre.stato, fromStato)),
    )
    .returning({ id: lastre.id, codice: lastre.codice });
  if (moved.length !== ids.length) {
    throw conflict(
      fromStato === 'disponibile'
        ? 'Una o più lastre non sono più disponibili: ricarica e riprova'
        : 'Una o più lastre hanno cambiato stato nel frattempo: ricarica e riprova',
    );
  }
  return moved;
}

/** Σ of the ledger for one bundle or lot (what is on hand by the ledger), for checks and tests. */
export async function ledgerSum(
  tx: DbOrTx,
  companyId: string,
  of: { paccoId?: string; lottoId?: string },
): Promise<{ pezzi: number; mq: number }> {
  const [row] = await tx
    .select({
      pezzi: sql<number>`coalesce(sum(${movimenti.pezzi}), 0)::int`,
      mq: sql<number>`coalesce(sum(${movimenti.mq}), 0)::float8`,
    })
    .from(movimenti)
    .where(
      companyScope(
        movimenti,
        companyId,
        of.paccoId ? eq(movimenti.paccoId, of.paccoId) : eq(movimenti.lottoId, of.lottoId!),
      ),
    );
  return { pezzi: row!.pezzi, mq: roundTo(row!.mq, 2) };
}
