import { bilancioMassa, resaPercent, type Bancata, type BancataStato } from '@gestcava/contracts';
import type { bancate } from '../../db/schema/index.js';
import { pick } from '../../lib/pick.js';

export type BancataRow = typeof bancate.$inferSelect;
export interface BlocchiTotals {
  count: number;
  volumeLordo: number;
  volumeNetto: number;
  pesoT: number;
  informiCount: number;
  informiPesoT: number;
}
export interface BancataJoined {
  bancata: BancataRow;
  cava: { id: string; nome: string };
  materiale: { id: string; nome: string; densita: number };
  blocchi: BlocchiTotals;
}

/** The fields history compares. */
export const BANCATA_FIELDS = [
  'codice',
  'cavaId',
  'fronte',
  'materialeId',
  'dataTaglio',
  'dataRibaltamento',
  'lunghezza',
  'altezza',
  'profondita',
  'volumeLordo',
  'pesoStimato',
  'metodoTaglio',
  'informiT',
  'scaglieT',
  'scaglieScureT',
  'scogliereT',
  'terreT',
  'note',
] as const satisfies ReadonlyArray<keyof BancataRow>;

/** docs/reportistica.md "What «cut» means": before its first block a bancata has no yield yet, not 0 %. */
function resaOf(b: BancataRow, blocchi: BlocchiTotals) {
  if (b.stato === 'chiusa') return b.resaChiusura;
  return blocchi.count + blocchi.informiCount > 0
    ? resaPercent([blocchi.volumeNetto], b.volumeLordo)
    : null;
}

/** Where the bancata's gross weight went: blocks, informi and the by-products typed at closing. */
function bilancioOf(b: BancataRow, blocchi: BlocchiTotals) {
  return bilancioMassa({
    lordoT: b.pesoStimato,
    blocchiT: blocchi.pesoT,
    informiBlocchiT: blocchi.informiPesoT,
    informiT: b.informiT,
    scaglieT: b.scaglieT,
    scaglieScureT: b.scaglieScureT,
    scogliereT: b.scogliereT,
    terreT: b.terreT,
    chiusa: b.stato === 'chiusa',
  });
}

export function toBancataDto({ bancata: b, cava, materiale, blocchi }: BancataJoined): Bancata {
  return {
    _id: b.id,
    ...pick(b, [
      'codice',
      'companyId',
      'fronte',
      'dataTaglio',
      'dataRibaltamento',
      'lunghezza',
      'altezza',
      'profondita',
      'volumeLordo',
      'pesoStimato',
      'informiT',
      'scaglieT',
      'scaglieScureT',
      'scogliereT',
      'terreT',
      'note',
    ]),
    cava: { _id: cava.id, nome: cava.nome },
    materiale: { _id: materiale.id, nome: materiale.nome, densita: materiale.densita },
    metodoTaglio: b.metodoTaglio as Bancata['metodoTaglio'],
    stato: b.stato as BancataStato,
    resa: resaOf(b, blocchi),
    blocchi: {
      count: blocchi.count,
      volumeLordo: blocchi.volumeLordo,
      volumeNetto: blocchi.volumeNetto,
      pesoT: blocchi.pesoT,
    },
    blocchiInformi: { count: blocchi.informiCount, pesoT: blocchi.informiPesoT },
    bilancioMassa: bilancioOf(b, blocchi),
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}
