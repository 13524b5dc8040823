import {
  mergeAnagraficaUpdate,
  type Anagrafica,
  type AnagraficaCreate,
  type AnagraficaUpdate,
} from '@gestcava/contracts';
import type { AuditAction } from '../../lib/audit.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { diffChanges } from '../../lib/audit.js';
import { constraintError } from '../../lib/db-errors.js';
import type { AnagraficaCore } from './anagrafica.core.js';
import {
  ANAGRAFICA_FIELDS,
  toAnagraficaData,
  toAnagraficaDto,
  type AnagraficaRow,
} from './anagrafica.mapper.js';
import * as repo from './anagrafica.repository.js';

/** Thrown out of an update's transaction that changed nothing, so that it rolls back. */
class Unchanged {
  constructor(readonly row: AnagraficaRow) {}
}

/** The record as it was with the patch applied, checked whole with the create rules; 400 otherwise. */
function mergedOrThrow(before: AnagraficaCreate, patch: AnagraficaUpdate): AnagraficaCreate {
  const merged = mergeAnagraficaUpdate(before, patch);
  if (merged.success) return merged.data;
  const details = merged.error.issues.map((i) => ({
    path: i.path.join('.'),
    message: i.message,
  }));
  throw new AppError('VALIDATION', details[0]?.message ?? 'Dati non validi', { details });
}

/** Switching `attivo` alone reads as (de)activation in the history; anything else is an update. */
function actionOf(changes: object, after: AnagraficaCreate): AuditAction {
  if (!('attivo' in changes) || Object.keys(changes).length !== 1) return 'update';
  return after.attivo ? 'riattivazione' : 'disattivazione';
}

export function createAnagraficaUpdate({ db, table, label, duplicate, audit }: AnagraficaCore) {
  return {
    /**
     * One guarded UPDATE of the fields sent, which also answers the record as it was; the merged
     * record is then checked whole with the create rules inside the same transaction, under the
     * row lock the UPDATE holds, and a failed check rolls the write back (docs/architecture.md
     * "Partial updates and cross-field rules").
     */
    async update(actor: Actor, id: string, patch: AnagraficaUpdate): Promise<Anagrafica> {
      try {
        const row = await db.transaction(async (tx) => {
          const written = await repo.update(tx, table, actor.companyId, id, patch);
          if (!written) throw notFound(`${label} non trovato`);
          const before = toAnagraficaData(written.before);
          const after = mergedOrThrow(before, patch);
          const changes = diffChanges(before, after, ANAGRAFICA_FIELDS);
          // nothing changed: undo the write (its new updatedAt) and answer the record as it was
          if (Object.keys(changes).length === 0) throw new Unchanged(written.before);
          await audit(tx, actor, id, actionOf(changes, after), changes);
          return written.after;
        });
        return toAnagraficaDto(row);
      } catch (error) {
        if (error instanceof Unchanged) return toAnagraficaDto(error.row);
        throw constraintError(error, { unique: duplicate }) ?? error;
      }
    },
  };
}
