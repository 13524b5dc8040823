import {
  FINITURA_LABELS,
  LAVORAZIONE_LASTRE_STATO_LABELS,
  type LavorazioneLastreStato,
} from '@gestcava/contracts';
import { formatArea, formatDate, formatNumber, labelOf } from '@/lib/format';
import { formatHistoryValue } from '@/components/history-value';

/** A yield in m² per m³ of block: `39,89 m²/m³`. */
export function formatResa(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value)
    ? `${formatNumber(value, 2)} m²/m³`
    : '';
}

/** Italian labels of the fields history reports and the forms use. */
export const LAVORAZIONE_LASTRE_FIELD_LABELS: Record<string, string> = {
  codice: 'Codice',
  bloccoId: 'Blocco',
  macchinaId: 'Macchina',
  spessoreMm: 'Spessore',
  finitura: 'Finitura',
  resinatura: 'Resinatura',
  contoTerzi: 'Conto terzi',
  terzistaId: 'Terzista',
  dataInizio: 'Inizio segagione',
  dataFine: 'Fine segagione',
  numeroLastre: 'Lastre',
  mqTotali: 'm² totali',
  resa: 'Resa',
  resaTeorica: 'Resa teorica',
  note: 'Note',
  stato: 'Stato',
};

export function lavorazioneHistoryValue(names: ReadonlyMap<string, string>) {
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    switch (field) {
      case 'stato':
        return labelOf(LAVORAZIONE_LASTRE_STATO_LABELS, value);
      case 'finitura':
        return labelOf(FINITURA_LABELS, value);
      case 'resinatura':
      case 'contoTerzi':
        return value === true ? 'Sì' : 'No';
      case 'macchinaId':
        return names.get(String(value)) ?? String(value);
      case 'spessoreMm':
        return `${formatNumber(Number(value), 0)} mm`;
      case 'mqTotali':
        return formatArea(Number(value));
      case 'resa':
      case 'resaTeorica':
        return formatResa(Number(value));
      case 'dataInizio':
      case 'dataFine':
        return formatDate(String(value));
      default:
        return formatHistoryValue(value);
    }
  };
}

/** The button of each move, by target state (what the clerk does). */
export const LAVORAZIONE_LASTRE_MOVES: Record<
  LavorazioneLastreStato,
  { label: string; icon: string; severity?: 'danger' }
> = {
  pianificata: { label: 'Pianificata', icon: 'pi pi-calendar' },
  in_segagione: { label: 'Avvia segagione', icon: 'pi pi-play' },
  completata: { label: 'Completa', icon: 'pi pi-check' },
  annullata: { label: 'Annulla la segagione', icon: 'pi pi-times', severity: 'danger' },
};
