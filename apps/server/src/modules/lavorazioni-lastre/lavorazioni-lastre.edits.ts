import {
  LAVORAZIONE_LASTRE_STATO_LABELS,
  resaTeoricaBlocco,
  type LavorazioneLastre,
  type LavorazioneLastreCreate,
  type LavorazioneLastreUpdate,
} from '@gestcava/contracts';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { initialValues, recordAudit, recordUpdate } from '../../lib/audit.js';
import { nextCode } from '../../lib/codes.js';
import { constraintError } from '../../lib/db-errors.js';
import type { Actor } from '../../lib/actor.js';
import {
  LAVORAZIONE_LASTRE_FIELDS,
  type LavorazioneLastreRow,
} from './lavorazioni-lastre.mapper.js';
import type { DbOrTx } from '../../db/client.js';
import { pick } from '../../lib/pick.js';
import * as repo from './lavorazioni-lastre.repository.js';
import {
  type LavorazioniLastreCore,
  type LavorazioniLastreDeps,
} from './lavorazioni-lastre.core.js';

const { notFound: NOT_FOUND, stale: STALE } = repo.LAVORAZIONE_LASTRE_STATES.manual.messages;
const GIA_APERTA = 'Il blocco ha già una segagione pianificata o in corso';

type Plan = Omit<LavorazioneLastreUpdate, 'note'>;

/** The columns of the plan an edit writes (the note is written apart, at any time). */
const PLAN_FIELDS = [
  'macchinaId',
  'spessoreMm',
  'finitura',
  'resinatura',
  'contoTerzi',
  'terzistaId',
] as const satisfies ReadonlyArray<keyof LavorazioneLastreRow>;

/** Whether the edit changes the plan; refused (409) once the sawing has left `pianificata`. */
function assertPlanEditable(current: LavorazioneLastreRow, plan: Plan): boolean {
  const changesPlan = Object.entries(plan).some(
    ([k, v]) => v !== undefined && v !== current[k as keyof typeof current],
  );
  if (changesPlan && current.stato !== 'pianificata') {
    throw conflict(
      `La lavorazione è «${LAVORAZIONE_LASTRE_STATO_LABELS[current.stato as keyof typeof LAVORAZIONE_LASTRE_STATO_LABELS]}»: si può modificare solo la nota`,
    );
  }
  return changesPlan;
}

/** The stored plan with the edit's fields over it; conto terzi needs its terzista (400). */
function mergedPlan(current: LavorazioneLastreRow, plan: Plan): LavorazioneLastreRow {
  const next = {
    ...current,
    ...Object.fromEntries(Object.entries(plan).filter(([, v]) => v !== undefined)),
  } as LavorazioneLastreRow;
  if (!next.contoTerzi) next.terzistaId = null;
  if (next.contoTerzi && !next.terzistaId) {
    throw badRequest('Per una lavorazione conto terzi scegli il terzista', [
      { path: 'terzistaId', message: 'Per una lavorazione conto terzi scegli il terzista' },
    ]);
  }
  return next;
}

/**
 * The theoretical yield again when the edit changes the machine or the thickness (the new machine
 * must be active), else nothing to write.
 */
async function resaTeoricaOf(
  { macchinaOf }: LavorazioniLastreCore,
  tx: DbOrTx,
  companyId: string,
  id: string,
  plan: Plan,
  next: LavorazioneLastreRow,
): Promise<{ resaTeorica?: number }> {
  if (!plan.macchinaId && !plan.spessoreMm) return {};
  const macchina = await macchinaOf(companyId, next.macchinaId, tx);
  const { blocco } = (await repo.findJoined(tx, companyId, id))!;
  return {
    resaTeorica: resaTeoricaBlocco(blocco, {
      spessoreMm: next.spessoreMm,
      kerfMm: macchina.kerfMm,
      rifiloMm: macchina.rifiloMm,
    }),
  };
}

