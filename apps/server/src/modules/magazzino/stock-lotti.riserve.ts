import {
  mqPavimenti,
  type LottoOperazione,
  type Riserva,
  type RiservaLottoInput,
} from '@gestcava/contracts';
import { conflict } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { italianDate } from '../../lib/dates.js';
import type { Actor } from '../../lib/actor.js';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './stock.repository.js';
import * as lots from './stock-lotti.repository.js';
import {
  pezziWord,
  nonCiSono,
  pezziRichiesti,
  toRiserva,
  lockedLotto,
  lottoResult,
  type LottiContext,
} from './stock-lotti.core.js';

/** The reservation in the ledger (a zero-quantity `riserva`) and in the lot's history. */
async function recordRiserva(
  tx: DbOrTx,
  actor: Actor,
  id: string,
  body: RiservaLottoInput,
  done: { n: number; cliente: string; after: { pezziRiservati: number } },
) {
  const { n, cliente, after } = done;
  await repo.insertMovimenti(tx, [
    {
      companyId: actor.companyId,
      userId: actor.userId,
      tipo: 'riserva',
      pezzi: 0,
      mq: 0,
      lottoId: id,
      clienteId: body.clienteId,
      causale: `Riservati ${pezziWord(n)} a ${cliente} fino al ${italianDate(body.scadenza)}`,
    },
  ]);
  await recordAudit(tx, {
    companyId: actor.companyId,
    entityType: 'lotto',
    entityId: id,
    action: 'riserva',
    userId: actor.userId,
    changes: { riservati: { from: after.pezziRiservati - n, to: after.pezziRiservati } },
    note: `${cliente}, fino al ${italianDate(body.scadenza)}`,
  });
}

/** Pieces of the locked lot reserved for the cliente, if that many are free: the row and its history. */
async function riserva(
  ctx: LottiContext,
  tx: DbOrTx,
  actor: Actor,
  id: string,
  body: RiservaLottoInput,
) {
  const cliente = await ctx.checks.cliente(tx, actor.companyId, body.clienteId);
  const lotto = await lockedLotto(tx, actor.companyId, id);
  const n = pezziRichiesti(body, lotto);
  const after = await lots.reservePezzi(tx, actor.companyId, id, n);
  if (!after) throw conflict(nonCiSono(n, lotto.pezzi - lotto.pezziRiservati));
  const row = await lots.insertRiserva(tx, {
    companyId: actor.companyId,
    lottoId: id,
    clienteId: body.clienteId,
    pezzi: n,
    scadenza: body.scadenza,
    userId: actor.userId,
  });
  await recordRiserva(tx, actor, id, body, { n, cliente: cliente.ragioneSociale, after });
  return { row, cliente, lotto };
}

/** One running reservation of the lot ended, or all of them: a `rilascio` each, the pieces freed. */
async function rilascio(tx: DbOrTx, actor: Actor, id: string, riservaId: string | undefined) {
  await lockedLotto(tx, actor.companyId, id);
  const ended = await lots.endRiserve(tx, actor.companyId, id, 'rilasciata', { riservaId });
  if (!ended.length)
    throw conflict(
      riservaId
        ? 'La riserva non è più attiva: ricarica e riprova'
        : 'Il lotto non ha riserve attive',
    );
  const n = ended.reduce((a, r) => a + r.pezzi, 0);
  await repo.insertMovimenti(
    tx,
    ended.map((r) => ({
      companyId: actor.companyId,
      userId: actor.userId,
      tipo: 'rilascio' as const,
      pezzi: 0,
      mq: 0,
      lottoId: id,
      clienteId: r.clienteId,
      causale: `Rilasciati ${pezziWord(r.pezzi)}`,
    })),
  );
  await recordAudit(tx, {
    companyId: actor.companyId,
    entityType: 'lotto',
    entityId: id,
    action: 'rilascio',
    userId: actor.userId,
    changes: { riservati: { from: n, to: 0 } },
  });
  return n;
}

/** A lot's reservations: reserve pieces for a cliente, release them, list those running. */
export function createLottiRiserve(ctx: LottiContext) {
  const { db, magazzino, checks } = ctx;
  return {
    async riservaLotto(
      actor: Actor,
      id: string,
      body: RiservaLottoInput,
    ): Promise<LottoOperazione> {
      checks.scadenza(body.scadenza);
      const made = await db.transaction((tx) => riserva(ctx, tx, actor, id, body));
      const riservaDto = toRiserva(
        { riserva: made.row, cliente: made.cliente.ragioneSociale, utente: null },
        made.lotto,
      );
      return lottoResult(magazzino, actor.companyId, id, {
        pezzi: made.row.pezzi,
        mq: riservaDto.mq,
        riserva: riservaDto,
      });
    },

    async rilasciaLotto(
      actor: Actor,
      id: string,
      riservaId: string | undefined,
    ): Promise<LottoOperazione> {
      const pezzi = await db.transaction((tx) => rilascio(tx, actor, id, riservaId));
      const lotto = await magazzino.lotto(actor.companyId, id);
      return { lotto, pezzi, mq: mqPavimenti(pezzi, lotto.lunghezzaMm, lotto.larghezzaMm) };
    },

    async riserveLotto(companyId: string, id: string): Promise<Riserva[]> {
      const lotto = await magazzino.lotto(companyId, id);
      return (await lots.riserveAttive(db, companyId, id)).map((r) => toRiserva(r, lotto));
    },
  };
}
