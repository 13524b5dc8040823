import { BLOCCO_STATI, CATEGORIE, SCELTE } from '@gestcava/contracts';
import { amountFilter, enumFilter, isoDateFilter, uuidFilter } from '@/lib/list-filter-rules';
import type { BloccoFilters } from '../api/blocchi';

export type BloccoFilterName =
  | 'origine'
  | 'stato'
  | 'cavaId'
  | 'materialeId'
  | 'scelta'
  | 'categoria'
  | 'bancataId'
  | 'fornitoreId'
  | 'clienteId'
  | 'ubicazioneId'
  | 'dal'
  | 'al'
  | 'inScadenza'
  | 'volumeMin'
  | 'volumeMax'
  | 'prezzoMin'
  | 'prezzoMax';

export const BLOCCO_FILTER_RULES: Record<BloccoFilterName, (v: string) => string | undefined> = {
  // own and bought-in in one list (the dashboard's totals link here)
  origine: enumFilter(['tutte']),
  stato: enumFilter(BLOCCO_STATI),
  cavaId: uuidFilter,
  materialeId: uuidFilter,
  scelta: enumFilter(SCELTE),
  categoria: enumFilter(CATEGORIE),
  bancataId: uuidFilter,
  fornitoreId: uuidFilter,
  clienteId: uuidFilter,
  ubicazioneId: uuidFilter,
  dal: isoDateFilter,
  al: isoDateFilter,
  inScadenza: enumFilter(['true']),
  volumeMin: amountFilter,
  volumeMax: amountFilter,
  prezzoMin: amountFilter,
  prezzoMax: amountFilter,
};

/** The URL's search and filters as the list, its summary and its export send them. */
export function toBloccoFilters(
  q: string,
  f: Readonly<Partial<Record<BloccoFilterName, string>>>,
): BloccoFilters {
  return {
    q: q || undefined,
    origine: f.origine as BloccoFilters['origine'],
    stato: f.stato as BloccoFilters['stato'],
    cavaId: f.cavaId,
    materialeId: f.materialeId,
    scelta: f.scelta as BloccoFilters['scelta'],
    categoria: f.categoria as BloccoFilters['categoria'],
    bancataId: f.bancataId,
    fornitoreId: f.fornitoreId,
    clienteId: f.clienteId,
    ubicazioneId: f.ubicazioneId,
    dal: f.dal,
    al: f.al,
    inScadenza: f.inScadenza,
    volumeMin: f.volumeMin,
    volumeMax: f.volumeMax,
    prezzoMin: f.prezzoMin,
    prezzoMax: f.prezzoMax,
  };
}