/** The block to saw, locked so an option or a sale cannot slip in between the check and the plan. */
async function bloccoDaSegare(
  { blocchi }: LavorazioniLastreDeps,
  tx: DbOrTx,
  companyId: string,
  bloccoId: string,
) {
  const blocco = await blocchi.lockForLavorazione(tx, companyId, bloccoId);
  if (!blocco)
    throw badRequest('Blocco non valido', [{ path: 'bloccoId', message: 'Blocco non valido' }]);
  if (blocco.statoEffettivo !== 'disponibile')
    throw conflict(
      `Il blocco ${blocco.blocco.codice} non è disponibile: non si può pianificarne la segagione`,
    );
  return blocco.blocco;
}

/** The plan written with its code, its theoretical yield and its `create` history. */
async function insertPlan(
  deps: LavorazioniLastreDeps,
  core: LavorazioniLastreCore,
  tx: DbOrTx,
  actor: Actor,
  body: LavorazioneLastreCreate,
): Promise<LavorazioneLastre> {
  const blocco = await bloccoDaSegare(deps, tx, actor.companyId, body.bloccoId);
  const macchina = await core.macchinaOf(actor.companyId, body.macchinaId, tx);
  await core.assertTerzista(actor.companyId, body.terzistaId, tx);
  const row = await repo.insert(tx, {
    ...body,
    terzistaId: body.contoTerzi ? (body.terzistaId ?? null) : null,
    companyId: actor.companyId,
    codice: await nextCode(tx, 'SG'),
    resaTeorica: resaTeoricaBlocco(blocco, {
      spessoreMm: body.spessoreMm,
      kerfMm: macchina.kerfMm,
      rifiloMm: macchina.rifiloMm,
    }),
    stato: 'pianificata',
  });
  await recordAudit(tx, {
    companyId: actor.companyId,
    entityType: 'lavorazione-lastre',
    entityId: row.id,
    action: 'create',
    userId: actor.userId,
    changes: initialValues(row, LAVORAZIONE_LASTRE_FIELDS),
  });
  return core.get(actor.companyId, row.id, tx);
}

/** The plan changes only while `pianificata`, the note at any time: locked, then one guarded update. */
async function updatePlan(
  core: LavorazioniLastreCore,
  tx: DbOrTx,
  actor: Actor,
  id: string,
  body: LavorazioneLastreUpdate,
): Promise<LavorazioneLastre> {
  const current = await repo.lockInCompany(tx, actor.companyId, id);
  if (!current) throw notFound(NOT_FOUND);
  const { note, ...plan } = body;
  const changesPlan = assertPlanEditable(current, plan);
  const next = mergedPlan(current, plan);
  const resa = await resaTeoricaOf(core, tx, actor.companyId, id, plan, next);
  if (plan.terzistaId) await core.assertTerzista(actor.companyId, plan.terzistaId, tx);
  const row = await repo.updateInStato(tx, actor.companyId, id, current.stato, {
    ...(changesPlan ? { ...pick(next, PLAN_FIELDS), ...resa } : {}),
    ...(note !== undefined ? { note } : {}),
  });
  if (!row) throw conflict(STALE);
  await recordUpdate(
    tx,
    {
      companyId: actor.companyId,
      entityType: 'lavorazione-lastre',
      entityId: id,
      userId: actor.userId,
    },
    current,
    row,
    LAVORAZIONE_LASTRE_FIELDS,
  );
  return core.get(actor.companyId, id, tx);
}

/** A sawing planned and its plan edited. */
export function createLavorazioniLastreEdits(
  deps: LavorazioniLastreDeps,
  core: LavorazioniLastreCore,
) {
  const { db } = deps;
  return {
    /** Plans a sawing of a `disponibile` block; its theoretical yield is fixed now, from the machine's kerf and trim. */
    async create(actor: Actor, body: LavorazioneLastreCreate): Promise<LavorazioneLastre> {
      try {
        return await db.transaction((tx) => insertPlan(deps, core, tx, actor, body));
      } catch (error) {
        throw constraintError(error, { unique: GIA_APERTA }) ?? error;
      }
    },

    /** The plan changes only while `pianificata`; the note at any time. */
    update: (actor: Actor, id: string, body: LavorazioneLastreUpdate): Promise<LavorazioneLastre> =>
      db.transaction((tx) => updatePlan(core, tx, actor, id, body)),
  };
}
