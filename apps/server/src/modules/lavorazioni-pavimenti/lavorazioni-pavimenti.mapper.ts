import type { LavorazionePavimenti, LavorazionePavimentiListItem } from '@gestcava/contracts';
import type { lavorazioniPavimenti } from '../../db/schema/index.js';
import { pick } from '../../lib/pick.js';

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

export function toListItem({
  lavorazione: l,
  blocco,
  materiale,
  lotto,
}: LavorazioneJoined): LavorazionePavimentiListItem {
  return {
    _id: l.id,
    ...pick(l, [
      'codice',
      'origine',
      'lunghezzaMm',
      'larghezzaMm',
      'spessoreMm',
      'calibrato',
      'dataInizio',
      'dataFine',
      'pezzi',
      'mqProdotti',
      'scartoMq',
      'resa',
    ]),
    blocco: blocco ? { _id: blocco.id, codice: blocco.codice, origine: blocco.origine } : null,
    materiale: { _id: materiale.id, nome: materiale.nome },
    finitura: l.finitura as LavorazionePavimenti['finitura'],
    bordo: l.bordo as LavorazionePavimenti['bordo'],
    lotto: lotto ? { _id: lotto.id, codice: lotto.codice } : null,
    stato: l.stato as LavorazionePavimenti['stato'],
    createdAt: l.createdAt.toISOString(),
  };
}

export function toLavorazioneDto(
  j: LavorazioneJoined,
  lastre: ReadonlyArray<{ id: string; codice: string; mq: number }>,
  pezziMassimi: number,
): LavorazionePavimenti {
  const l = j.lavorazione;
  return {
    ...toListItem(j),
    companyId: l.companyId,
    lastre: lastre.map((s) => ({ _id: s.id, codice: s.codice, mq: s.mq })),
    pezziMassimi,
    note: l.note,
    updatedAt: l.updatedAt.toISOString(),
  };
}
