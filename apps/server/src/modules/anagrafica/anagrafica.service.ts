import { createAnagraficaCore, type AnagraficaDeps } from './anagrafica.core.js';
import { createAnagraficaEdits } from './anagrafica.edits.js';
import { createAnagraficaExport } from './anagrafica.export.js';
import { createAnagraficaLookups, createAnagraficaQueries } from './anagrafica.queries.js';
import { createAnagraficaUpdate } from './anagrafica.update.js';

export type AnagraficaService = ReturnType<typeof createAnagraficaService>;

/**
 * Clienti and fornitori: one service, parameterised by kind (same rules, two tables). Each group of
 * operations is a file of its own (`anagrafica.queries.ts`, `anagrafica.edits.ts`,
 * `anagrafica.update.ts`, `anagrafica.export.ts`, sharing `anagrafica.core.ts`); this factory
 * assembles them.
 */
export function createAnagraficaService(deps: AnagraficaDeps) {
  const core = createAnagraficaCore(deps);
  return {
    entityType: core.entityType,
    ...createAnagraficaLookups(core),
    ...createAnagraficaQueries(core),
    ...createAnagraficaEdits(core),
    ...createAnagraficaUpdate(core),
    ...createAnagraficaExport(core),
  };
}
