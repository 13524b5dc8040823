import {
  BLOCCO_STATO_LABELS,
  can,
  type BloccoStato,
  type PageKey,
  type PermissionSubject,
  type TrasferimentoCreate,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { constraintError } from '../../lib/db-errors.js';
import type { Actor } from '../../lib/actor.js';
import { ensureMateriale } from '../lookups/lookups.service.js';
import { bloccoInDestinazione } from '../blocchi/blocchi.reads.js';
import type * as repo from './trasferimenti.repository.js';
import type { TrasferimentiDeps } from './trasferimenti.create.js';

/** What every item of one transfer shares: both companies, the sender's cliente and fornitore records, the words. */
export interface TransferContext {
  actor: Actor;
  user: PermissionSubject;
  /** The receiving company. */
  D: string;
  headerId: string;
  clienteId: string;
  fornitoreId: string | null;
  ubicazioneId: string | null;
  documento: string | null;
  causale: string;
  received: string;
  destMeta: {
    companyId: string;
    userId: null;
    causale: string;
    documento: string | null;
  };
}

type Riga = Parameters<typeof repo.insertRighe>[1][number];

/** The page whose write access moves each kind of item out of the company (docs/api.md "Shape of the API"). */
export const PAGE_OF = {
  interno: 'blocchi',
  esterno: 'blocchi-esterni',
  pacco: 'magazzino-lastre',
  lotto: 'magazzino-pavimenti',
} as const satisfies Record<string, PageKey>;

export function allowed(user: PermissionSubject, page: PageKey) {
  if (!can(user, page, 'write'))
    throw forbidden('Non hai il permesso di trasferire questi elementi');
}

/** Each kind of item moved out of the sender and into the receiver, as one line of the transfer. */
export function createTrasferimentiItems({
  materiali,
  blocchi,
  magazzino,
  stock,
}: TrasferimentiDeps) {
  /** The destination's materiale named as the source's (created there if missing). */
  async function materialeIn(
    tx: DbOrTx,
    sourceCompanyId: string,
    destinationCompanyId: string,
    materialeId: string,
  ) {
    const m = await materiali.find(sourceCompanyId, materialeId, tx);
    if (!m) throw notFound('Materiale non trovato');
    return ensureMateriale(tx, destinationCompanyId, {
      nome: m.nome,
      tipo: m.tipo,
      densita: m.densita,
    });
  }

  /** A `disponibile` block sold to the receiver, which gets it as bought-in from the sender. */
  async function trasferisciBlocco(
    tx: DbOrTx,
    t: TransferContext,
    item: TrasferimentoCreate['blocchi'][number],
  ): Promise<Riga> {
    const { actor } = t;
    const locked = await blocchi.lockForLavorazione(tx, actor.companyId, item.id);
    if (!locked) throw notFound('Blocco non trovato');
    allowed(t.user, PAGE_OF[locked.blocco.origine]);
    if (locked.statoEffettivo !== 'disponibile') {
      throw conflict(
        `Il blocco ${locked.blocco.codice} è «${BLOCCO_STATO_LABELS[locked.statoEffettivo as BloccoStato]}»: si trasferiscono solo blocchi disponibili`,
      );
    }
    await blocchi.assertSenzaLavorazioni(tx, actor.companyId, locked.blocco, 'trasferirlo');
    await blocchi.transition(tx, {
      companyId: actor.companyId,
      origine: null,
      id: item.id,
      to: 'venduto',
      by: 'system',
      userId: actor.userId,
      note: t.causale,
      set: { clienteId: t.clienteId },
    });
    const materialeId = await materialeIn(tx, actor.companyId, t.D, locked.blocco.materialeId);
    const created = await blocchi.receiveFromGroup(tx, {
      companyId: t.D,
      source: locked.blocco,
      fornitoreId: t.fornitoreId!,
      materialeId,
      ubicazioneId: t.ubicazioneId,
      prezzo: item.prezzo,
      note: t.received,
    });
    await stock.movimenti(tx, [
      {
        companyId: actor.companyId,
        userId: actor.userId,
        tipo: 'trasferimento',
        pezzi: -1,
        mq: 0,
        bloccoId: item.id,
        clienteId: t.clienteId,
        prezzo: item.prezzo,
        unitaPrezzo: 'totale',
        documento: t.documento,
        causale: t.causale,
      },
      {
        companyId: t.D,
        userId: null,
        tipo: 'carico',
        pezzi: 1,
        mq: 0,
        bloccoId: created.id,
        documento: t.documento,
        causale: t.received,
      },
    ]);
    return {
      trasferimentoId: t.headerId,
      tipo: 'blocco',
      codice: locked.blocco.codice,
      codiceDestinazione: locked.blocco.codice,
      origineId: item.id,
      destinazioneId: created.id,
      pezzi: 1,
      mq: 0,
      prezzo: item.prezzo,
    };
  }

  /** A bundle sold whole to the receiver, which loads its own copy with the same codes. */
  async function trasferisciPacco(
    tx: DbOrTx,
    t: TransferContext,
    item: TrasferimentoCreate['pacchi'][number],
  ): Promise<Riga> {
    const { actor } = t;
    const pacco = await stock.lockPacco(tx, actor.companyId, item.id);
    if (!pacco) throw notFound('Pacco non trovato');
    const moved = await stock.cediPacco(tx, actor, item.id, {
      clienteId: t.clienteId,
      documento: t.documento,
      causale: t.causale,
    });
    const slabs = await stock.lastreRows(
      tx,
      actor.companyId,
      moved.map((m) => m.id),
    );
    // the receiver's own copy of the block, if it has one; the sawing stays the sender's alone
    const bloccoId = await bloccoInDestinazione(tx, t.D, pacco.bloccoId);
    const materialeId = await materialeIn(tx, actor.companyId, t.D, pacco.materialeId);
    const created = await magazzino
      .caricaPacco(
        tx,
        t.destMeta,
        {
          companyId: t.D,
          codice: pacco.codice,
          lavorazioneId: null,
          bloccoId,
          materialeId,
          spessoreMm: pacco.spessoreMm,
          finitura: pacco.finitura,
          resinatura: pacco.resinatura,
          scelta: pacco.scelta,
          ubicazioneId: t.ubicazioneId,
          prezzoListino: null,
          trasferitoDaId: pacco.id,
        },
        slabs.map((l) => ({
          companyId: t.D,
          codice: l.codice,
          bloccoId,
          progressivo: l.progressivo,
          lunghezzaMm: l.lunghezzaMm,
          altezzaMm: l.altezzaMm,
          mq: l.mq,
          scelta: l.scelta,
          difetti: l.difetti,
        })),
      )
      .catch((error: unknown) => {
        throw (
          constraintError(error, {
            unique: `Il pacco ${pacco.codice} o una sua lastra esiste già nella ditta di destinazione`,
          }) ?? error
        );
      });
    await recordAudit(tx, {
      companyId: t.D,
      entityType: 'pacco',
      entityId: created.id,
      action: 'create',
      userId: null,
      note: t.received,
    });
    return {
      trasferimentoId: t.headerId,
      tipo: 'pacco',
      codice: pacco.codice,
      codiceDestinazione: pacco.codice,
      origineId: pacco.id,
      destinazioneId: created.id,
      pezzi: created.nLastre,
      mq: created.mq,
      prezzo: item.prezzo,
    };
  }

  /** Pieces of a lot sold to the receiver (its sale, `venditaId`, is what a DDT ships), loaded there as a lot. */
  async function trasferisciLotto(
    tx: DbOrTx,
    t: TransferContext,
    item: TrasferimentoCreate['lotti'][number],
  ): Promise<{ venditaId: string; riga: Riga }> {
    const { actor } = t;
    const { lotto, mqTaken, venditaId } = await stock.cediLotto(tx, actor, item.id, item.pezzi, {
      clienteId: t.clienteId,
      prezzo: item.prezzo,
      documento: t.documento,
      causale: t.causale,
    });
    // a lot sent in parts keeps its code with a suffix for the later parts (one tone, one code)
    const codice = (await stock.codiceLottoTaken(tx, t.D, lotto.codice))
      ? await stock.nextSplitCodice(tx, t.D, lotto.codice)
      : lotto.codice;
    const materialeId = await materialeIn(tx, actor.companyId, t.D, lotto.materialeId);
    const {
      id: _id,
      companyId: _c,
      createdAt: _ca,
      updatedAt: _u,
      pezziRiservati: _r,
      ...copy
    } = lotto;
    const created = await magazzino.caricaLotto(tx, t.destMeta, {
      ...copy,
      companyId: t.D,
      codice,
      lavorazioneId: null,
      bloccoId: await bloccoInDestinazione(tx, t.D, lotto.bloccoId),
      materialeId,
      pezzi: item.pezzi,
      mq: mqTaken,
      casse: Math.ceil(item.pezzi / lotto.pezziPerCassa),
      ubicazioneId: t.ubicazioneId,
      prezzoListino: null,
      note: null,
      trasferitoDaId: lotto.id,
    });
    await recordAudit(tx, {
      companyId: t.D,
      entityType: 'lotto',
      entityId: created.id,
      action: 'create',
      userId: null,
      note: t.received,
    });
    return {
      venditaId,
      riga: {
        trasferimentoId: t.headerId,
        tipo: 'lotto',
        codice: lotto.codice,
        codiceDestinazione: codice,
        origineId: lotto.id,
        destinazioneId: created.id,
        pezzi: item.pezzi,
        mq: mqTaken,
        prezzo: item.prezzo,
      },
    };
  }

  return { trasferisciBlocco, trasferisciPacco, trasferisciLotto };
}
