import { registerCollaudoEntity } from './collaudi.entity.js';
import { createCollaudiCore, type CollaudiDeps } from './collaudi.core.js';
import { createCollaudiQueries } from './collaudi.queries.js';
import { createCollaudiRighe } from './collaudi.righe.js';
import { createCollaudiStato } from './collaudi.stato.js';

export type CollaudiService = ReturnType<typeof createCollaudiService>;

/**
 * The buyer's inspection (docs/domain.md "Collaudo"). Blocks enter and leave through the blocchi service's
 * `transition` (by the system), always inside this module's transactions and always after the collaudo
 * row is locked, so two requests on one collaudo wait for each other and a block is in one open
 * collaudo at a time. Each group of operations is a file (`collaudi.stato.ts`: the header and its
 * states; `collaudi.righe.ts`: its blocks; `collaudi.queries.ts`: the reads), assembled here.
 */
export function createCollaudiService(deps: CollaudiDeps) {
  const core = createCollaudiCore(deps);
  registerCollaudoEntity(deps.entities);
  return {
    ...createCollaudiQueries(deps, core),
    ...createCollaudiStato(deps, core),
    ...createCollaudiRighe(deps, core),
  };
}
