import {
  BORDO_LABELS,
  FINITURA_LABELS,
  formatoLabel,
  LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  type LavorazionePavimentiListItem,
  type LavorazionePavimentiStato,
} from '@gestcava/contracts';
import { formatArea, formatDate, formatNumber, labelOf } from '@/lib/format';
import { formatPercentValue } from '@/lib/production-format';
import { formatHistoryValue } from '@/components/history-value';

/** `305×305 · 10 mm · Levigato`, with the edge and calibration when they say something. */
export function formatTile(
  l: Pick<
    LavorazionePavimentiListItem,
    'lunghezzaMm' | 'larghezzaMm' | 'spessoreMm' | 'finitura' | 'bordo' | 'calibrato'
  >,
): string {
  return [
    `${formatoLabel(l)} mm`,
    `${l.spessoreMm} mm`,
    FINITURA_LABELS[l.finitura],
    l.bordo === 'bisellato' ? 'bisellato' : null,
    l.calibrato ? 'calibrato' : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The yield as the server computes it: m²/m³ of a block's net volume, or % of the slabs' area. */
export function formatResaPavimenti(
  l: Pick<LavorazionePavimentiListItem, 'origine' | 'resa'>,
): string {
  if (l.resa === null) return '—';
  return l.origine === 'blocco' ? `${formatNumber(l.resa, 2)} m²/m³` : formatPercentValue(l.resa);
}

export const LAVORAZIONE_PAVIMENTI_FIELD_LABELS: Record<string, string> = {
  codice: 'Codice',
  bloccoId: 'Blocco',
  lunghezzaMm: 'Lunghezza',
  larghezzaMm: 'Larghezza',
  spessoreMm: 'Spessore',
  finitura: 'Finitura',
  bordo: 'Bordo',
  calibrato: 'Calibrato',
  dataInizio: 'Inizio',
  dataFine: 'Fine',
  pezzi: 'Pezzi',
  mqProdotti: 'm² prodotti',
  scartoMq: 'Scarto',
  resa: 'Resa',
  note: 'Note',
  stato: 'Stato',
};

/** A history value of a tile cut: the yield in its unit, m²/m³ of a block or % of slabs. */
export function lavorazionePavimentiHistoryValue(
  field: string,
  value: unknown,
  origine: LavorazionePavimentiListItem['origine'],
): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (field) {
    case 'resa':
      return formatResaPavimenti({ origine, resa: Number(value) });
    case 'pezzi':
      return `${formatNumber(Number(value), 0)} pezzi`;
    case 'stato':
      return labelOf(LAVORAZIONE_PAVIMENTI_STATO_LABELS, value);
    case 'finitura':
      return labelOf(FINITURA_LABELS, value);
    case 'bordo':
      return labelOf(BORDO_LABELS, value);
    case 'calibrato':
      return value === true ? 'Sì' : 'No';
    case 'lunghezzaMm':
    case 'larghezzaMm':
    case 'spessoreMm':
      return `${formatNumber(Number(value), 0)} mm`;
    case 'mqProdotti':
    case 'scartoMq':
      return formatArea(Number(value));
    case 'dataInizio':
    case 'dataFine':
      return formatDate(String(value));
    default:
      return formatHistoryValue(value);
  }
}

/** The button of each move, by target state. */
export const LAVORAZIONE_PAVIMENTI_MOVES: Record<
  LavorazionePavimentiStato,
  { label: string; icon: string; severity?: 'danger' }
> = {
  pianificata: { label: 'Pianificata', icon: 'pi pi-calendar' },
  in_lavorazione: { label: 'Avvia lavorazione', icon: 'pi pi-play' },
  completata: { label: 'Completa', icon: 'pi pi-check' },
  annullata: { label: 'Annulla la lavorazione', icon: 'pi pi-times', severity: 'danger' },
};
