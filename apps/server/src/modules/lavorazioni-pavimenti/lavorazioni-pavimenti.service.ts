import {
  registerLavorazionePavimentiEntity,
  registerLavorazionePavimentiGenealogy,
} from './lavorazioni-pavimenti.entity.js';
import {
  createLavorazioniPavimentiCore,
  type LavorazioniPavimentiDeps,
} from './lavorazioni-pavimenti.core.js';
import { createLavorazioniPavimentiQueries } from './lavorazioni-pavimenti.queries.js';
import { createLavorazioniPavimentiEdits } from './lavorazioni-pavimenti.edits.js';
import { createLavorazioniPavimentiStato } from './lavorazioni-pavimenti.stato.js';
import { createLavorazioniPavimentiCompleta } from './lavorazioni-pavimenti.completa.js';

export type LavorazioniPavimentiService = ReturnType<typeof createLavorazioniPavimentiService>;

/**
 * Tiles cut from a block (tagliablocchi) or from slabs (docs/domain.md "Lavorazione pavimenti"). The block
 * moves through the blocchi service; the slabs and the lot through the magazzino's stock operations, inside this
 * module's transactions. Each group of operations is a file, assembled here: the reads and pickers
 * (`*.queries.ts`), the plan (`*.edits.ts`) and its states (`*.stato.ts`), the completion that loads the lot (`*.completa.ts`).
 */
export function createLavorazioniPavimentiService(deps: LavorazioniPavimentiDeps) {
  const core = createLavorazioniPavimentiCore(deps);
  registerLavorazionePavimentiEntity(deps.entities);
  registerLavorazionePavimentiGenealogy(deps.entities, deps.magazzino);
  return {
    get: core.get,
    ...createLavorazioniPavimentiQueries(deps, core),
    ...createLavorazioniPavimentiEdits(deps, core),
    ...createLavorazioniPavimentiStato(deps, core),
    ...createLavorazioniPavimentiCompleta(deps, core),
  };
}
