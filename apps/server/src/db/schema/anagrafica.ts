import { sql } from 'drizzle-orm';
import type { DichiarazioneIntento, PagamentoCliente } from '@gestcava/contracts';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { primaryId, timestamps } from './columns.js';
import { companyRef } from './companies.js';

/** Clienti and fornitori share one shape (docs/domain.md) in two tables, so other tables reference the right one. */
function anagraficaColumns() {
  return {
    id: primaryId(),
    companyId: companyRef(),
    ragioneSociale: text('ragione_sociale').notNull(),
    partitaIva: text('partita_iva'),
    codiceFiscale: text('codice_fiscale'),
    indirizzo: text('indirizzo').notNull(),
    cap: text('cap'),
    comune: text('comune').notNull(),
    provincia: text('provincia'),
    nazione: text('nazione').notNull().default('IT'),
    telefono: text('telefono'),
    email: text('email'),
    pec: text('pec'),
    codiceSdi: text('codice_sdi'),
    pubblicaAmministrazione: boolean('pubblica_amministrazione').notNull().default(false),
    referente: text('referente'),
    iban: text('iban'),
    condizioniPagamento: text('condizioni_pagamento'),
    dichiarazioneIntento: jsonb('dichiarazione_intento').$type<DichiarazioneIntento>(),
    pagamento: jsonb('pagamento').$type<PagamentoCliente>(),
    note: text('note'),
    attivo: boolean('attivo').notNull().default(true),
    ...timestamps(),
  };
}

export const clienti = pgTable('clienti', anagraficaColumns(), (t) => [
  uniqueIndex('clienti_partita_iva_unique')
    .on(t.companyId, t.partitaIva)
    .where(sql`${t.partitaIva} is not null`),
  index('clienti_company_name_idx').on(t.companyId, t.ragioneSociale),
]);

export const fornitori = pgTable('fornitori', anagraficaColumns(), (t) => [
  uniqueIndex('fornitori_partita_iva_unique')
    .on(t.companyId, t.partitaIva)
    .where(sql`${t.partitaIva} is not null`),
  index('fornitori_company_name_idx').on(t.companyId, t.ragioneSociale),
]);

export type AnagraficaTable = typeof clienti | typeof fornitori;
