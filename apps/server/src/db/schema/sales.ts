import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clienti } from './anagrafica.js';
import { primaryId, timestamps } from './columns.js';
import { companyRef } from './companies.js';
import { blocchi } from './production.js';

// The buyer's inspection (docs/domain.md "Collaudo"). A row holds a block while the collaudo is open and
// remembers where the block goes back (its state and option) if it is rejected or the collaudo
// cancelled.

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const collaudi = pgTable(
  'collaudi',
  {
    id: primaryId(),
    companyId: companyRef(),
    codice: text('codice').notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    luogo: text('luogo'),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => clienti.id, { onDelete: 'restrict' }),
    ispettore: text('ispettore'),
    ispettoreSocieta: text('ispettore_societa'),
    /** The terms of the sale the verbale prints: delivery basis (resa), loading, payment. */
    resa: text('resa'),
    carico: text('carico'),
    pagamento: text('pagamento'),
    riferimentoOrdine: text('riferimento_ordine'),
    note: text('note'),
    stato: text('stato').notNull().default('programmato'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('collaudi_codice_unique').on(t.companyId, t.codice),
    index('collaudi_list_idx').on(t.companyId, t.data, t.id),
    index('collaudi_cliente_idx').on(t.companyId, t.clienteId),
  ],
);

export const collaudoRighe = pgTable(
  'collaudo_righe',
  {
    id: primaryId(),
    collaudoId: uuid('collaudo_id')
      .notNull()
      .references(() => collaudi.id, { onDelete: 'cascade' }),
    bloccoId: uuid('blocco_id')
      .notNull()
      .references(() => blocchi.id, { onDelete: 'restrict' }),
    statoPrecedente: text('stato_precedente').notNull(),
    opzioneScadenzaPrecedente: date('opzione_scadenza_precedente', { mode: 'string' }),
    lunghezzaRilevata: integer('lunghezza_rilevata'),
    altezzaRilevata: integer('altezza_rilevata'),
    profonditaRilevata: integer('profondita_rilevata'),
    abbuonoTipo: text('abbuono_tipo'),
    abbuonoValore: numeric('abbuono_valore', { precision: 12, scale: 3, mode: 'number' }),
    sceltaAssegnata: text('scelta_assegnata'),
    difettiRiscontrati: text('difetti_riscontrati')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    esito: text('esito'),
    prezzo: money('prezzo'),
    unitaPrezzo: text('unita_prezzo').notNull().default('m3'),
    pesoRilevato: numeric('peso_rilevato', { precision: 10, scale: 2, mode: 'number' }),
    note: text('note'),
    /** The row's figures (contracts' calcolaRiga) as of its last write, for SQL sums; the detail recomputes them live. */
    volumeNettoAccettato: numeric('volume_netto_accettato', {
      precision: 12,
      scale: 3,
      mode: 'number',
    })
      .notNull()
      .default(0),
    peso: numeric('peso', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    importo: bigint('importo', { mode: 'number' }),
    /** What `peso` was taken on (`pesato` | `teorico`); a confirmed collaudo shows its stored figures, never recomputed. */
    pesoBase: text('peso_base').notNull().default('teorico'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('collaudo_righe_blocco_unique').on(t.collaudoId, t.bloccoId),
    index('collaudo_righe_blocco_idx').on(t.bloccoId),
    check(
      'collaudo_righe_quantita_check',
      sql`${t.lunghezzaRilevata} > 0 and ${t.altezzaRilevata} > 0 and ${t.profonditaRilevata} > 0 and ${t.abbuonoValore} >= 0 and ${t.prezzo} >= 0 and ${t.pesoRilevato} >= 0`,
    ),
  ],
);
