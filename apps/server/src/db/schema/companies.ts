import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
