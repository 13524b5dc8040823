import type { LookupKind } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/app-error.js';
import { initialValues, recordAudit, recordUpdate } from '../../lib/audit.js';
import { assertCodiceChange } from '../../lib/codes.js';
import { constraintError } from '../../lib/db-errors.js';
import { ricalcolaPesiTeorici } from '../../lib/peso-blocco.js';
import { toDto, type LookupCore, type LookupDeps } from './lookups.common.js';
import type { NewLookupRow } from './lookups.repository.js';

/** The edit of a locked row with its history; a corrected density moves the weights computed from it. */
async function writeUpdate<K extends LookupKind>(
  tx: DbOrTx,
  { def, repo, fields, notFound: missing }: LookupCore<K>,
  actor: Actor,
  id: string,
  body: Partial<NewLookupRow<K>>,
) {
  const current = await repo.lock(tx, actor.companyId, id);
  if (!current) throw notFound(missing);
  // only a quarry has a code
  if ('codice' in current) assertCodiceChange((body as { codice?: string }).codice, current.codice);
  const row = (await repo.update(tx, actor.companyId, id, body))!;
  const changes = await recordUpdate(
    tx,
    { companyId: actor.companyId, entityType: def.entityType, entityId: id, userId: actor.userId },
    current,
    row,
    fields,
  );
  // a corrected density moves the theoretical weights stored from it (one weight on every screen)
  if (changes?.densita && 'densita' in row)
    await ricalcolaPesiTeorici(tx, actor.companyId, id, row.densita);
  return toDto<K>(row);
}

/** Create, edit and delete of one lookup, each with its history row; a row in use is not deleted (409). */
export function createLookupEdits<K extends LookupKind>(
  { db }: LookupDeps<K>,
  core: LookupCore<K>,
) {
  const { def, repo, fields, taken, label } = core;
  return {
    async create(actor: Actor, body: NewLookupRow<K>) {
      try {
        return await db.transaction(async (tx) => {
          const row = await repo.insert(tx, actor.companyId, body);
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType: def.entityType,
            entityId: row.id,
            action: 'create',
            userId: actor.userId,
            changes: initialValues(row, fields),
          });
          return toDto<K>(row);
        });
      } catch (error) {
        throw constraintError(error, { unique: taken }) ?? error;
      }
    },

    async update(actor: Actor, id: string, body: Partial<NewLookupRow<K>>) {
      try {
        return await db.transaction((tx) => writeUpdate(tx, core, actor, id, body));
      } catch (error) {
        throw constraintError(error, { unique: taken }) ?? error;
      }
    },

    async remove(actor: Actor, id: string) {
      try {
        await db.transaction(async (tx) => {
          if (!(await repo.remove(tx, actor.companyId, id))) throw notFound(core.notFound);
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType: def.entityType,
            entityId: id,
            action: 'delete',
            userId: actor.userId,
          });
        });
      } catch (error) {
        throw (
          constraintError(error, {
            foreignKey: `${label} in uso: non si può eliminare, ma puoi disattivarla`,
          }) ?? error
        );
      }
    },
  };
}
