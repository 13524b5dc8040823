import { bilancioMassa, resaPercent, type Bancata, type BancataStato } from '@gestcava/contracts';
import type { bancate } from '../../db/schema/index.js';

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

export function toBancataDto({ bancata: b, cava, materiale, blocchi }: BancataJoined): Bancata {
  return {
    _id: b.id,
    codice: b.codice,
    companyId: b.companyId,
    cava: { _id: cava.id, nome: cava.nome },
    fronte: b.fronte,
    materiale: { _id: materiale.id, nome: materiale.nome, densita: materiale.densita },
    dataTaglio: b.dataTaglio,
    dataRibaltamento: b.dataRibaltamento,
    lunghezza: b.lunghezza,
    altezza: b.altezza,
    profondita: b.profondita,
    volumeLordo: b.volumeLordo,
    pesoStimato: b.pesoStimato,
    metodoTaglio: b.metodoTaglio as Bancata['metodoTaglio'],
    informiT: b.informiT,
    scaglieT: b.scaglieT,
    scaglieScureT: b.scaglieScureT,
    scogliereT: b.scogliereT,
    terreT: b.terreT,
    note: b.note,
    stato: b.stato as BancataStato,
    resa: b.stato === 'chiusa' ? b.resaChiusura : resaPercent([blocchi.volumeNetto], b.volumeLordo),
    blocchi: { count: blocchi.count, volumeLordo: blocchi.volumeLordo, volumeNetto: blocchi.volumeNetto, pesoT: blocchi.pesoT },
    blocchiInformi: { count: blocchi.informiCount, pesoT: blocchi.informiPesoT },
    bilancioMassa: bilancioMassa({
      lordoT: b.pesoStimato,
      blocchiT: blocchi.pesoT,
      informiBlocchiT: blocchi.informiPesoT,
      informiT: b.informiT,
      scaglieT: b.scaglieT,
      scaglieScureT: b.scaglieScureT,
      scogliereT: b.scogliereT,
      terreT: b.terreT,
      chiusa: b.stato === 'chiusa',
    }),
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}
