import {
  boolean,
  date,
  index,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { primaryId, timestamps } from './columns.js';
import { companyRef } from './companies.js';

const base = () => ({
  id: primaryId(),
  companyId: companyRef(),
  ...timestamps(),
});

export const cave = pgTable(
  'cave',
  {
    ...base(),
    codice: text('codice').notNull(),
    nome: text('nome').notNull(),
    comune: text('comune'),
    bacino: text('bacino'),
    concessione: text('concessione'),
    attiva: boolean('attiva').notNull().default(true),
  },
  (t) => [uniqueIndex('cave_codice_unique').on(t.companyId, t.codice)],
);

/**
 * A quarry's tariffs for the contributo di estrazione: € per tonne brought down, by
 * category, valid from `valido_dal` to `valido_al` (open-ended when null). Periods of one quarry never
 * overlap (checked by the service under the quarry's row lock), so each day has at most one tariff.
 */
const euroT = (name: string) => numeric(name, { precision: 8, scale: 2, mode: 'number' }).notNull();
export const caveTariffe = pgTable(
  'cave_tariffe',
  {
    ...base(),
    cavaId: uuid('cava_id')
      .notNull()
      .references(() => cave.id, { onDelete: 'cascade' }),
    validoDal: date('valido_dal', { mode: 'string' }).notNull(),
    validoAl: date('valido_al', { mode: 'string' }),
    blocchi: euroT('blocchi'),
    informi: euroT('informi'),
    scaglieBianche: euroT('scaglie_bianche'),
    scaglieScure: euroT('scaglie_scure'),
    scogliere: euroT('scogliere'),
    terre: euroT('terre'),
  },
  (t) => [
    uniqueIndex('cave_tariffe_dal_unique').on(t.cavaId, t.validoDal),
    index('cave_tariffe_company_idx').on(t.companyId),
  ],
);

export const materiali = pgTable(
  'materiali',
  {
    ...base(),
    nome: text('nome').notNull(),
    tipo: text('tipo').notNull().default('marmo'),
    densita: numeric('densita', { precision: 4, scale: 2, mode: 'number' }).notNull().default(2.7),
    attivo: boolean('attivo').notNull().default(true),
  },
  (t) => [uniqueIndex('materiali_nome_unique').on(t.companyId, t.nome)],
);

export const ubicazioni = pgTable(
  'ubicazioni',
  {
    ...base(),
    nome: text('nome').notNull(),
    tipo: text('tipo').notNull(),
    attiva: boolean('attiva').notNull().default(true),
  },
  (t) => [uniqueIndex('ubicazioni_nome_unique').on(t.companyId, t.nome)],
);

export const macchine = pgTable(
  'macchine',
  {
    ...base(),
    nome: text('nome').notNull(),
    tipo: text('tipo').notNull(),
    kerfMm: numeric('kerf_mm', { precision: 5, scale: 1, mode: 'number' }).notNull().default(5),
    rifiloMm: numeric('rifilo_mm', { precision: 6, scale: 1, mode: 'number' })
      .notNull()
      .default(20),
    attiva: boolean('attiva').notNull().default(true),
  },
  (t) => [
    uniqueIndex('macchine_nome_unique').on(t.companyId, t.nome),
    index('macchine_company_idx').on(t.companyId),
  ],
);
