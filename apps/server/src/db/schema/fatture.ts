import type { Cessionario, FatturaPagamento, FatturaRiepilogo } from '@gestcava/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { clienti } from './anagrafica.js';
import { primaryId, timestamps } from './columns.js';
import { companyRef } from './companies.js';
import { ddt, ddtRighe } from './shipping.js';
import { users } from './users.js';

// The electronic invoice (docs/fatture.md). A draft has no number; emitting takes the company's next
// number of the year from `fatture_contatori` and marks the DDT lines it covers in
// `fatture_ddt_righe` (primary key: a line is invoiced once) in one transaction.

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

export const fatture = pgTable(
  'fatture',
  {
    id: primaryId(),
    companyId: companyRef(),
    tipoDocumento: text('tipo_documento').notNull(),
    stato: text('stato').notNull().default('bozza'),
    numero: integer('numero'),
    anno: integer('anno'),
    data: date('data', { mode: 'string' }).notNull(),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => clienti.id, { onDelete: 'restrict' }),
    /** The cliente's fiscal data when the draft was last saved, refreshed at emission. */
    cessionario: jsonb('cessionario').$type<Cessionario>().notNull(),
    fatturaCollegataId: uuid('fattura_collegata_id').references((): AnyPgColumn => fatture.id, {
      onDelete: 'restrict',
    }),
    causale: text('causale'),
    note: text('note'),
    addebitaBollo: boolean('addebita_bollo').notNull().default(false),
    /** Virtual stamp duty owed (DatiBollo), € */
    bollo: money('bollo'),
    pagamento: jsonb('pagamento').$type<FatturaPagamento>(),
    riepilogo: jsonb('riepilogo').$type<FatturaRiepilogo[]>().notNull(),
    imponibile: money('imponibile').notNull(),
    imposta: money('imposta').notNull(),
    totale: money('totale').notNull(),
    nomeFile: text('nome_file'),
    /** The latest SDI outcome. */
    esito: text('esito'),
    emessaAt: timestamp('emessa_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps(),
  },
  (t) => [
    // the fiscal register: one number once per company and year
    uniqueIndex('fatture_numero_unique')
      .on(t.companyId, t.anno, t.numero)
      .where(sql`${t.numero} is not null`),
    uniqueIndex('fatture_nome_file_unique')
      .on(t.companyId, t.nomeFile)
      .where(sql`${t.nomeFile} is not null`),
    index('fatture_list_idx').on(t.companyId, t.createdAt, t.id),
    index('fatture_cliente_idx').on(t.companyId, t.clienteId),
    index('fatture_data_idx').on(t.companyId, t.data),
    check(
      'fatture_valori_check',
      sql`${t.tipoDocumento} in ('TD24', 'TD01', 'TD04') and ${t.stato} in ('bozza', 'emessa')
        and (${t.stato} = 'bozza' or ${t.numero} is not null) and (${t.numero} is null) = (${t.anno} is null)
        and (${t.numero} is null or ${t.numero} > 0)
        and (${t.esito} is null or ${t.esito} in ('consegnata', 'scartata', 'mancata_consegna'))`,
    ),
  ],
);

export const fattureRighe = pgTable(
  'fatture_righe',
  {
    id: primaryId(),
    fatturaId: uuid('fattura_id')
      .notNull()
      .references(() => fatture.id, { onDelete: 'cascade' }),
    numeroLinea: integer('numero_linea').notNull(),
    ddtId: uuid('ddt_id').references(() => ddt.id, { onDelete: 'restrict' }),
    ddtRigaId: uuid('ddt_riga_id').references(() => ddtRighe.id, { onDelete: 'restrict' }),
    entityType: text('entity_type').$type<'blocco' | 'pacco' | 'lastra' | 'lotto'>(),
    entityId: uuid('entity_id'),
    codice: text('codice'),
    descrizione: text('descrizione').notNull(),
    quantita: numeric('quantita', { precision: 18, scale: 3, mode: 'number' }),
    unitaMisura: text('unita_misura'),
    prezzoUnitario: numeric('prezzo_unitario', {
      precision: 18,
      scale: 6,
      mode: 'number',
    }).notNull(),
    scontoPercentuale: numeric('sconto_percentuale', { precision: 5, scale: 2, mode: 'number' }),
    prezzoTotale: money('prezzo_totale').notNull(),
    aliquotaIva: numeric('aliquota_iva', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    natura: text('natura'),
  },
  (t) => [
    uniqueIndex('fatture_righe_linea_unique').on(t.fatturaId, t.numeroLinea),
    index('fatture_righe_ddt_idx').on(t.ddtId),
    index('fatture_righe_entity_idx').on(t.entityId),
    check(
      'fatture_righe_iva_check',
      sql`(${t.aliquotaIva} = 0) = (${t.natura} is not null) and ${t.aliquotaIva} >= 0`,
    ),
  ],
);

/** A DDT line invoiced, by which invoice: written at emission, so a second invoice of it fails on the key. */
export const fattureDdtRighe = pgTable('fatture_ddt_righe', {
  ddtRigaId: uuid('ddt_riga_id')
    .primaryKey()
    .references(() => ddtRighe.id, { onDelete: 'restrict' }),
  fatturaId: uuid('fattura_id')
    .notNull()
    .references(() => fatture.id, { onDelete: 'restrict' }),
});

/** The last invoice number of each company and year: emitting increments it under the row's lock. */
export const fattureContatori = pgTable(
  'fatture_contatori',
  {
    companyId: companyRef(),
    /** 0 holds the progressive of the XML file names (one series per company, never reset). */
    anno: integer('anno').notNull(),
    ultimo: integer('ultimo').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.anno] }),
    check('fatture_contatori_check', sql`${t.ultimo} > 0`),
  ],
);

/** The SDI outcomes recorded on an invoice, oldest first. */
export const fattureEsiti = pgTable(
  'fatture_esiti',
  {
    id: primaryId(),
    fatturaId: uuid('fattura_id')
      .notNull()
      .references(() => fatture.id, { onDelete: 'cascade' }),
    esito: text('esito').notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    note: text('note'),
    nomeFile: text('nome_file'),
    /** The uploaded notification: its file name and XML. */
    notificaNome: text('notifica_nome'),
    notificaXml: text('notifica_xml'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fatture_esiti_fattura_idx').on(t.fatturaId, t.createdAt)],
);
