import type { MagazzinoDeps } from './magazzino.common.js';
import { createMagazzinoDemo } from './magazzino.demo.js';
import { registerMagazzinoEntities } from './magazzino.entity.js';
import { createMagazzinoExports } from './magazzino.exports.js';
import { createMagazzinoLedgerOps } from './magazzino.ledger-ops.js';
import { createMagazzinoItems, createMagazzinoLists } from './magazzino.queries.js';

export type { MovimentoMeta, NewLastra, NewLotto, NewPacco } from './ledger.repository.js';
export type { MovimentiScope } from './magazzino-lotti.repository.js';
export type { MagazzinoDeps } from './magazzino.common.js';

export type MagazzinoService = ReturnType<typeof createMagazzinoService>;

/**
 * Magazzino lastre and pavimenti. The lavorazioni and the transfers load and unload stock only through
 * its named operations (inside their own transaction, `magazzino.ledger-ops.ts`); the reads serve
 * `/api/magazzino/*` (`magazzino.queries.ts`, the files in `magazzino.exports.ts`). This factory
 * assembles them.
 */
export function createMagazzinoService(deps: MagazzinoDeps) {
  registerMagazzinoEntities(deps.entities);
  return {
    ...createMagazzinoLedgerOps(),
    ...createMagazzinoLists(deps),
    ...createMagazzinoItems(deps),
    ...createMagazzinoExports(deps),
    ...createMagazzinoDemo(),
  };
}
