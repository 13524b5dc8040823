import type {
  PaccoOperazione,
  RiservaLastraInput,
  StockItemUpdateInput,
  VendiLastraInput,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { pacchi } from '../../db/schema/index.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { recordAudit, recordUpdate } from '../../lib/audit.js';
import { assertUnchanged, STALE_MESSAGES, versionIn } from '../../lib/preconditions.js';
import type { Actor } from '../../lib/actor.js';
import * as repo from './stock.repository.js';
import { lastraGuard, type LastraTarget, type MovedLastra } from './stock.repository.js';
import { onLastre, type LastreContext } from './stock-lastre.core.js';
import { createSlabOps } from './stock-lastre.ops.js';

/**
 * An operation on a bundle's slabs available at that moment, in one transaction: 404 without the
 * bundle, 409 `empty` when no slab moved, a history row naming the slabs; then the bundle as it is.
 */
async function onPacco(
  ctx: LastreContext,
  actor: Actor,
  paccoId: string,
  op: {
    run: (tx: DbOrTx, target: LastraTarget) => Promise<MovedLastra[]>;
    empty: string;
    after?: (tx: DbOrTx) => Promise<void>;
  },
): Promise<PaccoOperazione> {
  const moved = await ctx.db.transaction(async (tx) => {
    if (!(await repo.paccoExists(tx, actor.companyId, paccoId)))
      throw notFound('Pacco non trovato');
    const done = await op.run(tx, { paccoId });
    if (done.length === 0) throw conflict(op.empty);
    await op.after?.(tx);
    await recordAudit(tx, {
      companyId: actor.companyId,
      entityType: 'pacco',
      entityId: paccoId,
      action: 'operazione',
      userId: actor.userId,
      changes: { lastre: { from: null, to: done.map((l) => l.codice).join(', ') } },
    });
    return done;
  });
  return { pacco: await ctx.magazzino.pacco(actor.companyId, paccoId), lastre: moved.length };
}

/** Edits a bundle's list price, scelta and note; the scelta also re-grades its slabs in stock. */
async function updatePacco(
  ctx: LastreContext,
  actor: Actor,
  id: string,
  body: StockItemUpdateInput,
) {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.lockPacco(tx, actor.companyId, id);
    if (!before) throw notFound('Pacco non trovato');
    // the history row before the write, which it tells whether there is anything to write
    const changes = await recordUpdate(
      tx,
      { companyId: actor.companyId, entityType: 'pacco', entityId: id, userId: actor.userId },
      before,
      { ...before, ...body },
      ['prezzoListino', 'scelta', 'note'],
    );
    if (!changes) return;
    await repo.updatePacco(tx, actor.companyId, id, body);
    if (changes.scelta)
      await ctx.updateLastre(tx, actor.companyId, { paccoId: id }, lastraGuard.inGiacenza, {
        scelta: body.scelta,
      });
  });
  return ctx.magazzino.pacco(actor.companyId, id);
}

/** A bundle's slabs available at that moment: reserved, released, sold, moved; and its own edit. */
function createPaccoOps(ctx: LastreContext) {
  const ops = createSlabOps(ctx);
  return {
    riservaPacco: (actor: Actor, id: string, body: RiservaLastraInput) =>
      onPacco(ctx, actor, id, {
        run: (tx, target) => ops.riserva(tx, actor, target, body),
        empty: 'Nessuna lastra del pacco è disponibile da riservare',
      }),
    rilasciaPacco: (actor: Actor, id: string, nota: string | null) =>
      onPacco(ctx, actor, id, {
        run: (tx, target) => ops.rilascia(tx, actor, target, nota),
        empty: 'Nessuna lastra del pacco è riservata',
      }),
    vendiPacco: (actor: Actor, id: string, body: VendiLastraInput) =>
      onPacco(ctx, actor, id, {
        run: (tx, target) => ops.vendi(tx, actor, target, body),
        empty: 'Nessuna lastra del pacco si può vendere a questo cliente',
      }),
    spostaPacco: (actor: Actor, id: string, ubicazioneId: string, ifMatch?: Date) =>
      onPacco(ctx, actor, id, {
        run: async (tx, target) => {
          const version = versionIn(pacchi, actor.companyId, id);
          await assertUnchanged(tx, version, ifMatch, STALE_MESSAGES.pacco);
          return ops.sposta(tx, actor, target, ubicazioneId, false);
        },
        empty: 'Il pacco non ha lastre in magazzino da spostare',
        after: async (tx) =>
          void (await repo.updatePacco(tx, actor.companyId, id, { ubicazioneId })),
      }),
    updatePacco: (actor: Actor, id: string, body: StockItemUpdateInput) =>
      updatePacco(ctx, actor, id, body),
  };
}

/** A bundle's free slabs leaving for a group company, in the transfer's transaction. */
function createPaccoCessione(ctx: LastreContext) {
  return {
    lockPacco: (tx: DbOrTx, companyId: string, id: string) => repo.lockPacco(tx, companyId, id),
    lastreRows: (tx: DbOrTx, companyId: string, ids: readonly string[]) =>
      repo.lastreRows(tx, companyId, ids),
    /**
     * A bundle's slabs free for the receiving company leave stock, in the caller's transaction: each
     * becomes `venduta` to it with a `trasferimento` row; the moved slabs, or 409 when there are none.
     */
    async cediPacco(
      tx: DbOrTx,
      actor: Actor,
      paccoId: string,
      sale: { clienteId: string; documento: string | null; causale: string },
    ): Promise<MovedLastra[]> {
      const moved = await onLastre(
        ctx,
        tx,
        actor,
        { paccoId },
        {
          guard: lastraGuard.vendibileA(sale.clienteId),
          set: { stato: 'venduta', clienteId: sale.clienteId, scadenzaRiserva: null },
          scarico: true,
          tipo: 'trasferimento',
          // the transfer's price is the bundle's total: it stays on the transfer's row, not on each slab
          ledger: { clienteId: sale.clienteId, documento: sale.documento, causale: sale.causale },
          audit: { stato: { to: 'venduta' }, note: sale.causale },
          what: 'trasferirla',
        },
      );
      if (moved.length === 0) throw conflict('Il pacco non ha lastre disponibili da trasferire');
      return moved;
    },
  };
}

/** A bundle's available slabs, its own edit, and its slabs leaving for a group company. */
export function createPacchiStock(ctx: LastreContext) {
  return { ...createPaccoOps(ctx), ...createPaccoCessione(ctx) };
}
