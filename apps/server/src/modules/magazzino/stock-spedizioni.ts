import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lastre } from '../../db/schema/index.js';
import { conflict } from '../../lib/app-error.js';
import { recordAudit, recordAuditMany } from '../../lib/audit.js';
import type { Actor } from '../../lib/actor.js';
import { lockPacchi } from './ledger.repository.js';
import * as spedizioni from './spedizioni.repository.js';
import * as repo from './stock.repository.js';
import { lastraGuard, type LastraTarget, type MovedLastra } from './stock.repository.js';
import type { FaultPoints } from '../../lib/faults.js';

/** The DDT a shipment belongs to, as its rows name it ("DDT 12/2026"). */
export interface DdtRef {
  id: string;
  documento: string;
}

/**
 * Sold stock leaving with a DDT and coming back to sold when the DDT is cancelled (docs/domain.md
 * "Spedizione (DDT)"), in the DDT's transaction: guarded updates, a `spedizione` movimento (no
 * quantity moves: the sale took the items out of stock) and a history row naming the DDT. Each
 * returns what it moved; the caller turns a shortfall into its 409. Part of the stock service.
 */
export function createSpedizioniStock(faults: FaultPoints) {
  const updateLastre = repo.lastreUpdater(faults);

  async function movedLastre(
    tx: DbOrTx,
    actor: Actor,
    moved: MovedLastra[],
    from: string,
    to: string,
    ddt: DdtRef,
    clienteId: string | null,
    causale: string,
  ) {
    await repo.insertMovimenti(
      tx,
      moved.map((l) => ({
        companyId: actor.companyId,
        userId: actor.userId,
        tipo: 'spedizione',
        pezzi: 0,
        mq: 0,
        bloccoId: l.bloccoId,
        paccoId: l.paccoId,
        lastraId: l.id,
        clienteId,
        documento: ddt.documento,
        ddtId: ddt.id,
        causale,
      })),
    );
    await recordAuditMany(
      tx,
      moved.map((l) => ({
        companyId: actor.companyId,
        entityType: 'lastra',
        entityId: l.id,
        action: 'stato',
        userId: actor.userId,
        changes: { stato: { from, to } },
        note: causale,
      })),
    );
  }

  return {
    /** Slabs sold to `clienteId` (one bundle's or some) become `spedita`. */
    async spedisciLastre(
      tx: DbOrTx,
      actor: Actor,
      target: LastraTarget,
      clienteId: string,
      ddt: DdtRef,
    ): Promise<MovedLastra[]> {
      await lockPacchi(
        tx,
        actor.companyId,
        'ids' in target ? { lastraIds: target.ids } : { paccoIds: [target.paccoId] },
      );
      const moved = await updateLastre(
        tx,
        actor.companyId,
        target,
        and(lastraGuard.venduta, eq(lastre.clienteId, clienteId))!,
        { stato: 'spedita' },
      );
      await movedLastre(
        tx,
        actor,
        moved,
        'venduta',
        'spedita',
        ddt,
        clienteId,
        `Spedita con ${ddt.documento}`,
      );
      return moved;
    },

    /** Slabs a cancelled DDT had shipped go back to `venduta` to their buyer. */
    async rientraLastre(
      tx: DbOrTx,
      actor: Actor,
      ids: readonly string[],
      ddt: DdtRef,
      motivo: string,
    ): Promise<MovedLastra[]> {
      await lockPacchi(tx, actor.companyId, { lastraIds: ids });
      const moved = await updateLastre(tx, actor.companyId, { ids }, eq(lastre.stato, 'spedita'), {
        stato: 'venduta',
      });
      await movedLastre(
        tx,
        actor,
        moved,
        'spedita',
        'venduta',
        ddt,
        null,
        `${ddt.documento} annullato: ${motivo}`,
      );
      return moved;
    },

    /** `n` pieces of a tile sale to `clienteId` shipped; 409 naming the lot when they are not there to ship. */
    async spedisciVenditaLotto(
      tx: DbOrTx,
      actor: Actor,
      venditaId: string,
      clienteId: string,
      n: number,
      ddt: DdtRef,
      codice: string,
    ): Promise<void> {
      const sale = await spedizioni.spedisciPezzi(tx, actor.companyId, venditaId, clienteId, n);
      if (!sale)
        throw conflict(
          `La vendita del lotto ${codice} non ha più ${n} pezzi da spedire: ricarica il DDT e riprova`,
        );
      const causale = `Spediti ${n} pezzi con ${ddt.documento}`;
      await repo.insertMovimenti(tx, [
        {
          companyId: actor.companyId,
          userId: actor.userId,
          tipo: 'spedizione',
          pezzi: 0,
          mq: 0,
          lottoId: sale.lottoId,
          bloccoId: sale.bloccoId,
          clienteId,
          documento: ddt.documento,
          ddtId: ddt.id,
          causale,
        },
      ]);
      await recordAudit(tx, {
        companyId: actor.companyId,
        entityType: 'lotto',
        entityId: sale.lottoId!,
        action: 'spedizione',
        userId: actor.userId,
        note: causale,
      });
    },

    /** The pieces a cancelled DDT had shipped count as unshipped again. */
    async rientraVenditaLotto(
      tx: DbOrTx,
      actor: Actor,
      venditaId: string,
      n: number,
      ddt: DdtRef,
      motivo: string,
      codice: string,
    ): Promise<void> {
      const sale = await spedizioni.rientraPezzi(tx, actor.companyId, venditaId, n);
      if (!sale)
        throw conflict(`La vendita del lotto ${codice} non ha ${n} pezzi spediti da annullare`);
      const causale = `${ddt.documento} annullato (${n} pezzi): ${motivo}`;
      await repo.insertMovimenti(tx, [
        {
          companyId: actor.companyId,
          userId: actor.userId,
          tipo: 'spedizione',
          pezzi: 0,
          mq: 0,
          lottoId: sale.lottoId,
          bloccoId: sale.bloccoId,
          documento: ddt.documento,
          ddtId: ddt.id,
          causale,
        },
      ]);
      await recordAudit(tx, {
        companyId: actor.companyId,
        entityType: 'lotto',
        entityId: sale.lottoId!,
        action: 'spedizione',
        userId: actor.userId,
        note: causale,
      });
    },
  };
}
