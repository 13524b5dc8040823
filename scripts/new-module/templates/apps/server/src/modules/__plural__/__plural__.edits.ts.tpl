import type { __Singular__, __Singular__Create, __Singular__Update } from '@gestcava/contracts';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/app-error.js';
import { diffChanges, initialValues } from '../../lib/audit.js';
import { constraintError } from '../../lib/db-errors.js';
import {
  audit__Singular__,
  dataOf,
  duplicate,
  FIELDS,
  NOT_FOUND,
  toDto,
  type __Plural__Deps,
} from './__plural__.core.js';
import { __pluralCamel__Repository as repo } from './__plural__.repository.js';

/** __label__'s writes: each one transaction with its history row. */
export function create__Plural__Edits({ db }: __Plural__Deps) {
  return {
    async create(actor: Actor, data: __Singular__Create): Promise<__Singular__> {
      try {
        return await db.transaction(async (tx) => {
          const row = await repo.insert(tx, actor.companyId, data);
          await audit__Singular__(tx, actor, row.id, 'create', initialValues(dataOf(row), FIELDS));
          return toDto(row);
        });
      } catch (error) {
        throw constraintError(error, { unique: duplicate(data.nome) }) ?? error;
      }
    },

    /** The fields sent change, under the row's lock, with a history row of what changed. */
    async update(actor: Actor, id: string, patch: __Singular__Update): Promise<__Singular__> {
      try {
        return await db.transaction(async (tx) => {
          const current = await repo.lock(tx, actor.companyId, id);
          if (!current) throw notFound(NOT_FOUND);
          const before = dataOf(current);
          const after: __Singular__Create = { ...before, ...patch };
          const changes = diffChanges(before, after, FIELDS);
          if (Object.keys(changes).length === 0) return toDto(current);
          const updated = await repo.update(tx, actor.companyId, id, after);
          const onlyAttivo = Object.keys(changes).length === 1 && changes.attivo;
          const action = onlyAttivo ? (after.attivo ? 'riattivazione' : 'disattivazione') : 'update';
          await audit__Singular__(tx, actor, id, action, changes);
          return toDto(updated!);
        });
      } catch (error) {
        throw constraintError(error, { unique: duplicate(patch.nome ?? '') }) ?? error;
      }
    },

    /** Only a record nothing refers to can go; otherwise 409 with the way out (deactivate it). */
    async remove(actor: Actor, id: string): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const current = await repo.lock(tx, actor.companyId, id);
          if (!current) throw notFound(NOT_FOUND);
          await audit__Singular__(tx, actor, id, 'delete', initialValues(dataOf(current), ['nome']));
          await repo.remove(tx, actor.companyId, id);
        });
      } catch (error) {
        throw (
          constraintError(error, {
            foreignKey: '__labelSingular__ usato altrove: non si può eliminare, ma puoi disattivarlo',
          }) ?? error
        );
      }
    },
  };
}
