import type { BloccoOrigine, DdtRef } from '@gestcava/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { blocchi, cave, clienti, fornitori, materiali, ubicazioni } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';
import { ShapedStatement, type Binder } from '../../lib/shaped-sql.js';
import { codiceBancataSql } from '../bancate/bancate.reads.js';
import { ddtRefsJsonSql } from '../ddt/ddt.reads.js';
import { statoEffettivo } from './blocchi.list.js';
import type { BloccoJoined } from './blocchi.mapper.js';

// One block as its page, its writes and its exports read it: the row with the names it points to.

/**
 * The names beside each block come from scalar subqueries, not joins: a seven-table join cost the
 * planner ~4 ms per list call on PGlite (more than running it), a correlated subquery per lookup
 * plans in microseconds and reads one primary-key row (docs/query-plans-pglite.md, docs/quality.md P1).
 */
const joinedFields = {
  blocco: blocchi,
  statoEffettivo,
  bancataCodice: codiceBancataSql(blocchi.bancataId, blocchi.companyId),
  cavaNome: sql<
    string | null
  >`(select ${cave.nome} from ${cave} where ${cave.id} = ${blocchi.cavaId})`,
  fornitoreNome: sql<
    string | null
  >`(select ${fornitori.ragioneSociale} from ${fornitori} where ${fornitori.id} = ${blocchi.fornitoreId})`,
  materialeNome: sql<string>`(select ${materiali.nome} from ${materiali} where ${materiali.id} = ${blocchi.materialeId})`,
  materialeDensita:
    sql<number>`(select ${materiali.densita} from ${materiali} where ${materiali.id} = ${blocchi.materialeId})`.mapWith(
      materiali.densita,
    ),
  ubicazioneNome: sql<
    string | null
  >`(select ${ubicazioni.nome} from ${ubicazioni} where ${ubicazioni.id} = ${blocchi.ubicazioneId})`,
  clienteNome: sql<
    string | null
  >`(select ${clienti.ragioneSociale} from ${clienti} where ${clienti.id} = ${blocchi.clienteId})`,
};

export function joined(db: DbOrTx) {
  return db.select(joinedFields).from(blocchi);
}

/** The block as `joined` reads it, and the DDTs it left with: its page (docs/performance.md "One statement where a page had several"). */
function joinedWithDdt(db: DbOrTx) {
  return db
    .select({
      ...joinedFields,
      ddt: sql<DdtRef[]>`${ddtRefsJsonSql(blocchi.id, blocchi.companyId)}`,
    })
    .from(blocchi);
}

type FlatRow = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

export function nest(r: FlatRow): BloccoJoined {
  const b = r.blocco;
  const ref = <N extends string>(id: string | null, name: string | null, key: N) =>
    id && name !== null ? ({ id, [key]: name } as { id: string } & Record<N, string>) : null;
  return {
    blocco: b,
    statoEffettivo: r.statoEffettivo,
    bancata: ref(b.bancataId, r.bancataCodice, 'codice'),
    cava: ref(b.cavaId, r.cavaNome, 'nome'),
    fornitore: ref(b.fornitoreId, r.fornitoreNome, 'ragioneSociale'),
    materiale: { id: b.materialeId, nome: r.materialeNome, densita: r.materialeDensita },
    ubicazione: ref(b.ubicazioneId, r.ubicazioneNome, 'nome'),
    cliente: ref(b.clienteId, r.clienteNome, 'ragioneSociale'),
  };
}

/** The one block `id` of the company (of `origine`, or either), its values placed through `bind`. */
function theBlock(bind: Binder, companyId: string, origine: BloccoOrigine | null, id: string) {
  return {
    where: companyScope(
      blocchi,
      bind('companyId', companyId),
      eq(blocchi.id, bind('id', id)),
      origine ? eq(blocchi.origine, bind('origine', origine)) : undefined,
    ),
    one: bind('limit', 1),
  };
}

// Rendered once per origine (lib/shaped-sql.ts): every block's page and every write reads it.
const joinedStatement = new ShapedStatement();

export async function findJoined(
  db: DbOrTx,
  companyId: string,
  origine: BloccoOrigine | null,
  id: string,
) {
  const [row] = await joinedStatement.select(db, '', (bind) => {
    const { where, one } = theBlock(bind, companyId, origine, id);
    return () => joined(db).where(where).limit(one);
  });
  return row && nest(row);
}

/**
 * The block is in the company and of the route's origine, as a clause of another statement (its
 * history's: lib/audit.ts `historyOfReadable`); the values share the history's names.
 */
export function readableGuard(companyId: string, origine: BloccoOrigine, id: string) {
  return {
    shape: 'blocco',
    where: (bind: Binder) =>
      sql`exists (select 1 from ${blocchi} where ${companyScope(
        blocchi,
        bind('companyId', companyId),
        eq(blocchi.id, bind('entityId', id)),
        eq(blocchi.origine, bind('origine', origine)),
      )})`,
  };
}

const detailStatement = new ShapedStatement();

/** The block of the route's origine with the DDTs it left with, or undefined. */
export async function findDetail(
  db: DbOrTx,
  companyId: string,
  origine: BloccoOrigine,
  id: string,
): Promise<(BloccoJoined & { ddt: DdtRef[] }) | undefined> {
  const [row] = await detailStatement.select(db, '', (bind) => {
    const { where, one } = theBlock(bind, companyId, origine, id);
    return () => joinedWithDdt(db).where(where).limit(one);
  });
  return row && { ...nest(row), ddt: row.ddt };
}
