import type { __Singular__, __Singular__Create } from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { AuditChanges } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { recordAudit, type AuditAction } from '../../lib/audit.js';
import { pick } from '../../lib/pick.js';
import type { __Singular__Row } from './__plural__.repository.js';

// What the operation files share: the factory's dependencies, the stored fields, the row's answer
// and its history row.

export interface __Plural__Deps {
  db: Db;
}

/** The kind in the history (audit rows). */
export const __SINGULAR___ENTITY = '__singular__';
/** The stored fields: what history compares and the export lists. */
export const FIELDS = ['nome', 'note', 'attivo'] as const satisfies ReadonlyArray<keyof __Singular__Create>;
export const NOT_FOUND = '__labelSingular__ non __trovato__';
export const duplicate = (nome: string) => `Esiste già __un__ __labelSingular__ con il nome ${nome}`;

export const dataOf = (row: __Singular__Row): __Singular__Create => pick(row, FIELDS);
export const toDto = (row: __Singular__Row): __Singular__ => ({
  _id: row.id,
  ...dataOf(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The record's history row, in the transaction of the write it describes. */
export function audit__Singular__(
  tx: DbOrTx,
  actor: Actor,
  id: string,
  action: AuditAction,
  changes: AuditChanges,
) {
  return recordAudit(tx, {
    companyId: actor.companyId,
    entityType: __SINGULAR___ENTITY,
    entityId: id,
    action,
    userId: actor.userId,
    changes,
  });
}
