import { and, asc, eq, inArray, isNotNull, sql, type Column, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lastre, lotti, materiali, movimenti, pacchi } from '../../db/schema/index.js';
import { matchesSearch } from '../../lib/search.js';
import { selectLastre } from '../../lib/stock-queries.js';

// What other modules may read of the stock (docs/architecture.md "Module pattern"): the slabs and tile
// sales sold to a cliente and not shipped, as the DDT lists and ships them, and the slabs a packing
// list prints. The stock's own writes stay behind the stock service.

/**
 * Slabs `venduta` to the cliente, each with how many other slabs of its bundle are neither sold to
 * this cliente nor broken (0: the bundle travels whole, as one collo).
 */
export function lastreVendute(
  db: DbOrTx,
  companyId: string,
  clienteId: string,
  where?: { ids?: readonly string[]; paccoIds?: readonly string[] },
) {
  return selectLastre(db, {
    id: lastre.id,
    codice: lastre.codice,
    paccoId: lastre.paccoId,
    paccoCodice: pacchi.codice,
    lunghezzaMm: lastre.lunghezzaMm,
    altezzaMm: lastre.altezzaMm,
    mq: lastre.mq,
    scelta: lastre.scelta,
    spessoreMm: pacchi.spessoreMm,
    finitura: pacchi.finitura,
    materiale: materiali.nome,
    densita: materiali.densita,
    // the inner table is aliased, so "lastre" below is the outer row
    altre:
      sql<number>`(select count(*)::int from ${lastre} as altra where altra.pacco_id = ${lastre.paccoId} and altra.stato <> 'rotta'
      and not (altra.stato = 'venduta' and altra.cliente_id = ${clienteId}))`.mapWith(Number),
  })
    .innerJoin(materiali, eq(materiali.id, pacchi.materialeId))
    .where(
      and(
        eq(lastre.companyId, companyId),
        eq(lastre.stato, 'venduta'),
        eq(lastre.clienteId, clienteId),
        where?.ids ? inArray(lastre.id, [...where.ids]) : undefined,
        where?.paccoIds ? inArray(lastre.paccoId, [...where.paccoIds]) : undefined,
      ),
    )
    .orderBy(asc(pacchi.codice), asc(lastre.progressivo));
}
export type LastraVenduta = Awaited<ReturnType<typeof lastreVendute>>[number];

/** Tile sales (a lot's `scarico` or `trasferimento`) to the cliente with pieces not yet shipped. */
export function venditeLotti(
  db: DbOrTx,
  companyId: string,
  clienteId: string,
  ids?: readonly string[],
) {
  return db
    .select({
      id: movimenti.id,
      lottoId: lotti.id,
      codice: lotti.codice,
      venduti: sql<number>`-${movimenti.pezzi}`.mapWith(Number),
      spediti: movimenti.pezziSpediti,
      lunghezzaMm: lotti.lunghezzaMm,
      larghezzaMm: lotti.larghezzaMm,
      spessoreMm: lotti.spessoreMm,
      finitura: lotti.finitura,
      scelta: lotti.scelta,
      pezziPerCassa: lotti.pezziPerCassa,
      materiale: materiali.nome,
      densita: materiali.densita,
      data: movimenti.createdAt,
    })
    .from(movimenti)
    .innerJoin(lotti, eq(lotti.id, movimenti.lottoId))
    .innerJoin(materiali, eq(materiali.id, lotti.materialeId))
    .where(
      and(
        eq(movimenti.companyId, companyId),
        eq(movimenti.clienteId, clienteId),
        inArray(movimenti.tipo, ['scarico', 'trasferimento']),
        sql`-${movimenti.pezzi} > ${movimenti.pezziSpediti}`,
        ids ? inArray(movimenti.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(movimenti.createdAt));
}
export type VenditaLotto = Awaited<ReturnType<typeof venditeLotti>>[number];

/**
 * The code of a bundle, a slab or (a sale's movimento) its lot in the company, whatever its state, or
 * undefined when it is not there.
 */
export async function codiceStock(
  db: DbOrTx,
  companyId: string,
  kind: 'pacco' | 'lastra' | 'lotto',
  id: string,
): Promise<string | undefined> {
  const query =
    kind === 'pacco'
      ? db
          .select({ codice: pacchi.codice })
          .from(pacchi)
          .where(and(eq(pacchi.companyId, companyId), eq(pacchi.id, id)))
      : kind === 'lastra'
        ? db
            .select({ codice: lastre.codice })
            .from(lastre)
            .where(and(eq(lastre.companyId, companyId), eq(lastre.id, id)))
        : db
            .select({ codice: lotti.codice })
            .from(movimenti)
            .innerJoin(lotti, eq(lotti.id, movimenti.lottoId))
            .where(
              and(
                eq(movimenti.companyId, companyId),
                eq(movimenti.id, id),
                isNotNull(movimenti.clienteId),
              ),
            );
  return (await query)[0]?.codice;
}

/** Slabs as a packing list prints them: these ids, or (a draft's bundle) those sold to its cliente. */
export function lastrePacking(
  db: DbOrTx,
  companyId: string,
  which: { ids: readonly string[] } | { paccoId: string; clienteId: string },
) {
  const where =
    'ids' in which
      ? inArray(lastre.id, [...which.ids])
      : and(
          eq(lastre.paccoId, which.paccoId),
          eq(lastre.stato, 'venduta'),
          eq(lastre.clienteId, which.clienteId),
        );
  if ('ids' in which && which.ids.length === 0) return Promise.resolve([]);
  return selectLastre(db, {
    codice: lastre.codice,
    lunghezzaMm: lastre.lunghezzaMm,
    altezzaMm: lastre.altezzaMm,
    spessoreMm: pacchi.spessoreMm,
    mq: lastre.mq,
    scelta: lastre.scelta,
    densita: materiali.densita,
  })
    .innerJoin(materiali, eq(materiali.id, pacchi.materialeId))
    .where(and(eq(lastre.companyId, companyId), where))
    .orderBy(asc(lastre.codice));
}

/** True when one of the slabs `lastraIds` (a uuid[] column) is of the bundle `paccoId`. */
export const paccoHasLastraIn = (paccoId: string, lastraIds: Column): SQL =>
  sql`exists (select 1 from ${lastre} where ${lastre.paccoId} = ${paccoId} and ${lastre.id} = any(${lastraIds}))`;

/** True when one of the slabs `lastraIds` (a uuid[] column) has a code matching the search. */
export const lastraCodiceIn = (lastraIds: Column, q: string): SQL =>
  sql`exists (select 1 from ${lastre} where ${lastre.id} = any(${lastraIds}) and ${matchesSearch(lastre.codice, q)})`;

/** The clienti the company's stock was sold to (a `scarico` with a buyer), each once. */
export async function clientiConScarichi(db: DbOrTx, companyId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ clienteId: movimenti.clienteId })
    .from(movimenti)
    .where(
      and(
        eq(movimenti.companyId, companyId),
        eq(movimenti.tipo, 'scarico'),
        isNotNull(movimenti.clienteId),
      ),
    );
  return rows.map((r) => r.clienteId!);
}
