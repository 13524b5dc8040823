import { and, eq, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { cappedCount, rowsOf } from './pagination.js';

/** A table of company data: every row has its own id and the company it belongs to. */
export type CompanyTable = PgTable & { id: PgColumn; companyId: PgColumn; updatedAt: PgColumn };

/**
 * The rows of `table` in the company that also match `conditions` (undefined ones skipped): the WHERE
 * of any query the helpers of `companyTable` do not cover (a join, a summary, a guarded update, a lock
 * of several rows). `companyId` is the company's id, or the outer row's `company_id` column when it
 * bounds a join (`companyScope(pacchi, lastre.companyId)`: the bundle of the slab's own company).
 */
export function companyScope(
  table: Pick<CompanyTable, 'companyId'>,
  companyId: string | SQLWrapper,
  ...conditions: Array<SQL | undefined>
): SQL {
  return and(eq(table.companyId, companyId), ...conditions)!;
}

/**
 * A company table under an alias in raw SQL (docs/architecture.md "Company scoping in raw SQL"):
 * `from` is the FROM item (`"movimenti" "m"`; the alias alone would render `"m"`, a relation that does
 * not exist), `scope(companyId, …)` its company condition (`"m"."company_id" = $1 and …`, as
 * `companyScope`), and `t` the aliased table for typed columns (`${m.t.prezzo}`: `"m"."prezzo"`).
 */
export function companyAlias<T extends PgTable & { companyId: PgColumn }>(table: T, name: string) {
  const t = alias(table, name);
  // drizzle's alias type does not resolve the columns of a type parameter; the alias has the table's
  const scoped = t as unknown as Pick<CompanyTable, 'companyId'>;
  return {
    t,
    from: sql`${table} ${sql.identifier(name)}`,
    scope: (companyId: string | SQLWrapper, ...conditions: Array<SQL | undefined>): SQL =>
      companyScope(scoped, companyId, ...conditions),
  };
}

/**
 * The company-scoped reads and writes (and the list page) every simple table repeats (in the spirit of Infisical's
 * `ormify`): each takes the company and applies it, so no caller can forget it. Drizzle cannot type
 * one query over a generic table, so each function narrows its result to the table's row type once,
 * here. `Row` / `Insert` default to the table's own; a union of tables (clienti | fornitori) passes them.
 */
export function companyTable<
  T extends CompanyTable,
  Row = T['$inferSelect'],
  Insert = Omit<T['$inferInsert'], 'id' | 'companyId' | 'createdAt' | 'updatedAt'>,
>(table: T) {
  // the generic table, as drizzle's builders take it (their overloads do not resolve on a type parameter)
  const t = table as CompanyTable;
  return {
    table,
    inCompany: (companyId: string, id: string): SQL => rowInCompany(t, companyId, id),
    /**
     * The company's rows that also match `conditions` (undefined ones are skipped): the WHERE of a
     * query the helpers below do not cover (a join, a summary, a guarded update), so the company is
     * applied here too and never written by hand.
     */
    scope(companyId: string, ...conditions: Array<SQL | undefined>): SQL {
      return companyScope(t, companyId, ...conditions);
    },
    ...companyTableReads<Row>(t),
    ...companyTableWrites<Row, Insert>(t),
  };
}

function rowInCompany(t: CompanyTable, companyId: string, id: string): SQL {
  return and(eq(t.companyId, companyId), eq(t.id, id))!;
}

function companyTableReads<Row>(t: CompanyTable) {
  return {
    find(db: DbOrTx, companyId: string, id: string): Promise<Row | undefined> {
      return db
        .select()
        .from(t)
        .where(rowInCompany(t, companyId, id))
        .limit(1)
        .then((r) => r[0] as Row | undefined);
    },
    /** The row locked for an edit (`FOR NO KEY UPDATE`: children may still reference it meanwhile). */
    findForUpdate(db: DbOrTx, companyId: string, id: string): Promise<Row | undefined> {
      return db
        .select()
        .from(t)
        .where(rowInCompany(t, companyId, id))
        .for('no key update')
        .then((r) => r[0] as Row | undefined);
    },
    /**
     * One page of the company's rows that match `where`, in `order`, and how many match (capped:
     * lib/pagination's `toPage` makes the answer). Also the reader `exportPages` pages through.
     */
    async page(
      db: DbOrTx,
      companyId: string,
      opts: { where?: SQL; order: SQL[]; page: number; limit: number },
    ): Promise<{ items: Row[]; counted: number }> {
      const where = and(eq(t.companyId, companyId), opts.where)!;
      const [items, counted] = await Promise.all([
        db
          .select()
          .from(t)
          .where(where)
          .orderBy(...opts.order)
          .limit(opts.limit)
          .offset((opts.page - 1) * opts.limit),
        db.execute(sql`select ${cappedCount(sql`select 1 from ${t} where ${where}`)} as n`),
      ]);
      return { items: items as Row[], counted: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
    },
  };
}

function companyTableWrites<Row, Insert>(t: CompanyTable) {
  return {
    insert(db: DbOrTx, companyId: string, values: Insert): Promise<Row> {
      return db
        .insert(t)
        .values({ ...values, companyId } as never)
        .returning()
        .then((r) => r[0] as Row);
    },
    update(
      db: DbOrTx,
      companyId: string,
      id: string,
      values: Partial<Insert>,
    ): Promise<Row | undefined> {
      return db
        .update(t)
        .set({ ...values, updatedAt: new Date() } as never)
        .where(rowInCompany(t, companyId, id))
        .returning()
        .then((r) => r[0] as Row | undefined);
    },
    /** The guarded update that also answers the row as it was (see `updateReturningBefore` below). */
    updateReturningBefore: (db: DbOrTx, companyId: string, id: string, values: Partial<Insert>) =>
      updateReturningBefore<Row, Insert>(t, db, { companyId, id, values }),
    remove(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
      return db
        .delete(t)
        .where(rowInCompany(t, companyId, id))
        .returning({ id: t.id })
        .then((r) => r.length > 0);
    },
  };
}

/**
 * One guarded UPDATE of the company's row that also answers the row as it was before, for a
 * history diff or a check of the merged record without reading first: the statement's own
 * subquery locks the row (`FOR NO KEY UPDATE`), so `before` is the version this update replaced
 * even under concurrent edits. undefined when the company has no such row.
 */
async function updateReturningBefore<Row, Insert>(
  t: CompanyTable,
  db: DbOrTx,
  { companyId, id, values }: { companyId: string; id: string; values: Partial<Insert> },
): Promise<{ before: Row; after: Row } | undefined> {
  const locked = db
    .select()
    .from(t)
    .where(rowInCompany(t, companyId, id))
    .for('no key update')
    .as('before');
  const columns = getTableColumns(t);
  const keys = Object.keys(columns);
  const fields = locked as unknown as Record<string, PgColumn>;
  const selection = {
    ...columns,
    ...Object.fromEntries(keys.map((k) => [`before.${k}`, fields[k]!])),
  };
  const [row] = await db
    .update(t)
    .set({ ...values, updatedAt: new Date() } as never)
    .from(locked)
    .where(eq(t.id, fields.id!))
    .returning(selection);
  if (!row) return undefined;
  const all = row as Record<string, unknown>;
  const before = Object.fromEntries(keys.map((k) => [k, all[`before.${k}`]]));
  const after = Object.fromEntries(keys.map((k) => [k, all[k]]));
  return { before: before as Row, after: after as Row };
}
