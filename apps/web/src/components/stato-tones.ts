import type { BancataStato, BloccoStato } from '@gestcava/contracts';

/** The colour families of a state: each pair of text and background meets WCAG AA in both schemes. */
export type StatoTone =
  'neutral' | 'info' | 'progress' | 'success' | 'warning' | 'danger' | 'muted';

export const BANCATA_STATO_TONES: Record<BancataStato, StatoTone> = {
  pianificata: 'neutral',
  in_taglio: 'warning',
  ribaltata: 'progress',
  in_riquadratura: 'info',
  chiusa: 'success',
  annullata: 'muted',
};

export const BLOCCO_STATO_TONES: Record<BloccoStato, StatoTone> = {
  in_piazzale: 'neutral',
  disponibile: 'success',
  opzionato: 'warning',
  in_collaudo: 'info',
  venduto: 'progress',
  spedito: 'muted',
  in_segagione: 'info',
  segato: 'muted',
  scartato: 'danger',
};
