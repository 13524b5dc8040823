import {
  LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  SCELTE,
  casse,
  resaPavimenti,
  resaSegagione,
  sumRounded,
  verificaPiastrelle,
  type LavorazionePavimenti,
  type LavorazionePavimentiCompleta,
  type LavorazionePavimentiStato,
} from '@gestcava/contracts';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { diffChanges, recordAudit } from '../../lib/audit.js';
import { nextCode } from '../../lib/codes.js';
import { todayInRome } from '../../lib/dates.js';
import { changeState } from '../../lib/state-change.js';
import type { Actor } from '../../lib/actor.js';

import * as repo from './lavorazioni-pavimenti.repository.js';
import {
  type LavorazioniPavimentiCore,
  type LavorazioniPavimentiDeps,
} from './lavorazioni-pavimenti.core.js';

const STATES = repo.LAVORAZIONE_PAVIMENTI_STATES;
const NOT_FOUND = STATES.messages.notFound;

type Scelta = (typeof SCELTE)[number];

/**
 * Tiles cut from a block (tagliablocchi) or from slabs (docs/domain.md "Lavorazione pavimenti"). The block
 * moves through the blocchi service; the slabs and the lot through the magazzino's stock operations, inside this
 * module's transactions.
 */

/** A tile cut completed: its figures, its lot in stock, its source used up. */
export function createLavorazioniPavimentiCompleta(
  deps: LavorazioniPavimentiDeps,
  core: LavorazioniPavimentiCore,
) {
  const { db, blocchi, magazzino, ubicazioni } = deps;
  const { get, sourceOf } = core;
  return {
    /**
     * One transaction: the lavorazione becomes `completata` with its pieces, m² and yield, the tile lot
     * is loaded with its `carico`, then the block becomes `segato` or the slabs leave stock with a
     * `scarico` each. Any refusal on the way leaves nothing written.
     */
    async completa(
      actor: Actor,
      id: string,
      body: LavorazionePavimentiCompleta,
    ): Promise<LavorazionePavimenti> {
      return db.transaction(async (tx) => {
        const locked = await repo.lockInCompany(tx, actor.companyId, id);
        if (!locked) throw notFound(NOT_FOUND);
        if (locked.stato !== 'in_lavorazione') {
          throw conflict(
            `Si completa solo una lavorazione in corso: questa è «${LAVORAZIONE_PAVIMENTI_STATO_LABELS[locked.stato as LavorazionePavimentiStato]}»`,
          );
        }
        if (!(await ubicazioni.find(actor.companyId, body.ubicazioneId, tx))) {
          throw badRequest('Ubicazione non valida', [
            { path: 'ubicazioneId', message: 'Ubicazione non valida' },
          ]);
        }
        const slabs = locked.origine === 'lastre' ? await repo.lastreOf(tx, id) : [];
        const { limite, fonte, blocco } = await sourceOf(actor.companyId, locked, slabs, tx);
        const verifica = verificaPiastrelle(limite, locked, body.pezzi, fonte);
        if (!verifica.ok)
          throw badRequest(verifica.message, [{ path: 'pezzi', message: verifica.message }]);
        const mq = verifica.mqProdotti;
        let resa: number | null;
        let scelta: Scelta;
        let slabIds: string[] = [];
        if (blocco) {
          resa = resaSegagione(mq, blocco.volumeNetto);
          scelta = blocco.scelta;
        } else {
          slabIds = slabs.map((s) => s.id);
          resa = resaPavimenti(
            mq,
            sumRounded(
              slabs.map((s) => s.mq),
              2,
            ),
          );
          // A lot is as good as its poorest slab.
          scelta = SCELTE[Math.max(...slabs.map((s) => SCELTE.indexOf(s.scelta as Scelta)))]!;
        }
        const risultato = {
          dataFine: todayInRome(),
          pezzi: body.pezzi,
          mqProdotti: mq,
          scartoMq: verifica.scartoMq,
          resa,
        };
        await changeState(tx, STATES, {
          companyId: actor.companyId,
          id,
          to: 'completata',
          userId: actor.userId,
          set: () => risultato,
          // only what the completion changed, field by field
          changes: (current) =>
            diffChanges(
              current,
              { ...current, ...risultato },
              Object.keys(risultato) as Array<keyof typeof risultato>,
            ),
        });

        const codiceLotto = await nextCode(tx, 'LO');
        const causale = `Lavorazione pavimenti ${locked.codice}`;
        const lotto = {
          companyId: actor.companyId,
          codice: codiceLotto,
          lavorazioneId: id,
          bloccoId: locked.bloccoId,
          materialeId: locked.materialeId,
          lunghezzaMm: locked.lunghezzaMm,
          larghezzaMm: locked.larghezzaMm,
          spessoreMm: locked.spessoreMm,
          finitura: locked.finitura,
          bordo: locked.bordo,
          calibrato: locked.calibrato,
          scelta,
          pezzi: body.pezzi,
          mq,
          pezziPerCassa: body.pezziPerCassa,
          casse: casse(body.pezzi, body.pezziPerCassa),
          ubicazioneId: body.ubicazioneId,
        };
        const { id: lottoId } = await magazzino.caricaLotto(
          tx,
          { companyId: actor.companyId, userId: actor.userId, causale },
          lotto,
        );
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'lotto',
          entityId: lottoId,
          action: 'create',
          userId: actor.userId,
          changes: Object.fromEntries(
            ['codice', 'pezzi', 'mq', 'pezziPerCassa', 'casse', 'scelta', 'ubicazioneId'].map(
              (k) => [k, { from: null, to: lotto[k as keyof typeof lotto] }],
            ),
          ),
          note: causale,
        });

        // The material is consumed after the lot exists, so a refusal here undoes the lot too.
        if (locked.origine === 'blocco') {
          await blocchi.transition(tx, {
            companyId: actor.companyId,
            origine: null,
            id: locked.bloccoId!,
            to: 'segato',
            by: 'system',
            userId: actor.userId,
            note: `${causale}: lotto ${codiceLotto}`,
          });
        } else {
          await magazzino.scaricaLastreTagliate(
            tx,
            { companyId: actor.companyId, userId: actor.userId, causale },
            slabIds,
          );
        }
        return get(actor.companyId, id, tx);
      });
    },
  };
}
