import { recordExpiredRiserve, type LottiContext } from './stock-lotti.core.js';
import { createLottiGiacenza } from './stock-lotti.giacenza.js';
import { createLottiRiserve } from './stock-lotti.riserve.js';
import { createLottiVendita } from './stock-lotti.vendita.js';

/**
 * Tile lots in stock (docs/domain.md "Magazzino pavimenti"): reserve, release, sell, count, move or split,
 * and pieces leaving for a group company. Part of the stock service.
 * Each group of operations is a file of its own (`stock-lotti.riserve.ts`, `stock-lotti.vendita.ts`,
 * `stock-lotti.giacenza.ts`, their shared pieces in `stock-lotti.core.ts`); this assembles them.
 */
export function createLottiStock(ctx: LottiContext) {
  return {
    recordExpiredRiserve,
    ...createLottiRiserve(ctx),
    ...createLottiVendita(ctx),
    ...createLottiGiacenza(ctx),
  };
}
