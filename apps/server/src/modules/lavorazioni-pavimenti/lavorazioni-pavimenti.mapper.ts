import type { LavorazionePavimenti, LavorazionePavimentiListItem } from '@gestcava/contracts';
import type { lavorazioniPavimenti } from '../../db/schema/index.js';

export type LavorazioneRow = typeof lavorazioniPavimenti.$inferSelect;

export interface LavorazioneJoined {
  lavorazione: LavorazioneRow;
  blocco: { id: string; codice: string; origine: 'interno' | 'esterno' } | null;
  materiale: { id: string; nome: string };
  lotto: { id: string; codice: string } | null;
}

/** The fields history compares. */
export const LAVORAZIONE_PAVIMENTI_FIELDS = [
  'codice',
  'origine',
  'bloccoId',
  'materialeId',
  'lunghezzaMm',
  'larghezzaMm',
  'spessoreMm',
  'finitura',
  'bordo',
  'calibrato',
  'note',
] as const satisfies ReadonlyArray<keyof LavorazioneRow>;

export function toListItem({ lavorazione: l, blocco, materiale, lotto }: LavorazioneJoined): LavorazionePavimentiListItem {
  return {
    _id: l.id,
    codice: l.codice,
    origine: l.origine,
    blocco: blocco ? { _id: blocco.id, codice: blocco.codice, origine: blocco.origine } : null,
    materiale: { _id: materiale.id, nome: materiale.nome },
    lunghezzaMm: l.lunghezzaMm,
    larghezzaMm: l.larghezzaMm,
    spessoreMm: l.spessoreMm,
    finitura: l.finitura as LavorazionePavimenti['finitura'],
    bordo: l.bordo as LavorazionePavimenti['bordo'],
    calibrato: l.calibrato,
    dataInizio: l.dataInizio,
    dataFine: l.dataFine,
    pezzi: l.pezzi,
    mqProdotti: l.mqProdotti,
    scartoMq: l.scartoMq,
    resa: l.resa,
    lotto: lotto ? { _id: lotto.id, codice: lotto.codice } : null,
    stato: l.stato as LavorazionePavimenti['stato'],
    createdAt: l.createdAt.toISOString(),
  };
}

export function toLavorazioneDto(j: LavorazioneJoined, lastre: ReadonlyArray<{ id: string; codice: string; mq: number }>): LavorazionePavimenti {
  const l = j.lavorazione;
  return {
    ...toListItem(j),
    companyId: l.companyId,
    lastre: lastre.map((s) => ({ _id: s.id, codice: s.codice, mq: s.mq })),
    note: l.note,
    updatedAt: l.updatedAt.toISOString(),
  };
}
