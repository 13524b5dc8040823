import { asc, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { blocchi, cave, materiali } from '../../db/schema/index.js';
import { statoEffettivoOf } from '../../lib/blocco-stato.js';
import { inline, ShapedStatement, type Binder } from '../../lib/shaped-sql.js';
import { matchesSearch } from '../../lib/search.js';
import { outer } from '../../lib/sql.js';
import { companyAlias, companyScope } from '../../lib/company-table.js';
import type { BloccoOrigine } from '@gestcava/contracts';
import { type PgColumn } from 'drizzle-orm/pg-core';
import { pesoBloccoSql } from '../../lib/peso-blocco.js';

// What other modules may read of the blocks, as plain reads (docs/architecture.md "Module pattern"):
// they never name the blocks' table themselves.

/** Blocks `venduto` to the cliente, with their net measures and material (`ids` narrows them). */
export function blocchiVenduti(
  db: DbOrTx,
  companyId: string,
  clienteId: string,
  ids?: readonly string[],
) {
  return db
    .select({
      id: blocchi.id,
      codice: blocchi.codice,
      scelta: blocchi.scelta,
      lunghezza: blocchi.lunghezzaNetta,
      altezza: blocchi.altezzaNetta,
      profondita: blocchi.profonditaNetta,
      volumeLordo: blocchi.volumeLordo,
      volumeNetto: blocchi.volumeNetto,
      pesoPesa: blocchi.pesoPesa,
      materiale: materiali.nome,
      densita: materiali.densita,
    })
    .from(blocchi)
    .innerJoin(materiali, eq(materiali.id, blocchi.materialeId))
    .where(
      companyScope(
        blocchi,
        companyId,
        eq(blocchi.stato, 'venduto'),
        eq(blocchi.clienteId, clienteId),
        ids ? inArray(blocchi.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(blocchi.codice));
}
export type BloccoVendutoRow = Awaited<ReturnType<typeof blocchiVenduti>>[number];

/** A block's code in the company, whatever its state, or undefined when it is not there. */
export async function codiceBlocco(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ codice: blocchi.codice })
    .from(blocchi)
    .where(companyScope(blocchi, companyId, eq(blocchi.id, id)));
  return row?.codice;
}

/** `select id` of the company's blocks from the cava, for an `in (…)` of a cross-type list. */
export const bloccoIdsInCava = (companyId: string, cavaId: string): SQL =>
  sql`select ${blocchi.id} from ${blocchi} where ${companyScope(blocchi, companyId, eq(blocchi.cavaId, cavaId))}`;

/** The `origine` of the block whose id is `id` (null when it is none), as a scalar subquery. */
export const origineBloccoSql = (id: PgColumn) =>
  sql<
    string | null
  >`(select ${outer(blocchi.origine)} from ${blocchi} where ${outer(blocchi.id)} = ${outer(id)})`;

/** The net m³ of the bancata's squared blocks (informi count by weight), `bancataId` the caller's column. */
export const volumeNettoSquadratiSql = (bancataId: PgColumn) =>
  sql<number>`(select coalesce(sum(${blocchi.volumeNetto}), 0) from ${blocchi} where ${blocchi.bancataId} = ${bancataId} and ${blocchi.categoria} <> 'informe')`;

/**
 * Totals of a bancata's blocks as JSON, in one correlated subquery (uses the bancata_id index): the
 * squared ones, and the informi apart (docs/domain.md: informi count by weight). Weights by the one
 * rule, per block. `bancataId` is the caller's column.
 */
export function totaliBlocchiBancataSql(bancataId: PgColumn) {
  const peso = pesoBloccoSql(blocchi);
  const squadrato = sql`${blocchi.categoria} <> 'informe'`;
  return sql<{
    count: number;
    volumeLordo: number;
    volumeNetto: number;
    pesoT: number;
    informiCount: number;
    informiPesoT: number;
  }>`(
  select json_build_object(
    'count', (count(*) filter (where ${squadrato}))::int,
    'volumeLordo', coalesce(sum(${blocchi.volumeLordo}) filter (where ${squadrato}), 0)::float8,
    'volumeNetto', coalesce(sum(${blocchi.volumeNetto}) filter (where ${squadrato}), 0)::float8,
    'pesoT', coalesce(sum(${peso}) filter (where ${squadrato}), 0)::float8,
    'informiCount', (count(*) filter (where not ${squadrato}))::int,
    'informiPesoT', coalesce(sum(${peso}) filter (where not ${squadrato}), 0)::float8)
  from ${blocchi} where ${blocchi.bancataId} = ${bancataId})`;
}

/** `exists`: the company's block whose id is `id` (an SQL expression of the caller) is of one of `origini`. */
export function bloccoDiOrigineSql(
  companyId: string,
  id: SQL,
  origini: readonly BloccoOrigine[],
): SQL {
  // the table itself, not an alias: raw SQL renders an alias by its name alone (`from "b"`)
  return sql`exists (select 1 from ${blocchi} where ${companyScope(blocchi, companyId, sql`${blocchi.id} = ${id}`, inArray(blocchi.origine, [...origini]))})`;
}

/**
 * The receiving company's own row of a block of the sender: the copy it received, or the block it had
 * sent itself; null when it has none (a transfer's bundle or lot names that row, never the sender's).
 */
export async function bloccoInDestinazione(
  db: DbOrTx,
  companyId: string,
  sourceBloccoId: string | null,
): Promise<string | null> {
  if (!sourceBloccoId) return null;
  const [row] = await db
    .select({ id: blocchi.id })
    .from(blocchi)
    .where(
      companyScope(
        blocchi,
        companyId,
        or(
          eq(blocchi.trasferitoDaId, sourceBloccoId),
          sql`${blocchi.id} = (select b.trasferito_da_id from ${blocchi} b where b.id = ${sourceBloccoId})`,
        ),
      ),
    )
    .orderBy(desc(blocchi.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The company's blocks as a subquery to join (`blocco`): what a stock item, a sawing, a tile cut or a
 * shared link's answer shows, filters and totals of its block (docs/architecture.md "Reading another
 * module's rows"). PostgreSQL inlines it, so the columns a caller leaves unread cost nothing.
 */
export const bloccoRefs = (db: DbOrTx, companyId: string) =>
  db
    .select({
      id: blocchi.id,
      companyId: blocchi.companyId,
      codice: blocchi.codice,
      origine: blocchi.origine,
      bancataId: blocchi.bancataId,
      cavaId: blocchi.cavaId,
      materialeId: blocchi.materialeId,
      volumeNetto: blocchi.volumeNetto,
      lunghezzaNetta: blocchi.lunghezzaNetta,
      altezzaNetta: blocchi.altezzaNetta,
      profonditaNetta: blocchi.profonditaNetta,
    })
    .from(blocchi)
    .where(companyScope(blocchi, companyId))
    .as('blocco');

/** The code of the block `id` of the company `companyId` (null when none), as a scalar subquery. */
export const codiceBloccoSql = (id: SQLWrapper, companyId: string | SQLWrapper) =>
  sql<
    string | null
  >`(select ${outer(blocchi.codice)} from ${blocchi} where ${companyScope(blocchi, companyId, eq(blocchi.id, id))})`;

/**
 * A block may be offered to a cliente while it is `disponibile` (a lapsed option counts so), or
 * optioned or in collaudo for that same cliente (docs/condivisioni.md "Quali blocchi").
 */
const offertoSql = (clienteId: string) =>
  sql<boolean>`(${statoEffettivoOf(blocchi)} = 'disponibile' or (${statoEffettivoOf(blocchi)} in ('opzionato', 'in_collaudo') and ${blocchi.clienteId} = ${clienteId}))`;

/** The company's blocks among `ids`, each with its code and whether it may be offered to the cliente. */
export function blocchiOffribili(
  db: DbOrTx,
  companyId: string,
  clienteId: string,
  ids: readonly string[],
) {
  return db
    .select({ id: blocchi.id, codice: blocchi.codice, offerto: offertoSql(clienteId) })
    .from(blocchi)
    .where(
      companyScope(
        blocchi,
        companyId,
        sql`${blocchi.id} in (${sql.join(
          ids.map((b) => sql`${b}::uuid`),
          sql`, `,
        )})`,
      ),
    );
}

/** What a shared link shows of the company's blocks among `ids`, with `offerto` for the link's cliente. */
export function blocchiCondivisi(
  db: DbOrTx,
  companyId: string,
  clienteId: string,
  ids: readonly string[],
) {
  return db
    .select({
      b: {
        id: blocchi.id,
        codice: blocchi.codice,
        scelta: blocchi.scelta,
        categoria: blocchi.categoria,
        lunghezza: blocchi.lunghezza,
        altezza: blocchi.altezza,
        profondita: blocchi.profondita,
        lunghezzaNetta: blocchi.lunghezzaNetta,
        altezzaNetta: blocchi.altezzaNetta,
        profonditaNetta: blocchi.profonditaNetta,
        volumeNetto: blocchi.volumeNetto,
        pesoPesa: blocchi.pesoPesa,
        difetti: blocchi.difetti,
        noteDifetti: blocchi.noteDifetti,
        prezzoListino: blocchi.prezzoListino,
        unitaPrezzo: blocchi.unitaPrezzo,
      },
      materiale: materiali.nome,
      densita: materiali.densita,
      offerto: offertoSql(clienteId),
    })
    .from(blocchi)
    .innerJoin(materiali, eq(materiali.id, blocchi.materialeId))
    .where(companyScope(blocchi, companyId, inArray(blocchi.id, [...ids])));
}

/** Code and stored state of the company's blocks among `ids` (one statement for a page of rows). */
export function codiciStatiBlocchi(db: DbOrTx, companyId: string, ids: readonly string[]) {
  return db
    .select({ id: blocchi.id, codice: blocchi.codice, stato: blocchi.stato })
    .from(blocchi)
    .where(companyScope(blocchi, companyId, inArray(blocchi.id, [...ids])));
}

/**
 * The list price of the company's block `bloccoId` (an SQL expression of the caller's row), as a raw
 * `select` for a lateral join: `prezzo_listino` and `unita_prezzo` (what a block sold without a
 * collaudo is invoiced at); at most one row.
 */
export function listinoBloccoSql(companyId: string, bloccoId: SQL): SQL {
  const b = companyAlias(blocchi, 'b');
  return sql`select b.prezzo_listino, b.unita_prezzo from ${b.from} where ${b.scope(companyId)} and b.id = ${bloccoId}`;
}

/** `select id` of the company's blocks whose code matches the search (a collaudo found by its blocks). */
export const bloccoIdsConCodice = (companyId: string, q: string, bind: Binder = inline): SQL =>
  sql`select ${blocchi.id} from ${blocchi} where ${companyScope(blocchi, bind('companyId', companyId), matchesSearch(blocchi.codice, q, bind))}`;

/** A block's measures and density, the inputs of a collaudo row's figures (contracts' `calcolaRiga`). */
export interface MisureCollaudo {
  lunghezzaNetta: number;
  altezzaNetta: number;
  profonditaNetta: number;
  densita: number;
  pesoPesa: number | null;
}

/**
 * The company's block `bloccoId` (an SQL expression of the caller's row) as a `MisureCollaudo` JSON
 * object, a scalar subquery (null for no such block): the collaudi list reads its rows' figures in
 * its page's one statement (docs/performance.md "One statement where a page had several").
 */
export function misureCollaudoJsonSql(companyId: string | SQLWrapper, bloccoId: SQLWrapper): SQL {
  return sql`(select json_build_object(
    'lunghezzaNetta', ${blocchi.lunghezzaNetta},
    'altezzaNetta', ${blocchi.altezzaNetta},
    'profonditaNetta', ${blocchi.profonditaNetta},
    'densita', ${materiali.densita},
    'pesoPesa', ${blocchi.pesoPesa})
  from ${blocchi} inner join ${materiali} on ${materiali.id} = ${blocchi.materialeId}
  where ${companyScope(blocchi, companyId, sql`${blocchi.id} = ${bloccoId}`)})`;
}

/** One text whatever the number of blocks: their ids are one array value (docs/performance.md "Statements rendered once per shape"). */
const schedeStatement = new ShapedStatement();

/** The blocks `ids` with what a collaudo's tablet and verbale show beside its measures, by id. */
export async function schedeCollaudo(db: DbOrTx, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, SchedaCollaudo>();
  return schedeWhere(
    db,
    companyId,
    'ids',
    (bind) => sql`${blocchi.id} = any(${bind('ids', [...new Set(ids)])}::uuid[])`,
  );
}

/**
 * The same cards for the blocks a statement of another module selects (`select <block id> …`, its
 * values placed through `bind`); `shape` names that statement, one kept text each. Its ids are
 * gathered into one array first: as `id in (select …)` the planner may merge-join the subquery
 * with the whole primary key in id order, a walk up to the newest block named (docs/performance.md
 * "Statements rendered once per shape").
 */
export function schedeOfBlocchiIn(
  db: DbOrTx,
  companyId: string,
  shape: string,
  blockIds: (bind: Binder) => SQL,
) {
  return schedeWhere(
    db,
    companyId,
    `in:${shape}`,
    (bind) => sql`${blocchi.id} = any(array(${blockIds(bind)}))`,
  );
}

async function schedeWhere(
  db: DbOrTx,
  companyId: string,
  shape: string,
  which: (bind: Binder) => SQL,
) {
  const rows = await schedeStatement.select(db, shape, (bind) => {
    const where = companyScope(blocchi, bind('companyId', companyId), which(bind));
    return () => schedeQuery(db, where);
  });
  return new Map(rows.map((b) => [b.id, b]));
}

const schedeQuery = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({
      id: blocchi.id,
      codice: blocchi.codice,
      origine: sql<'interno' | 'esterno'>`${blocchi.origine}`,
      stato: statoEffettivoOf(blocchi),
      materialeId: materiali.id,
      materialeNome: materiali.nome,
      cavaId: cave.id,
      cavaCodice: cave.codice,
      cavaNome: cave.nome,
      codiceTracciabilita: blocchi.codiceTracciabilita,
      densita: materiali.densita,
      scelta: blocchi.scelta,
      lunghezzaNetta: blocchi.lunghezzaNetta,
      altezzaNetta: blocchi.altezzaNetta,
      profonditaNetta: blocchi.profonditaNetta,
      volumeNetto: blocchi.volumeNetto,
      pesoTeorico: blocchi.pesoTeorico,
      pesoPesa: blocchi.pesoPesa,
      difetti: blocchi.difetti,
      noteDifetti: blocchi.noteDifetti,
      prezzoListino: blocchi.prezzoListino,
      unitaPrezzo: blocchi.unitaPrezzo,
      clienteId: blocchi.clienteId,
    })
    .from(blocchi)
    .innerJoin(materiali, eq(materiali.id, blocchi.materialeId))
    .leftJoin(cave, eq(cave.id, blocchi.cavaId))
    .where(where);
export type SchedaCollaudo = {
  id: string;
  codice: string;
  origine: 'interno' | 'esterno';
  stato: string;
  materialeId: string;
  materialeNome: string;
  /** Null, all three, for a bought-in block. */
  cavaId: string | null;
  cavaCodice: string | null;
  cavaNome: string | null;
  codiceTracciabilita: string | null;
  densita: number;
  scelta: string;
  lunghezzaNetta: number;
  altezzaNetta: number;
  profonditaNetta: number;
  volumeNetto: number;
  pesoTeorico: number;
  pesoPesa: number | null;
  difetti: string[];
  noteDifetti: string | null;
  prezzoListino: number | null;
  unitaPrezzo: string;
  clienteId: string | null;
};
