import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { primaryId, timestamps } from './columns.js';
import { companyRef } from './companies.js';
import { clienti, fornitori } from './anagrafica.js';
import { cave, materiali, ubicazioni } from './lookups.js';

/** One counter per series and year for the whole group (`company_id` is lib/codes.ts GROUP_SEQUENCE_KEY): codes such as BA-2026-0014, unique under concurrency. */
export const codeSequences = pgTable(
  'code_sequences',
  {
    companyId: uuid('company_id').notNull(),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.series, t.year] })],
);

/**
 * The text a block list searches (codice, numero fornitore, tracciabilità, note), joined by a control
 * character no user types, so one trigram index serves one ILIKE.
 */
function blocchiSearchText(t: {
  codice: AnyPgColumn;
  numeroFornitore: AnyPgColumn;
  codiceTracciabilita: AnyPgColumn;
  note: AnyPgColumn;
}) {
  return sql`(${t.codice} || chr(1) || coalesce(${t.numeroFornitore}, '') || chr(1) || coalesce(${t.codiceTracciabilita}, '') || chr(1) || coalesce(${t.note}, ''))`;
}

const volume = (name: string) => numeric(name, { precision: 10, scale: 3, mode: 'number' });
const tonnes = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const bancate = pgTable(
  'bancate',
  {
    id: primaryId(),
    companyId: companyRef(),
    codice: text('codice').notNull(),
    cavaId: uuid('cava_id')
      .notNull()
      .references(() => cave.id, { onDelete: 'restrict' }),
    fronte: text('fronte'),
    materialeId: uuid('materiale_id')
      .notNull()
      .references(() => materiali.id, { onDelete: 'restrict' }),
    dataTaglio: date('data_taglio', { mode: 'string' }).notNull(),
    dataRibaltamento: date('data_ribaltamento', { mode: 'string' }),
    lunghezza: integer('lunghezza').notNull(),
    altezza: integer('altezza').notNull(),
    profondita: integer('profondita').notNull(),
    volumeLordo: volume('volume_lordo').notNull(),
    pesoStimato: tonnes('peso_stimato').notNull(),
    metodoTaglio: text('metodo_taglio'),
    informiT: tonnes('informi_t'),
    /** Scaglie bianche (the light chips the bianco benches give; their own tariff), t. */
    scaglieT: tonnes('scaglie_t'),
    /** Scaglie scure (darker, veined chips, a lower tariff), t. */
    scaglieScureT: tonnes('scaglie_scure_t'),
    /** Scogliere: large rough pieces sold for breakwaters, t. */
    scogliereT: tonnes('scogliere_t'),
    terreT: tonnes('terre_t'),
    note: text('note'),
    stato: text('stato').notNull().default('pianificata'),
    /** The yield frozen when the bancata closes; null while it is open (computed live). */
    resaChiusura: numeric('resa_chiusura', { precision: 6, scale: 1, mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('bancate_codice_unique').on(t.companyId, t.codice),
    index('bancate_company_data_idx').on(t.companyId, t.dataTaglio),
    index('bancate_company_stato_idx').on(t.companyId, t.stato),
  ],
);

export const blocchi = pgTable(
  'blocchi',
  {
    id: primaryId(),
    companyId: companyRef(),
    codice: text('codice').notNull(),
    origine: text('origine').$type<'interno' | 'esterno'>().notNull(),
    bancataId: uuid('bancata_id').references(() => bancate.id, { onDelete: 'restrict' }),
    /** The quarry of an own block (from its bancata), kept here so lists filter without a join. */
    cavaId: uuid('cava_id').references(() => cave.id, { onDelete: 'restrict' }),
    fornitoreId: uuid('fornitore_id').references(() => fornitori.id, { onDelete: 'restrict' }),
    numeroFornitore: text('numero_fornitore'),
    dataAcquisto: date('data_acquisto', { mode: 'string' }),
    prezzoAcquisto: money('prezzo_acquisto'),
    unitaPrezzoAcquisto: text('unita_prezzo_acquisto'),
    costoTrasporto: money('costo_trasporto'),
    codiceTracciabilita: text('codice_tracciabilita'),
    materialeId: uuid('materiale_id')
      .notNull()
      .references(() => materiali.id, { onDelete: 'restrict' }),
    scelta: text('scelta').notNull().default('prima'),
    categoria: text('categoria').notNull().default('squadrato'),
    difettoso: boolean('difettoso').notNull().default(false),
    difetti: text('difetti')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    noteDifetti: text('note_difetti'),
    lunghezza: integer('lunghezza').notNull(),
    altezza: integer('altezza').notNull(),
    profondita: integer('profondita').notNull(),
    lunghezzaNetta: integer('lunghezza_netta').notNull(),
    altezzaNetta: integer('altezza_netta').notNull(),
    profonditaNetta: integer('profondita_netta').notNull(),
    volumeLordo: volume('volume_lordo').notNull(),
    volumeNetto: volume('volume_netto').notNull(),
    pesoPesa: tonnes('peso_pesa'),
    /** The pesata: the day the block crossed the quarry's weighbridge and the ticket (bolla di pesa); the estrazione counts by it. */
    dataPesata: date('data_pesata', { mode: 'string' }),
    numeroPesata: text('numero_pesata'),
    pesoTeorico: tonnes('peso_teorico').notNull(),
    ubicazioneId: uuid('ubicazione_id').references(() => ubicazioni.id, { onDelete: 'restrict' }),
    prezzoListino: money('prezzo_listino'),
    unitaPrezzo: text('unita_prezzo').notNull().default('m3'),
    clienteId: uuid('cliente_id').references(() => clienti.id, { onDelete: 'restrict' }),
    // A calendar day in Rome: the option holds through the whole of it (lib/dates.ts).
    opzioneScadenza: date('opzione_scadenza', { mode: 'string' }),
    /**
     * The production date (docs/domain.md): the day the block was squared from its bancata, in Rome's calendar;
     * every production figure (dashboard, registro, statistiche) counts the block by it. Defaults to the
     * day it is entered; editable.
     */
    dataRiquadratura: date('data_riquadratura', { mode: 'string' })
      .notNull()
      .default(sql`(now() at time zone 'Europe/Rome')::date`),
    stato: text('stato').notNull(),
    note: text('note'),
    /** The group company's block this one was transferred from (same code), or null. */
    trasferitoDaId: uuid('trasferito_da_id'),
    /**
     * What the list search compares (lib/search.ts), stored: the trigram index's recheck then reads it
     * instead of computing f_unaccent again on every candidate row (docs/performance.md, docs/quality.md P5).
     */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`f_unaccent(${blocchiSearchText(blocchi)})`,
    ),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('blocchi_codice_unique').on(t.companyId, t.codice),
    // The state and the option's expiry after the order: a page of a state (the effective one:
    // lapsed options are disponibile) walks the index alone, never the rows it skips
    // (docs/performance.md, "Fifty connections over two instances").
    index('blocchi_list_idx').on(
      t.companyId,
      t.origine,
      t.createdAt,
      t.id,
      t.stato,
      t.opzioneScadenza,
    ),
    // The same for the blocks that may be on sale, the yard's most asked list: a deep page of
    // `disponibile` walks these alone, not the sold and sawn ones between them (docs/performance.md
    // "The deep page of the free blocks").
    index('blocchi_libera_idx')
      .on(t.companyId, t.origine, t.createdAt, t.id, t.stato, t.opzioneScadenza)
      .where(sql`${t.stato} = 'disponibile' or ${t.stato} = 'opzionato'`),
    index('blocchi_stato_idx').on(t.companyId, t.origine, t.stato, t.createdAt, t.id),
    index('blocchi_materiale_idx').on(t.companyId, t.origine, t.materialeId, t.createdAt, t.id),
    index('blocchi_bancata_idx').on(t.bancataId),
    // the production figures: one range on the production date per month (dashboard, statistiche, registro)
    index('blocchi_riquadratura_idx').on(t.companyId, t.origine, t.dataRiquadratura),
    index('blocchi_fornitore_idx').on(t.fornitoreId),
    index('blocchi_opzione_idx')
      .on(t.opzioneScadenza)
      .where(sql`${t.stato} = 'opzionato'`),
    index('blocchi_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);
