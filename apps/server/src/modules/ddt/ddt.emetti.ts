import { numeroDdt, type Ddt, type DdtElemento } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, conflict } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { todayInRome } from '../../lib/dates.js';
import type { BlocchiService } from '../blocchi/blocchi.service.js';
import {
  CHANGED,
  ddtDto,
  elementiPartyOf,
  inizioNonPrima,
  LABEL,
  lockIn,
  righeInputOf,
  totaliTestata,
  type DdtDeps,
} from './ddt.common.js';
import { elementi } from './ddt.elementi.js';
import { toNewRiga } from './ddt.mapper.js';
import * as repo from './ddt.repository.js';

/** The DDT's number as its documents and movimenti name it. */
export type DdtRef = { id: string; documento: string };

/** A block moved by the DDT (shipped, or back to sold); the blocks' 409 names the block. */
export async function moveBlocco(
  blocchi: BlocchiService,
  tx: DbOrTx,
  actor: Actor,
  e: { _id: string; codice: string },
  to: 'spedito' | 'venduto',
  note: string,
) {
  try {
    await blocchi.transition(tx, {
      companyId: actor.companyId,
      origine: null,
      id: e._id,
      to,
      by: 'system',
      userId: actor.userId,
      note,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT')
      throw conflict(`Il blocco ${e.codice}: ${error.message}`);
    throw error;
  }
}

/** A block's `spedizione` movimento (it moves no quantity): shipped, or given back by a cancellation. */
export const movimentoBlocco = (
  actor: Actor,
  d: repo.DdtRow,
  bloccoId: string,
  ref: DdtRef,
  causale: string,
) => ({
  companyId: actor.companyId,
  userId: actor.userId,
  tipo: 'spedizione' as const,
  pezzi: 0,
  mq: 0,
  bloccoId,
  clienteId: d.clienteId,
  documento: ref.documento,
  ddtId: ref.id,
  causale,
});

/** Ships one line of an emitting DDT; the slabs it shipped (for a cancellation to give back). */
async function spedisci(
  { blocchi, stock }: Pick<DdtDeps, 'blocchi' | 'stock'>,
  tx: DbOrTx,
  actor: Actor,
  d: repo.DdtRow,
  e: DdtElemento,
  ref: DdtRef,
): Promise<string[]> {
  if (e.entityType === 'blocco') {
    const causale = `Spedito a ${d.destinatario.ragioneSociale} con ${ref.documento}`;
    await moveBlocco(blocchi, tx, actor, e, 'spedito', causale);
    await stock.movimenti(tx, [movimentoBlocco(actor, d, e._id, ref, causale)]);
    return [];
  }
  if (e.entityType === 'lotto') {
    await stock.spedisciVenditaLotto(tx, actor, e._id, d.clienteId, e.pezzi, ref, e.codice);
    return [];
  }
  const which = e.entityType === 'pacco' ? { paccoId: e._id } : { ids: [e._id] };
  const moved = await stock.spedisciLastre(tx, actor, which, d.clienteId, ref);
  if (moved.length !== e.pezzi)
    throw conflict(
      `${LABEL[e.entityType]} ${e.codice} è cambiato mentre il DDT veniva emesso: ricarica e riprova`,
    );
  return moved.map((l) => l.id);
}

/**
 * Numbers the draft and ships its items, all or nothing: the counter row is taken first (so the
 * company's emissions queue on it), then each line is re-read and moved by a guarded update. Any
 * item sold elsewhere, shipped or changed meanwhile is a 409, and the rollback gives the number back.
 * The DDT and its lines are read once: the answer is made of what the writes returned.
 */
export function createDdtEmetti(deps: DdtDeps) {
  const { db, faults } = deps;
  /** `seed`: the demo's year of DDTs, emitted in date order on their own days; the API always emits today. */
  async function emetti(actor: Actor, id: string, seed?: { data: string; at: Date }): Promise<Ddt> {
    return db.transaction(async (tx) => {
      const row = await lockIn(tx, actor.companyId, id, 'bozza', 'è già stato emesso');
      const d = row.ddt;
      const data = seed?.data ?? todayInRome();
      inizioNonPrima(d.inizioTrasporto, data);
      const anno = Number(data.slice(0, 4));
      const numero = await repo.nextNumero(tx, actor.companyId, anno);
      await faults.afterDdtNumero?.();
      const ref = { id, documento: `DDT ${numeroDdt(numero, anno)}` };
      const stored = await repo.righeOf(tx, id);
      const righe = await elementi(tx, actor.companyId, elementiPartyOf(d), righeInputOf(stored));
      const shipped: string[][] = [];
      for (const e of righe) shipped.push(await spedisci(deps, tx, actor, d, e, ref));
      const lines = righe.map((e, i) => ({ ...toNewRiga(e), lastraIds: shipped[i]! }));
      const written = await repo.replaceRighe(tx, id, lines);
      const now = seed?.at ?? new Date();
      const emesso = await repo.updateDdt(
        tx,
        actor.companyId,
        id,
        {
          stato: 'emesso',
          numero,
          anno,
          data,
          emessoAt: now,
          inizioTrasporto: d.inizioTrasporto ?? now,
          ...totaliTestata(righe),
        },
        'bozza',
      );
      if (!emesso) throw conflict(CHANGED);
      await recordAudit(tx, {
        companyId: actor.companyId,
        entityType: 'ddt',
        entityId: id,
        action: 'stato',
        userId: actor.userId,
        changes: { stato: { from: 'bozza', to: 'emesso' } },
        note: ref.documento,
      });
      return ddtDto(tx, { ...row, ddt: emesso }, written);
    });
  }

  return { emetti };
}
