import type {
  Lastra,
  LastraUpdateInput,
  RiservaLastraInput,
  VendiLastraInput,
} from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { lastre } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import { diffChanges, recordAudit } from '../../lib/audit.js';
import { assertUnchanged, STALE_MESSAGES, versionIn } from '../../lib/preconditions.js';
import type { Actor } from '../../lib/actor.js';
import { lockPacchi } from './ledger.repository.js';
import type { MagazzinoService } from './magazzino.service.js';
import type { StockChecks } from './stock.checks.js';
import * as repo from './stock.repository.js';
import { lastraGuard } from './stock.repository.js';
import type { FaultPoints } from '../../lib/faults.js';
import { recordExpiredLastre, refusal, onLastre, type LastreContext } from './stock-lastre.core.js';
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

/** One slab: reserve, release, sell, ship, break, move, re-grade. */
function createLastraOps(ctx: LastreContext) {
  const { db, magazzino } = ctx;
  const ops = createSlabOps(ctx);
  const slabDto = (companyId: string, id: string): Promise<Lastra> =>
    magazzino.lastra(companyId, id);
  return {
    async riservaLastra(actor: Actor, id: string, body: RiservaLastraInput): Promise<Lastra> {
      await db.transaction((tx) => ops.riserva(tx, actor, { ids: [id] }, body));
      return slabDto(actor.companyId, id);
    },
    async rilasciaLastra(actor: Actor, id: string, nota: string | null): Promise<Lastra> {
      await db.transaction((tx) => ops.rilascia(tx, actor, { ids: [id] }, nota));
      return slabDto(actor.companyId, id);
    },
    async vendiLastra(actor: Actor, id: string, body: VendiLastraInput): Promise<Lastra> {
      await db.transaction((tx) => ops.vendi(tx, actor, { ids: [id] }, body));
      return slabDto(actor.companyId, id);
    },
    async spedisciLastra(actor: Actor, id: string, documento: string): Promise<Lastra> {
      await db.transaction(async (tx) => {
        // Shipping moves no quantity (the sale took the slab out of stock): a history row with the document.
        const moved = await ctx.updateLastre(
          tx,
          actor.companyId,
          { ids: [id] },
          lastraGuard.venduta,
          {
            stato: 'spedita',
          },
        );
        if (!moved.length) await refusal(tx, actor.companyId, id, 'spedirla');
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'lastra',
          entityId: id,
          action: 'stato',
          userId: actor.userId,
          changes: { stato: { from: 'venduta', to: 'spedita' } },
          note: `Documento ${documento}`,
        });
      });
      return slabDto(actor.companyId, id);
    },
    async rottaLastra(actor: Actor, id: string, nota: string): Promise<Lastra> {
      await db.transaction((tx) =>
        onLastre(
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
            audit: {
              action: 'stato',
              changes: (l) => ({ stato: { from: l.statoPrima, to: 'rotta' } }),
              note: nota,
            },
            what: 'segnarla come rotta',
          },
        ),
      );
      return slabDto(actor.companyId, id);
    },
    /** `ifMatch`: the slab's `updatedAt` the client saw; another since is a 409 and nothing moves. */
    async spostaLastra(
      actor: Actor,
      id: string,
      ubicazioneId: string,
      ifMatch?: Date,
    ): Promise<Lastra> {
      await db.transaction(async (tx) => {
        // the bundle first, as every slab operation locks them (no deadlock with a bundle's sale)
        await lockPacchi(tx, actor.companyId, { lastraIds: [id] });
        await assertUnchanged(
          tx,
          versionIn(lastre, actor.companyId, id),
          ifMatch,
          STALE_MESSAGES.lastra,
        );
        return ops.sposta(tx, actor, { ids: [id] }, ubicazioneId, true);
      });
      return slabDto(actor.companyId, id);
    },
    /** Re-grading one slab (scelta, difetti); `ifMatch` as for a move. */
    async updateLastra(
      actor: Actor,
      id: string,
      body: LastraUpdateInput,
      ifMatch?: Date,
    ): Promise<Lastra> {
      await db.transaction(async (tx) => {
        await lockPacchi(tx, actor.companyId, { lastraIds: [id] });
        await assertUnchanged(
          tx,
          versionIn(lastre, actor.companyId, id),
          ifMatch,
          STALE_MESSAGES.lastra,
        );
        const before = await repo.lockLastra(tx, actor.companyId, id);
        if (!before) throw notFound('Lastra non trovata');
        const after = { scelta: body.scelta, difetti: body.difetti ?? before.difetti };
        const changes = diffChanges({ scelta: before.scelta, difetti: before.difetti }, after, [
          'scelta',
          'difetti',
        ]);
        if (!Object.keys(changes).length) return;
        // a slab no longer in stock keeps its grade: a 409 that says why, and no history of a change not made
        const moved = await ctx.updateLastre(
          tx,
          actor.companyId,
          { ids: [id] },
          lastraGuard.inGiacenza,
          after,
        );
        if (!moved.length)
          await refusal(tx, actor.companyId, id, 'cambiarne la scelta o i difetti');
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'lastra',
          entityId: id,
          action: 'update',
          userId: actor.userId,
          changes,
        });
      });
      return slabDto(actor.companyId, id);
    },
  };
}
