import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { area, money, primaryId } from './columns.js';
import { users } from './users.js';
import { companies, companyRef } from './companies.js';

// Transfers between the group's companies (docs/domain.md "Ditte del gruppo"): the sender's header and
// one line per item, naming the item on both sides.

/** A sale between two group companies of the installation (docs/domain.md "Ditte del gruppo"). */
export const trasferimenti = pgTable(
  'trasferimenti',
  {
    id: primaryId(),
    /** The source company. */
    companyId: companyRef(),
    destinazioneCompanyId: uuid('destinazione_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** The sale's own reference (an order, a fattura), if any: the goods travel with a DDT. */
    documento: text('documento'),
    note: text('note'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trasferimenti_company_idx').on(t.companyId, t.createdAt),
    index('trasferimenti_destinazione_idx').on(t.destinazioneCompanyId, t.createdAt),
    check('trasferimenti_ditte_check', sql`${t.companyId} <> ${t.destinazioneCompanyId}`),
  ],
);

/** Each item of a transfer: its row in the source company and the one it became in the destination. */
export const trasferimentiRighe = pgTable(
  'trasferimenti_righe',
  {
    id: primaryId(),
    trasferimentoId: uuid('trasferimento_id')
      .notNull()
      .references(() => trasferimenti.id, { onDelete: 'cascade' }),
    tipo: text('tipo').$type<'blocco' | 'pacco' | 'lotto'>().notNull(),
    codice: text('codice').notNull(),
    /** The code in the destination: the same, or with a suffix for a lot's later parts. */
    codiceDestinazione: text('codice_destinazione').notNull(),
    origineId: uuid('origine_id').notNull(),
    destinazioneId: uuid('destinazione_id').notNull(),
    pezzi: integer('pezzi').notNull(),
    mq: area('mq').notNull(),
    prezzo: money('prezzo').notNull(),
  },
  (t) => [
    index('trasferimenti_righe_trasferimento_idx').on(t.trasferimentoId),
    index('trasferimenti_righe_origine_idx').on(t.origineId),
    index('trasferimenti_righe_destinazione_idx').on(t.destinazioneId),
    check(
      'trasferimenti_righe_check',
      sql`${t.tipo} in ('blocco', 'pacco', 'lotto') and ${t.pezzi} > 0 and ${t.mq} >= 0 and ${t.prezzo} >= 0`,
    ),
  ],
);
