import {
  pesoLastraT,
  RISERVA_IN_SCADENZA_GIORNI,
  roundTo,
  type Giacenze,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import type { MagazzinoService } from './magazzino.service.js';
import { lockPacchi } from './ledger.repository.js';
import { createStockChecks } from './stock.checks.js';
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
    async giacenze(
      companyId: string,
      scope: { lastre: boolean; pavimenti: boolean },
    ): Promise<Giacenze> {
      const [righe, inScadenza] = await Promise.all([
        stockQueries.giacenze(db, companyId),
        stockQueries.riserveInScadenza(db, companyId, RISERVA_IN_SCADENZA_GIORNI),
      ]);
      const readable = (tipo: string) =>
        tipo === 'lastre' || tipo === 'lastra' ? scope.lastre : scope.pavimenti;
      return {
        righe: righe
          .filter((r) => readable(r.tipo))
          .map((r) => ({
            tipo: r.tipo,
            materiale: { _id: r.materiale_id, nome: r.materiale_nome },
            spessoreMm: r.spessore_mm,
            finitura: r.finitura,
            scelta: r.scelta,
            ubicazione:
              r.ubicazione_id && r.ubicazione_nome
                ? { _id: r.ubicazione_id, nome: r.ubicazione_nome }
                : null,
            pezzi: r.pezzi,
            mq: roundTo(r.mq, 2),
            pesoT: pesoLastraT(r.mq, r.spessore_mm, r.densita),
            valore: roundTo(r.valore, 2),
            senzaPrezzo: r.senza_prezzo,
          })),
        inScadenza: inScadenza
          .filter((r) => readable(r.tipo))
          .map((r) => ({
            tipo: r.tipo,
            item: { _id: r.id, codice: r.codice },
            cliente: { _id: r.cliente_id, ragioneSociale: r.ragione_sociale },
            pezzi: r.pezzi,
            scadenza: String(r.scadenza).slice(0, 10),
          })),
      };
    },

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
