import {
  mqPavimenti,
  roundTo,
  type LottoOperazione,
  type LottoUpdateInput,
} from '@gestcava/contracts';
import { lotti } from '../../db/schema/index.js';
import { conflict } from '../../lib/app-error.js';
import { recordAudit, recordAuditMany, recordUpdate } from '../../lib/audit.js';
import { constraintError } from '../../lib/db-errors.js';
import { assertUnchanged, STALE_MESSAGES, versionIn } from '../../lib/preconditions.js';
import type { Actor } from '../../lib/actor.js';
import type { DbOrTx } from '../../db/client.js';
import { caricaLotto } from './ledger.repository.js';
import * as repo from './stock.repository.js';
import * as lots from './stock-lotti.repository.js';
import {
  lottoOrThrow,
  pezziWord,
  lockedLotto,
  take,
  lottoResult,
  type LottiContext,
} from './stock-lotti.core.js';

/** A lot being moved, locked, with where it goes. */
interface LotMove {
  tx: DbOrTx;
  actor: Actor;
  id: string;
  lotto: Awaited<ReturnType<typeof lockedLotto>>;
  ubicazione: { nome: string };
  causale: string;
}

/** The whole lot moves: a zero-quantity `trasferimento`. */
async function moveWhole(move: LotMove, ubicazioneId: string) {
  const { tx, actor, id, lotto, ubicazione, causale } = move;
  await lots.updateLotto(tx, actor.companyId, id, { ubicazioneId });
  await repo.insertMovimenti(tx, [
    {
      companyId: actor.companyId,
      userId: actor.userId,
      tipo: 'trasferimento',
      pezzi: 0,
      mq: 0,
      lottoId: id,
      causale,
    },
  ]);
  await recordAudit(tx, {
    companyId: actor.companyId,
    entityType: 'lotto',
    entityId: id,
    action: 'sposta',
    userId: actor.userId,
    changes: { ubicazione: { from: null, to: ubicazione.nome } },
  });
  return { pezzi: lotto.pezzi, mq: lotto.mq, nuovoLottoId: undefined };
}

/** The part split off, loaded as a new lot under `codice` where it goes (its own `carico`). */
async function caricaParte(
  move: LotMove,
  part: { codice: string; pezzi: number; mq: number },
  ubicazioneId: string,
) {
  const { tx, actor, lotto, causale } = move;
  const { id: _id, createdAt: _c, updatedAt: _u, pezziRiservati: _r, ...copy } = lotto;
  const meta = {
    companyId: actor.companyId,
    userId: actor.userId,
    causale: `Diviso dal lotto ${lotto.codice}, ${causale}`,
  };
  const casse = Math.ceil(part.pezzi / lotto.pezziPerCassa);
  return caricaLotto(tx, meta, { ...copy, ...part, casse, ubicazioneId }).catch(
    (error: unknown) => {
      throw (
        constraintError(error, {
          unique: 'Un altro spostamento ha appena diviso il lotto: riprova',
        }) ?? error
      );
    },
  );
}

/** The split in the ledger and the history: the old lot's `trasferimento`, both lots' rows. */
async function recordSplit(
  move: LotMove,
  part: { codice: string; pezzi: number; mq: number },
  nuovoId: string,
) {
  const { tx, actor, id, lotto, ubicazione, causale } = move;
  const { codice, pezzi } = part;
  await repo.insertMovimenti(tx, [
    {
      companyId: actor.companyId,
      userId: actor.userId,
      tipo: 'trasferimento',
      pezzi: -pezzi,
      mq: -part.mq,
      lottoId: id,
      bloccoId: lotto.bloccoId,
      causale: `${causale} come lotto ${codice}`,
    },
  ]);
  await recordAuditMany(tx, [
    {
      companyId: actor.companyId,
      entityType: 'lotto',
      entityId: id,
      action: 'divisione',
      userId: actor.userId,
      changes: { pezzi: { from: lotto.pezzi, to: lotto.pezzi - pezzi } },
      note: `${pezziWord(pezzi)} in ${ubicazione.nome} come lotto ${codice}`,
    },
    {
      companyId: actor.companyId,
      entityType: 'lotto',
      entityId: nuovoId,
      action: 'create',
      userId: actor.userId,
      note: `Diviso dal lotto ${lotto.codice}`,
    },
  ]);
}

/** Part of the lot moves: split off as a new lot under the same code with the next suffix. */
async function splitOff(move: LotMove, ubicazioneId: string, pezzi: number) {
  const { tx, actor, lotto } = move;
  // the lot may have changed since the user read it: a conflict, not a wrong input
  if (pezzi > lotto.pezzi)
    throw conflict(`Il lotto ha ${pezziWord(lotto.pezzi)}: non se ne possono spostare ${pezzi}`);
  const codice = await lots.nextSplitCodice(tx, actor.companyId, lotto.codice);
  const { mqTaken } = await take(
    tx,
    actor.companyId,
    lotto,
    pezzi,
    `Non ci sono ${pezziWord(pezzi)} liberi da spostare: gli altri sono riservati`,
  );
  const part = { codice, pezzi, mq: mqTaken };
  const nuovo = await caricaParte(move, part, ubicazioneId);
  await recordSplit(move, part, nuovo.id);
  return { pezzi: pezzi, mq: mqTaken, nuovoLottoId: nuovo.id };
}

