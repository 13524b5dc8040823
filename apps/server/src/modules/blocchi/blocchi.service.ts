import { registerBloccoEntity } from './blocchi.entity.js';
import { createBlocchiCore, type BlocchiDeps } from './blocchi.core.js';
import { createBlocchiCreate } from './blocchi.create.js';
import { createBlocchiDeclassa } from './blocchi.declassa.js';
import { createBlocchiEdits } from './blocchi.edits.js';
import { blocchiOperations } from './blocchi.operations.js';
import { blocchiPickers } from './blocchi.pickers.js';
import { createBlocchiQueries } from './blocchi.queries.js';
import * as repo from './blocchi.repository.js';
import { createBlocchiStato } from './blocchi.stato.js';

export type BlocchiService = ReturnType<typeof createBlocchiService>;

/**
 * Blocks, own and bought-in (docs/domain.md). Each group of operations is a file of its own, assembled
 * here: the reads (`blocchi.queries.ts`), the new block (`blocchi.create.ts`), the edits (`blocchi.edits.ts`), the state by hand
 * (`blocchi.stato.ts`), the downgrade (`blocchi.declassa.ts`), the moves other modules make (`blocchi.operations.ts`) and their
 * pickers (`blocchi.pickers.ts`).
 */
export function createBlocchiService(deps: BlocchiDeps) {
  const core = createBlocchiCore(deps);
  registerBloccoEntity(deps.entities);
  return {
    ...blocchiOperations,
    ...createBlocchiQueries(deps, core),
    ...blocchiPickers(deps.db),
    /** The effective state (an expired option reads `disponibile`), for other modules' joins on blocchi. */
    statoEffettivo: repo.statoEffettivo,
    ...createBlocchiCreate(deps, core),
    ...createBlocchiEdits(deps, core),
    ...createBlocchiStato(deps, core),
    ...createBlocchiDeclassa(deps, core),
  };
}
