import { numeroDdt, type Ddt } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { conflict } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { ddtDto, LABEL, lockIn, type DdtDeps } from './ddt.common.js';
import { moveBlocco, movimentoBlocco, type DdtRef } from './ddt.emetti.js';
import * as repo from './ddt.repository.js';

/** A check run before a DDT is cancelled; it throws (a 409) to refuse. */
export type AnnullaCheck = (tx: DbOrTx, companyId: string, ddtId: string) => Promise<void>;

/** One line back to sold: a block by its move, a lot's sale and the slabs through the stock. */
async function rientra(
  { blocchi, stock }: Pick<DdtDeps, 'blocchi' | 'stock'>,
  tx: DbOrTx,
  actor: Actor,
  d: repo.DdtRow,
  r: repo.RigaRow,
  ref: DdtRef,
  motivo: string,
) {
  const note = `${ref.documento} annullato: ${motivo}`;
  if (r.entityType === 'blocco') {
    await moveBlocco(blocchi, tx, actor, { _id: r.entityId, codice: r.codice }, 'venduto', note);
    await stock.movimenti(tx, [movimentoBlocco(actor, d, r.entityId, ref, note)]);
  } else if (r.entityType === 'lotto') {
    await stock.rientraVenditaLotto(tx, actor, r.entityId, r.pezzi, ref, motivo, r.codice);
  } else {
    const moved = await stock.rientraLastre(tx, actor, r.lastraIds, ref, motivo);
    if (moved.length !== r.lastraIds.length)
      throw conflict(
        `${LABEL[r.entityType]} ${r.codice} non risulta più spedito con questo DDT: ricarica e riprova`,
      );
  }
}

/** Cancelling an emitted DDT: its number stays used, its items go back to sold to the same party. */
export function createDdtAnnulla(deps: DdtDeps) {
  const { db } = deps;
  /**
   * Rules of modules listed after this one on cancelling a DDT (an invoiced DDT is corrected with a
   * note of credit, docs/fatture.md): each runs in the cancel's transaction, after the DDT's lock.
   */
  const checks: AnnullaCheck[] = [];

  async function annulla(actor: Actor, id: string, motivo: string, at = new Date()): Promise<Ddt> {
    return db.transaction(async (tx) => {
      const only = 'si annulla solo un DDT emesso (una bozza si elimina)';
      const row = await lockIn(tx, actor.companyId, id, 'emesso', only);
      const d = row.ddt;
      for (const check of checks) await check(tx, actor.companyId, id);
      const ref = { id, documento: `DDT ${numeroDdt(d.numero!, d.anno!)}` };
      const righe = await repo.righeOf(tx, id);
      for (const r of righe) await rientra(deps, tx, actor, d, r, ref, motivo);
      const set = { stato: 'annullato', annullatoMotivo: motivo, annullatoAt: at };
      const annullato = await repo.updateDdt(tx, actor.companyId, id, set, 'emesso');
      await recordAudit(tx, {
        companyId: actor.companyId,
        entityType: 'ddt',
        entityId: id,
        action: 'stato',
        userId: actor.userId,
        changes: { stato: { from: 'emesso', to: 'annullato' } },
        note: `${ref.documento} annullato: ${motivo}`,
      });
      return ddtDto(tx, { ...row, ddt: annullato! }, righe);
    });
  }

  return {
    annulla,
    /** A rule another module adds to cancelling (the invoice module: an invoiced DDT stays). */
    onAnnulla(check: AnnullaCheck): void {
      checks.push(check);
    },
  };
}
