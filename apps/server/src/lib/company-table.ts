import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { cappedCount, rowsOf } from './pagination.js';

/** A table of company data: every row has its own id and the company it belongs to. */
export type CompanyTable = PgTable & { id: PgColumn; companyId: PgColumn; updatedAt: PgColumn };

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
  const inCompany = (companyId: string, id: string): SQL =>
    and(eq(t.companyId, companyId), eq(t.id, id))!;
  return {
    table,
    inCompany,
    find(db: DbOrTx, companyId: string, id: string): Promise<Row | undefined> {
      return db
        .select()
        .from(t)
        .where(inCompany(companyId, id))
        .limit(1)
        .then((r) => r[0] as Row | undefined);
    },
    /** The row locked for an edit (`FOR NO KEY UPDATE`: children may still reference it meanwhile). */
    findForUpdate(db: DbOrTx, companyId: string, id: string): Promise<Row | undefined> {
      return db
        .select()
        .from(t)
        .where(inCompany(companyId, id))
        .for('no key update')
        .then((r) => r[0] as Row | undefined);
    },
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
        .where(inCompany(companyId, id))
        .returning()
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
    remove(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
      return db
        .delete(t)
        .where(inCompany(companyId, id))
        .returning({ id: t.id })
        .then((r) => r.length > 0);
    },
  };
}
