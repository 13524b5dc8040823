import type { DbOrTx } from '../../db/client.js';
import { recordAuditMany } from '../../lib/audit.js';
import * as ledger from './ledger.repository.js';
import * as registry from './magazzino.registry.js';
import { lastraStatoEntry, type LastraStatoBy } from './stock-lastre.history.js';

/** Slabs change state inside stock (all of them or 409), each with its history row and the note. */
async function cambiaStatoLastre(
  tx: DbOrTx,
  by: LastraStatoBy,
  ids: readonly string[],
  stato: { from: string; to: string },
  note: string,
) {
  const moved = await ledger.cambiaStatoLastre(tx, by.companyId, ids, stato.from, stato.to);
  await recordAuditMany(
    tx,
    moved.map((l) => lastraStatoEntry(by, l.id, stato, { note })),
  );
  return moved;
}

/**
 * The stock operations the lavorazioni and the transfers run inside their own transaction (docs/domain.md
 * "Stock ledger"): each writes its movimenti and guards its updates, so a refusal rolls the caller
 * back. Also the genealogy's reads of a block's stock.
 */
export function createMagazzinoLedgerOps() {
  return {
    /** A block's bundles with their slabs in sawing order, for the genealogy its sawings show. */
    pacchiOfBlocco: (tx: DbOrTx, companyId: string, bloccoId: string) =>
      registry.pacchiOfBlocco(tx, companyId, bloccoId),
    /** The lots of some lavorazioni pavimenti, for the genealogy of the block they were cut from. */
    lottiOfLavorazioni: (tx: DbOrTx, companyId: string, lavorazioneIds: string[]) =>
      registry.lottiOfLavorazioni(tx, companyId, lavorazioneIds),
    /** A new bundle with its slabs (a sawing's output, a transfer's arrival) and its `carico`. */
    caricaPacco: (...args: Parameters<typeof ledger.caricaPacco>) => ledger.caricaPacco(...args),
    /** A new tile lot (a lavorazione's output, a transfer's arrival) and its `carico`. */
    caricaLotto: (...args: Parameters<typeof ledger.caricaLotto>) => ledger.caricaLotto(...args),
    /** Locks the bundles of these slabs: every transaction on slabs takes their bundles first (no deadlock). */
    lockPacchiOfLastre: (tx: DbOrTx, companyId: string, lastraIds: readonly string[]) =>
      ledger.lockPacchi(tx, companyId, { lastraIds }),
    /** Slabs set aside for a lavorazione pavimenti (`disponibile` → `in_lavorazione`): all of them or 409. */
    impegnaLastre: (tx: DbOrTx, by: LastraStatoBy, ids: readonly string[], note: string) =>
      cambiaStatoLastre(tx, by, ids, { from: 'disponibile', to: 'in_lavorazione' }, note),
    /** Slabs a lavorazione pavimenti gives back (`in_lavorazione` → `disponibile`): all of them or 409. */
    liberaLastre: (tx: DbOrTx, by: LastraStatoBy, ids: readonly string[], note: string) =>
      cambiaStatoLastre(tx, by, ids, { from: 'in_lavorazione', to: 'disponibile' }, note),
    /** Slabs cut into tiles leave stock, one `scarico` each; they stay `in_lavorazione`, the lot's origin. */
    scaricaLastreTagliate: (tx: DbOrTx, meta: ledger.MovimentoMeta, ids: readonly string[]) =>
      ledger.scaricaLastre(tx, meta, ids, 'in_lavorazione', 'in_lavorazione'),
  };
}
