import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { primaryId, timestamps } from './columns.js';
import { companyRef } from './companies.js';

/** __label__ (modules/__plural__): one name once per company. */
export const __pluralCamel__ = pgTable(
  '__table__',
  {
    id: primaryId(),
    companyId: companyRef(),
    nome: text('nome').notNull(),
    note: text('note'),
    attivo: boolean('attivo').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('__table___nome_unique').on(t.companyId, t.nome),
    index('__table___company_created_idx').on(t.companyId, t.createdAt),
  ],
);
