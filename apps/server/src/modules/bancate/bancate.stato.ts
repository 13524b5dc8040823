import type { Bancata, BancataStato } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { todayInRome } from '../../lib/dates.js';
import { changeState } from '../../lib/state-change.js';
import { getBancata, type BancateDeps } from './bancate.common.js';
import * as repo from './bancate.repository.js';

/** A bancata's states: the user's moves, and the share lock a new block takes on its bancata. */
export function createBancateStato({ db }: BancateDeps) {
  return {
    /**
     * Closing freezes the yield from the blocchi registered at that moment (blocco creation holds a
     * share lock on the bancata, so none is added meanwhile).
     */
    async changeStato(
      actor: Actor,
      id: string,
      to: BancataStato,
      nota: string | null,
    ): Promise<Bancata> {
      return db.transaction(async (tx) => {
        await changeState(tx, repo.BANCATA_STATES, {
          companyId: actor.companyId,
          id,
          to,
          userId: actor.userId,
          note: nota,
          set: (current) => ({
            ...(to === 'ribaltata' && !current.dataRibaltamento
              ? { dataRibaltamento: todayInRome() }
              : {}),
            ...(to === 'chiusa' ? { resaChiusura: repo.resaChiusura } : {}),
          }),
        });
        return getBancata(tx, actor.companyId, id);
      });
    },

    /** For the blocchi module: the bancata a new block comes from, share-locked, with its state checked. */
    lockForNewBlocco: (tx: DbOrTx, companyId: string, id: string) =>
      repo.lockInCompany(tx, companyId, id, 'share'),
  };
}
