import type { Anagrafica, AnagraficaData } from '@gestcava/contracts';
import type { clienti } from '../../db/schema/index.js';

export type AnagraficaRow = typeof clienti.$inferSelect;

/** The stored fields, in the contract's order: what history compares and exports list. */
export const ANAGRAFICA_FIELDS = [
  'ragioneSociale',
  'partitaIva',
  'codiceFiscale',
  'indirizzo',
  'cap',
  'comune',
  'provincia',
  'nazione',
  'telefono',
  'email',
  'pec',
  'codiceSdi',
  'pubblicaAmministrazione',
  'referente',
  'iban',
  'condizioniPagamento',
  'note',
  'attivo',
] as const satisfies ReadonlyArray<keyof AnagraficaData>;

export function toAnagraficaData(row: AnagraficaRow): AnagraficaData {
  return {
    ragioneSociale: row.ragioneSociale,
    partitaIva: row.partitaIva,
    codiceFiscale: row.codiceFiscale,
    indirizzo: row.indirizzo,
    cap: row.cap,
    comune: row.comune,
    provincia: row.provincia,
    nazione: row.nazione as AnagraficaData['nazione'],
    telefono: row.telefono,
    email: row.email,
    pec: row.pec,
    codiceSdi: row.codiceSdi,
    pubblicaAmministrazione: row.pubblicaAmministrazione,
    referente: row.referente,
    iban: row.iban,
    condizioniPagamento: row.condizioniPagamento,
    note: row.note,
    attivo: row.attivo,
  };
}

export function toAnagraficaDto(row: AnagraficaRow): Anagrafica {
  return {
    _id: row.id,
    companyId: row.companyId,
    ...toAnagraficaData(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
