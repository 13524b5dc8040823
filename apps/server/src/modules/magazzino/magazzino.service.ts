import type { Db } from '../../db/client.js';
import * as ledger from './ledger.repository.js';

export type { MovimentoMeta, NewLastra, NewLotto, NewPacco } from './ledger.repository.js';

export type MagazzinoService = ReturnType<typeof createMagazzinoService>;

/**
 * Magazzino lastre and pavimenti. The lavorazioni load and unload stock only through `ledger`
 * (inside their own transaction); the reads serve `/api/magazzino/*`.
 */
export function createMagazzinoService(deps: { db: Db }) {
  const { db } = deps;
  return {
    db,
    ledger: {
      caricaPacco: ledger.caricaPacco,
      caricaLotto: ledger.caricaLotto,
      scaricaLastre: ledger.scaricaLastre,
      cambiaStatoLastre: ledger.cambiaStatoLastre,
      ledgerSum: ledger.ledgerSum,
    },
  };
}
