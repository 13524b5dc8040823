import type { Ddt, DdtCreate } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { conflict } from '../../lib/app-error.js';
import { recordAudit, type AuditAction } from '../../lib/audit.js';
import { CHANGED, lockIn, righeText, type DdtDeps } from './ddt.common.js';
import { toNewRiga } from './ddt.mapper.js';
import type { createDdtParty } from './ddt.party.js';
import * as repo from './ddt.repository.js';

// A draft: written, rewritten whole (PUT) and deleted; its lines are re-read from what is sold now.

/** The draft's history row: what was done to it, by whom, with a note. */
function historyOf(tx: DbOrTx, actor: Actor, id: string, action: AuditAction, note?: string) {
  return recordAudit(tx, {
    companyId: actor.companyId,
    entityType: 'ddt',
    entityId: id,
    action,
    userId: actor.userId,
    note,
  });
}

export function createDdtBozze(
  { db }: DdtDeps,
  { header }: ReturnType<typeof createDdtParty>,
  get: (companyId: string, id: string) => Promise<Ddt>,
) {
  async function create(actor: Actor, body: DdtCreate): Promise<Ddt> {
    const id = await db.transaction(async (tx) => {
      const { row, righe } = await header(tx, actor.companyId, body);
      const created = await repo.insertDdt(tx, actor.companyId, {
        ...row,
        createdBy: actor.userId,
      });
      await repo.replaceRighe(tx, created.id, righe.map(toNewRiga));
      await historyOf(
        tx,
        actor,
        created.id,
        'create',
        `Bozza per ${row.destinatario.ragioneSociale}, ${righeText(righe.length)}`,
      );
      return created.id;
    });
    return get(actor.companyId, id);
  }

  /** The whole draft again (PUT): its lines re-read from what is sold now. */
  async function update(actor: Actor, id: string, body: DdtCreate): Promise<Ddt> {
    await db.transaction(async (tx) => {
      await lockIn(tx, actor.companyId, id, 'bozza', 'si modifica solo una bozza');
      const { row, righe } = await header(tx, actor.companyId, body);
      await repo.updateDdt(tx, actor.companyId, id, row, 'bozza');
      await repo.replaceRighe(tx, id, righe.map(toNewRiga));
      await historyOf(tx, actor, id, 'update', righeText(righe.length));
    });
    return get(actor.companyId, id);
  }

  async function remove(actor: Actor, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const only = 'si elimina solo una bozza (un DDT emesso si annulla)';
      await lockIn(tx, actor.companyId, id, 'bozza', only);
      if (!(await repo.deleteBozza(tx, actor.companyId, id))) throw conflict(CHANGED);
      await historyOf(tx, actor, id, 'delete');
    });
  }

  return { create, update, remove };
}
