import {
  mqPavimenti,
  pezziOf,
  roundTo,
  type LottoOperazione,
  type LottoQuantita,
  type Riserva,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { recordAuditMany } from '../../lib/audit.js';
import type { MagazzinoService } from './magazzino.service.js';
import type { StockChecks } from './stock.checks.js';
import * as repo from './stock.repository.js';
import * as lots from './stock-lotti.repository.js';
import type { Db } from '../../db/client.js';

// The pieces every tile-lot operation shares (stock-lotti.ts assembles the operations).

/** What every lot operation works with: the database, the magazzino's reads and the stock's checks. */
export interface LottiContext {
  db: Db;
  magazzino: MagazzinoService;
  checks: StockChecks;
}

export async function lottoOrThrow(tx: DbOrTx, companyId: string, id: string) {
  const row = await lots.lockLotto(tx, companyId, id);
  if (!row) throw notFound('Lotto non trovato');
  return row;
}
export const pezziWord = (n: number) => (n === 1 ? '1 pezzo' : `${n} pezzi`);
/** The lot is locked when this is said: what is free is a fact, not a guess to reload for. */
export const nonCiSono = (n: number, liberi: number) =>
  `Non ci sono ${pezziWord(n)} liberi nel lotto: ${
    liberi <= 0 ? 'non ne resta nessuno' : liberi === 1 ? 'ne resta 1' : `ne restano ${liberi}`
  }`;

/** The pieces a quantity stands for; less than one piece (one box, of a lot sold by the box) is a 400, never rounded up. */
export function pezziRichiesti(
  body: { pezzi?: number; casse?: number; mq?: number },
  lotto: LottoQuantita,
) {
  const n = pezziOf(body, lotto);
  if (n < 1) {
    const piece = (lotto.lunghezzaMm * lotto.larghezzaMm) / 1e6;
    const mq = (m: number) => m.toLocaleString('it-IT', { maximumFractionDigits: 6 });
    if (lotto.vendutoACasse)
      throw badRequest('La quantità è meno di una cassa', [
        {
          path: 'mq',
          message: `Il lotto si vende a casse intere: una cassa misura ${mq(piece * lotto.pezziPerCassa)} m²`,
        },
      ]);
    throw badRequest('La quantità è meno di un pezzo', [
      { path: 'mq', message: `Meno di un pezzo: un pezzo misura ${mq(piece)} m²` },
    ]);
  }
  return n;
}

export function toRiserva(
  r: Awaited<ReturnType<typeof lots.riserveAttive>>[number],
  lotto: { lunghezzaMm: number; larghezzaMm: number },
): Riserva {
  return {
    _id: r.riserva.id,
    cliente: { _id: r.riserva.clienteId, ragioneSociale: r.cliente },
    pezzi: r.riserva.pezzi,
    mq: mqPavimenti(r.riserva.pezzi, lotto.lunghezzaMm, lotto.larghezzaMm),
    scadenza: r.riserva.scadenza,
    stato: r.riserva.stato as Riserva['stato'],
    utente: r.riserva.userId && r.utente ? { _id: r.riserva.userId, name: r.utente } : null,
    createdAt: r.riserva.createdAt.toISOString(),
  };
}

/**
 * The lot locked before anything else of it is touched, its expired reservations released, as it is
 * now. Every lot transaction takes the lot's row first and its reservations after, so two of them on
 * one lot wait in line. Before, a release (reservations, then the lot) beside a sale (the lot, then
 * the buyer's reservations) could each hold what the other needed, and PostgreSQL ended one of them
 * as a deadlock: a 500 to that user.
 */
export async function lockedLotto(tx: DbOrTx, companyId: string, id: string) {
  const lotto = await lottoOrThrow(tx, companyId, id);
  const expired = await lots.expireRiserveLotti(tx, { companyId, lottoId: id });
  if (!expired.length) return lotto;
  await recordExpiredRiserve(tx, expired);
  return lottoOrThrow(tx, companyId, id);
}
export async function recordExpiredRiserve(
  tx: DbOrTx,
  expired: Awaited<ReturnType<typeof lots.expireRiserveLotti>>,
) {
  await repo.insertMovimenti(
    tx,
    expired.map((r) => ({
      companyId: r.companyId,
      userId: null,
      tipo: 'rilascio',
      pezzi: 0,
      mq: 0,
      lottoId: r.lottoId,
      clienteId: r.clienteId,
      causale: `Riserva scaduta (${pezziWord(r.pezzi)})`,
    })),
  );
  await recordAuditMany(
    tx,
    expired.map((r) => ({
      companyId: r.companyId,
      entityType: 'lotto',
      entityId: r.lottoId,
      action: 'rilascio',
      userId: null,
      changes: { riservati: { from: r.pezzi, to: 0 } },
      note: 'Riserva scaduta',
    })),
  );
}

/**
 * Takes `n` pieces out of a lot (sale, split): pieces, boxes and m² lowered, the m² it took. A part
 * of a lot is `mqPavimenti` of its pieces, the figure its DDT prints; the lot keeps the rest of its
 * books, so the ledger's m² add up to the lot's (docs/spedizioni.md "Una parte di un lotto").
 */
export async function take(
  tx: DbOrTx,
  companyId: string,
  lotto: { id: string; mq: number; lunghezzaMm: number; larghezzaMm: number },
  n: number,
  message: string,
) {
  const after = await lots.takePezzi(tx, companyId, lotto.id, n);
  if (!after) throw conflict(message);
  // after.mq is still the m² before (only the pieces changed in that update); the last pieces take what is left
  const mqTaken =
    after.pezzi === 0
      ? after.mq
      : Math.min(after.mq, mqPavimenti(n, lotto.lunghezzaMm, lotto.larghezzaMm));
  await lots.setLottoMq(tx, lotto.id, roundTo(after.mq - mqTaken, 2));
  return { after, mqTaken };
}

export async function lottoResult(
  magazzino: MagazzinoService,
  companyId: string,
  id: string,
  extra: Omit<LottoOperazione, 'lotto'>,
): Promise<LottoOperazione> {
  return { lotto: await magazzino.lotto(companyId, id), ...extra };
}
