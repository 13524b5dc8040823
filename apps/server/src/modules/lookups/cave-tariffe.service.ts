import type { CaveTariffeDeps } from './cave-tariffe.common.js';
import { createCaveTariffeEdits } from './cave-tariffe.edits.js';
import { createCaveTariffeQueries } from './cave-tariffe.queries.js';

export type CaveTariffeService = ReturnType<typeof createCaveTariffeService>;

/**
 * A quarry's tariffs for the contributo di estrazione. Each write locks the quarry's
 * row first, so two admins adding periods at once are serialised and the no-overlap check holds.
 * History goes on the quarry (entity `cava`), where the tariffs are edited. The reads
 * (`cave-tariffe.queries.ts`) and the writes (`cave-tariffe.edits.ts`) are assembled here.
 */
export function createCaveTariffeService(deps: CaveTariffeDeps) {
  return { ...createCaveTariffeQueries(deps), ...createCaveTariffeEdits(deps) };
}
