import { type LavorazioneLastre, type LavorazioneLastreStatoBody } from '@gestcava/contracts';
import { todayInRome } from '../../lib/dates.js';
import { changeState } from '../../lib/state-change.js';
import type { Actor } from '../../lib/actor.js';
import * as repo from './lavorazioni-lastre.repository.js';
import {
  type LavorazioniLastreCore,
  type LavorazioniLastreDeps,
} from './lavorazioni-lastre.core.js';

/** A sawing moved through its states by the user, the block moving with it. */
export function createLavorazioniLastreStato(
  deps: LavorazioniLastreDeps,
  core: LavorazioniLastreCore,
) {
  const { db, blocchi } = deps;
  const { get } = core;
  return {
    /** Starting moves the block to `in_segagione`; cancelling a started sawing gives the block back. */
    async changeStato(
      actor: Actor,
      id: string,
      body: LavorazioneLastreStatoBody,
    ): Promise<LavorazioneLastre> {
      return db.transaction(async (tx) => {
        const { from, current } = await changeState(tx, repo.LAVORAZIONE_LASTRE_STATES.manual, {
          companyId: actor.companyId,
          id,
          to: body.stato,
          userId: actor.userId,
          note: body.nota,
          set: () => (body.stato === 'in_segagione' ? { dataInizio: todayInRome() } : {}),
        });
        const block = {
          companyId: actor.companyId,
          origine: null,
          id: current.bloccoId,
          by: 'system' as const,
          userId: actor.userId,
        };
        if (body.stato === 'in_segagione') {
          await blocchi.transition(tx, {
            ...block,
            to: 'in_segagione',
            note: `Segagione ${current.codice} iniziata`,
          });
        } else if (from === 'in_segagione') {
          await blocchi.transition(tx, {
            ...block,
            to: 'disponibile',
            note: `Segagione ${current.codice} annullata`,
          });
        }
        return get(actor.companyId, id, tx);
      });
    },
  };
}
