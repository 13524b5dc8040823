import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clienti } from './anagrafica.js';
import { primaryId, timestamps } from './columns.js';
import { companyRef } from './companies.js';
import { blocchi } from './production.js';
import { users } from './users.js';

/**
 * A link that shows a buyer some blocks (docs/condivisioni.md). Only the SHA-256 of the token is
 * kept: whoever reads this table cannot open a link.
 */
export const condivisioni = pgTable(
  'condivisioni',
  {
    id: primaryId(),
    companyId: companyRef(),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => clienti.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    tokenHash: text('token_hash').notNull(),
    blocchi: uuid('blocchi').array().notNull(),
    /** The last day (Rome) the link opens. */
    scadenza: date('scadenza', { mode: 'string' }).notNull(),
    lingua: text('lingua').$type<'it' | 'en'>().notNull(),
    mostraPrezzi: boolean('mostra_prezzi').notNull(),
    messaggio: text('messaggio'),
    revocataAt: timestamp('revocata_at', { withTimezone: true }),
    revocataDa: uuid('revocata_da').references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('condivisioni_token_hash_unique').on(t.tokenHash),
    index('condivisioni_cliente_idx').on(t.companyId, t.clienteId, t.createdAt),
    index('condivisioni_blocchi_idx').using('gin', t.blocchi),
    check('condivisioni_lingua_check', sql`${t.lingua} in ('it', 'en')`),
    check('condivisioni_hash_check', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** Each time the link was opened: the address cut to its network, the browser. */
export const condivisioniAccessi = pgTable(
  'condivisioni_accessi',
  {
    id: primaryId(),
    condivisioneId: uuid('condivisione_id')
      .notNull()
      .references(() => condivisioni.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    indirizzo: text('indirizzo').notNull(),
    browser: text('browser').notNull(),
  },
  (t) => [index('condivisioni_accessi_idx').on(t.condivisioneId, t.at)],
);

/** The buyer's answers, block by block; `lettaAt` null is a notification its maker has not seen. */
export const condivisioniRisposte = pgTable(
  'condivisioni_risposte',
  {
    id: primaryId(),
    condivisioneId: uuid('condivisione_id')
      .notNull()
      .references(() => condivisioni.id, { onDelete: 'cascade' }),
    bloccoId: uuid('blocco_id')
      .notNull()
      .references(() => blocchi.id, { onDelete: 'cascade' }),
    risposta: text('risposta').notNull(),
    nota: text('nota'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    lettaAt: timestamp('letta_at', { withTimezone: true }),
  },
  (t) => [
    index('condivisioni_risposte_idx').on(t.condivisioneId, t.at),
    check(
      'condivisioni_risposte_check',
      sql`${t.risposta} in ('interessato', 'richiesta_opzione', 'non_interessato')`,
    ),
  ],
);
