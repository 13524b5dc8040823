import { and, asc, type Column, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lastre, lotti, materiali, movimenti, pacchi } from '../../db/schema/index.js';
import { matchesSearch } from '../../lib/search.js';
import { selectLastre } from '../../lib/stock-queries.js';
import { companyAlias, companyScope } from '../../lib/company-table.js';
import { outer } from '../../lib/sql.js';
import { bloccoIdsInCava } from '../blocchi/blocchi.reads.js';

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
      companyScope(
        lastre,
        companyId,
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
      companyScope(
        movimenti,
        companyId,
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
          .where(companyScope(pacchi, companyId, eq(pacchi.id, id)))
      : kind === 'lastra'
        ? db
            .select({ codice: lastre.codice })
            .from(lastre)
            .where(companyScope(lastre, companyId, eq(lastre.id, id)))
        : db
            .select({ codice: lotti.codice })
            .from(movimenti)
            .innerJoin(lotti, eq(lotti.id, movimenti.lottoId))
            .where(
              companyScope(
                movimenti,
                companyId,
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
    .where(companyScope(lastre, companyId, where))
    .orderBy(asc(lastre.codice));
}

/** True when one of the slabs `lastraIds` (a uuid[] column) is of the bundle `paccoId`. */
export const paccoHasLastraIn = (paccoId: string | Column | SQL, lastraIds: Column): SQL =>
  sql`exists (select 1 from ${lastre} where ${lastre.paccoId} = ${paccoId} and ${lastre.id} = any(${lastraIds}))`;

/** True when one of the slabs `lastraIds` (a uuid[] column) has a code matching the search. */
export const lastraCodiceIn = (lastraIds: Column, q: string): SQL =>
  sql`exists (select 1 from ${lastre} where ${lastre.id} = any(${lastraIds}) and ${matchesSearch(lastre.codice, q)})`;

/** The bundles a sawing loaded, in code order, with what each held when loaded (its slabs, sold or not). */
export function pacchiOfLavorazione(db: DbOrTx, companyId: string, lavorazioneId: string) {
  return db
    .select({
      id: pacchi.id,
      codice: pacchi.codice,
      nLastre: sql<number>`(select count(*)::int from ${lastre} where ${lastre.paccoId} = ${outer(pacchi.id)})`,
      mq: sql<number>`(select coalesce(sum(${lastre.mq}), 0)::float8 from ${lastre} where ${lastre.paccoId} = ${outer(pacchi.id)})`,
    })
    .from(pacchi)
    .where(companyScope(pacchi, companyId, eq(pacchi.lavorazioneId, lavorazioneId)))
    .orderBy(asc(pacchi.codice));
}

/** The company's slabs as a subquery to join (`lastra`): code, m², grade and measures. */
export function lastraRefs(db: DbOrTx, companyId: string) {
  return db
    .select({
      id: lastre.id,
      codice: lastre.codice,
      mq: lastre.mq,
      scelta: lastre.scelta,
      lunghezzaMm: lastre.lunghezzaMm,
      altezzaMm: lastre.altezzaMm,
    })
    .from(lastre)
    .where(companyScope(lastre, companyId))
    .as('lastra');
}

/**
 * The company's slabs `ids` locked (in id order, so two plans wait for each other instead of
 * deadlocking), with state, block, bundle material, m² and grade; the caller locked their bundles first.
 */
export function lockLastre(tx: DbOrTx, companyId: string, ids: readonly string[]) {
  return selectLastre(tx, {
    id: lastre.id,
    codice: lastre.codice,
    stato: lastre.stato,
    bloccoId: lastre.bloccoId,
    mq: lastre.mq,
    scelta: lastre.scelta,
    materialeId: pacchi.materialeId,
  })
    .where(companyScope(lastre, companyId, inArray(lastre.id, [...ids])))
    .orderBy(asc(lastre.id))
    .for('no key update', { of: lastre });
}

/**
 * The company's `disponibile` slabs with their bundle and material, in code order: of the bundle
 * `paccoId`, matching `q` (slab or bundle code) and the caller's condition on the slab's id.
 */
export function lastreDisponibili(
  db: DbOrTx,
  companyId: string,
  f: { paccoId?: string; q?: string },
  where: (lastraId: Column) => SQL,
  limit: number,
) {
  return selectLastre(db, {
    id: lastre.id,
    codice: lastre.codice,
    paccoId: pacchi.id,
    paccoCodice: pacchi.codice,
    materialeId: materiali.id,
    materialeNome: materiali.nome,
    lunghezzaMm: lastre.lunghezzaMm,
    altezzaMm: lastre.altezzaMm,
    spessoreMm: pacchi.spessoreMm,
    mq: lastre.mq,
  })
    .innerJoin(materiali, eq(materiali.id, pacchi.materialeId))
    .where(
      companyScope(
        lastre,
        companyId,
        eq(lastre.stato, 'disponibile'),
        f.paccoId ? eq(lastre.paccoId, f.paccoId) : undefined,
        f.q ? or(matchesSearch(lastre.codice, f.q), matchesSearch(pacchi.codice, f.q)) : undefined,
        where(lastre.id),
      ),
    )
    .orderBy(asc(lastre.codice))
    .limit(limit);
}

/** `select id` of the company's slabs sawn from the block, for an `in (…)`. */
export const lastraIdsOfBlocco = (companyId: string, bloccoId: string): SQL =>
  sql`select ${lastre.id} from ${lastre} where ${companyScope(lastre, companyId, eq(lastre.bloccoId, bloccoId))}`;

/** `select id` of the company's slabs sawn from the blocks of the cava, for an `in (…)`. */
export const lastraIdsInCava = (companyId: string, cavaId: string): SQL =>
  sql`select ${lastre.id} from ${lastre} where ${companyScope(lastre, companyId, sql`${lastre.bloccoId} in (${bloccoIdsInCava(companyId, cavaId)})`)}`;

/** The company's tile lots as a subquery to join (`lotto`): code and the lavorazione that cut it. */
export function lottoRefs(db: DbOrTx, companyId: string) {
  return db
    .select({ id: lotti.id, codice: lotti.codice, lavorazioneId: lotti.lavorazioneId })
    .from(lotti)
    .where(companyScope(lotti, companyId))
    .as('lotto');
}

/** The clienti the company's stock was sold to (a `scarico` with a buyer), each once. */
export async function clientiConScarichi(db: DbOrTx, companyId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ clienteId: movimenti.clienteId })
    .from(movimenti)
    .where(
      companyScope(
        movimenti,
        companyId,
        eq(movimenti.tipo, 'scarico'),
        isNotNull(movimenti.clienteId),
      ),
    );
  return rows.map((r) => r.clienteId!);
}

// The prices stock was sold at, as raw `select`s for a lateral join of an invoice's DDT lines (docs/
// fatture.md "Righe dai DDT"). Ids and cliente are SQL expressions of the caller's row; each reads the
// company's movimenti only, and answers at most one row.

/** `prezzo` of the last transfer of the block `bloccoId` to the cliente (a block sold to a group company). */
export function prezzoTrasferimentoBloccoSql(
  companyId: string,
  bloccoId: SQL,
  clienteId: SQL,
): SQL {
  const m = companyAlias(movimenti, 'm');
  return sql`select m.prezzo from ${m.from}
    where ${m.scope(companyId)} and m.blocco_id = ${bloccoId} and m.tipo = 'trasferimento'
      and m.cliente_id = ${clienteId} and m.prezzo is not null
    order by m.created_at desc limit 1`;
}

/**
 * The sale of the slabs `lastraIds` (a uuid[] expression) to the cliente: its `prezzo` and `unita`
 * (per slab or m²), how many slabs (`n`) and their m² (`mq`); one row, `n` 0 when none was sold.
 */
export function venditaLastreSql(companyId: string, lastraIds: SQL, clienteId: SQL): SQL {
  const m = companyAlias(movimenti, 'm');
  return sql`select min(m.prezzo) as prezzo, min(m.unita_prezzo) as unita, count(*) as n, sum(-m.mq) as mq
    from ${m.from}
    where ${m.scope(companyId)} and m.lastra_id = any(${lastraIds}) and m.tipo = 'scarico'
      and m.cliente_id = ${clienteId} and m.prezzo is not null`;
}

/** The tile sale `venditaId` (its movimento): `prezzo`, `unita_prezzo` and the pieces sold (`venduti`). */
export function venditaLottoSql(companyId: string, venditaId: SQL): SQL {
  const m = companyAlias(movimenti, 'm');
  return sql`select m.prezzo, m.unita_prezzo, -m.pezzi as venduti from ${m.from}
    where ${m.scope(companyId)} and m.id = ${venditaId}`;
}
