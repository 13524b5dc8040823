import type { Fattura, FatturaCreate } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { conflict } from '../../lib/app-error.js';
import { recordAudit, type AuditAction } from '../../lib/audit.js';
import type { FattureCore, FattureDeps } from './fatture.core.js';
import { buildDraft } from './fatture.draft.js';
import * as repo from './fatture.repository.js';

// The draft's writes (docs/fatture.md): written whole from its body, each with its history row.

/** The draft's history row: what was done to it, by whom, with a note. */
function historyOf(tx: DbOrTx, actor: Actor, id: string, action: AuditAction, note?: string) {
  return recordAudit(tx, {
    companyId: actor.companyId,
    entityType: 'fattura',
    entityId: id,
    action,
    userId: actor.userId,
    note,
  });
}

export function createFattureBozze({ db }: FattureDeps, { get, lockBozza }: FattureCore) {
  return {
    async create(actor: Actor, body: FatturaCreate): Promise<Fattura> {
      const id = await db.transaction(async (tx) => {
        const { row, righe } = await buildDraft(tx, actor.companyId, body);
        const created = await repo.rows.insert(tx, actor.companyId, {
          ...row,
          createdBy: actor.userId,
        });
        await repo.replaceRighe(tx, created.id, righe);
        await historyOf(
          tx,
          actor,
          created.id,
          'create',
          `Bozza ${body.tipoDocumento} per ${row.cessionario.ragioneSociale}, ${righe.length} righe`,
        );
        return created.id;
      });
      return get(actor.companyId, id);
    },

    /** The whole draft again (PUT); a corrected invoice keeps its number and date. */
    async update(actor: Actor, id: string, body: FatturaCreate): Promise<Fattura> {
      await db.transaction(async (tx) => {
        const current = await lockBozza(tx, actor.companyId, id);
        if (current.numero != null && body.data !== current.data)
          throw conflict('Una fattura scartata si corregge con lo stesso numero e la stessa data');
        const { row, righe } = await buildDraft(tx, actor.companyId, body);
        await repo.rows.update(tx, actor.companyId, id, row);
        await repo.replaceRighe(tx, id, righe);
        await historyOf(
          tx,
          actor,
          id,
          'update',
          `${righe.length} righe, totale ${row.totale.toFixed(2)}`,
        );
      });
      return get(actor.companyId, id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockBozza(tx, actor.companyId, id);
        if (row.numero != null)
          throw conflict(
            'Una fattura scartata ha già il suo numero: correggila ed emettila di nuovo',
          );
        await repo.deleteBozza(tx, actor.companyId, id);
        await historyOf(tx, actor, id, 'delete');
      });
    },
  };
}
