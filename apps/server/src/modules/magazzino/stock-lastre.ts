import type {
  Lastra,
  LastraUpdateInput,
  RiservaLastraInput,
  VendiLastraInput,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { lastre } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import { recordAudit, recordUpdate } from '../../lib/audit.js';
import { assertUnchanged, STALE_MESSAGES, versionIn } from '../../lib/preconditions.js';
import type { Actor } from '../../lib/actor.js';
import { lockPacchi } from './ledger.repository.js';
import type { MagazzinoService } from './magazzino.service.js';
import type { StockChecks } from './stock.checks.js';
import * as repo from './stock.repository.js';
import { lastraGuard } from './stock.repository.js';
import type { FaultPoints } from '../../lib/faults.js';
import { recordExpiredLastre, refusal, onLastre, type LastreContext } from './stock-lastre.core.js';
import { lastraStatoEntry } from './stock-lastre.history.js';
import { createSlabOps } from './stock-lastre.ops.js';
import { createPacchiStock } from './stock-pacchi.js';

/**
 * Slabs and bundles in stock (docs/domain.md "Magazzino lastre"): reserve, release, sell, ship, break,
 * move, re-grade, and a bundle's free slabs leaving for a group company. Part of the stock service.
 * Each group is a file of its own (one slab here, a bundle's slabs in `stock-pacchi.ts`, the shared
 * moves in `stock-lastre.ops.ts` and `stock-lastre.core.ts`); this assembles them.
 */
export function createLastreStock(deps: {
  db: Db;
  magazzino: MagazzinoService;
  checks: StockChecks;
  faults: FaultPoints;
}) {
  const ctx: LastreContext = { ...deps, updateLastre: repo.lastreUpdater(deps.faults) };
  return { recordExpiredLastre, ...createLastraOps(ctx), ...createPacchiStock(ctx) };
}

/** Shipping moves no quantity (the sale took the slab out of stock): a history row with the document. */
async function spedita(
  ctx: LastreContext,
  tx: DbOrTx,
  actor: Actor,
  id: string,
  documento: string,
) {
  const moved = await ctx.updateLastre(tx, actor.companyId, { ids: [id] }, lastraGuard.venduta, {
    stato: 'spedita',
  });
  if (!moved.length) await refusal(tx, actor.companyId, id, 'spedirla');
  await recordAudit(
    tx,
    lastraStatoEntry(
      actor,
      id,
      { from: 'venduta', to: 'spedita' },
      { note: `Documento ${documento}` },
    ),
  );
}

/** A broken slab leaves stock with its `scarico`, whatever its reservation. */
function rotta(ctx: LastreContext, tx: DbOrTx, actor: Actor, id: string, nota: string) {
  return onLastre(
    ctx,
    tx,
    actor,
    { ids: [id] },
    {
      guard: lastraGuard.inGiacenza,
      set: { stato: 'rotta', clienteId: null, scadenzaRiserva: null },
      scarico: true,
      tipo: 'scarico',
      ledger: { causale: `Rotta: ${nota}` },
      audit: { stato: { to: 'rotta' }, note: nota },
      what: 'segnarla come rotta',
    },
  );
}

/**
 * The slab's bundle locked (the bundle first, as every slab operation locks them: no deadlock with a
 * bundle's sale), then a 409 when the slab changed since the client's `ifMatch`.
 */
async function lockUnchanged(tx: DbOrTx, actor: Actor, id: string, ifMatch?: Date) {
  await lockPacchi(tx, actor.companyId, { lastraIds: [id] });
  await assertUnchanged(tx, versionIn(lastre, actor.companyId, id), ifMatch, STALE_MESSAGES.lastra);
}

/** A slab's scelta and difetti changed, while it is in stock. */
async function regrade(
  ctx: LastreContext,
  tx: DbOrTx,
  actor: Actor,
  id: string,
  body: LastraUpdateInput,
) {
  const before = await repo.lockLastra(tx, actor.companyId, id);
  if (!before) throw notFound('Lastra non trovata');
  const after = { scelta: body.scelta, difetti: body.difetti ?? before.difetti };
  // the history row before the write, which it tells whether there is anything to write
  const changes = await recordUpdate(
    tx,
    { companyId: actor.companyId, entityType: 'lastra', entityId: id, userId: actor.userId },
    { scelta: before.scelta, difetti: before.difetti },
    after,
    ['scelta', 'difetti'],
  );
  if (!changes) return;
  // a slab no longer in stock keeps its grade: a 409 that says why, and the transaction drops the history row
  const guard = lastraGuard.inGiacenza;
  const moved = await ctx.updateLastre(tx, actor.companyId, { ids: [id] }, guard, after);
  if (!moved.length) await refusal(tx, actor.companyId, id, 'cambiarne la scelta o i difetti');
}

/** One slab: reserve, release, sell, ship, break, move, re-grade. */
function createLastraOps(ctx: LastreContext) {
  const { db, magazzino } = ctx;
  const ops = createSlabOps(ctx);
  /** The operation in its own transaction, then the slab as it is now. */
  const onSlab = async (
    actor: Actor,
    id: string,
    run: (tx: DbOrTx) => Promise<unknown>,
  ): Promise<Lastra> => {
    await db.transaction(run);
    return magazzino.lastra(actor.companyId, id);
  };
  return {
    riservaLastra: (actor: Actor, id: string, body: RiservaLastraInput) =>
      onSlab(actor, id, (tx) => ops.riserva(tx, actor, { ids: [id] }, body)),
    rilasciaLastra: (actor: Actor, id: string, nota: string | null) =>
      onSlab(actor, id, (tx) => ops.rilascia(tx, actor, { ids: [id] }, nota)),
    vendiLastra: (actor: Actor, id: string, body: VendiLastraInput) =>
      onSlab(actor, id, (tx) => ops.vendi(tx, actor, { ids: [id] }, body)),
    spedisciLastra: (actor: Actor, id: string, documento: string) =>
      onSlab(actor, id, (tx) => spedita(ctx, tx, actor, id, documento)),
    rottaLastra: (actor: Actor, id: string, nota: string) =>
      onSlab(actor, id, (tx) => rotta(ctx, tx, actor, id, nota)),
    /** `ifMatch`: the slab's `updatedAt` the client saw; another since is a 409 and nothing moves. */
    spostaLastra: (actor: Actor, id: string, ubicazioneId: string, ifMatch?: Date) =>
      onSlab(actor, id, async (tx) => {
        await lockUnchanged(tx, actor, id, ifMatch);
        return ops.sposta(tx, actor, { ids: [id] }, ubicazioneId, true);
      }),
    /** Re-grading one slab (scelta, difetti); `ifMatch` as for a move. */
    updateLastra: (actor: Actor, id: string, body: LastraUpdateInput, ifMatch?: Date) =>
      onSlab(actor, id, async (tx) => {
        await lockUnchanged(tx, actor, id, ifMatch);
        await regrade(ctx, tx, actor, id, body);
      }),
  };
}
