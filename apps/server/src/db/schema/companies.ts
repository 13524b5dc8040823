import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { primaryId, timestamps } from './columns.js';

export const companies = pgTable('companies', {
  id: primaryId(),
  name: text('name').notNull(),
  quarryName: text('quarry_name'),
  logoKey: text('logo_key'),
  partitaIva: text('partita_iva'),
  codiceFiscale: text('codice_fiscale'),
  indirizzo: text('indirizzo'),
  cap: text('cap'),
  comune: text('comune'),
  provincia: text('provincia'),
  nazione: text('nazione').notNull().default('IT'),
  telefono: text('telefono'),
  email: text('email'),
  pec: text('pec'),
  ...timestamps(),
});

/** `company_id`: the owning group company; a company with data cannot be deleted. */
export function companyRef() {
  return uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'restrict' });
}
