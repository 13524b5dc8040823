import type { LastraStato } from '@gestcava/contracts';
import type { LastraOp } from '../api/magazzino-lastre';

export type Action = LastraOp | 'scelta';

/**
 * What a slab in each state can undergo by hand (docs/domain.md transitions; in_lavorazione belongs to the
 * tile cut). A sold slab ships with a DDT («Crea DDT»), not by a manual move.
 */
export const LASTRA_ACTIONS: Record<LastraStato, readonly Action[]> = {
  disponibile: ['riserva', 'vendi', 'sposta', 'rotta', 'scelta'],
  riservata: ['rilascia', 'vendi', 'sposta', 'rotta', 'scelta'],
  venduta: [],
  spedita: [],
  rotta: [],
  in_lavorazione: [],
};
