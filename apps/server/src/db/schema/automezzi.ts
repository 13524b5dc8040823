import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { primaryId, timestamps } from './columns.js';
import { companyRef } from './companies.js';

/** A company's trucks (modules/automezzi): one plate once per company, stored as `normalizeTarga` writes it. */
export const automezzi = pgTable(
  'automezzi',
  {
    id: primaryId(),
    companyId: companyRef(),
    targa: text('targa').notNull(),
    descrizione: text('descrizione').notNull(),
    portataT: numeric('portata_t', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** Empty weight in kg (none when unknown): with the load, the gross mass a DDT warns about. */
    taraKg: integer('tara_kg'),
    attivo: boolean('attivo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('automezzi_targa_unique').on(t.companyId, t.targa),
    index('automezzi_company_descrizione_idx').on(t.companyId, t.descrizione),
    check('automezzi_portata_check', sql`${t.portataT} > 0 and ${t.portataT} <= 60`),
    check('automezzi_tara_check', sql`${t.taraKg} > 0 and ${t.taraKg} <= 40000`),
  ],
);
