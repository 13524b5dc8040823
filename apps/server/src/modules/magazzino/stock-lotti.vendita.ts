import { casse, type LottoOperazione, type VendiLottoInput } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { conflict } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import type { Actor } from '../../lib/actor.js';
import * as repo from './stock.repository.js';
import * as lots from './stock-lotti.repository.js';
import {
  pezziWord,
  nonCiSono,
  pezziRichiesti,
  lockedLotto,
  take,
  lottoResult,
  type LottiContext,
} from './stock-lotti.core.js';

type Lotto = Awaited<ReturnType<typeof lockedLotto>>;

/**
 * The buyer's own reservations are consumed first (ended, so their pieces count as free for this
 * sale), with how many pieces they held.
 */
async function consumaRiserve(tx: DbOrTx, actor: Actor, id: string, clienteId: string) {
  const riserve = await lots.endRiserve(tx, actor.companyId, id, 'evasa', { clienteId });
  const riservati = riserve.reduce((a, r) => a + r.pezzi, 0);
  return { riserve, riservati };
}

/** Whatever part of the buyer's reservations the sale does not take stays reserved, with the same expiry. */
async function riservaResto(
  tx: DbOrTx,
  actor: Actor,
  id: string,
  clienteId: string,
  consumed: Awaited<ReturnType<typeof consumaRiserve>>,
  n: number,
) {
  const { riserve, riservati } = consumed;
  if (riservati <= n) return;
  const last = riserve.reduce((a, r) => (r.scadenza > a.scadenza ? r : a));
  if (!(await lots.reservePezzi(tx, actor.companyId, id, riservati - n)))
    throw conflict('Il lotto è cambiato nel frattempo: ricarica e riprova');
  await lots.insertRiserva(tx, {
    companyId: actor.companyId,
    lottoId: id,
    clienteId,
    pezzi: riservati - n,
    scadenza: last.scadenza,
    userId: actor.userId,
  });
}

/** The sale's `scarico` and history row; answers the movimento's id. */
async function recordVendita(
  tx: DbOrTx,
  actor: Actor,
  lotto: Lotto,
  body: VendiLottoInput,
  sold: { n: number; mqTaken: number; cliente: string },
) {
  const { n, mqTaken, cliente } = sold;
  const [venditaId] = await repo.insertMovimenti(tx, [
    {
      companyId: actor.companyId,
      userId: actor.userId,
      tipo: 'scarico',
      pezzi: -n,
      mq: -mqTaken,
      casse: casse(n, lotto.pezziPerCassa),
      lottoId: lotto.id,
      bloccoId: lotto.bloccoId,
      clienteId: body.clienteId,
      prezzo: body.prezzo,
      unitaPrezzo: body.unita,
      documento: body.documento,
      causale: `Vendita a ${cliente}`,
    },
  ]);
  await recordAudit(tx, {
    companyId: actor.companyId,
    entityType: 'lotto',
    entityId: lotto.id,
    action: 'vendita',
    userId: actor.userId,
    changes: { pezzi: { from: lotto.pezzi, to: lotto.pezzi - n } },
    note: body.documento ? `${cliente}, documento ${body.documento}` : cliente,
  });
  return venditaId!;
}

/** `n` free pieces of a lot leave stock for the receiving company, in the caller's transaction. */
async function cediLotto(
  tx: DbOrTx,
  actor: Actor,
  lottoId: string,
  n: number,
  sale: { clienteId: string; prezzo: number; documento: string | null; causale: string },
) {
  const lotto = await lockedLotto(tx, actor.companyId, lottoId);
  const { mqTaken } = await take(
    tx,
    actor.companyId,
    lotto,
    n,
    `Il lotto ${lotto.codice} non ha ${pezziWord(n)} liberi da trasferire`,
  );
  const [venditaId] = await repo.insertMovimenti(tx, [
    {
      companyId: actor.companyId,
      userId: actor.userId,
      tipo: 'trasferimento',
      pezzi: -n,
      mq: -mqTaken,
      lottoId,
      bloccoId: lotto.bloccoId,
      clienteId: sale.clienteId,
      prezzo: sale.prezzo,
      unitaPrezzo: 'totale',
      documento: sale.documento,
      causale: sale.causale,
    },
  ]);
  await recordAudit(tx, {
    companyId: actor.companyId,
    entityType: 'lotto',
    entityId: lottoId,
    action: 'trasferimento',
    userId: actor.userId,
    changes: { pezzi: { from: lotto.pezzi, to: lotto.pezzi - n } },
    note: sale.causale,
  });
  return { lotto, mqTaken, venditaId: venditaId! };
}

/** Pieces of a lot leave stock: sold to a cliente, or transferred to a group company. */
export function createLottiVendita(ctx: LottiContext) {
  const { db, magazzino, checks } = ctx;
  return {
    async vendiLotto(actor: Actor, id: string, body: VendiLottoInput): Promise<LottoOperazione> {
      const taken = await db.transaction(async (tx) => {
        const cliente = await checks.cliente(tx, actor.companyId, body.clienteId);
        const lotto = await lockedLotto(tx, actor.companyId, id);
        const n = pezziRichiesti(body, lotto);
        const consumed = await consumaRiserve(tx, actor, id, body.clienteId);
        const free = lotto.pezzi - lotto.pezziRiservati + consumed.riservati;
        const { mqTaken } = await take(tx, actor.companyId, lotto, n, nonCiSono(n, free));
        await riservaResto(tx, actor, id, body.clienteId, consumed, n);
        const sold = { n, mqTaken, cliente: cliente.ragioneSociale };
        return { n, mqTaken, venditaId: await recordVendita(tx, actor, lotto, body, sold) };
      });
      return lottoResult(magazzino, actor.companyId, id, {
        pezzi: taken.n,
        mq: taken.mqTaken,
        venditaId: taken.venditaId,
      });
    },

    /* -------------------------------------------------------- transfers to a group company */
    nextSplitCodice: (tx: DbOrTx, companyId: string, codice: string) =>
      lots.nextSplitCodice(tx, companyId, codice),
    codiceLottoTaken: (tx: DbOrTx, companyId: string, codice: string) =>
      lots.lottoCodiceTaken(tx, companyId, codice),
    /** `n` free pieces of a lot leave stock for the receiving company, in the caller's transaction. */
    cediLotto,
  };
}
