import { FINITURA_LABELS, type LastraStato, type Lastra, type Pacco } from '@gestcava/contracts';
import type { ReactNode } from 'react';
import type { LastraFilters, PaccoFilters } from '../api/magazzino-lastre';
import type { StockFilterName } from './stock-filter-rules';

// What the two tabs of Magazzino → Lastre share: the filters' reading and the measures' text.

export type MagazzinoLastreTab = 'pacchi' | 'lastre';
/** Other features' buttons for the ticked bundles or slabs (given by the page). */
export type SelectionActions =
  ((items: Array<Pacco | Lastra>, clear: () => void) => ReactNode) | undefined;
type Filters = Readonly<Partial<Record<StockFilterName, string>>>;

export const paccoFilters = (q: string, f: Filters): PaccoFilters => ({
  q: q || undefined,
  materialeId: f.materialeId,
  spessoreMm: f.spessoreMm,
  finitura: f.finitura as PaccoFilters['finitura'],
  scelta: f.scelta as PaccoFilters['scelta'],
  ubicazioneId: f.ubicazioneId,
});
export const lastraFilters = (q: string, f: Filters): LastraFilters => ({
  ...paccoFilters(q, f),
  stato: f.stato as LastraStato | undefined,
});
export const measures = (x: { spessoreMm: number; finitura: Pacco['finitura'] }) =>
  `${x.spessoreMm} mm · ${FINITURA_LABELS[x.finitura]}`;

export const EMPTY_TEXT =
  'Le lastre arrivano in magazzino quando si completa una segagione (Lavorazione → Lastre).';
