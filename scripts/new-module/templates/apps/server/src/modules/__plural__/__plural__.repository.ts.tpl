import type { __Plural__Filter } from '@gestcava/contracts';
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { __pluralCamel__ } from '../../db/schema/__plural__.js';
import { companyTable } from '../../lib/company-table.js';
import { orderByOf, type PageOpts } from '../../lib/pagination.js';
import { matchesSearch } from '../../lib/search.js';

export type __Singular__Row = typeof __pluralCamel__.$inferSelect;

/** Reads and writes by id inside the company, and its list pages (lib/company-table.ts). */
const rows = companyTable(__pluralCamel__);

/** The list filters; the company is applied by `rows.page`. */
function filterWhere(filter: __Plural__Filter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (filter.q)
    conditions.push(
      or(matchesSearch(__pluralCamel__.nome, filter.q), matchesSearch(__pluralCamel__.note, filter.q)),
    );
  if (filter.attivo !== undefined) conditions.push(eq(__pluralCamel__.attivo, filter.attivo));
  return and(...conditions);
}

const SORT = { nome: __pluralCamel__.nome, createdAt: __pluralCamel__.createdAt };

export const __pluralCamel__Repository = {
  find: rows.find,
  lock: rows.findForUpdate,
  insert: rows.insert,
  update: rows.update,
  remove: rows.remove,

  page: (db: DbOrTx, companyId: string, query: __Plural__Filter & PageOpts) =>
    rows.page(db, companyId, {
      where: filterWhere(query),
      order: orderByOf(query.sort, SORT, asc(__pluralCamel__.nome), __pluralCamel__.id),
      ...query,
    }),

  async summary(db: DbOrTx, companyId: string, filter: __Plural__Filter) {
    const [row] = await db
      .select({
        totale: sql<number>`count(*)::int`,
        attivi: sql<number>`count(*) filter (where ${__pluralCamel__.attivo})::int`,
      })
      .from(__pluralCamel__)
      .where(rows.scope(companyId, filterWhere(filter)));
    return row!;
  },
};
