import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';

/** A table of company data: every row has its own id and the company it belongs to. */
export type CompanyTable = PgTable & { id: PgColumn; companyId: PgColumn; updatedAt: PgColumn };

/**
 * The company-scoped reads and writes every simple table repeats (in the spirit of Infisical's
 * `ormify`): each takes the company and applies it, so no caller can forget it. Drizzle cannot type
 * one query over a generic table, so each function narrows its result to the table's row type once,
 * here. `Row` / `Insert` default to the table's own; a union of tables (clienti | fornitori) passes them.
 */
export function companyTable<T extends CompanyTable, Row = T['$inferSelect'], Insert = Omit<T['$inferInsert'], 'id' | 'companyId' | 'createdAt' | 'updatedAt'>>(table: T) {
  // the generic table, as drizzle's builders take it (their overloads do not resolve on a type parameter)
  const t = table as CompanyTable;
  const inCompany = (companyId: string, id: string): SQL => and(eq(t.companyId, companyId), eq(t.id, id))!;
  return {
    table,
    inCompany,
    find(db: DbOrTx, companyId: string, id: string): Promise<Row | undefined> {
      return db.select().from(t).where(inCompany(companyId, id)).limit(1).then((r) => r[0] as Row | undefined);
    },
    /** The row locked for an edit (`FOR NO KEY UPDATE`: children may still reference it meanwhile). */
    findForUpdate(db: DbOrTx, companyId: string, id: string): Promise<Row | undefined> {
      return db.select().from(t).where(inCompany(companyId, id)).for('no key update').then((r) => r[0] as Row | undefined);
    },
    insert(db: DbOrTx, companyId: string, values: Insert): Promise<Row> {
      return db.insert(t).values({ ...values, companyId } as never).returning().then((r) => r[0] as Row);
    },
    update(db: DbOrTx, companyId: string, id: string, values: Partial<Insert>): Promise<Row | undefined> {
      return db.update(t).set({ ...values, updatedAt: new Date() } as never).where(inCompany(companyId, id)).returning().then((r) => r[0] as Row | undefined);
    },
    remove(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
      return db.delete(t).where(inCompany(companyId, id)).returning({ id: t.id }).then((r) => r.length > 0);
    },
  };
}
