import type { Db, DbOrTx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { AuditChanges } from '../../db/schema/index.js';
import { recordAuditMany, type AuditEntry } from '../../lib/audit.js';
import type { Actor } from '../../lib/actor.js';
import { lockPacchi, lowerPacchi } from './ledger.repository.js';
import type { MagazzinoService } from './magazzino.service.js';
import type { StockChecks } from './stock.checks.js';
import * as repo from './stock.repository.js';
import type { lastraGuard } from './stock.repository.js';
import { type LastraTarget, type LedgerRow, type MovedLastra } from './stock.repository.js';
import { lastraStatoEntry } from './stock-lastre.history.js';

// The pieces every slab and bundle operation shares (stock-lastre.ts assembles the operations).

export const LASTRA_STATO_MESSAGE: Record<string, string> = {
  venduta: 'La lastra è già stata venduta',
  spedita: 'La lastra è già stata spedita',
  rotta: 'La lastra è segnata come rotta',
  in_lavorazione: 'La lastra è destinata a una lavorazione di pavimenti',
  disponibile: 'La lastra non è riservata',
};

/** What every slab operation works with; `updateLastre` is the guarded update, with its test-only fault point. */
export interface LastreContext {
  db: Db;
  magazzino: MagazzinoService;
  checks: StockChecks;
  updateLastre: ReturnType<typeof repo.lastreUpdater>;
}

/** Releases the target's expired slab reservations, with the system's movimento and history. */
export async function expireLastre(tx: DbOrTx, companyId: string, target: LastraTarget) {
  const freed = await repo.expireLastre(tx, { companyId, target });
  await recordExpiredLastre(tx, freed);
}
export async function recordExpiredLastre(
  tx: DbOrTx,
  freed: Awaited<ReturnType<typeof repo.expireLastre>>,
) {
  await repo.insertMovimenti(
    tx,
    freed.map((l) => ({
      companyId: l.companyId,
      userId: null,
      tipo: 'rilascio',
      pezzi: 0,
      mq: 0,
      bloccoId: l.bloccoId,
      paccoId: l.paccoId,
      lastraId: l.id,
      causale: 'Riserva scaduta',
    })),
  );
  await recordAuditMany(
    tx,
    freed.map((l) =>
      lastraStatoEntry(
        { companyId: l.companyId, userId: null },
        l.id,
        { from: 'riservata', to: 'disponibile' },
        { note: 'Riserva scaduta' },
      ),
    ),
  );
}

/** Why one slab did not move: 404 when it is not in the company, else a 409 that says its state. */
export async function refusal(
  tx: DbOrTx,
  companyId: string,
  id: string,
  op: string,
): Promise<never> {
  const now = await repo.lastraState(tx, companyId, id);
  if (!now) throw notFound('Lastra non trovata');
  if (now.stato === 'riservata')
    throw conflict(
      `La lastra è riservata a ${now.cliente ?? 'un altro cliente'}: ${op} non è possibile finché la riserva non viene rilasciata o scade`,
    );
  throw conflict(
    `${LASTRA_STATO_MESSAGE[now.stato] ?? 'La lastra ha cambiato stato'}: ${op} non è possibile`,
  );
}

/**
 * A moved slab's history row: a state change (`from` left out when it is the state the slab had),
 * with what changed along with it, or another action (a move) with its changes.
 */
export type SlabAudit =
  | {
      stato: { from?: string; to: string };
      changes?: (l: MovedLastra) => AuditChanges;
      note?: string | null;
    }
  | {
      action: AuditEntry['action'];
      changes: (l: MovedLastra) => AuditChanges;
      note?: string | null;
    };

function slabHistory(actor: Actor, l: MovedLastra, audit: SlabAudit): AuditEntry {
  if ('stato' in audit)
    return lastraStatoEntry(
      actor,
      l.id,
      { from: audit.stato.from ?? l.statoPrima, to: audit.stato.to },
      { changes: audit.changes?.(l), note: audit.note },
    );
  return {
    companyId: actor.companyId,
    entityType: 'lastra',
    entityId: l.id,
    action: audit.action,
    userId: actor.userId,
    changes: audit.changes(l),
    note: audit.note ?? null,
  };
}

export interface SlabOp {
  guard: ReturnType<typeof lastraGuard.vendibileA>;
  set: Parameters<typeof repo.updateLastre>[4];
  /** Leaves stock: a `scarico` of one slab and its m², the bundle lowered. */
  scarico?: boolean;
  tipo: LedgerRow['tipo'];
  ledger?: Partial<LedgerRow>;
  audit: SlabAudit;
  /** For the 409 of a single slab: what was attempted. */
  what: string;
}

/** One operation on slabs (one, a selection, or a bundle's): the moved ones, with ledger and history. */
export async function onLastre(
  ctx: LastreContext,
  tx: DbOrTx,
  actor: Actor,
  target: LastraTarget,
  op: SlabOp,
): Promise<MovedLastra[]> {
  await lockPacchi(
    tx,
    actor.companyId,
    'ids' in target ? { lastraIds: target.ids } : { paccoIds: [target.paccoId] },
  );
  await expireLastre(tx, actor.companyId, target);
  const moved = await ctx.updateLastre(tx, actor.companyId, target, op.guard, op.set);
  if ('ids' in target && moved.length !== target.ids.length) {
    const missing = target.ids.find((id) => !moved.some((m) => m.id === id))!;
    await refusal(tx, actor.companyId, missing, op.what);
  }
  await repo.insertMovimenti(
    tx,
    moved.map((l) => ({
      companyId: actor.companyId,
      userId: actor.userId,
      tipo: op.tipo,
      pezzi: op.scarico ? -1 : 0,
      mq: op.scarico ? -l.mq : 0,
      bloccoId: l.bloccoId,
      paccoId: l.paccoId,
      lastraId: l.id,
      ...op.ledger,
    })),
  );
  if (op.scarico) await lowerPacchi(tx, actor.companyId, moved);
  await recordAuditMany(
    tx,
    moved.map((l) => slabHistory(actor, l, op.audit)),
  );
  return moved;
}