/** The lot counted again: its pieces and m² set to the count, a `rettifica` of the difference. */
async function rettifica(
  tx: DbOrTx,
  actor: Actor,
  id: string,
  body: { pezzi: number; motivo: string },
) {
  const lotto = await lockedLotto(tx, actor.companyId, id);
  if (body.pezzi < lotto.pezziRiservati) {
    throw conflict(
      `Nel lotto sono riservati ${pezziWord(lotto.pezziRiservati)}: rilascia prima le riserve che i pezzi contati non coprono`,
    );
  }
  const after = await lots.setPezzi(tx, actor.companyId, id, lotto.pezzi, body.pezzi);
  if (!after) throw conflict('Il lotto è cambiato nel frattempo: ricarica e riprova');
  const mq = mqPavimenti(body.pezzi, lotto.lunghezzaMm, lotto.larghezzaMm);
  await lots.setLottoMq(tx, id, mq);
  const d = { pezzi: body.pezzi - lotto.pezzi, mq: roundTo(mq - lotto.mq, 2) };
  await repo.insertMovimenti(tx, [
    {
      companyId: actor.companyId,
      userId: actor.userId,
      tipo: 'rettifica',
      pezzi: d.pezzi,
      mq: d.mq,
      lottoId: id,
      bloccoId: lotto.bloccoId,
      causale: body.motivo,
    },
  ]);
  await recordAudit(tx, {
    companyId: actor.companyId,
    entityType: 'lotto',
    entityId: id,
    action: 'rettifica',
    userId: actor.userId,
    changes: { pezzi: { from: lotto.pezzi, to: body.pezzi } },
    note: body.motivo,
  });
  return d;
}

/** The lot unchanged since the client read it, where it goes checked: then it moves whole or split. */
async function sposta(
  ctx: LottiContext,
  tx: DbOrTx,
  actor: Actor,
  id: string,
  body: { ubicazioneId: string; pezzi?: number; ifMatch?: Date },
) {
  await assertUnchanged(
    tx,
    versionIn(lotti, actor.companyId, id),
    body.ifMatch,
    STALE_MESSAGES.lotto,
  );
  const ubicazione = await ctx.checks.ubicazione(tx, actor.companyId, body.ubicazioneId);
  const lotto = await lockedLotto(tx, actor.companyId, id);
  if (lotto.pezzi === 0) throw conflict('Il lotto è esaurito: non c’è niente da spostare');
  const causale = `Spostamento in ${ubicazione.nome}`;
  const move = { tx, actor, id, lotto, ubicazione, causale };
  return body.pezzi === undefined || body.pezzi === lotto.pezzi
    ? moveWhole(move, body.ubicazioneId)
    : splitOff(move, body.ubicazioneId, body.pezzi);
}

/** The lot's price, grade, note and sale by cases, with what changed in its history. */
async function modifica(tx: DbOrTx, actor: Actor, id: string, body: LottoUpdateInput) {
  const before = await lottoOrThrow(tx, actor.companyId, id);
  // the history row before the write, which it tells whether there is anything to write (one transaction)
  const changes = await recordUpdate(
    tx,
    { companyId: actor.companyId, entityType: 'lotto', entityId: id, userId: actor.userId },
    before,
    { ...before, ...body },
    ['prezzoListino', 'scelta', 'note', 'vendutoACasse'],
  );
  if (changes) await lots.updateLotto(tx, actor.companyId, id, body);
}

/** A lot as it lies: counted again, moved (whole or split), its price and grade edited. */
export function createLottiGiacenza(ctx: LottiContext) {
  const { db, magazzino } = ctx;
  return {
    async rettificaLotto(
      actor: Actor,
      id: string,
      body: { pezzi: number; motivo: string },
    ): Promise<LottoOperazione> {
      const diff = await db.transaction((tx) => rettifica(tx, actor, id, body));
      return lottoResult(magazzino, actor.companyId, id, diff);
    },

    /** Moves a lot, or part of it (split off under the same code with a suffix, so its tone stays traceable). */
    async spostaLotto(
      actor: Actor,
      id: string,
      body: { ubicazioneId: string; pezzi?: number },
      ifMatch?: Date,
    ): Promise<LottoOperazione> {
      const result = await db.transaction((tx) => sposta(ctx, tx, actor, id, { ...body, ifMatch }));
      return lottoResult(magazzino, actor.companyId, id, {
        pezzi: result.pezzi,
        mq: result.mq,
        ...(result.nuovoLottoId
          ? { nuovoLotto: await magazzino.lotto(actor.companyId, result.nuovoLottoId) }
          : {}),
      });
    },

    async updateLotto(actor: Actor, id: string, body: LottoUpdateInput) {
      await db.transaction((tx) => modifica(tx, actor, id, body));
      return magazzino.lotto(actor.companyId, id);
    },
  };
}
