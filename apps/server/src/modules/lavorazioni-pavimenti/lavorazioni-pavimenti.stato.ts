import { type LavorazionePavimenti, type LavorazionePavimentiStatoBody } from '@gestcava/contracts';
import { todayInRome } from '../../lib/dates.js';
import { changeState } from '../../lib/state-change.js';
import type { Actor } from '../../lib/actor.js';
import * as repo from './lavorazioni-pavimenti.repository.js';
import {
  type LavorazioniPavimentiCore,
  type LavorazioniPavimentiDeps,
} from './lavorazioni-pavimenti.core.js';

const STATES = repo.LAVORAZIONE_PAVIMENTI_STATES;

/** A tile cut moved through its states by the user, its block or slabs moving with it. */
export function createLavorazioniPavimentiStato(
  deps: LavorazioniPavimentiDeps,
  core: LavorazioniPavimentiCore,
) {
  const { db } = deps;
  const { get, moveMaterial } = core;
  return {
    /**
     * `in_lavorazione` takes the block (→ in_segagione) or the slabs (→ in_lavorazione) and dates the
     * start; `annullata` gives them back if the work had started. All in one transaction.
     */
    async changeStato(
      actor: Actor,
      id: string,
      { stato: to, nota }: LavorazionePavimentiStatoBody,
    ): Promise<LavorazionePavimenti> {
      return db.transaction(async (tx) => {
        const { from, current } = await changeState(tx, STATES, {
          companyId: actor.companyId,
          id,
          to,
          userId: actor.userId,
          note: nota,
          set: () => (to === 'in_lavorazione' ? { dataInizio: todayInRome() } : {}),
        });
        if (to === 'in_lavorazione') await moveMaterial(tx, actor, current, 'start');
        else if (from === 'in_lavorazione') await moveMaterial(tx, actor, current, 'giveBack');
        return get(actor.companyId, id, tx);
      });
    },
  };
}
