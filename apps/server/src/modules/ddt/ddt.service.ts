import { registerDdtEntity } from './ddt.entity.js';
import { createDdtAnnulla } from './ddt.annulla.js';
import { createDdtBozze } from './ddt.bozze.js';
import type { DdtDeps } from './ddt.common.js';
import { createDdtEmetti } from './ddt.emetti.js';
import { createDdtParty } from './ddt.party.js';
import { createDdtQueries } from './ddt.queries.js';
import { createDdtDaSpedire } from './ddt.da-spedire.js';

export type { AnnullaCheck } from './ddt.annulla.js';

export type DdtService = ReturnType<typeof createDdtService>;

/**
 * The documento di trasporto (docs/domain.md "Spedizione (DDT)"). A draft names what is sold to one party
 * and not yet shipped; emitting numbers it and ships every item in one transaction (guarded updates
 * through the blocchi and stock services); cancelling gives the items back to sold and keeps the number.
 * Each group of operations is a file of its own (`ddt.bozze.ts`, `ddt.emetti.ts`, `ddt.annulla.ts`,
 * `ddt.queries.ts`, `ddt.da-spedire.ts`); this factory assembles them.
 */
export function createDdtService(deps: DdtDeps) {
  registerDdtEntity(deps.entities);
  const party = createDdtParty(deps.clienti);
  const queries = createDdtQueries(deps);
  return {
    ...queries,
    ...createDdtDaSpedire(deps, party),
    ...createDdtBozze(deps, party, queries.get),
    ...createDdtEmetti(deps),
    ...createDdtAnnulla(deps),
  };
}
