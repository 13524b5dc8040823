import type { TrasferimentoCreate } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { bloccoInDestinazione } from '../blocchi/blocchi.reads.js';
import {
  materialeIn,
  recordReceived,
  type Riga,
  type TransferContext,
} from './trasferimenti.common.js';
import type { TrasferimentiDeps } from './trasferimenti.create.js';

type Item = TrasferimentoCreate['lotti'][number];
type Lotto = Awaited<ReturnType<TrasferimentiDeps['stock']['cediLotto']>>['lotto'];

/** A lot sent in parts keeps its code with a suffix for the later parts (one tone, one code). */
async function codiceInDestinazione(
  { stock }: Pick<TrasferimentiDeps, 'stock'>,
  tx: DbOrTx,
  t: TransferContext,
  codice: string,
) {
  return (await stock.codiceLottoTaken(tx, t.D, codice))
    ? stock.nextSplitCodice(tx, t.D, codice)
    : codice;
}

/** The receiver's lot: the sender's tone and finish, the pieces sent, its own code, block and place. */
function copiaLotto(
  t: TransferContext,
  lotto: Lotto,
  item: Item,
  own: { codice: string; bloccoId: string | null; materialeId: string; mq: number },
) {
  const {
    id: _id,
    companyId: _c,
    createdAt: _ca,
    updatedAt: _u,
    pezziRiservati: _r,
    ...copy
  } = lotto;
  return {
    ...copy,
    companyId: t.D,
    codice: own.codice,
    lavorazioneId: null,
    bloccoId: own.bloccoId,
    materialeId: own.materialeId,
    pezzi: item.pezzi,
    mq: own.mq,
    casse: Math.ceil(item.pezzi / lotto.pezziPerCassa),
    ubicazioneId: t.ubicazioneId,
    prezzoListino: null,
    note: null,
    trasferitoDaId: lotto.id,
  };
}

/** Pieces of a lot sold to the receiver (its sale, `venditaId`, is what a DDT ships), loaded there as a lot. */
export async function trasferisciLotto(
  deps: TrasferimentiDeps,
  tx: DbOrTx,
  t: TransferContext,
  item: Item,
): Promise<{ venditaId: string; riga: Riga }> {
  const { magazzino, stock } = deps;
  const { lotto, mqTaken, venditaId } = await stock.cediLotto(tx, t.actor, item.id, item.pezzi, {
    clienteId: t.clienteId,
    prezzo: item.prezzo,
    documento: t.documento,
    causale: t.causale,
  });
  const codice = await codiceInDestinazione(deps, tx, t, lotto.codice);
  const materialeId = await materialeIn(deps, tx, t, lotto.materialeId);
  const bloccoId = await bloccoInDestinazione(tx, t.D, lotto.bloccoId);
  const created = await magazzino.caricaLotto(
    tx,
    t.destMeta,
    copiaLotto(t, lotto, item, { codice, bloccoId, materialeId, mq: mqTaken }),
  );
  await recordReceived(tx, t, 'lotto', created.id);
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
