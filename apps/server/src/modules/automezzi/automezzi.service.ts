import type { AutomezziDeps } from './automezzi.core.js';
import { createAutomezziEdits } from './automezzi.edits.js';
import { createAutomezziQueries } from './automezzi.queries.js';

export type AutomezziService = ReturnType<typeof createAutomezziService>;

/**
 * A company's trucks: the list (its `attivo=true` is the DDT's choice), one plate once per company,
 * history rows. Each group of operations is a file of its own (`automezzi.queries.ts`,
 * `automezzi.edits.ts`, sharing `automezzi.core.ts`); this factory assembles them.
 */
export function createAutomezziService(deps: AutomezziDeps) {
  return {
    ...createAutomezziQueries(deps),
    ...createAutomezziEdits(deps),
  };
}
