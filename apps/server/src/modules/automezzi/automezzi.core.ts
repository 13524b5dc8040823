import { formatTarga, type Automezzo, type AutomezzoCreate } from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { AuditChanges } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { recordAudit, type AuditAction } from '../../lib/audit.js';
import { pick } from '../../lib/pick.js';
import type { AutomezzoRow } from './automezzi.repository.js';

// What the trucks' operation files share: the factory's dependencies, the stored fields, the row's
// answer and its history row.

export interface AutomezziDeps {
  db: Db;
}

const ENTITY_TYPE = 'automezzo';
/** The stored fields: what history compares and the export lists. */
export const FIELDS = [
  'targa',
  'descrizione',
  'portataT',
  'taraKg',
  'attivo',
] as const satisfies ReadonlyArray<keyof AutomezzoCreate>;
export const NOT_FOUND = 'Automezzo non trovato';
export const duplicate = (targa: string) =>
  `Esiste già un automezzo con la targa ${formatTarga(targa)}`;

export const dataOf = (row: AutomezzoRow): AutomezzoCreate => pick(row, FIELDS);
export const toDto = (row: AutomezzoRow): Automezzo => ({
  _id: row.id,
  ...dataOf(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The truck's history row, in the transaction of the write it describes. */
export function auditAutomezzo(
  tx: DbOrTx,
  actor: Actor,
  id: string,
  action: AuditAction,
  changes: AuditChanges,
) {
  return recordAudit(tx, {
    companyId: actor.companyId,
    entityType: ENTITY_TYPE,
    entityId: id,
    action,
    userId: actor.userId,
    changes,
  });
}
