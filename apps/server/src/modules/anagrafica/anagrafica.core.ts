import {
  ANAGRAFICA_ENTITY_TYPES,
  ANAGRAFICA_KIND_LABELS,
  type AnagraficaKind,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { clienti, fornitori, type AuditChanges } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/app-error.js';
import { recordAudit, type AuditAction } from '../../lib/audit.js';
import type { AnagraficaRow } from './anagrafica.mapper.js';
import * as repo from './anagrafica.repository.js';

// What the operation files of clienti and fornitori share: the kind's table, names and messages,
// a record read by id, and its history row.

export interface AnagraficaDeps {
  db: Db;
  kind: AnagraficaKind;
}

export type AnagraficaCore = ReturnType<typeof createAnagraficaCore>;

/** One service, parameterised by kind (same rules, two tables): what depends on the kind. */
export function createAnagraficaCore({ db, kind }: AnagraficaDeps) {
  const table = kind === 'clienti' ? clienti : fornitori;
  const entityType = ANAGRAFICA_ENTITY_TYPES[kind];
  const label = ANAGRAFICA_KIND_LABELS[kind].singolare;
  const notFoundMessage = `${label} non trovato`;

  return {
    db,
    kind,
    table,
    entityType,
    label,
    notFoundMessage,
    duplicate: `Esiste già un ${label.toLowerCase()} con questa partita IVA`,

    async getRow(companyId: string, id: string): Promise<AnagraficaRow> {
      const row = await repo.findInCompany(db, table, companyId, id);
      if (!row) throw notFound(notFoundMessage);
      return row;
    },

    /** The record's history row, in the transaction of the write it describes. */
    audit(tx: DbOrTx, actor: Actor, id: string, action: AuditAction, changes: AuditChanges) {
      return recordAudit(tx, {
        companyId: actor.companyId,
        entityType,
        entityId: id,
        action,
        userId: actor.userId,
        changes,
      });
    },
  };
}
