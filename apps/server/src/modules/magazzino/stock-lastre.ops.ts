import type { RiservaLastraInput, VendiLastraInput } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { AuditChanges } from '../../db/schema/index.js';
import { italianDate } from '../../lib/dates.js';
import type { Actor } from '../../lib/actor.js';
import { lastraGuard, type LastraTarget } from './stock.repository.js';
import { onLastre, type LastreContext } from './stock-lastre.core.js';

/** Reserved for a customer until a date: only free slabs, with the customer and the date in history. */
async function riserva(
  ctx: LastreContext,
  tx: DbOrTx,
  actor: Actor,
  target: LastraTarget,
  body: RiservaLastraInput,
) {
  ctx.checks.scadenza(body.scadenza);
  const cliente = await ctx.checks.cliente(tx, actor.companyId, body.clienteId);
  return onLastre(ctx, tx, actor, target, {
    guard: lastraGuard.libera,
    set: { stato: 'riservata', clienteId: body.clienteId, scadenzaRiserva: body.scadenza },
    tipo: 'riserva',
    ledger: {
      clienteId: body.clienteId,
      causale: `Riservata a ${cliente.ragioneSociale} fino al ${italianDate(body.scadenza)}`,
    },
    audit: {
      stato: { from: 'disponibile', to: 'riservata' },
      changes: () => ({
        cliente: { from: null, to: cliente.ragioneSociale },
        scadenza: { from: null, to: body.scadenza },
      }),
    },
    what: 'riservarla',
  });
}

/** A reservation given up before its date: the slab is free again. */
function rilascia(
  ctx: LastreContext,
  tx: DbOrTx,
  actor: Actor,
  target: LastraTarget,
  nota: string | null,
) {
  return onLastre(ctx, tx, actor, target, {
    guard: lastraGuard.riservata,
    set: { stato: 'disponibile', clienteId: null, scadenzaRiserva: null },
    tipo: 'rilascio',
    ledger: { causale: nota ?? 'Riserva rilasciata' },
    audit: { stato: { from: 'riservata', to: 'disponibile' }, note: nota },
    what: 'rilasciarla',
  });
}

/** Sold: a free slab, or one reserved to the same customer, leaves stock with its `scarico`. */
async function vendi(
  ctx: LastreContext,
  tx: DbOrTx,
  actor: Actor,
  target: LastraTarget,
  body: VendiLastraInput,
) {
  const cliente = await ctx.checks.cliente(tx, actor.companyId, body.clienteId);
  return onLastre(ctx, tx, actor, target, {
    guard: lastraGuard.vendibileA(body.clienteId),
    set: { stato: 'venduta', clienteId: body.clienteId, scadenzaRiserva: null },
    scarico: true,
    tipo: 'scarico',
    ledger: {
      clienteId: body.clienteId,
      prezzo: body.prezzo,
      unitaPrezzo: body.unita,
      documento: body.documento,
      causale: `Vendita a ${cliente.ragioneSociale}`,
    },
    audit: {
      stato: { to: 'venduta' },
      // a reserved slab already names its customer in history
      changes: (l): AuditChanges =>
        l.statoPrima === 'riservata' ? {} : { cliente: { from: null, to: cliente.ragioneSociale } },
      note: body.documento ? `Documento ${body.documento}` : null,
    },
    what: `venderla a ${cliente.ragioneSociale}`,
  });
}

/** Moved to another place, still in stock. */
async function sposta(
  ctx: LastreContext,
  tx: DbOrTx,
  actor: Actor,
  target: LastraTarget,
  move: { ubicazioneId: string; own: boolean },
) {
  const ubicazione = await ctx.checks.ubicazione(tx, actor.companyId, move.ubicazioneId);
  return onLastre(ctx, tx, actor, target, {
    guard: lastraGuard.inGiacenza,
    // a slab moved alone has its own place; a bundle's move takes its slabs along
    set: { ubicazioneId: move.own ? move.ubicazioneId : null },
    tipo: 'trasferimento',
    ledger: { causale: `Spostamento in ${ubicazione.nome}` },
    audit: {
      action: 'sposta',
      changes: () => ({ ubicazione: { from: null, to: ubicazione.nome } }),
    },
    what: 'spostarla',
  });
}

/** The four moves a slab, a selection or a bundle's slabs share: reserve, release, sell, move. */
export function createSlabOps(ctx: LastreContext) {
  return {
    riserva: (tx: DbOrTx, actor: Actor, target: LastraTarget, body: RiservaLastraInput) =>
      riserva(ctx, tx, actor, target, body),
    rilascia: (tx: DbOrTx, actor: Actor, target: LastraTarget, nota: string | null) =>
      rilascia(ctx, tx, actor, target, nota),
    vendi: (tx: DbOrTx, actor: Actor, target: LastraTarget, body: VendiLastraInput) =>
      vendi(ctx, tx, actor, target, body),
    sposta: (tx: DbOrTx, actor: Actor, target: LastraTarget, ubicazioneId: string, own: boolean) =>
      sposta(ctx, tx, actor, target, { ubicazioneId, own }),
  };
}

export type SlabOps = ReturnType<typeof createSlabOps>;
