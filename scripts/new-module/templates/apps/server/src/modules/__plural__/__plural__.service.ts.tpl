import type { __Plural__Deps } from './__plural__.core.js';
import { create__Plural__Edits } from './__plural__.edits.js';
import { create__Plural__Queries } from './__plural__.queries.js';

export type __Plural__Service = ReturnType<typeof create__Plural__Service>;

/**
 * __label__: the list, one record, its history; each write in one transaction with its history row.
 * Each group of operations is a file of its own (`__plural__.queries.ts`, `__plural__.edits.ts`,
 * sharing `__plural__.core.ts`); this factory assembles them (docs/architecture.md "Recipe: a new
 * module", step 6).
 */
export function create__Plural__Service(deps: __Plural__Deps) {
  return {
    ...create__Plural__Queries(deps),
    ...create__Plural__Edits(deps),
  };
}
