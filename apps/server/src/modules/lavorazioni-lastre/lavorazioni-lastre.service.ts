import {
  registerLavorazioneLastreEntity,
  registerLavorazioneLastreGenealogy,
} from './lavorazioni-lastre.entity.js';
import {
  createLavorazioniLastreCore,
  type LavorazioniLastreDeps,
} from './lavorazioni-lastre.core.js';
import { createLavorazioniLastreQueries } from './lavorazioni-lastre.queries.js';
import { createLavorazioniLastrePickers } from './lavorazioni-lastre.pickers.js';
import { createLavorazioniLastreEdits } from './lavorazioni-lastre.edits.js';
import { createLavorazioniLastreStato } from './lavorazioni-lastre.stato.js';
import { createLavorazioniLastreCompleta } from './lavorazioni-lastre.completa.js';

export type LavorazioniLastreService = ReturnType<typeof createLavorazioniLastreService>;

/**
 * Sawings of a block into slabs (docs/domain.md). Each group of operations is a file, assembled here:
 * the reads (`*.queries.ts`) and the form's pickers (`*.pickers.ts`), the plan (`*.edits.ts`) and its states (`*.stato.ts`), the completion that
 * loads the stock (`*.completa.ts`).
 */
export function createLavorazioniLastreService(deps: LavorazioniLastreDeps) {
  const core = createLavorazioniLastreCore(deps);
  registerLavorazioneLastreEntity(deps.entities);
  registerLavorazioneLastreGenealogy(deps.entities, deps.magazzino);
  return {
    get: core.get,
    ...createLavorazioniLastreQueries(deps, core),
    ...createLavorazioniLastrePickers(deps),
    ...createLavorazioniLastreEdits(deps, core),
    ...createLavorazioniLastreStato(deps, core),
    ...createLavorazioniLastreCompleta(deps, core),
  };
}
