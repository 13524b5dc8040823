import { normalizeTarga, type AutomezziFilter } from '@gestcava/contracts';
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { automezzi } from '../../db/schema/automezzi.js';
import { companyScope, companyTable } from '../../lib/company-table.js';
import { orderByOf, type PageOpts } from '../../lib/pagination.js';
import { matchesSearch } from '../../lib/search.js';

export type AutomezzoRow = typeof automezzi.$inferSelect;

/** Reads and writes by id inside the company, and its list pages (lib/company-table.ts). */
const rows = companyTable(automezzi);

/** The list filters; the company is applied by `rows.page`. */
function filterWhere(filter: AutomezziFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  // "fg 482" finds FG482KT: the plate is compared as it is stored
  if (filter.q)
    conditions.push(
      or(
        matchesSearch(automezzi.targa, normalizeTarga(filter.q)),
        matchesSearch(automezzi.descrizione, filter.q),
      ),
    );
  if (filter.attivo !== undefined) conditions.push(eq(automezzi.attivo, filter.attivo));
  return and(...conditions);
}

const SORT = {
  targa: automezzi.targa,
  descrizione: automezzi.descrizione,
  portataT: automezzi.portataT,
  createdAt: automezzi.createdAt,
};

export const automezziRepository = {
  find: rows.find,
  lock: rows.findForUpdate,
  insert: rows.insert,
  update: rows.update,
  remove: rows.remove,

  page: (db: DbOrTx, companyId: string, query: AutomezziFilter & PageOpts) =>
    rows.page(db, companyId, {
      where: filterWhere(query),
      order: orderByOf(query.sort, SORT, asc(automezzi.targa), automezzi.id),
      ...query,
    }),

  async summary(db: DbOrTx, companyId: string, filter: AutomezziFilter) {
    const [row] = await db
      .select({
        totale: sql<number>`count(*)::int`,
        attivi: sql<number>`count(*) filter (where ${automezzi.attivo})::int`,
        portataAttiviT: sql<number>`coalesce(sum(${automezzi.portataT}) filter (where ${automezzi.attivo}), 0)::float8`,
      })
      .from(automezzi)
      .where(companyScope(automezzi, companyId, filterWhere(filter)));
    return row!;
  },
};
