import { createTrasferimento, type TrasferimentiDeps } from './trasferimenti.create.js';
import { createTrasferimentiQueries } from './trasferimenti.queries.js';

export type { MayRead } from './trasferimenti.queries.js';
export type TrasferimentiService = ReturnType<typeof createTrasferimentiService>;

/**
 * Transfers between group companies (docs/domain.md "Ditte del gruppo"): a sale between two legal
 * entities of the installation, in one transaction. The source items become `venduto` to the
 * receiving company (its cliente record here, created if missing) and stay in the source's
 * history and figures; the destination gets its own rows with the same codes — a block as bought-in
 * from the source company (its fornitore record there), bundles and lots with a `carico` — each
 * linked to its source row.
 * The transfer itself is `trasferimenti.create.ts` (one function per kind of item in
 * `trasferimenti.items.ts`), the reads `trasferimenti.queries.ts`.
 */
export function createTrasferimentiService(deps: TrasferimentiDeps) {
  const queries = createTrasferimentiQueries(deps);
  return { ...queries, ...createTrasferimento(deps, queries) };
}
