import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clienti } from './anagrafica.js';
import { primaryId, timestamps } from './columns.js';
import { companies, companyRef } from './companies.js';
import { users } from './users.js';

// The documento di trasporto (docs/domain.md "Spedizione (DDT)"). A draft has no number; emitting takes the
// company's next number of the year from `ddt_contatori` in the same transaction that ships the items,
// so a failure rolls the counter back with everything else: no gap, and the unique index no repeat.

const area = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const volume = (name: string) => numeric(name, { precision: 12, scale: 3, mode: 'number' });

/** The legal data of the receiver as printed, fixed when the draft is written (a later edit of the cliente does not rewrite a document). */
export interface DdtDestinatarioSnapshot {
  ragioneSociale: string;
  partitaIva: string | null;
  indirizzo: string | null;
  cap: string | null;
  comune: string | null;
  provincia: string | null;
  nazione: string | null;
}

export const ddt = pgTable(
  'ddt',
  {
    id: primaryId(),
    companyId: companyRef(),
    numero: integer('numero'),
    anno: integer('anno'),
    /** The day it was emitted (Rome). */
    data: date('data', { mode: 'string' }),
    stato: text('stato').notNull().default('bozza'),
    causale: text('causale').notNull(),
    /** The receiver in this company's anagrafica; for a transfer, the group company's cliente record. */
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => clienti.id, { onDelete: 'restrict' }),
    destinazioneCompanyId: uuid('destinazione_company_id').references(() => companies.id, {
      onDelete: 'restrict',
    }),
    destinatario: jsonb('destinatario').$type<DdtDestinatarioSnapshot>().notNull(),
    destinazioneIndirizzo: text('destinazione_indirizzo').notNull(),
    destinazioneCap: text('destinazione_cap'),
    destinazioneComune: text('destinazione_comune').notNull(),
    destinazioneProvincia: text('destinazione_provincia'),
    destinazioneNazione: text('destinazione_nazione'),
    /** Where the goods leave from (default their location: the quarry's yard or the sawmill); null on DDTs written before it was kept. */
    luogoPartenzaIndirizzo: text('luogo_partenza_indirizzo'),
    luogoPartenzaCap: text('luogo_partenza_cap'),
    luogoPartenzaComune: text('luogo_partenza_comune'),
    luogoPartenzaProvincia: text('luogo_partenza_provincia'),
    luogoPartenzaNazione: text('luogo_partenza_nazione'),
    trasportoACura: text('trasporto_a_cura').notNull(),
    vettoreRagioneSociale: text('vettore_ragione_sociale'),
    vettorePartitaIva: text('vettore_partita_iva'),
    vettoreIndirizzo: text('vettore_indirizzo'),
    vettoreTarga: text('vettore_targa'),
    porto: text('porto').notNull(),
    aspetto: text('aspetto'),
    inizioTrasporto: timestamp('inizio_trasporto', { withTimezone: true }),
    note: text('note'),
    colli: integer('colli').notNull().default(0),
    pesoKg: integer('peso_kg').notNull().default(0),
    mq: area('mq').notNull().default(0),
    m3: volume('m3').notNull().default(0),
    emessoAt: timestamp('emesso_at', { withTimezone: true }),
    annullatoMotivo: text('annullato_motivo'),
    annullatoAt: timestamp('annullato_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps(),
  },
  (t) => [
    // the fiscal series: one number once per company and year
    uniqueIndex('ddt_numero_unique')
      .on(t.companyId, t.anno, t.numero)
      .where(sql`${t.numero} is not null`),
    index('ddt_list_idx').on(t.companyId, t.createdAt, t.id),
    index('ddt_cliente_idx').on(t.companyId, t.clienteId),
    check(
      'ddt_stato_check',
      sql`${t.stato} in ('bozza', 'emesso', 'annullato') and (${t.stato} = 'bozza') = (${t.numero} is null) and (${t.numero} is null) = (${t.anno} is null)`,
    ),
    check(
      'ddt_valori_check',
      sql`${t.causale} in ('vendita', 'trasferimento') and ${t.trasportoACura} in ('mittente', 'destinatario', 'vettore') and ${t.porto} in ('franco', 'assegnato')
      and (${t.trasportoACura} <> 'vettore' or ${t.vettoreRagioneSociale} is not null) and ${t.colli} >= 0 and ${t.pesoKg} >= 0 and ${t.numero} > 0`,
    ),
  ],
);

/**
 * One line: a block, a bundle, a loose slab or a tile sale, with the figures as written on the draft
 * (refreshed on each edit and at emission). `lastraIds`: the slabs a bundle line shipped, so a
 * cancellation gives back exactly those.
 */
export const ddtRighe = pgTable(
  'ddt_righe',
  {
    id: primaryId(),
    ddtId: uuid('ddt_id')
      .notNull()
      .references(() => ddt.id, { onDelete: 'cascade' }),
    posizione: integer('posizione').notNull(),
    entityType: text('entity_type').$type<'blocco' | 'pacco' | 'lastra' | 'lotto'>().notNull(),
    entityId: uuid('entity_id').notNull(),
    /** For a tile sale: its lot. */
    lottoId: uuid('lotto_id'),
    codice: text('codice').notNull(),
    descrizione: text('descrizione').notNull(),
    materiale: text('materiale').notNull(),
    scelta: text('scelta'),
    misure: text('misure').notNull(),
    pezzi: integer('pezzi').notNull(),
    casse: integer('casse'),
    mq: area('mq'),
    m3: volume('m3'),
    /** Gross: what the truck carries (docs/ddt.md "Quantità e pesi di una riga"). */
    pesoKg: integer('peso_kg').notNull(),
    pesoBase: text('peso_base').notNull(),
    /** Net: the goods as sold (a block: the weighbridge, else the accepted m³ × density). */
    pesoNettoKg: integer('peso_netto_kg').notNull(),
    colli: integer('colli').notNull(),
    lastraIds: uuid('lastra_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  },
  (t) => [
    index('ddt_righe_ddt_idx').on(t.ddtId, t.posizione),
    index('ddt_righe_entity_idx').on(t.entityId),
    check(
      'ddt_righe_check',
      sql`${t.entityType} in ('blocco', 'pacco', 'lastra', 'lotto') and ${t.pezzi} > 0 and ${t.pesoKg} >= 0 and ${t.colli} >= 0 and ${t.pesoNettoKg} >= 0 and ${t.pesoBase} in ('pesato', 'teorico', 'stimato', 'calcolato')`,
    ),
  ],
);

/** The last DDT number of each company and year: emitting increments it under the row's lock. */
export const ddtContatori = pgTable(
  'ddt_contatori',
  {
    companyId: companyRef(),
    anno: integer('anno').notNull(),
    ultimo: integer('ultimo').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.anno] }),
    check('ddt_contatori_check', sql`${t.ultimo} > 0`),
  ],
);
