import {
  roundTo,
  type LavorazioneLastre,
  type LavorazioneLastreListItem,
} from '@gestcava/contracts';
import type { lavorazioniLastre } from '../../db/schema/index.js';
import { pick } from '../../lib/pick.js';

export type LavorazioneLastreRow = typeof lavorazioniLastre.$inferSelect;

export interface LavorazioneLastreJoined {
  lavorazione: LavorazioneLastreRow;
  blocco: {
    id: string;
    codice: string;
    origine: 'interno' | 'esterno';
    volumeNetto: number;
    lunghezzaNetta: number;
    altezzaNetta: number;
    profonditaNetta: number;
  };
  materiale: { id: string; nome: string };
  macchina: { id: string; nome: string; kerfMm: number; rifiloMm: number };
  terzistaNome: string | null;
}

/** The fields history compares. */
export const LAVORAZIONE_LASTRE_FIELDS = [
  'codice',
  'bloccoId',
  'macchinaId',
  'spessoreMm',
  'finitura',
  'resinatura',
  'contoTerzi',
  'terzistaId',
  'resaTeorica',
  'dataInizio',
  'dataFine',
  'numeroLastre',
  'mqTotali',
  'resa',
  'note',
] as const satisfies ReadonlyArray<keyof LavorazioneLastreRow>;

export function toListItem(j: LavorazioneLastreJoined): LavorazioneLastreListItem {
  const l = j.lavorazione;
  const b = j.blocco;
  return {
    _id: l.id,
    ...pick(l, [
      'codice',
      'spessoreMm',
      'resinatura',
      'contoTerzi',
      'dataInizio',
      'dataFine',
      'numeroLastre',
      'mqTotali',
      'resa',
      'resaTeorica',
    ]),
    blocco: {
      _id: b.id,
      codice: b.codice,
      origine: b.origine,
      volumeNetto: b.volumeNetto,
      lunghezzaNetta: b.lunghezzaNetta,
      altezzaNetta: b.altezzaNetta,
      profonditaNetta: b.profonditaNetta,
    },
    materiale: { _id: j.materiale.id, nome: j.materiale.nome },
    macchina: {
      _id: j.macchina.id,
      nome: j.macchina.nome,
      kerfMm: j.macchina.kerfMm,
      rifiloMm: j.macchina.rifiloMm,
    },
    finitura: l.finitura as LavorazioneLastre['finitura'],
    terzista:
      l.terzistaId && j.terzistaNome !== null
        ? { _id: l.terzistaId, ragioneSociale: j.terzistaNome }
        : null,
    stato: l.stato as LavorazioneLastre['stato'],
    createdAt: l.createdAt.toISOString(),
  };
}

export function toLavorazioneDto(
  j: LavorazioneLastreJoined,
  pacchi: Array<{ id: string; codice: string; nLastre: number; mq: number }>,
): LavorazioneLastre {
  return {
    ...toListItem(j),
    companyId: j.lavorazione.companyId,
    pacchi: pacchi.map((p) => ({
      _id: p.id,
      codice: p.codice,
      nLastre: p.nLastre,
      mq: roundTo(p.mq, 2),
    })),
    note: j.lavorazione.note,
    updatedAt: j.lavorazione.updatedAt.toISOString(),
  };
}
