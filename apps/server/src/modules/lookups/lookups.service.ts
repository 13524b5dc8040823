import type { LookupKind } from '@gestcava/contracts';
import { lookupCore, type LookupDeps } from './lookups.common.js';
import { createLookupEdits } from './lookups.edits.js';
import { createLookupQueries } from './lookups.queries.js';

export { lookupDefinition, type LookupDto } from './lookups.common.js';

export type LookupsService<K extends LookupKind = LookupKind> = ReturnType<
  typeof createLookupsService<K>
>;

/**
 * The four lookups share one behaviour (company-scoped list, create, edit, delete unless referenced);
 * each has its own table (lookups.repository.ts) and schemas (`lookups.common.ts`). The reads
 * (`lookups.queries.ts`) and the edits (`lookups.edits.ts`) are assembled here.
 */
export function createLookupsService<K extends LookupKind>(deps: LookupDeps<K>) {
  const core = lookupCore(deps.kind);
  return { ...createLookupQueries(deps, core), ...createLookupEdits(deps, core) };
}

/** A materiale by name in a company, created if missing (a transfer to a group company). */
export { ensureMateriale } from './lookups.repository.js';
