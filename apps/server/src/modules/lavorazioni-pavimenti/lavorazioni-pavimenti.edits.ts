import {
  BLOCCO_STATO_LABELS,
  LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  type LavorazionePavimenti,
  type LavorazionePavimentiCreate,
  type LavorazionePavimentiStato,
  type LavorazionePavimentiUpdate,
} from '@gestcava/contracts';
import { conflict, notFound } from '../../lib/app-error.js';
import { initialValues, recordAudit, recordUpdate } from '../../lib/audit.js';
import { nextCode } from '../../lib/codes.js';
import type { DbOrTx } from '../../db/client.js';
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

type Origin = Pick<LavorazioneRow, 'origine' | 'bloccoId' | 'materialeId'>;

/** What the cut starts from: a `disponibile` block, or `disponibile` slabs of one material (with their codes). */
async function originOf(
  core: LavorazioniPavimentiCore,
  tx: DbOrTx,
  companyId: string,
  { bloccoId, lastraIds }: Pick<LavorazionePavimentiCreate, 'bloccoId' | 'lastraIds'>,
): Promise<{ origin: Origin; codiciLastre: string[] }> {
  if (bloccoId) {
    const blocco = await core.bloccoOf(companyId, bloccoId, tx);
    if (blocco.stato !== 'disponibile') {
      throw conflict(
        `Il blocco ${blocco.codice} è «${BLOCCO_STATO_LABELS[blocco.stato]}»: si taglia solo un blocco disponibile`,
      );
    }
    const origin: Origin = {
      origine: 'blocco',
      bloccoId: blocco._id,
      materialeId: blocco.materiale._id,
    };
    return { origin, codiciLastre: [] };
  }
  const slabs = await core.lastreDaTagliare(companyId, lastraIds!, tx);
  const blocks = new Set(slabs.map((s) => s.bloccoId));
  const origin: Origin = {
    origine: 'lastre',
    bloccoId: blocks.size === 1 ? slabs[0]!.bloccoId : null,
    materialeId: slabs[0]!.materialeId,
  };
  return { origin, codiciLastre: slabs.map((s) => s.codice).sort() };
}

/** The plan written with its code, its slabs and its `create` history (the slabs' codes in it). */
async function insertPlan(
  core: LavorazioniPavimentiCore,
  tx: DbOrTx,
  actor: Actor,
  { bloccoId, lastraIds, ...plan }: LavorazionePavimentiCreate,
): Promise<LavorazionePavimenti> {
  const { origin, codiciLastre } = await originOf(core, tx, actor.companyId, {
    bloccoId,
    lastraIds,
  });
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
  return core.get(actor.companyId, row.id, tx);
}

/** The plan changes only while `pianificata`; the note at any time. Locked, then one guarded update. */
async function updatePlan(
  core: LavorazioniPavimentiCore,
  tx: DbOrTx,
  actor: Actor,
  id: string,
  body: LavorazionePavimentiUpdate,
): Promise<LavorazionePavimenti> {
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
  await recordUpdate(
    tx,
    { companyId: actor.companyId, entityType: ENTITY, entityId: id, userId: actor.userId },
    current,
    row,
    LAVORAZIONE_PAVIMENTI_FIELDS,
  );
  return core.get(actor.companyId, id, tx);
}

/** A tile cut planned and its plan edited. */
export function createLavorazioniPavimentiEdits(
  deps: LavorazioniPavimentiDeps,
  core: LavorazioniPavimentiCore,
) {
  const { db } = deps;
  return {
    /** A plan from a `disponibile` block or from `disponibile` slabs of one material (the origin is whichever is given). */
    create: (actor: Actor, body: LavorazionePavimentiCreate): Promise<LavorazionePavimenti> =>
      db.transaction((tx) => insertPlan(core, tx, actor, body)),

    /** The plan changes only while `pianificata`; the note at any time. */
    update: (
      actor: Actor,
      id: string,
      body: LavorazionePavimentiUpdate,
    ): Promise<LavorazionePavimenti> =>
      db.transaction((tx) => updatePlan(core, tx, actor, id, body)),
  };
}
