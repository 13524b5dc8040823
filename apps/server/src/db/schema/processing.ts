import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { area, money, primaryId, timestamps } from './columns.js';
import { clienti, fornitori } from './anagrafica.js';
import { macchine, materiali, ubicazioni } from './lookups.js';
import { blocchi } from './production.js';
import { users } from './users.js';
import { companyRef } from './companies.js';
import { ddt } from './shipping.js';

// The sawmill and its stock (docs/domain.md "Lavorazione lastre/pavimenti", "Magazzino", "Stock ledger").
// Stock quantities live on the item (pacco, lotto) and every change of them is a movimento row written
// in the same transaction; CHECKs keep them ≥ 0 whatever the code does.

const ratio = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

// Column groups the tables below share (each call makes new builders: a column belongs to one table).

/** The block (when known in this company) and the material a lavorazione or a piece of stock is of. */
function bloccoMateriale() {
  return {
    bloccoId: uuid('blocco_id').references(() => blocchi.id, { onDelete: 'restrict' }),
    materialeId: uuid('materiale_id')
      .notNull()
      .references(() => materiali.id, { onDelete: 'restrict' }),
  };
}

/** A tile's format, as a lavorazione pavimenti plans it and its lot keeps it. */
function formatoPiastrella() {
  return {
    lunghezzaMm: integer('lunghezza_mm').notNull(),
    larghezzaMm: integer('larghezza_mm').notNull(),
    spessoreMm: integer('spessore_mm').notNull(),
    finitura: text('finitura').notNull(),
    bordo: text('bordo').notNull(),
  };
}

/** What a piece of stock (bundle, lot) carries after its quantities: place, list price, note, origin in the group. */
function stockTail() {
  return {
    ubicazioneId: uuid('ubicazione_id').references(() => ubicazioni.id, { onDelete: 'restrict' }),
    prezzoListino: money('prezzo_listino'),
    note: text('note'),
    /** The group company's bundle or lot this one was transferred from (same code), or null. */
    trasferitoDaId: uuid('trasferito_da_id'),
    ...timestamps(),
  };
}

