import { pesoBlocco, type Blocco, type BloccoStato } from '@gestcava/contracts';
import type { blocchi } from '../../db/schema/index.js';

export type BloccoRow = typeof blocchi.$inferSelect;

export interface BloccoJoined {
  blocco: BloccoRow;
  /** The state as users see it: an option past its expiry reads `disponibile`. */
  statoEffettivo: string;
  bancata: { id: string; codice: string } | null;
  cava: { id: string; nome: string } | null;
  fornitore: { id: string; ragioneSociale: string } | null;
  materiale: { id: string; nome: string; densita: number };
  ubicazione: { id: string; nome: string } | null;
  cliente: { id: string; ragioneSociale: string } | null;
}

/** The fields history compares. */
export const BLOCCO_FIELDS = [
  'codice',
  'fornitoreId',
  'numeroFornitore',
  'dataAcquisto',
  'prezzoAcquisto',
  'unitaPrezzoAcquisto',
  'costoTrasporto',
  'codiceTracciabilita',
  'materialeId',
  'scelta',
  'categoria',
  'difettoso',
  'difetti',
  'noteDifetti',
  'lunghezza',
  'altezza',
  'profondita',
  'lunghezzaNetta',
  'altezzaNetta',
  'profonditaNetta',
  'volumeLordo',
  'volumeNetto',
  'pesoPesa',
  'dataPesata',
  'numeroPesata',
  'pesoTeorico',
  'ubicazioneId',
  'prezzoListino',
  'unitaPrezzo',
  'note',
  'dataRiquadratura',
] as const satisfies ReadonlyArray<keyof BloccoRow>;

/** The names beside the block: where it comes from, what it is and where it lies. */
function refsOf(j: BloccoJoined) {
  return {
    bancata: j.bancata ? { _id: j.bancata.id, codice: j.bancata.codice } : null,
    cava: j.cava ? { _id: j.cava.id, nome: j.cava.nome } : null,
    fornitore: j.fornitore
      ? { _id: j.fornitore.id, ragioneSociale: j.fornitore.ragioneSociale }
      : null,
    materiale: { _id: j.materiale.id, nome: j.materiale.nome, densita: j.materiale.densita },
    ubicazione: j.ubicazione ? { _id: j.ubicazione.id, nome: j.ubicazione.nome } : null,
  };
}

/** The block's measures, gross and net, and its weights (the weighbridge's, the theoretical, the one shown). */
function misureOf(b: BloccoRow, densita: number) {
  return {
    lunghezza: b.lunghezza,
    altezza: b.altezza,
    profondita: b.profondita,
    lunghezzaNetta: b.lunghezzaNetta,
    altezzaNetta: b.altezzaNetta,
    profonditaNetta: b.profonditaNetta,
    volumeLordo: b.volumeLordo,
    volumeNetto: b.volumeNetto,
    pesoPesa: b.pesoPesa,
    dataPesata: b.dataPesata,
    numeroPesata: b.numeroPesata,
    pesoTeorico: b.pesoTeorico,
    peso: pesoBlocco({ pesoPesa: b.pesoPesa, volumeNettoM3: b.volumeNetto, densita }),
  };
}

export function toBloccoDto(j: BloccoJoined): Blocco {
  const b = j.blocco;
  const expired = j.statoEffettivo !== b.stato;
  return {
    _id: b.id,
    codice: b.codice,
    companyId: b.companyId,
    origine: b.origine,
    ...refsOf(j),
    numeroFornitore: b.numeroFornitore,
    dataAcquisto: b.dataAcquisto,
    prezzoAcquisto: b.prezzoAcquisto,
    unitaPrezzoAcquisto: b.unitaPrezzoAcquisto as Blocco['unitaPrezzoAcquisto'],
    costoTrasporto: b.costoTrasporto,
    codiceTracciabilita: b.codiceTracciabilita,
    scelta: b.scelta as Blocco['scelta'],
    categoria: b.categoria as Blocco['categoria'],
    difettoso: b.difettoso,
    difetti: b.difetti as Blocco['difetti'],
    noteDifetti: b.noteDifetti,
    ...misureOf(b, j.materiale.densita),
    prezzoListino: b.prezzoListino,
    unitaPrezzo: b.unitaPrezzo as Blocco['unitaPrezzo'],
    // An expired option no longer names a customer.
    cliente:
      j.cliente && !expired
        ? { _id: j.cliente.id, ragioneSociale: j.cliente.ragioneSociale }
        : null,
    opzioneScadenza: expired ? null : b.opzioneScadenza,
    dataRiquadratura: b.dataRiquadratura,
    stato: j.statoEffettivo as BloccoStato,
    note: b.note,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}
