import {
  BANCATA_STATO_LABELS,
  pesoT,
  volumeM3,
  type Bancata,
  type BancataCreate,
  type BancataStato,
  type BancataUpdate,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import { initialValues, recordAudit, recordUpdate } from '../../lib/audit.js';
import { assertCodiceChange, nextCode } from '../../lib/codes.js';
import { todayInRome } from '../../lib/dates.js';
import { constraintError } from '../../lib/db-errors.js';
import { changeState } from '../../lib/state-change.js';
import {
  assertCava,
  densitaOf,
  getBancata,
  NOT_FOUND,
  type BancateDeps,
} from './bancate.common.js';
import { BANCATA_FIELDS } from './bancate.mapper.js';
import * as repo from './bancate.repository.js';

/** The edit inside its transaction: the row locked, its lookups checked, measures and weight recomputed. */
async function applyUpdate(
  deps: BancateDeps,
  tx: DbOrTx,
  actor: Actor,
  id: string,
  body: BancataUpdate,
) {
  const current = await repo.lockInCompany(tx, actor.companyId, id);
  if (!current) throw notFound(NOT_FOUND);
  if (current.stato === 'annullata')
    throw conflict('La bancata è annullata: non si può modificare');
  assertCodiceChange(body.codice, current.codice);
  if (body.cavaId) await assertCava(deps, actor.companyId, body.cavaId, tx);
  const materialeId = body.materialeId ?? current.materialeId;
  const densita = await densitaOf(deps, actor.companyId, materialeId, tx);
  const next = { ...current, ...body };
  const volumeLordo = volumeM3(next.lunghezza, next.altezza, next.profondita);
  const row = (await repo.updateInCompany(tx, actor.companyId, id, {
    ...body,
    volumeLordo,
    pesoStimato: pesoT(volumeLordo, densita),
  }))!;
  if (row.codice !== current.codice)
    await deps.entities.codiceChanged(tx, 'bancata', actor.companyId, id, row.codice);
  await recordUpdate(
    tx,
    { companyId: actor.companyId, entityType: 'bancata', entityId: id, userId: actor.userId },
    current,
    row,
    BANCATA_FIELDS,
  );
}

/** A new bancata inside its transaction: its lookups checked, its volume and weight computed, its history row. */
async function insertBancata(deps: BancateDeps, tx: DbOrTx, actor: Actor, body: BancataCreate) {
  await assertCava(deps, actor.companyId, body.cavaId, tx);
  const densita = await densitaOf(deps, actor.companyId, body.materialeId, tx);
  const volumeLordo = volumeM3(body.lunghezza, body.altezza, body.profondita);
  const row = await repo.insert(tx, {
    ...body,
    companyId: actor.companyId,
    codice: await nextCode(tx, 'BA'),
    volumeLordo,
    pesoStimato: pesoT(volumeLordo, densita),
    stato: 'pianificata',
  });
  await recordAudit(tx, {
    companyId: actor.companyId,
    entityType: 'bancata',
    entityId: row.id,
    action: 'create',
    userId: actor.userId,
    changes: initialValues(row, BANCATA_FIELDS),
  });
  // A cut dated today or earlier (Rome) is already under way: the ordinary move, with its history row.
  if (row.dataTaglio <= todayInRome()) {
    await changeState(tx, repo.BANCATA_STATES, {
      companyId: actor.companyId,
      id: row.id,
      to: 'in_taglio',
      userId: actor.userId,
      note: 'Data di taglio già raggiunta',
    });
  }
  return getBancata(tx, actor.companyId, row.id);
}

/** The writes of a bancata's record: create, edit, delete (a planned one only). */
export function createBancateEdits(deps: BancateDeps) {
  const { db } = deps;

  return {
    async create(actor: Actor, body: BancataCreate): Promise<Bancata> {
      return db.transaction((tx) => insertBancata(deps, tx, actor, body));
    },

    async update(actor: Actor, id: string, body: BancataUpdate): Promise<Bancata> {
      if (body.codice !== undefined && !actor.isAdmin)
        throw forbidden('Solo un amministratore può correggere il codice');
      try {
        return await db.transaction(async (tx) => {
          await applyUpdate(deps, tx, actor, id, body);
          return getBancata(tx, actor.companyId, id);
        });
      } catch (error) {
        throw constraintError(error, { unique: 'Codice già usato da un’altra bancata' }) ?? error;
      }
    },

    /** Only a planned bancata can be deleted: once cut it is part of the quarry's record. */
    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await repo.lockInCompany(tx, actor.companyId, id);
        if (!current) throw notFound(NOT_FOUND);
        if (current.stato !== 'pianificata') {
          throw conflict(
            `Si può eliminare solo una bancata pianificata (questa è «${BANCATA_STATO_LABELS[current.stato as BancataStato]}»): annullala invece`,
          );
        }
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'bancata',
          entityId: id,
          action: 'delete',
          userId: actor.userId,
          changes: { codice: { from: current.codice, to: null } },
        });
        await repo.deleteInStato(tx, actor.companyId, id, 'pianificata');
      });
    },
  };
}
