import {
  casse,
  mqPavimenti,
  pezziOf,
  roundTo,
  type LottoOperazione,
  type LottoQuantita,
  type LottoUpdateInput,
  type Riserva,
  type RiservaLottoInput,
  type VendiLottoInput,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { lotti } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { diffChanges, recordAudit, recordAuditMany } from '../../lib/audit.js';
import { italianDate } from '../../lib/dates.js';
import { constraintError } from '../../lib/db-errors.js';
import { assertUnchanged, STALE_MESSAGES, versionIn } from '../../lib/preconditions.js';
import type { Actor } from '../../lib/actor.js';
import { caricaLotto } from './ledger.repository.js';
import type { MagazzinoService } from './magazzino.service.js';
import type { StockChecks } from './stock.checks.js';
import * as repo from './stock.repository.js';

/**
 * Tile lots in stock (docs/domain.md "Magazzino pavimenti"): reserve, release, sell, count, move or split,
 * and pieces leaving for a group company. Part of the stock service.
 */
export function createLottiStock(deps: {
  db: Db;
  magazzino: MagazzinoService;
  checks: StockChecks;
}) {
  const { db, magazzino, checks } = deps;

  async function lottoOrThrow(tx: DbOrTx, companyId: string, id: string) {
    const row = await repo.lockLotto(tx, companyId, id);
    if (!row) throw notFound('Lotto non trovato');
    return row;
  }
  const pezziWord = (n: number) => (n === 1 ? '1 pezzo' : `${n} pezzi`);
  /** The lot is locked when this is said: what is free is a fact, not a guess to reload for. */
  const nonCiSono = (n: number, liberi: number) =>
    `Non ci sono ${pezziWord(n)} liberi nel lotto: ${
      liberi <= 0 ? 'non ne resta nessuno' : liberi === 1 ? 'ne resta 1' : `ne restano ${liberi}`
    }`;

  /** The pieces a quantity stands for; less than one piece (one box, of a lot sold by the box) is a 400, never rounded up. */
  function pezziRichiesti(
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

  function toRiserva(
    r: Awaited<ReturnType<typeof repo.riserveAttive>>[number],
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
  async function lockedLotto(tx: DbOrTx, companyId: string, id: string) {
    const lotto = await lottoOrThrow(tx, companyId, id);
    const expired = await repo.expireRiserveLotti(tx, { companyId, lottoId: id });
    if (!expired.length) return lotto;
    await recordExpiredRiserve(tx, expired);
    return lottoOrThrow(tx, companyId, id);
  }
  async function recordExpiredRiserve(
    tx: DbOrTx,
    expired: Awaited<ReturnType<typeof repo.expireRiserveLotti>>,
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
  async function take(
    tx: DbOrTx,
    companyId: string,
    lotto: { id: string; mq: number; lunghezzaMm: number; larghezzaMm: number },
    n: number,
    message: string,
  ) {
    const after = await repo.takePezzi(tx, companyId, lotto.id, n);
    if (!after) throw conflict(message);
    // after.mq is still the m² before (only the pieces changed in that update); the last pieces take what is left
    const mqTaken =
      after.pezzi === 0
        ? after.mq
        : Math.min(after.mq, mqPavimenti(n, lotto.lunghezzaMm, lotto.larghezzaMm));
    await repo.setLottoMq(tx, lotto.id, roundTo(after.mq - mqTaken, 2));
    return { after, mqTaken };
  }

  async function lottoResult(
    companyId: string,
    id: string,
    extra: Omit<LottoOperazione, 'lotto'>,
  ): Promise<LottoOperazione> {
    return { lotto: await magazzino.lotto(companyId, id), ...extra };
  }

  return {
    recordExpiredRiserve,
    async riservaLotto(
      actor: Actor,
      id: string,
      body: RiservaLottoInput,
    ): Promise<LottoOperazione> {
      checks.scadenza(body.scadenza);
      const riserva = await db.transaction(async (tx) => {
        const cliente = await checks.cliente(tx, actor.companyId, body.clienteId);
        const lotto = await lockedLotto(tx, actor.companyId, id);
        const n = pezziRichiesti(body, lotto);
        const after = await repo.reservePezzi(tx, actor.companyId, id, n);
        if (!after) throw conflict(nonCiSono(n, lotto.pezzi - lotto.pezziRiservati));
        const row = await repo.insertRiserva(tx, {
          companyId: actor.companyId,
          lottoId: id,
          clienteId: body.clienteId,
          pezzi: n,
          scadenza: body.scadenza,
          userId: actor.userId,
        });
        await repo.insertMovimenti(tx, [
          {
            companyId: actor.companyId,
            userId: actor.userId,
            tipo: 'riserva',
            pezzi: 0,
            mq: 0,
            lottoId: id,
            clienteId: body.clienteId,
            causale: `Riservati ${pezziWord(n)} a ${cliente.ragioneSociale} fino al ${italianDate(body.scadenza)}`,
          },
        ]);
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'lotto',
          entityId: id,
          action: 'riserva',
          userId: actor.userId,
          changes: { riservati: { from: after.pezziRiservati - n, to: after.pezziRiservati } },
          note: `${cliente.ragioneSociale}, fino al ${italianDate(body.scadenza)}`,
        });
        return { row, cliente, lotto };
      });
      const riservaDto = toRiserva(
        { riserva: riserva.row, cliente: riserva.cliente.ragioneSociale, utente: null },
        riserva.lotto,
      );
      return lottoResult(actor.companyId, id, {
        pezzi: riserva.row.pezzi,
        mq: riservaDto.mq,
        riserva: riservaDto,
      });
    },

    async rilasciaLotto(
      actor: Actor,
      id: string,
      riservaId: string | undefined,
    ): Promise<LottoOperazione> {
      const pezzi = await db.transaction(async (tx) => {
        await lockedLotto(tx, actor.companyId, id);
        const ended = await repo.endRiserve(tx, actor.companyId, id, 'rilasciata', { riservaId });
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
      });
      const lotto = await magazzino.lotto(actor.companyId, id);
      return { lotto, pezzi, mq: mqPavimenti(pezzi, lotto.lunghezzaMm, lotto.larghezzaMm) };
    },

    async vendiLotto(actor: Actor, id: string, body: VendiLottoInput): Promise<LottoOperazione> {
      const taken = await db.transaction(async (tx) => {
        const cliente = await checks.cliente(tx, actor.companyId, body.clienteId);
        const lotto = await lockedLotto(tx, actor.companyId, id);
        const n = pezziRichiesti(body, lotto);
        // The buyer's own reservations are consumed first (ended, so their pieces count as free for
        // this sale); whatever part of them the sale does not take stays reserved, with the same expiry.
        const riserve = await repo.endRiserve(tx, actor.companyId, id, 'evasa', {
          clienteId: body.clienteId,
        });
        const riservati = riserve.reduce((a, r) => a + r.pezzi, 0);
        const { mqTaken } = await take(
          tx,
          actor.companyId,
          lotto,
          n,
          nonCiSono(n, lotto.pezzi - lotto.pezziRiservati + riservati),
        );
        if (riservati > n) {
          const last = riserve.reduce((a, r) => (r.scadenza > a.scadenza ? r : a));
          if (!(await repo.reservePezzi(tx, actor.companyId, id, riservati - n)))
            throw conflict('Il lotto è cambiato nel frattempo: ricarica e riprova');
          await repo.insertRiserva(tx, {
            companyId: actor.companyId,
            lottoId: id,
            clienteId: body.clienteId,
            pezzi: riservati - n,
            scadenza: last.scadenza,
            userId: actor.userId,
          });
        }
        const [venditaId] = await repo.insertMovimenti(tx, [
          {
            companyId: actor.companyId,
            userId: actor.userId,
            tipo: 'scarico',
            pezzi: -n,
            mq: -mqTaken,
            casse: casse(n, lotto.pezziPerCassa),
            lottoId: id,
            bloccoId: lotto.bloccoId,
            clienteId: body.clienteId,
            prezzo: body.prezzo,
            unitaPrezzo: body.unita,
            documento: body.documento,
            causale: `Vendita a ${cliente.ragioneSociale}`,
          },
        ]);
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'lotto',
          entityId: id,
          action: 'vendita',
          userId: actor.userId,
          changes: { pezzi: { from: lotto.pezzi, to: lotto.pezzi - n } },
          note: body.documento
            ? `${cliente.ragioneSociale}, documento ${body.documento}`
            : cliente.ragioneSociale,
        });
        return { n, mqTaken, venditaId: venditaId! };
      });
      return lottoResult(actor.companyId, id, {
        pezzi: taken.n,
        mq: taken.mqTaken,
        venditaId: taken.venditaId,
      });
    },

    async rettificaLotto(
      actor: Actor,
      id: string,
      body: { pezzi: number; motivo: string },
    ): Promise<LottoOperazione> {
      const diff = await db.transaction(async (tx) => {
        const lotto = await lockedLotto(tx, actor.companyId, id);
        if (body.pezzi < lotto.pezziRiservati) {
          throw conflict(
            `Nel lotto sono riservati ${pezziWord(lotto.pezziRiservati)}: rilascia prima le riserve che i pezzi contati non coprono`,
          );
        }
        const after = await repo.setPezzi(tx, actor.companyId, id, lotto.pezzi, body.pezzi);
        if (!after) throw conflict('Il lotto è cambiato nel frattempo: ricarica e riprova');
        const mq = mqPavimenti(body.pezzi, lotto.lunghezzaMm, lotto.larghezzaMm);
        await repo.setLottoMq(tx, id, mq);
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
      });
      return lottoResult(actor.companyId, id, diff);
    },

    /** Moves a lot, or part of it (split off under the same code with a suffix, so its tone stays traceable). */
    async spostaLotto(
      actor: Actor,
      id: string,
      body: { ubicazioneId: string; pezzi?: number },
      ifMatch?: Date,
    ): Promise<LottoOperazione> {
      const result = await db.transaction(async (tx) => {
        await assertUnchanged(
          tx,
          versionIn(lotti, actor.companyId, id),
          ifMatch,
          STALE_MESSAGES.lotto,
        );
        const ubicazione = await checks.ubicazione(tx, actor.companyId, body.ubicazioneId);
        const lotto = await lockedLotto(tx, actor.companyId, id);
        if (lotto.pezzi === 0) throw conflict('Il lotto è esaurito: non c’è niente da spostare');
        const causale = `Spostamento in ${ubicazione.nome}`;
        if (body.pezzi === undefined || body.pezzi === lotto.pezzi) {
          await repo.updateLotto(tx, actor.companyId, id, { ubicazioneId: body.ubicazioneId });
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
        // the lot may have changed since the user read it: a conflict, not a wrong input
        if (body.pezzi > lotto.pezzi)
          throw conflict(
            `Il lotto ha ${pezziWord(lotto.pezzi)}: non se ne possono spostare ${body.pezzi}`,
          );
        const codice = await repo.nextSplitCodice(tx, actor.companyId, lotto.codice);
        const { mqTaken } = await take(
          tx,
          actor.companyId,
          lotto,
          body.pezzi,
          `Non ci sono ${pezziWord(body.pezzi)} liberi da spostare: gli altri sono riservati`,
        );
        const { id: _id, createdAt: _c, updatedAt: _u, pezziRiservati: _r, ...copy } = lotto;
        const nuovo = await caricaLotto(
          tx,
          {
            companyId: actor.companyId,
            userId: actor.userId,
            causale: `Diviso dal lotto ${lotto.codice}, ${causale}`,
          },
          {
            ...copy,
            codice,
            pezzi: body.pezzi,
            mq: mqTaken,
            casse: Math.ceil(body.pezzi / lotto.pezziPerCassa),
            ubicazioneId: body.ubicazioneId,
          },
        ).catch((error: unknown) => {
          throw (
            constraintError(error, {
              unique: 'Un altro spostamento ha appena diviso il lotto: riprova',
            }) ?? error
          );
        });
        await repo.insertMovimenti(tx, [
          {
            companyId: actor.companyId,
            userId: actor.userId,
            tipo: 'trasferimento',
            pezzi: -body.pezzi,
            mq: -mqTaken,
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
            changes: { pezzi: { from: lotto.pezzi, to: lotto.pezzi - body.pezzi } },
            note: `${pezziWord(body.pezzi)} in ${ubicazione.nome} come lotto ${codice}`,
          },
          {
            companyId: actor.companyId,
            entityType: 'lotto',
            entityId: nuovo.id,
            action: 'create',
            userId: actor.userId,
            note: `Diviso dal lotto ${lotto.codice}`,
          },
        ]);
        return { pezzi: body.pezzi, mq: mqTaken, nuovoLottoId: nuovo.id };
      });
      return lottoResult(actor.companyId, id, {
        pezzi: result.pezzi,
        mq: result.mq,
        ...(result.nuovoLottoId
          ? { nuovoLotto: await magazzino.lotto(actor.companyId, result.nuovoLottoId) }
          : {}),
      });
    },

    async updateLotto(actor: Actor, id: string, body: LottoUpdateInput) {
      await db.transaction(async (tx) => {
        const before = await lottoOrThrow(tx, actor.companyId, id);
        const changes = diffChanges(before, { ...before, ...body }, [
          'prezzoListino',
          'scelta',
          'note',
          'vendutoACasse',
        ]);
        if (!Object.keys(changes).length) return;
        await repo.updateLotto(tx, actor.companyId, id, body);
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'lotto',
          entityId: id,
          action: 'update',
          userId: actor.userId,
          changes,
        });
      });
      return magazzino.lotto(actor.companyId, id);
    },

    async riserveLotto(companyId: string, id: string): Promise<Riserva[]> {
      const lotto = await magazzino.lotto(companyId, id);
      return (await repo.riserveAttive(db, companyId, id)).map((r) => toRiserva(r, lotto));
    },

    /* -------------------------------------------------------- transfers to a group company */
    nextSplitCodice: (tx: DbOrTx, companyId: string, codice: string) =>
      repo.nextSplitCodice(tx, companyId, codice),
    codiceLottoTaken: (tx: DbOrTx, companyId: string, codice: string) =>
      repo.lottoCodiceTaken(tx, companyId, codice),
    /** `n` free pieces of a lot leave stock for the receiving company, in the caller's transaction. */
    async cediLotto(
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
    },
  };
}
