import {
  BLOCCO_STATO_LABELS,
  LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  type LavorazionePavimenti,
  type LavorazionePavimentiCreate,
  type LavorazionePavimentiStato,
  type LavorazionePavimentiUpdate,
} from '@gestcava/contracts';
import { conflict, notFound } from '../../lib/app-error.js';
import { diffChanges, initialValues, recordAudit } from '../../lib/audit.js';
import { nextCode } from '../../lib/codes.js';
import type { Actor } from '../../lib/actor.js';

import {
  LAVORAZIONE_PAVIMENTI_FIELDS,
  type LavorazioneRow,
} from './lavorazioni-pavimenti.mapper.js';
import * as repo from './lavorazioni-pavimenti.repository.js';
import {
  type LavorazioniPavimentiCore,
  type LavorazioniPavimentiDeps,
} from './lavorazioni-pavimenti.core.js';

const STATES = repo.LAVORAZIONE_PAVIMENTI_STATES;
const NOT_FOUND = STATES.messages.notFound;
const ENTITY = STATES.entityType;

/** A tile cut planned and its plan edited. */
export function createLavorazioniPavimentiEdits(
  deps: LavorazioniPavimentiDeps,
  core: LavorazioniPavimentiCore,
) {
  const { db } = deps;
  const { get, bloccoOf, lastreDaTagliare } = core;
  return {
    /** A plan from a `disponibile` block or from `disponibile` slabs of one material (the origin is whichever is given). */
    async create(
      actor: Actor,
      { bloccoId, lastraIds, ...plan }: LavorazionePavimentiCreate,
    ): Promise<LavorazionePavimenti> {
      return db.transaction(async (tx) => {
        let origin: Pick<LavorazioneRow, 'origine' | 'bloccoId' | 'materialeId'>;
        let codiciLastre: string[] = [];
        if (bloccoId) {
          const blocco = await bloccoOf(actor.companyId, bloccoId, tx);
          if (blocco.stato !== 'disponibile') {
            throw conflict(
              `Il blocco ${blocco.codice} è «${BLOCCO_STATO_LABELS[blocco.stato]}»: si taglia solo un blocco disponibile`,
            );
          }
          origin = { origine: 'blocco', bloccoId: blocco._id, materialeId: blocco.materiale._id };
        } else {
          const slabs = await lastreDaTagliare(actor.companyId, lastraIds!, tx);
          const blocks = new Set(slabs.map((s) => s.bloccoId));
          origin = {
            origine: 'lastre',
            bloccoId: blocks.size === 1 ? slabs[0]!.bloccoId : null,
            materialeId: slabs[0]!.materialeId,
          };
          codiciLastre = slabs.map((s) => s.codice).sort();
        }
        const row = await repo.insert(tx, {
          ...plan,
          ...origin,
          companyId: actor.companyId,
          codice: await nextCode(tx, 'LP'),
          stato: 'pianificata',
        });
        if (lastraIds) await repo.insertLastre(tx, row.id, lastraIds);
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: ENTITY,
          entityId: row.id,
          action: 'create',
          userId: actor.userId,
          changes: {
            ...initialValues(row, LAVORAZIONE_PAVIMENTI_FIELDS),
            ...(codiciLastre.length ? { lastre: { from: null, to: codiciLastre } } : {}),
          },
        });
        return get(actor.companyId, row.id, tx);
      });
    },

    /** The plan changes only while `pianificata`; the note at any time. */
    async update(
      actor: Actor,
      id: string,
      body: LavorazionePavimentiUpdate,
    ): Promise<LavorazionePavimenti> {
      return db.transaction(async (tx) => {
        const current = await repo.lockInCompany(tx, actor.companyId, id);
        if (!current) throw notFound(NOT_FOUND);
        const planChanged = Object.entries(body).some(
          ([key, value]) => key !== 'note' && value !== undefined,
        );
        if (planChanged && current.stato !== 'pianificata') {
          throw conflict(
            `La lavorazione è «${LAVORAZIONE_PAVIMENTI_STATO_LABELS[current.stato as LavorazionePavimentiStato]}»: se ne può modificare solo la nota`,
          );
        }
        const row = await repo.updateInStato(tx, actor.companyId, id, current.stato, body);
        if (!row) throw conflict(STATES.messages.stale);
        const changes = diffChanges(current, row, LAVORAZIONE_PAVIMENTI_FIELDS);
        if (Object.keys(changes).length) {
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType: ENTITY,
            entityId: id,
            action: 'update',
            userId: actor.userId,
            changes,
          });
        }
        return get(actor.companyId, id, tx);
      });
    },
  };
}
