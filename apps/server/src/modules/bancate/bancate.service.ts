import type { BancateDeps } from './bancate.common.js';
import { createBancateDemo } from './bancate.demo.js';
import { createBancateEdits } from './bancate.edits.js';
import { registerBancataEntity } from './bancate.entity.js';
import { createBancateQueries } from './bancate.queries.js';
import { createBancateStato } from './bancate.stato.js';

export type { BancateDeps } from './bancate.common.js';

export type BancateService = ReturnType<typeof createBancateService>;

/**
 * The bancate (docs/domain.md "The flow"): the quarry's cut slices of bench the blocks are squared from. Each
 * group of operations is a file of its own (`bancate.queries.ts`, `bancate.edits.ts`,
 * `bancate.stato.ts`, `bancate.demo.ts`); this factory assembles them.
 */
export function createBancateService(deps: BancateDeps) {
  registerBancataEntity(deps.entities);
  return {
    ...createBancateQueries(deps),
    ...createBancateEdits(deps),
    ...createBancateStato(deps),
    ...createBancateDemo(),
  };
}
