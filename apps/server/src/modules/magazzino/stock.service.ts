import type { Db, DbOrTx } from '../../db/client.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import type { MagazzinoService } from './magazzino.service.js';
import { lockPacchi } from './ledger.repository.js';
import { createStockChecks } from './stock.checks.js';
import { giacenze, type GiacenzeScope } from './stock.giacenze.js';
import { createLastreStock } from './stock-lastre.js';
import { createLottiStock } from './stock-lotti.js';
import { createSpedizioniStock } from './stock-spedizioni.js';
import * as repo from './stock.repository.js';
import * as lots from './stock-lotti.repository.js';
import * as stockQueries from './stock-giacenze.repository.js';
import type { LedgerRow } from './stock.repository.js';
import type { FaultPoints } from '../../lib/faults.js';

export type StockService = ReturnType<typeof createStockService>;

/**
 * Operations on stock (docs/domain.md): slabs and bundles (stock-lastre.ts) and tile lots (stock-lotti.ts).
 * Each runs in one transaction: expired reservations of the target are released first (a system
 * movimento), then one guarded update, its movimenti and history rows. Here: the giacenze and the
 * sweep of expired reservations.
 */
export function createStockService(deps: {
  db: Db;
  faults: FaultPoints;
  magazzino: MagazzinoService;
  clienti: AnagraficaService;
  ubicazioni: LookupsService<'ubicazioni'>;
}) {
  const { db, magazzino } = deps;
  const checks = createStockChecks(deps);
  const lastre = createLastreStock({ db, magazzino, checks, faults: deps.faults });
  const lotti = createLottiStock({ db, magazzino, checks });

  return {
    ...lastre,
    ...lotti,
    ...createSpedizioniStock(deps.faults),
    /** A transfer's bundles, then its lots, locked up front in id order: two transfers of the same items wait in line. */
    async lockForTransfer(
      tx: DbOrTx,
      companyId: string,
      items: { pacchi: string[]; lotti: string[] },
    ) {
      await lockPacchi(tx, companyId, { paccoIds: items.pacchi });
      await lots.lockLotti(tx, companyId, items.lotti);
    },
    /** Ledger rows written by a transfer (its blocks, which no stock item carries). */
    movimenti: (tx: DbOrTx, rows: LedgerRow[]) => repo.insertMovimenti(tx, rows),

    /* -------------------------------------------------------- reads and the sweep */
    /** Stock on hand and reservations running out, of the kinds the user may read (slabs, tiles or both). */
    giacenze: (companyId: string, scope: GiacenzeScope) => giacenze(db, companyId, scope),

    /**
     * Writes expired reservations (slabs and lots, every company) as released, with a movimento and
     * a history row by the system. One instance at a time (advisory lock); reads and guarded updates
     * already treat them as released meanwhile.
     */
    async sweepExpiredReservations(): Promise<number> {
      return db.transaction(async (tx) => {
        if (!(await stockQueries.trySweepLock(tx))) return 0;
        await stockQueries.lockForSweep(tx);
        const slabs = await repo.expireLastre(tx, null);
        await lastre.recordExpiredLastre(tx, slabs);
        const riserve = await lots.expireRiserveLotti(tx, null);
        await lotti.recordExpiredRiserve(tx, riserve);
        return slabs.length + riserve.length;
      });
    },
  };
}
