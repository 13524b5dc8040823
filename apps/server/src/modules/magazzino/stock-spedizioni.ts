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
import { lastraStatoEntry } from './stock-lastre.history.js';
import type { FaultPoints } from '../../lib/faults.js';

/** The DDT a shipment belongs to, as its rows name it ("DDT 12/2026"). */
export interface DdtRef {
  id: string;
  documento: string;
}

/** How slabs moved with a DDT: the states, the buyer (none when they come back) and the reason. */
interface SlabShipment {
  from: string;
  to: string;
  ddt: DdtRef;
  clienteId: string | null;
  causale: string;
}

/** Each slab moved: its `spedizione` movimento and its history row. */
async function recordLastre(tx: DbOrTx, actor: Actor, moved: MovedLastra[], s: SlabShipment) {
  const { from, to, ddt, clienteId, causale } = s;
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
    moved.map((l) => lastraStatoEntry(actor, l.id, { from, to }, { note: causale })),
  );
}

/** A tile sale's pieces shipped or back: the lot's `spedizione` movimento and its history row. */
async function recordLotto(
  tx: DbOrTx,
  actor: Actor,
  sale: { lottoId: string | null; bloccoId: string | null },
  shipment: { ddt: DdtRef; clienteId?: string; causale: string },
) {
  const { ddt, causale } = shipment;
  await repo.insertMovimenti(tx, [
    {
      companyId: actor.companyId,
      userId: actor.userId,
      tipo: 'spedizione',
      pezzi: 0,
      mq: 0,
      lottoId: sale.lottoId,
      bloccoId: sale.bloccoId,
      ...(shipment.clienteId ? { clienteId: shipment.clienteId } : {}),
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
}

/** Slabs shipped with a DDT (sold → spedita) and back when it is cancelled. */
function createSpedizioniLastre(faults: FaultPoints) {
  const updateLastre = repo.lastreUpdater(faults);
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
      const guard = and(lastraGuard.venduta, eq(lastre.clienteId, clienteId))!;
      const moved = await updateLastre(tx, actor.companyId, target, guard, { stato: 'spedita' });
      const causale = `Spedita con ${ddt.documento}`;
      await recordLastre(tx, actor, moved, {
        from: 'venduta',
        to: 'spedita',
        ddt,
        clienteId,
        causale,
      });
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
      const causale = `${ddt.documento} annullato: ${motivo}`;
      await recordLastre(tx, actor, moved, {
        from: 'spedita',
        to: 'venduta',
        ddt,
        clienteId: null,
        causale,
      });
      return moved;
    },
  };
}

/** A tile sale's pieces shipped with a DDT, and unshipped when it is cancelled. */
const spedizioniLotti = {
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
    await recordLotto(tx, actor, sale, { ddt, clienteId, causale });
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
    await recordLotto(tx, actor, sale, { ddt, causale });
  },
};

/**
 * Sold stock leaving with a DDT and coming back to sold when the DDT is cancelled (docs/domain.md
 * "Spedizione (DDT)"), in the DDT's transaction: guarded updates, a `spedizione` movimento (no
 * quantity moves: the sale took the items out of stock) and a history row naming the DDT. Each
 * returns what it moved; the caller turns a shortfall into its 409. Part of the stock service.
 */
export function createSpedizioniStock(faults: FaultPoints) {
  return { ...createSpedizioniLastre(faults), ...spedizioniLotti };
}
