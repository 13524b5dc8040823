import {
  DIFETTI,
  LAVORAZIONE_LASTRE_STATO_LABELS,
  LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  type BloccoOrigine,
  type BloccoStato,
  type LavorazioneLastreStato,
  type LavorazionePavimentiStato,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { diffChanges, initialValues, recordAudit, recordUpdate } from '../../lib/audit.js';
import { todayInRome } from '../../lib/dates.js';
import { constraintError } from '../../lib/db-errors.js';
import { changeState } from '../../lib/state-change.js';
import { BLOCCO_FIELDS, type BloccoRow } from './blocchi.mapper.js';
import * as repo from './blocchi.repository.js';

const { notFound: NOT_FOUND } = repo.BLOCCO_STATES.manual.messages;

/** What a group company's block received from it is: `args.source`'s stone, bought in by `args.companyId`. */
type ReceivedBlocco = {
  companyId: string;
  source: BloccoRow;
  fornitoreId: string;
  materialeId: string;
  ubicazioneId: string | null;
  prezzo: number;
  note: string;
};

/** The receiver's new row of a block received from a group company (`receiveFromGroup`). */
function receivedCopy(args: ReceivedBlocco): Parameters<typeof repo.insert>[1] {
  const s = args.source;
  return {
    // what travels with the stone, named one by one (docs/security.md, "What a transfer copies"):
    // the sender's internal note, prices and anything added to the table later stay with the sender
    codice: s.codice,
    scelta: s.scelta,
    categoria: s.categoria,
    difettoso: s.difettoso,
    difetti: s.difetti,
    noteDifetti: s.noteDifetti,
    codiceTracciabilita: s.codiceTracciabilita,
    lunghezza: s.lunghezza,
    altezza: s.altezza,
    profondita: s.profondita,
    lunghezzaNetta: s.lunghezzaNetta,
    altezzaNetta: s.altezzaNetta,
    profonditaNetta: s.profonditaNetta,
    volumeLordo: s.volumeLordo,
    volumeNetto: s.volumeNetto,
    pesoTeorico: s.pesoTeorico,
    pesoPesa: s.pesoPesa,
    companyId: args.companyId,
    origine: 'esterno',
    fornitoreId: args.fornitoreId,
    dataAcquisto: todayInRome(),
    // a bought-in block's production date is the day it entered (contracts' blocco schema); the
    // sender's weighbridge ticket is the sender's quarry declaration, not the receiver's
    dataRiquadratura: todayInRome(),
    prezzoAcquisto: args.prezzo,
    unitaPrezzoAcquisto: 'totale',
    materialeId: args.materialeId,
    ubicazioneId: args.ubicazioneId,
    stato: 'disponibile',
    trasferitoDaId: s.id,
  };
}

// What other modules do to a block inside their own transactions (sawing, tile cuts, collaudi,
// transfers): the block service spreads these into its interface.

/**
 * The one place a block changes state (lib/state-change.ts: row lock, transition table, guarded
 * update, history row). Other modules (collaudi, lavorazioni) call it with `by: 'system'` for the
 * moves that belong to them.
 */
export async function transition(
  tx: DbOrTx,
  args: {
    companyId: string;
    origine: BloccoOrigine | null;
    id: string;
    to: BloccoStato;
    by: 'manual' | 'system';
    userId: string | null;
    note?: string | null;
    /** A sale (a collaudo's confirmation) also writes the price it was sold at. */
    set?: Partial<
      Pick<BloccoRow, 'clienteId' | 'opzioneScadenza' | 'prezzoListino' | 'unitaPrezzo'>
    >;
  },
): Promise<{ from: BloccoStato }> {
  const keepsCustomer =
    args.to === 'opzionato' ||
    args.to === 'in_collaudo' ||
    args.to === 'venduto' ||
    args.to === 'spedito';
  const set: NonNullable<typeof args.set> = {
    ...(keepsCustomer ? {} : { clienteId: null, opzioneScadenza: null }),
    ...args.set,
  };
  const { from } = await changeState(tx, repo.BLOCCO_STATES[args.by], {
    companyId: args.companyId,
    id: args.id,
    to: args.to,
    userId: args.userId,
    note: args.note,
    where: repo.origineIs(args.origine),
    set: () => set,
    // Only what this move changed: no "Scadenza dell'opzione: — → —".
    changes: (current) =>
      diffChanges(current, { ...current, ...set }, Object.keys(set) as Array<keyof typeof set>),
  });
  return { from };
}

/**
 * Refuses (409, naming the job) a block that an open sawing or tile cut still uses: a transfer, a
 * collaudo or scrapping would take it away and leave the job waiting forever. Call it after locking
 * the block, in the same transaction, so a job planned meanwhile waits for the lock.
 */
export async function assertSenzaLavorazioni(
  tx: DbOrTx,
  companyId: string,
  blocco: { id: string; codice: string },
  prima: string,
): Promise<void> {
  const job = await repo.lavorazioneAperta(tx, companyId, blocco.id);
  if (!job) return;
  const what =
    job.tipo === 'segagione'
      ? `la segagione ${job.codice}`
      : `la lavorazione pavimenti ${job.codice}`;
  const stato =
    job.tipo === 'segagione'
      ? LAVORAZIONE_LASTRE_STATO_LABELS[job.stato as LavorazioneLastreStato]
      : LAVORAZIONE_PAVIMENTI_STATO_LABELS[job.stato as LavorazionePavimentiStato];
  throw conflict(
    `Il blocco ${blocco.codice} ha ${what} ${stato.toLowerCase()}: annullala prima di ${prima}`,
  );
}

export const blocchiOperations = {
  transition,
  /**
   * A block of either origine locked for a lavorazione's transaction (read its code, measures and
   * effective state, then move it with `transition`); undefined when not in the company.
   */
  async lockForLavorazione(
    tx: DbOrTx,
    companyId: string,
    id: string,
  ): Promise<{ blocco: BloccoRow; statoEffettivo: BloccoStato } | undefined> {
    const row = await repo.lockInCompany(tx, companyId, null, id);
    return row && { blocco: row.blocco, statoEffettivo: row.statoEffettivo as BloccoStato };
  },

  /**
   * Defects found on the block elsewhere (a confirmed collaudo's `difettiRiscontrati`) join its own,
   * in the caller's transaction, with a history row saying where they were found: the next buyer and
   * the next inspector read them. Nothing is written when they were all known already.
   */
  async addDifetti(
    tx: DbOrTx,
    args: {
      companyId: string;
      id: string;
      difetti: readonly string[];
      userId: string | null;
      note: string;
    },
  ): Promise<void> {
    if (args.difetti.length === 0) return;
    const locked = await repo.lockInCompany(tx, args.companyId, null, args.id);
    if (!locked) throw notFound(NOT_FOUND);
    const current = locked.blocco;
    const known = new Set([...current.difetti, ...args.difetti]);
    // In the contracts' order, as the form writes them.
    const difetti = DIFETTI.filter((d) => known.has(d));
    const row = await repo.updateInCompany(tx, args.companyId, args.id, {
      difetti,
      difettoso: true,
    });
    await recordUpdate(
      tx,
      {
        companyId: args.companyId,
        entityType: 'blocco',
        entityId: args.id,
        userId: args.userId,
        note: args.note,
      },
      current,
      row!,
      BLOCCO_FIELDS,
    );
  },

  /**
   * A block received from a group company (a transfer, docs/domain.md): bought-in, with the same code and
   * measures, the sender as fornitore and the price as its purchase price, linked to the sender's row.
   * It lands where the transfer says (the receiver's yard by default). Its history row names no user:
   * the sender's user is none of the receiver's business (docs/domain.md), the note names the sender.
   */
  async receiveFromGroup(tx: DbOrTx, args: ReceivedBlocco): Promise<{ id: string }> {
    try {
      const row = await repo.insert(tx, receivedCopy(args));
      await recordAudit(tx, {
        companyId: args.companyId,
        entityType: 'blocco',
        entityId: row.id,
        action: 'create',
        userId: null,
        changes: initialValues(row, BLOCCO_FIELDS),
        note: args.note,
      });
      return { id: row.id };
    } catch (error) {
      throw (
        constraintError(error, {
          unique: `Il blocco ${args.source.codice} esiste già nella ditta di destinazione`,
        }) ?? error
      );
    }
  },

  assertSenzaLavorazioni,
};
