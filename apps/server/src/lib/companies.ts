import { asc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { companies } from '../db/schema/index.js';

export type CompanyRow = typeof companies.$inferSelect;

/** A company's name and legal address, as its documents print it and a group company names it. */
export type DatiDitta = Pick<
  CompanyRow,
  | 'name'
  | 'partitaIva'
  | 'codiceFiscale'
  | 'indirizzo'
  | 'cap'
  | 'comune'
  | 'provincia'
  | 'email'
  | 'pec'
>;

/**
 * Whether an id from outside (a form's companyId, an inbox folder's name) names a company of this
 * installation. Shared by the users module and the photo sync, which may not reach into the
 * companies module's repository (docs/architecture.md "Module pattern"; the companies service itself depends on users).
 */
export function companyExists(db: DbOrTx, id: string): Promise<boolean> {
  return db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r.length > 0);
}

/** A company's stored row (its legal data: a transfer's counterpart), or undefined. */
export function findCompanyRow(db: DbOrTx, id: string) {
  return db
    .select()
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r[0]);
}

/** The other companies of the group, by name: where a transfer or a DDT of causale trasferimento goes. */
export function otherCompanies(db: DbOrTx, companyId: string) {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(ne(companies.id, companyId))
    .orderBy(asc(companies.name));
}
