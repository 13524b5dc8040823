import type {
  PaccoOperazione,
  RiservaLastraInput,
  StockItemUpdateInput,
  VendiLastraInput,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { pacchi } from '../../db/schema/index.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { diffChanges, recordAudit } from '../../lib/audit.js';
import { assertUnchanged, STALE_MESSAGES, versionIn } from '../../lib/preconditions.js';
import type { Actor } from '../../lib/actor.js';
import * as repo from './stock.repository.js';
import { lastraGuard, type LastraTarget, type MovedLastra } from './stock.repository.js';
import { onLastre, type LastreContext } from './stock-lastre.core.js';
import { createSlabOps } from './stock-lastre.ops.js';

/** A bundle's available slabs, its own edit, and its slabs leaving for a group company. */
export function createPacchiStock(ctx: LastreContext) {
  const { db, magazzino } = ctx;
  const ops = createSlabOps(ctx);
  async function paccoResult(
    companyId: string,
    paccoId: string,
    moved: MovedLastra[],
  ): Promise<PaccoOperazione> {
    return { pacco: await magazzino.pacco(companyId, paccoId), lastre: moved.length };
  }
  async function onPacco(
    actor: Actor,
    paccoId: string,
    run: (tx: DbOrTx, target: LastraTarget) => Promise<MovedLastra[]>,
    empty: string,
    after?: (tx: DbOrTx) => Promise<void>,
  ): Promise<PaccoOperazione> {
    const moved = await db.transaction(async (tx) => {
      if (!(await repo.paccoExists(tx, actor.companyId, paccoId)))
        throw notFound('Pacco non trovato');
      const done = await run(tx, { paccoId });
      if (done.length === 0) throw conflict(empty);
      await after?.(tx);
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
    return paccoResult(actor.companyId, paccoId, moved);
  }

  return {
    /* -------------------------------------------------------- a bundle's available slabs */
    riservaPacco: (actor: Actor, id: string, body: RiservaLastraInput) =>
      onPacco(
        actor,
        id,
        (tx, target) => ops.riserva(tx, actor, target, body),
        'Nessuna lastra del pacco è disponibile da riservare',
      ),
    rilasciaPacco: (actor: Actor, id: string, nota: string | null) =>
      onPacco(
        actor,
        id,
        (tx, target) => ops.rilascia(tx, actor, target, nota),
        'Nessuna lastra del pacco è riservata',
      ),
    vendiPacco: (actor: Actor, id: string, body: VendiLastraInput) =>
      onPacco(
        actor,
        id,
        (tx, target) => ops.vendi(tx, actor, target, body),
        'Nessuna lastra del pacco si può vendere a questo cliente',
      ),
    spostaPacco: (actor: Actor, id: string, ubicazioneId: string, ifMatch?: Date) =>
      onPacco(
        actor,
        id,
        async (tx, target) => {
          await assertUnchanged(
            tx,
            versionIn(pacchi, actor.companyId, id),
            ifMatch,
            STALE_MESSAGES.pacco,
          );
          return ops.sposta(tx, actor, target, ubicazioneId, false);
        },
        'Il pacco non ha lastre in magazzino da spostare',
        async (tx) => void (await repo.updatePacco(tx, actor.companyId, id, { ubicazioneId })),
      ),

    /** Edits a bundle's list price, scelta and note; the scelta also re-grades its slabs in stock. */
    async updatePacco(actor: Actor, id: string, body: StockItemUpdateInput) {
      await db.transaction(async (tx) => {
        const before = await repo.lockPacco(tx, actor.companyId, id);
        if (!before) throw notFound('Pacco non trovato');
        const changes = diffChanges(before, { ...before, ...body }, [
          'prezzoListino',
          'scelta',
          'note',
        ]);
        if (!Object.keys(changes).length) return;
        await repo.updatePacco(tx, actor.companyId, id, body);
        if (changes.scelta)
          await ctx.updateLastre(tx, actor.companyId, { paccoId: id }, lastraGuard.inGiacenza, {
            scelta: body.scelta,
          });
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'pacco',
          entityId: id,
          action: 'update',
          userId: actor.userId,
          changes,
        });
      });
      return magazzino.pacco(actor.companyId, id);
    },

    /* -------------------------------------------------------- transfers to a group company */
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
          audit: {
            action: 'stato',
            changes: (l) => ({ stato: { from: l.statoPrima, to: 'venduta' } }),
            note: sale.causale,
          },
          what: 'trasferirla',
        },
      );
      if (moved.length === 0) throw conflict('Il pacco non ha lastre disponibili da trasferire');
      return moved;
    },
  };
}
