import { FINITURE, LASTRA_STATI, SCELTE } from '@gestcava/contracts';
import { enumFilter, uuidFilter } from '@/lib/list-filter-rules';

export type StockFilterName =
  'materialeId' | 'spessoreMm' | 'finitura' | 'scelta' | 'ubicazioneId' | 'stato';

const positiveInt = (v: string) => (/^\d{1,3}$/.test(v) && Number(v) > 0 ? v : undefined);

/** The URL filters of both stock lists; `stato` only on the slabs. */
export const STOCK_FILTER_RULES: Record<StockFilterName, (v: string) => string | undefined> = {
  materialeId: uuidFilter,
  spessoreMm: positiveInt,
  finitura: enumFilter(FINITURE),
  scelta: enumFilter(SCELTE),
  ubicazioneId: uuidFilter,
  stato: enumFilter(LASTRA_STATI),
};
