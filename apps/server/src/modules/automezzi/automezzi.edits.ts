import type { Automezzo, AutomezzoCreate, AutomezzoUpdate } from '@gestcava/contracts';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/app-error.js';
import { diffChanges, initialValues } from '../../lib/audit.js';
import { constraintError } from '../../lib/db-errors.js';
import {
  auditAutomezzo,
  dataOf,
  duplicate,
  FIELDS,
  NOT_FOUND,
  toDto,
  type AutomezziDeps,
} from './automezzi.core.js';
import { automezziRepository as repo } from './automezzi.repository.js';

/** The trucks' writes: one plate once per company, each write with its history row. */
export function createAutomezziEdits({ db }: AutomezziDeps) {
  return {
    async create(actor: Actor, data: AutomezzoCreate): Promise<Automezzo> {
      try {
        return await db.transaction(async (tx) => {
          const row = await repo.insert(tx, actor.companyId, data);
          await auditAutomezzo(tx, actor, row.id, 'create', initialValues(dataOf(row), FIELDS));
          return toDto(row);
        });
      } catch (error) {
        throw constraintError(error, { unique: duplicate(data.targa) }) ?? error;
      }
    },

    /** The fields sent change, under the row's lock, with a history row of what changed. */
    async update(actor: Actor, id: string, patch: AutomezzoUpdate): Promise<Automezzo> {
      try {
        return await db.transaction(async (tx) => {
          const current = await repo.lock(tx, actor.companyId, id);
          if (!current) throw notFound(NOT_FOUND);
          const before = dataOf(current);
          // a field absent from the body is absent from the parsed patch (JSON has no undefined)
          const after: AutomezzoCreate = { ...before, ...patch };
          const changes = diffChanges(before, after, FIELDS);
          if (Object.keys(changes).length === 0) return toDto(current);
          const updated = await repo.update(tx, actor.companyId, id, after);
          const onlyAttivo = Object.keys(changes).length === 1 && changes.attivo;
          const action = onlyAttivo
            ? after.attivo
              ? 'riattivazione'
              : 'disattivazione'
            : 'update';
          await auditAutomezzo(tx, actor, id, action, changes);
          return toDto(updated!);
        });
      } catch (error) {
        throw constraintError(error, { unique: duplicate(patch.targa ?? '') }) ?? error;
      }
    },

    /** Only a truck no document names can go; otherwise 409 with the way out (deactivate it). */
    async remove(actor: Actor, id: string): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const current = await repo.lock(tx, actor.companyId, id);
          if (!current) throw notFound(NOT_FOUND);
          const changes = initialValues(dataOf(current), ['targa', 'descrizione']);
          await auditAutomezzo(tx, actor, id, 'delete', changes);
          await repo.remove(tx, actor.companyId, id);
        });
      } catch (error) {
        throw (
          constraintError(error, {
            foreignKey:
              'Automezzo usato in altri documenti: non si può eliminare, ma puoi disattivarlo',
          }) ?? error
        );
      }
    },
  };
}
