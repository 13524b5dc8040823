import { numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
  // the issuer's fiscal data an electronic invoice prints (docs/fatture.md "Dati della ditta")
  regimeFiscale: text('regime_fiscale').notNull().default('RF01'),
  reaUfficio: text('rea_ufficio'),
  reaNumero: text('rea_numero'),
  capitaleSociale: numeric('capitale_sociale', { precision: 16, scale: 2, mode: 'number' }),
  socioUnico: text('socio_unico'),
  statoLiquidazione: text('stato_liquidazione').notNull().default('LN'),
  iban: text('iban'),
  ...timestamps(),
});

/** `company_id`: the owning group company; a company with data cannot be deleted. */
export function companyRef() {
  return uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'restrict' });
}