export const lavorazioniLastre = pgTable(
  'lavorazioni_lastre',
  {
    id: primaryId(),
    companyId: companyRef(),
    codice: text('codice').notNull(),
    bloccoId: uuid('blocco_id')
      .notNull()
      .references(() => blocchi.id, { onDelete: 'restrict' }),
    macchinaId: uuid('macchina_id')
      .notNull()
      .references(() => macchine.id, { onDelete: 'restrict' }),
    spessoreMm: integer('spessore_mm').notNull(),
    finitura: text('finitura').notNull(),
    resinatura: boolean('resinatura').notNull().default(false),
    contoTerzi: boolean('conto_terzi').notNull().default(false),
    terzistaId: uuid('terzista_id').references(() => fornitori.id, { onDelete: 'restrict' }),
    dataInizio: date('data_inizio', { mode: 'string' }),
    dataFine: date('data_fine', { mode: 'string' }),
    numeroLastre: integer('numero_lastre'),
    mqTotali: area('mq_totali'),
    resa: ratio('resa'),
    /** The machine's maximum for the thickness, fixed when planned (a later kerf change does not rewrite history). */
    resaTeorica: ratio('resa_teorica').notNull(),
    stato: text('stato').notNull().default('pianificata'),
    note: text('note'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('lavorazioni_lastre_codice_unique').on(t.companyId, t.codice),
    // one open sawing per block: a second plan for the same block is refused by the database too
    uniqueIndex('lavorazioni_lastre_blocco_aperta_unique')
      .on(t.bloccoId)
      .where(sql`${t.stato} in ('pianificata', 'in_segagione')`),
    index('lavorazioni_lastre_list_idx').on(t.companyId, t.createdAt, t.id),
    index('lavorazioni_lastre_blocco_idx').on(t.bloccoId),
    check(
      'lavorazioni_lastre_quantita_check',
      sql`${t.numeroLastre} >= 0 and ${t.mqTotali} >= 0 and ${t.spessoreMm} > 0`,
    ),
  ],
);

export const pacchi = pgTable(
  'pacchi',
  {
    id: primaryId(),
    companyId: companyRef(),
    codice: text('codice').notNull(),
    /**
     * The sawing and the block it came from, in this company. A bundle received from a group company
     * names only this company's rows (docs/domain.md): its copy of the block when it has one, else nothing.
     */
    lavorazioneId: uuid('lavorazione_id').references(() => lavorazioniLastre.id, {
      onDelete: 'restrict',
    }),
    ...bloccoMateriale(),
    spessoreMm: integer('spessore_mm').notNull(),
    finitura: text('finitura').notNull(),
    resinatura: boolean('resinatura').notNull().default(false),
    scelta: text('scelta').notNull(),
    /** On hand: the ledger's sum for this bundle. */
    nLastre: integer('n_lastre').notNull(),
    mq: area('mq').notNull(),
    ...stockTail(),
  },
  (t) => [
    uniqueIndex('pacchi_codice_unique').on(t.companyId, t.codice),
    index('pacchi_list_idx').on(t.companyId, t.createdAt, t.id),
    index('pacchi_blocco_idx').on(t.bloccoId),
    index('pacchi_lavorazione_idx').on(t.lavorazioneId),
    check('pacchi_quantita_check', sql`${t.nLastre} >= 0 and ${t.mq} >= 0`),
  ],
);

export const lastre = pgTable(
  'lastre',
  {
    id: primaryId(),
    companyId: companyRef(),
    codice: text('codice').notNull(),
    paccoId: uuid('pacco_id')
      .notNull()
      .references(() => pacchi.id, { onDelete: 'restrict' }),
    /** As its bundle's: null when received from a group company without its block. */
    bloccoId: uuid('blocco_id').references(() => blocchi.id, { onDelete: 'restrict' }),
    /** Place in sawing order, 1…999. */
    progressivo: integer('progressivo').notNull(),
    lunghezzaMm: integer('lunghezza_mm').notNull(),
    altezzaMm: integer('altezza_mm').notNull(),
    mq: area('mq').notNull(),
    scelta: text('scelta').notNull(),
    difetti: text('difetti')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Reserved for or sold to. */
    clienteId: uuid('cliente_id').references(() => clienti.id, { onDelete: 'restrict' }),
    /** Last day (Rome) of a reservation; the day after, the slab reads as disponibile. */
    scadenzaRiserva: date('scadenza_riserva', { mode: 'string' }),
    /** Where the slab is when moved apart from its bundle (null: with the bundle). */
    ubicazioneId: uuid('ubicazione_id').references(() => ubicazioni.id, { onDelete: 'restrict' }),
    stato: text('stato').notNull().default('disponibile'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('lastre_codice_unique').on(t.companyId, t.codice),
    // per company: a bundle transferred to a group company keeps its slabs' block and places
    uniqueIndex('lastre_blocco_progressivo_unique').on(t.companyId, t.bloccoId, t.progressivo),
    index('lastre_pacco_idx').on(t.paccoId, t.progressivo),
    index('lastre_list_idx').on(t.companyId, t.createdAt, t.id),
    index('lastre_riservate_idx')
      .on(t.companyId, t.scadenzaRiserva)
      .where(sql`${t.stato} = 'riservata'`),
    check(
      'lastre_riserva_check',
      sql`${t.stato} <> 'riservata' or (${t.clienteId} is not null and ${t.scadenzaRiserva} is not null)`,
    ),
    check(
      'lastre_misure_check',
      sql`${t.progressivo} between 1 and 999 and ${t.lunghezzaMm} > 0 and ${t.altezzaMm} > 0 and ${t.mq} >= 0`,
    ),
  ],
);

export const lavorazioniPavimenti = pgTable(
  'lavorazioni_pavimenti',
  {
    id: primaryId(),
    companyId: companyRef(),
    codice: text('codice').notNull(),
    origine: text('origine').$type<'blocco' | 'lastre'>().notNull(),
    // the block cut, or (origine lastre) the block the slabs came from, when they all share one
    ...bloccoMateriale(),
    ...formatoPiastrella(),
    calibrato: boolean('calibrato').notNull().default(true),
    dataInizio: date('data_inizio', { mode: 'string' }),
    dataFine: date('data_fine', { mode: 'string' }),
    pezzi: integer('pezzi'),
    mqProdotti: area('mq_prodotti'),
    scartoMq: area('scarto_mq'),
    resa: ratio('resa'),
    stato: text('stato').notNull().default('pianificata'),
    note: text('note'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('lavorazioni_pavimenti_codice_unique').on(t.companyId, t.codice),
    index('lavorazioni_pavimenti_list_idx').on(t.companyId, t.createdAt, t.id),
    index('lavorazioni_pavimenti_blocco_idx').on(t.bloccoId),
    check(
      'lavorazioni_pavimenti_quantita_check',
      sql`${t.pezzi} >= 0 and ${t.mqProdotti} >= 0 and ${t.scartoMq} >= 0`,
    ),
    check(
      'lavorazioni_pavimenti_origine_check',
      sql`${t.origine} in ('blocco', 'lastre') and (${t.origine} = 'lastre' or ${t.bloccoId} is not null)`,
    ),
  ],
);

/** The slabs a tile lavorazione cuts (origine lastre). */
export const lavorazioniPavimentiLastre = pgTable(
  'lavorazioni_pavimenti_lastre',
  {
    lavorazioneId: uuid('lavorazione_id')
      .notNull()
      .references(() => lavorazioniPavimenti.id, { onDelete: 'cascade' }),
    lastraId: uuid('lastra_id')
      .notNull()
      .references(() => lastre.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.lavorazioneId, t.lastraId] }),
    index('lavorazioni_pavimenti_lastre_lastra_idx').on(t.lastraId),
  ],
);

export const lotti = pgTable(
  'lotti',
  {
    id: primaryId(),
    companyId: companyRef(),
    codice: text('codice').notNull(),
    /** The tile cut, in this company: null for a lot received from a group company. */
    lavorazioneId: uuid('lavorazione_id').references(() => lavorazioniPavimenti.id, {
      onDelete: 'restrict',
    }),
    ...bloccoMateriale(),
    ...formatoPiastrella(),
    calibrato: boolean('calibrato').notNull(),
    scelta: text('scelta').notNull(),
    /** On hand: the ledger's sum for this lot. */
    pezzi: integer('pezzi').notNull(),
    mq: area('mq').notNull(),
    pezziPerCassa: integer('pezzi_per_cassa').notNull(),
    casse: integer('casse').notNull(),
    /** Sold by the box: a sale in m² takes whole boxes (`pezziOf`). */
    vendutoACasse: boolean('venduto_a_casse').notNull().default(false),
    /** Σ pieces of the lot's `attiva` reservations (kept with them, so a guarded update can test availability). */
    pezziRiservati: integer('pezzi_riservati').notNull().default(0),
    ...stockTail(),
  },
  (t) => [
    uniqueIndex('lotti_codice_unique').on(t.companyId, t.codice),
    index('lotti_list_idx').on(t.companyId, t.createdAt, t.id),
    index('lotti_blocco_idx').on(t.bloccoId),
    check(
      'lotti_quantita_check',
      sql`${t.pezzi} >= 0 and ${t.mq} >= 0 and ${t.casse} >= 0 and ${t.pezziPerCassa} > 0`,
    ),
    check(
      'lotti_riservati_check',
      sql`${t.pezziRiservati} >= 0 and ${t.pezziRiservati} <= ${t.pezzi}`,
    ),
  ],
);

/** Reservations of part of a tile lot for a cliente, until a day (Rome). */
export const riserveLotti = pgTable(
  'riserve_lotti',
  {
    id: primaryId(),
    companyId: companyRef(),
    lottoId: uuid('lotto_id')
      .notNull()
      .references(() => lotti.id, { onDelete: 'restrict' }),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => clienti.id, { onDelete: 'restrict' }),
    pezzi: integer('pezzi').notNull(),
    scadenza: date('scadenza', { mode: 'string' }).notNull(),
    /** attiva → rilasciata | scaduta | evasa (sold to its cliente). */
    stato: text('stato').notNull().default('attiva'),
    /** null: the system. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps(),
  },
  (t) => [
    index('riserve_lotti_lotto_idx').on(t.lottoId, t.stato),
    index('riserve_lotti_attive_idx')
      .on(t.companyId, t.scadenza)
      .where(sql`${t.stato} = 'attiva'`),
    check(
      'riserve_lotti_check',
      sql`${t.pezzi} > 0 and ${t.stato} in ('attiva', 'rilasciata', 'scaduta', 'evasa')`,
    ),
  ],
);

/**
 * The stock ledger: one row per change. Quantities are signed changes of what is on hand (carico
 * positive, scarico negative, rettifica either, riserva and rilascio zero), so on hand = Σ rows.
 */
export const movimenti = pgTable(
  'movimenti',
  {
    id: primaryId(),
    companyId: companyRef(),
    tipo: text('tipo').notNull(),
    pezzi: integer('pezzi').notNull(),
    mq: area('mq').notNull(),
    casse: integer('casse'),
    bloccoId: uuid('blocco_id').references(() => blocchi.id, { onDelete: 'restrict' }),
    paccoId: uuid('pacco_id').references(() => pacchi.id, { onDelete: 'restrict' }),
    lastraId: uuid('lastra_id').references(() => lastre.id, { onDelete: 'restrict' }),
    lottoId: uuid('lotto_id').references(() => lotti.id, { onDelete: 'restrict' }),
    causale: text('causale'),
    documento: text('documento'),
    clienteId: uuid('cliente_id').references(() => clienti.id, { onDelete: 'restrict' }),
    prezzo: money('prezzo'),
    unitaPrezzo: text('unita_prezzo'),
    /** The DDT a `spedizione` row (or its cancellation) belongs to. */
    ddtId: uuid('ddt_id').references(() => ddt.id, { onDelete: 'restrict' }),
    /** Of a tile sale (a lot's `scarico` or `trasferimento` to a cliente): the pieces DDTs have shipped. */
    pezziSpediti: integer('pezzi_spediti').notNull().default(0),
    /** null: the system. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('movimenti_list_idx').on(t.companyId, t.createdAt, t.id),
    index('movimenti_pacco_idx').on(t.paccoId),
    index('movimenti_lastra_idx').on(t.lastraId),
    index('movimenti_lotto_idx').on(t.lottoId),
    index('movimenti_blocco_idx').on(t.bloccoId),
    check(
      'movimenti_segno_check',
      sql`${t.tipo} in ('carico', 'scarico', 'rettifica', 'trasferimento', 'riserva', 'rilascio', 'spedizione')
        and (${t.tipo} <> 'carico' or (${t.pezzi} >= 0 and ${t.mq} >= 0))
        and (${t.tipo} not in ('scarico', 'trasferimento') or (${t.pezzi} <= 0 and ${t.mq} <= 0))
        and (${t.tipo} not in ('riserva', 'rilascio', 'spedizione') or (${t.pezzi} = 0 and ${t.mq} = 0))`,
    ),
    // shipping moves no quantity (the sale did): a tile sale's shipped pieces never exceed the pieces sold
    check(
      'movimenti_spediti_check',
      sql`${t.pezziSpediti} >= 0 and ${t.pezziSpediti} <= greatest(-${t.pezzi}, 0)`,
    ),
    index('movimenti_ddt_idx').on(t.ddtId),
    // a block appears alone only when it moves between group companies
    check(
      'movimenti_oggetto_check',
      sql`${t.paccoId} is not null or ${t.lottoId} is not null or ${t.lastraId} is not null or ${t.bloccoId} is not null`,
    ),
  ],
);
