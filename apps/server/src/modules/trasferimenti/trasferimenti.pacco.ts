import type { TrasferimentoCreate } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { constraintError } from '../../lib/db-errors.js';
import { bloccoInDestinazione } from '../blocchi/blocchi.reads.js';
import {
  materialeIn,
  recordReceived,
  type Riga,
  type TransferContext,
} from './trasferimenti.common.js';
import type { TrasferimentiDeps } from './trasferimenti.create.js';

type Stock = TrasferimentiDeps['stock'];
type Pacco = NonNullable<Awaited<ReturnType<Stock['lockPacco']>>>;
type Slab = Awaited<ReturnType<Stock['lastreRows']>>[number];

/** The receiver's copy of the bundle and its slabs: the same codes, its own block, material and place. */
function copiaPacco(
  t: TransferContext,
  pacco: Pacco,
  slabs: Slab[],
  ids: { bloccoId: string | null; materialeId: string },
) {
  const { bloccoId, materialeId } = ids;
  const header = {
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
  };
  const lastre = slabs.map((l) => ({
    companyId: t.D,
    codice: l.codice,
    bloccoId,
    progressivo: l.progressivo,
    lunghezzaMm: l.lunghezzaMm,
    altezzaMm: l.altezzaMm,
    mq: l.mq,
    scelta: l.scelta,
    difetti: l.difetti,
  }));
  return { header, lastre };
}

/** A bundle sold whole to the receiver, which loads its own copy with the same codes. */
export async function trasferisciPacco(
  deps: TrasferimentiDeps,
  tx: DbOrTx,
  t: TransferContext,
  item: TrasferimentoCreate['pacchi'][number],
): Promise<Riga> {
  const { magazzino, stock } = deps;
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
  const materialeId = await materialeIn(deps, tx, t, pacco.materialeId);
  const copy = copiaPacco(t, pacco, slabs, { bloccoId, materialeId });
  const created = await magazzino
    .caricaPacco(tx, t.destMeta, copy.header, copy.lastre)
    .catch((error: unknown) => {
      throw (
        constraintError(error, {
          unique: `Il pacco ${pacco.codice} o una sua lastra esiste già nella ditta di destinazione`,
        }) ?? error
      );
    });
  await recordReceived(tx, t, 'pacco', created.id);
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
