import type { FatturaEsitoBody } from '@gestcava/contracts';
import { createFattureBozze } from './fatture.bozze.js';
import { createFattureCore, type FattureDeps } from './fatture.core.js';
import { createEmissione } from './fatture.emissione.js';
import { createEsiti } from './fatture.esiti.js';
import { createFattureQueries } from './fatture.queries.js';

export { EMESSA, NOT_FOUND } from './fatture.core.js';

export type FattureService = ReturnType<typeof createFattureService>;

/**
 * The electronic invoice (docs/fatture.md): drafts written from DDTs and free lines, emission with the
 * fiscal number, the SDI's outcomes. Each group of operations is a file of its own
 * (`fatture.bozze.ts`, `fatture.emissione.ts`, `fatture.esiti.ts`, `fatture.queries.ts`); this factory assembles them.
 */
export function createFattureService(deps: FattureDeps) {
  const core = createFattureCore(deps);
  return {
    get: core.get,
    ...createEmissione(deps, core),
    ...createEsiti(deps, core),
    ...createFattureBozze(deps, core),
    ...createFattureQueries(deps, core),
  };
}

export type { FatturaEsitoBody };
