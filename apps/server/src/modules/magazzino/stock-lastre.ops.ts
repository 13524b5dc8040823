import type { RiservaLastraInput, VendiLastraInput } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { italianDate } from '../../lib/dates.js';
import type { Actor } from '../../lib/actor.js';
import { lastraGuard, type LastraTarget } from './stock.repository.js';
import { onLastre, type LastreContext } from './stock-lastre.core.js';

/** The four moves a slab, a selection or a bundle's slabs share: reserve, release, sell, move. */
export function createSlabOps(ctx: LastreContext) {
  const { checks } = ctx;
  return {
    riserva: async (tx: DbOrTx, actor: Actor, target: LastraTarget, body: RiservaLastraInput) => {
      checks.scadenza(body.scadenza);
      const cliente = await checks.cliente(tx, actor.companyId, body.clienteId);
      return onLastre(ctx, tx, actor, target, {
        guard: lastraGuard.libera,
        set: { stato: 'riservata', clienteId: body.clienteId, scadenzaRiserva: body.scadenza },
        tipo: 'riserva',
        ledger: {
          clienteId: body.clienteId,
          causale: `Riservata a ${cliente.ragioneSociale} fino al ${italianDate(body.scadenza)}`,
        },
        audit: {
          action: 'stato',
          changes: () => ({
            stato: { from: 'disponibile', to: 'riservata' },
            cliente: { from: null, to: cliente.ragioneSociale },
            scadenza: { from: null, to: body.scadenza },
          }),
        },
        what: 'riservarla',
      });
    },
    rilascia: (tx: DbOrTx, actor: Actor, target: LastraTarget, nota: string | null) =>
      onLastre(ctx, tx, actor, target, {
        guard: lastraGuard.riservata,
        set: { stato: 'disponibile', clienteId: null, scadenzaRiserva: null },
        tipo: 'rilascio',
        ledger: { causale: nota ?? 'Riserva rilasciata' },
        audit: {
          action: 'stato',
          changes: () => ({ stato: { from: 'riservata', to: 'disponibile' } }),
          note: nota,
        },
        what: 'rilasciarla',
      }),
    vendi: async (tx: DbOrTx, actor: Actor, target: LastraTarget, body: VendiLastraInput) => {
      const cliente = await checks.cliente(tx, actor.companyId, body.clienteId);
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
          action: 'stato',
          changes: (l) => ({
            stato: { from: l.statoPrima, to: 'venduta' },
            ...(l.statoPrima === 'riservata'
              ? {}
              : { cliente: { from: null, to: cliente.ragioneSociale } }),
          }),
          note: body.documento ? `Documento ${body.documento}` : null,
        },
        what: `venderla a ${cliente.ragioneSociale}`,
      });
    },
    sposta: async (
      tx: DbOrTx,
      actor: Actor,
      target: LastraTarget,
      ubicazioneId: string,
      own: boolean,
    ) => {
      const ubicazione = await checks.ubicazione(tx, actor.companyId, ubicazioneId);
      return onLastre(ctx, tx, actor, target, {
        guard: lastraGuard.inGiacenza,
        // a slab moved alone has its own place; a bundle's move takes its slabs along
        set: { ubicazioneId: own ? ubicazioneId : null },
        tipo: 'trasferimento',
        ledger: { causale: `Spostamento in ${ubicazione.nome}` },
        audit: {
          action: 'sposta',
          changes: () => ({ ubicazione: { from: null, to: ubicazione.nome } }),
        },
        what: 'spostarla',
      });
    },
  };
}

export type SlabOps = ReturnType<typeof createSlabOps>;
