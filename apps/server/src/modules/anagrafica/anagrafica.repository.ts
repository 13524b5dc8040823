import type { AnagraficaData, AnagraficaFilter } from '@gestcava/contracts';
import { asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { AnagraficaTable } from '../../db/schema/index.js';
import { companyTable } from '../../lib/company-table.js';
import type { CompanyRow, DatiDitta } from '../../lib/companies.js';
import { cappedCount, orderByOf, rowsOf } from '../../lib/pagination.js';
import { matchesSearch } from '../../lib/search.js';

/** Reads and writes by id, inside the company (lib/company-table.ts). */
const byId = (table: AnagraficaTable) =>
  companyTable<AnagraficaTable, AnagraficaTable['$inferSelect'], AnagraficaData>(table);

/** The list filters, always inside the company: every reader below takes `companyId` and applies it here. */
function filterWhere(table: AnagraficaTable, companyId: string, filter: AnagraficaFilter): SQL {
  const conditions: Array<SQL | undefined> = [];
  if (filter.q) {
    conditions.push(
      or(
        matchesSearch(table.ragioneSociale, filter.q),
        matchesSearch(table.partitaIva, filter.q),
        matchesSearch(table.comune, filter.q),
      ),
    );
  }
  if (filter.nazione) conditions.push(eq(table.nazione, filter.nazione));
  if (filter.provincia) conditions.push(eq(table.provincia, filter.provincia));
  if (filter.attivo !== undefined) conditions.push(eq(table.attivo, filter.attivo));
  return byId(table).scope(companyId, ...conditions);
}

export async function listPage(
  db: DbOrTx,
  table: AnagraficaTable,
  companyId: string,
  opts: AnagraficaFilter & { sort?: string; page: number; limit: number },
) {
  const where = filterWhere(table, companyId, opts);
  const order = orderByOf(
    opts.sort,
    {
      ragioneSociale: table.ragioneSociale,
      comune: table.comune,
      provincia: table.provincia,
      nazione: table.nazione,
      createdAt: table.createdAt,
    },
    asc(table.ragioneSociale),
    table.id,
  );
  const [items, counted] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db.execute<{ n: number }>(
      sql`select ${cappedCount(sql`select 1 from ${table} where ${where}`)} as n`,
    ),
  ]);
  return { items, counted: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
}

/** Active records matching `q`, for a picker. */
export function pickList(
  db: DbOrTx,
  table: AnagraficaTable,
  companyId: string,
  q: string | undefined,
) {
  return db
    .select()
    .from(table)
    .where(filterWhere(table, companyId, { q, attivo: true }))
    .orderBy(asc(table.ragioneSociale), asc(table.id))
    .limit(20);
}

export function listAll(
  db: DbOrTx,
  table: AnagraficaTable,
  companyId: string,
  filter: AnagraficaFilter,
) {
  return db
    .select()
    .from(table)
    .where(filterWhere(table, companyId, filter))
    .orderBy(asc(table.ragioneSociale), asc(table.id))
    .limit(50_000);
}

export async function summary(
  db: DbOrTx,
  table: AnagraficaTable,
  companyId: string,
  filter: AnagraficaFilter,
) {
  const [row] = await db
    .select({
      totale: sql<number>`count(*)::int`,
      attivi: sql<number>`count(*) filter (where ${table.attivo})::int`,
      italiani: sql<number>`count(*) filter (where ${table.nazione} = 'IT')::int`,
      pubblicaAmministrazione: sql<number>`count(*) filter (where ${table.pubblicaAmministrazione})::int`,
    })
    .from(table)
    .where(filterWhere(table, companyId, filter));
  return row!;
}

export function findInCompany(db: DbOrTx, table: AnagraficaTable, companyId: string, id: string) {
  return byId(table).find(db, companyId, id);
}

export function insert(
  db: DbOrTx,
  table: AnagraficaTable,
  companyId: string,
  data: AnagraficaData,
) {
  return byId(table).insert(db, companyId, data);
}

/** The patch written in one guarded statement; the row as it was comes back with the new one. */
export function update(
  db: DbOrTx,
  table: AnagraficaTable,
  companyId: string,
  id: string,
  patch: Partial<AnagraficaData>,
) {
  return byId(table).updateReturningBefore(db, companyId, id, patch);
}

export function remove(db: DbOrTx, table: AnagraficaTable, companyId: string, id: string) {
  return byId(table).remove(db, companyId, id);
}

/** A group company as another company's cliente or fornitore (a transfer's counterpart). */
export type DittaDelGruppo = DatiDitta & Pick<CompanyRow, 'nazione'>;

/** The record naming a group company in `companyId`, by partita IVA or else by name, if there is one. */
export async function findForDitta(
  db: DbOrTx,
  table: AnagraficaTable,
  companyId: string,
  ditta: DittaDelGruppo,
): Promise<{ id: string; ragioneSociale: string } | undefined> {
  const [found] = await db
    .select({ id: table.id, ragioneSociale: table.ragioneSociale })
    .from(table)
    .where(
      byId(table).scope(
        companyId,
        ditta.partitaIva
          ? eq(table.partitaIva, ditta.partitaIva)
          : eq(table.ragioneSociale, ditta.name),
      ),
    )
    .limit(1);
  return found;
}

/** The record naming a group company in `companyId` (findForDitta); created if missing. */
export async function ensureForDitta(
  db: DbOrTx,
  table: AnagraficaTable,
  companyId: string,
  ditta: DittaDelGruppo,
): Promise<{ id: string; ragioneSociale: string }> {
  const found = await findForDitta(db, table, companyId, ditta);
  if (found) return found;
  const [created] = await db
    .insert(table)
    .values({
      companyId,
      ragioneSociale: ditta.name,
      partitaIva: ditta.partitaIva,
      codiceFiscale: ditta.codiceFiscale,
      // the company record may lack an address; the anagrafica requires one
      indirizzo: ditta.indirizzo || 'Non indicato',
      cap: ditta.cap,
      comune: ditta.comune || 'Non indicato',
      provincia: ditta.provincia,
      nazione: ditta.nazione,
      email: ditta.email,
      pec: ditta.pec,
      note: 'Ditta del gruppo',
    })
    .returning({ id: table.id, ragioneSociale: table.ragioneSociale });
  return created!;
}
