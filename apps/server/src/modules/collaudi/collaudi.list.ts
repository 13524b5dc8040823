import type { CollaudoFilter, CollaudoStato } from '@gestcava/contracts';
import { desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clienti, collaudi, collaudoRighe } from '../../db/schema/index.js';
import { cappedCount, orderByOf, type PageOpts } from '../../lib/pagination.js';
import { ShapedStatement } from '../../lib/shaped-sql.js';
import { isoUtc } from '../../lib/sql.js';
import { misureCollaudoJsonSql, type MisureCollaudo } from '../blocchi/blocchi.reads.js';
import { filterWhere, type RigaRow } from './collaudi.repository.js';

// The collaudi list's page: one statement answers the page, its rows' figures and the count.

const c = collaudi;
const r = collaudoRighe;
const cl = clienti;

type ListQuery = CollaudoFilter & PageOpts;

/** What the list shows of a collaudo (`toListItem`), read as JSON. */
export interface CollaudoListRow {
  id: string;
  codice: string;
  data: string;
  luogo: string | null;
  ispettore: string | null;
  stato: CollaudoStato;
  /** ISO 8601, UTC, milliseconds (as `Date.toISOString`). */
  createdAt: string;
  cliente: { id: string; ragioneSociale: string };
  righe: RigaFigure[];
}

/** A row's stored inputs and figures, and its block's measures: what the row's figures need (collaudi.mapper.ts `figuresShown`). */
export interface RigaFigure {
  riga: RigaFigureInputs;
  blocco: MisureCollaudo;
}
type RigaFigureRead = Omit<RigaFigure, 'blocco'> & { blocco: MisureCollaudo | null };
export type RigaFigureInputs = Pick<
  RigaRow,
  | 'esito'
  | 'lunghezzaRilevata'
  | 'altezzaRilevata'
  | 'profonditaRilevata'
  | 'abbuonoTipo'
  | 'abbuonoValore'
  | 'pesoRilevato'
  | 'prezzo'
  | 'unitaPrezzo'
  | 'volumeNettoAccettato'
  | 'peso'
  | 'pesoBase'
  | 'importo'
>;

/** A list row as JSON, its rows in the order the blocks were added (`blocco` null for a block not of the company). */
function listRowJson(companyId: string | Placeholder): SQL {
  const righe = sql`select json_build_object(
      'riga', json_build_object(
        'esito', ${r.esito},
        'lunghezzaRilevata', ${r.lunghezzaRilevata},
        'altezzaRilevata', ${r.altezzaRilevata},
        'profonditaRilevata', ${r.profonditaRilevata},
        'abbuonoTipo', ${r.abbuonoTipo},
        'abbuonoValore', ${r.abbuonoValore},
        'pesoRilevato', ${r.pesoRilevato},
        'prezzo', ${r.prezzo},
        'unitaPrezzo', ${r.unitaPrezzo},
        'volumeNettoAccettato', ${r.volumeNettoAccettato},
        'peso', ${r.peso},
        'pesoBase', ${r.pesoBase},
        'importo', ${r.importo}),
      'blocco', ${misureCollaudoJsonSql(companyId, r.bloccoId)}) as riga,
    ${r.createdAt} as created_at, ${r.id} as id
    from ${r} where ${r.collaudoId} = ${c.id}`;
  return sql`json_build_object(
    'id', ${c.id},
    'codice', ${c.codice},
    'data', ${c.data},
    'luogo', ${c.luogo},
    'ispettore', ${c.ispettore},
    'stato', ${c.stato},
    'createdAt', ${isoUtc(c.createdAt)},
    'cliente', json_build_object('id', ${cl.id}, 'ragioneSociale', ${cl.ragioneSociale}),
    'righe', (select coalesce(json_agg(t.riga order by t.created_at, t.id), '[]'::json) from (${righe}) t)
  )`;
}

// Kept per sort (the values say the rest of the shape).
const listStatement = new ShapedStatement();

/**
 * A page of collaudi with their rows' figures, and the count of all that match, in one statement:
 * one wait at the pool, one connection (docs/performance.md "One statement where a page had several").
 */
export async function listPage(
  db: DbOrTx,
  companyId: string,
  query: ListQuery,
): Promise<{ items: CollaudoListRow[]; counted: number }> {
  const [row] = await listStatement.rows<{
    n: number;
    items: Array<Omit<CollaudoListRow, 'righe'> & { righe: RigaFigureRead[] }>;
  }>(db, query.sort ?? '', (bind) => {
    const where = filterWhere(companyId, query, bind);
    const order = orderByOf(
      query.sort,
      { codice: c.codice, data: c.data, stato: c.stato, createdAt: c.createdAt },
      desc(c.data),
      c.id,
    );
    const limit = bind('limit', query.limit);
    const offset = bind('offset', (query.page - 1) * query.limit);
    const company = bind('companyId', companyId);
    return () => {
      // a builder each: drizzle's builders change in place
      const matching = () =>
        db.select({ id: c.id }).from(c).innerJoin(cl, eq(cl.id, c.clienteId)).where(where);
      const pageIds = matching()
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return sql`select ${cappedCount(sql`${matching()}`)} as n,
          (select coalesce(json_agg(${listRowJson(company)} order by ${sql.join(order, sql`, `)}), '[]'::json)
            from ${c} inner join ${cl} on ${cl.id} = ${c.clienteId}
            where ${inArray(c.id, pageIds)}) as items`;
    };
  });
  // a row's block outside the company is left out, as the detail leaves it out (`righeOf`); filtered
  // here, since a filter in the statement evaluated each block's subquery twice
  const items = (row?.items ?? []).map((item) => ({
    ...item,
    righe: item.righe.filter((riga): riga is RigaFigure => riga.blocco !== null),
  }));
  return { items, counted: row?.n ?? 0 };
}
