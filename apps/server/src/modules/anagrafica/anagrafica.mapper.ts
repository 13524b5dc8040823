import type { Anagrafica, AnagraficaData } from '@gestcava/contracts';
import type { clienti } from '../../db/schema/index.js';
import { pick } from '../../lib/pick.js';

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
  'dichiarazioneIntento',
  'pagamento',
  'note',
  'attivo',
] as const satisfies ReadonlyArray<keyof AnagraficaData>;

export function toAnagraficaData(row: AnagraficaRow): AnagraficaData {
  return { ...pick(row, ANAGRAFICA_FIELDS), nazione: row.nazione as AnagraficaData['nazione'] };
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
