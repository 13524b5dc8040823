import {
  BLOCCO_STATO_LABELS,
  type BloccoStato,
  type TrasferimentoCreate,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import {
  allowed,
  materialeIn,
  PAGE_OF,
  type Riga,
  type TransferContext,
} from './trasferimenti.common.js';
import type { TrasferimentiDeps } from './trasferimenti.create.js';

type Item = TrasferimentoCreate['blocchi'][number];

/** The block locked, readable by the user, `disponibile` and free of open jobs: what may leave. */
async function lockDisponibile(
  { blocchi }: Pick<TrasferimentiDeps, 'blocchi'>,
  tx: DbOrTx,
  t: TransferContext,
  item: Item,
) {
  const locked = await blocchi.lockForLavorazione(tx, t.actor.companyId, item.id);
  if (!locked) throw notFound('Blocco non trovato');
  allowed(t.user, PAGE_OF[locked.blocco.origine]);
  if (locked.statoEffettivo !== 'disponibile') {
    throw conflict(
      `Il blocco ${locked.blocco.codice} è «${BLOCCO_STATO_LABELS[locked.statoEffettivo as BloccoStato]}»: si trasferiscono solo blocchi disponibili`,
    );
  }
  await blocchi.assertSenzaLavorazioni(tx, t.actor.companyId, locked.blocco, 'trasferirlo');
  return locked.blocco;
}

/** The block's two stock moves: out of the sender (to its cliente, at the price), into the receiver. */
function movimentiBlocco(
  t: TransferContext,
  item: Item,
  receivedId: string,
): Parameters<TrasferimentiDeps['stock']['movimenti']>[1] {
  const { actor } = t;
  return [
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
      bloccoId: receivedId,
      documento: t.documento,
      causale: t.received,
    },
  ];
}

/** A `disponibile` block sold to the receiver, which gets it as bought-in from the sender. */
export async function trasferisciBlocco(
  deps: TrasferimentiDeps,
  tx: DbOrTx,
  t: TransferContext,
  item: Item,
): Promise<Riga> {
  const { blocchi, stock } = deps;
  const { actor } = t;
  const blocco = await lockDisponibile(deps, tx, t, item);
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
  const materialeId = await materialeIn(deps, tx, t, blocco.materialeId);
  const created = await blocchi.receiveFromGroup(tx, {
    companyId: t.D,
    source: blocco,
    fornitoreId: t.fornitoreId!,
    materialeId,
    ubicazioneId: t.ubicazioneId,
    prezzo: item.prezzo,
    note: t.received,
  });
  await stock.movimenti(tx, movimentiBlocco(t, item, created.id));
  return {
    trasferimentoId: t.headerId,
    tipo: 'blocco',
    codice: blocco.codice,
    codiceDestinazione: blocco.codice,
    origineId: item.id,
    destinazioneId: created.id,
    pezzi: 1,
    mq: 0,
    prezzo: item.prezzo,
  };
}
