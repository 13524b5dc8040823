import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';

export type NewCompany = typeof companies.$inferInsert;

export function listCompanies(db: DbOrTx) {
  return db.select().from(companies).orderBy(asc(companies.createdAt), asc(companies.name));
}

export function findCompany(db: DbOrTx, id: string) {
  return db
    .select()
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r[0]);
}

/** The company's logo key, its row locked until the transaction ends: two logo uploads replace one after the other. */
export function lockLogoKey(tx: DbOrTx, id: string) {
  return tx
    .select({ logoKey: companies.logoKey })
    .from(companies)
    .where(eq(companies.id, id))
    .for('update')
    .then((r) => r[0]?.logoKey ?? null);
}

/** The group's first company: its logo is the login page's. */
export function findPrimaryCompany(db: DbOrTx) {
  return db
    .select()
    .from(companies)
    .orderBy(asc(companies.createdAt))
    .limit(1)
    .then((r) => r[0]);
}

export function insertCompany(db: DbOrTx, values: NewCompany) {
  return db
    .insert(companies)
    .values(values)
    .returning()
    .then((r) => r[0]!);
}

export function updateCompany(db: DbOrTx, id: string, values: Partial<NewCompany>) {
  return db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning()
    .then((r) => r[0]);
}
