import {
  ABBUONO_LABELS,
  COLLAUDO_STATO_LABELS,
  DIFETTO_LABELS,
  ESITO_LABELS,
  SCELTA_LABELS,
  UNITA_PREZZO_COLLAUDO_LABELS,
  type AbbuonoTipo,
  type CollaudoStato,
} from '@gestcava/contracts';
import {
  formatDate,
  formatEuro,
  formatNumber,
  formatVolume,
  formatWeight,
  labelOf,
} from '@/lib/format';
import { formatHistoryValue } from '@/components/history-value';

/** `310 × 180 × 165 cm` */
export const misure = (l: number, h: number, p: number) =>
  `${formatNumber(l, 0)} × ${formatNumber(h, 0)} × ${formatNumber(p, 0)} cm`;

/** The button of each move, by target state. */
export const COLLAUDO_MOVES: Record<
  CollaudoStato,
  { label: string; icon: string; severity?: 'danger' | 'success' }
> = {
  programmato: { label: 'Programmato', icon: 'pi pi-calendar' },
  in_corso: { label: 'Inizia il collaudo', icon: 'pi pi-play' },
  eseguito: { label: 'Collaudo eseguito', icon: 'pi pi-check' },
  confermato: { label: 'Conferma la vendita', icon: 'pi pi-verified', severity: 'success' },
  annullato: { label: 'Annulla il collaudo', icon: 'pi pi-times', severity: 'danger' },
};
/** eseguito → in_corso reads as reopening, not starting. */
export const RIAPRI_MOVE: { label: string; icon: string; severity?: 'danger' | 'success' } = {
  label: 'Riapri le misure',
  icon: 'pi pi-replay',
};

/** The unit an abbuono's value is typed in, and its decimals. */
export const ABBUONO_UNITS: Record<AbbuonoTipo, { unit: string; decimals: number }> = {
  cm_per_lato: { unit: 'cm', decimals: 0 },
  cm_lunghezza: { unit: 'cm', decimals: 0 },
  cm_altezza: { unit: 'cm', decimals: 0 },
  cm_profondita: { unit: 'cm', decimals: 0 },
  m3: { unit: 'm³', decimals: 3 },
  percentuale: { unit: '%', decimals: 2 },
  prezzo: { unit: '€', decimals: 2 },
};

/** `2 cm per lato`, `0,500 m³ in meno`… */
export function formatAbbuono(tipo: AbbuonoTipo | null, valore: number | null): string {
  if (!tipo || valore === null) return '';
  const { unit, decimals } = ABBUONO_UNITS[tipo];
  if (unit === 'cm') return `${formatNumber(valore, 0)} ${ABBUONO_LABELS[tipo]}`;
  if (tipo === 'm3') return `${formatNumber(valore, decimals)} m³ in meno`;
  if (tipo === 'percentuale') return `${formatNumber(valore, undefined, 2)}% sull’importo`;
  return `${formatNumber(valore, decimals)} ${unit} in meno sul prezzo`;
}

/** `120,00 €/m³` */
export function formatPrezzo(
  prezzo: number | null,
  unita: keyof typeof UNITA_PREZZO_COLLAUDO_LABELS,
): string {
  return prezzo === null ? '' : `${formatNumber(prezzo, 2)} ${UNITA_PREZZO_COLLAUDO_LABELS[unita]}`;
}

export const COLLAUDO_FIELD_LABELS: Record<string, string> = {
  codice: 'Codice',
  data: 'Data',
  luogo: 'Luogo',
  clienteId: 'Cliente',
  ispettore: 'Ispettore',
  ispettoreSocieta: 'Società dell’ispettore',
  resa: 'Resa',
  carico: 'Carico',
  pagamento: 'Pagamento',
  riferimentoOrdine: 'Riferimento ordine',
  note: 'Note',
  stato: 'Stato',
  bloccoId: 'Blocco',
  lunghezzaRilevata: 'Lunghezza rilevata',
  altezzaRilevata: 'Altezza rilevata',
  profonditaRilevata: 'Profondità rilevata',
  abbuonoTipo: 'Tipo di abbuono',
  abbuonoValore: 'Abbuono',
  sceltaAssegnata: 'Scelta assegnata',
  difettiRiscontrati: 'Difetti riscontrati',
  esito: 'Esito',
  prezzo: 'Prezzo',
  unitaPrezzo: 'Unità del prezzo',
  pesoRilevato: 'Peso rilevato',
  volumeNettoAccettato: 'm³ netti',
  importo: 'Importo',
};

export function collaudoHistoryValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (field) {
    case 'stato':
      return labelOf(COLLAUDO_STATO_LABELS, value);
    case 'esito':
      return labelOf(ESITO_LABELS, value);
    case 'abbuonoTipo':
      return labelOf(ABBUONO_LABELS, value);
    case 'sceltaAssegnata':
      return labelOf(SCELTA_LABELS, value);
    case 'unitaPrezzo':
      return labelOf(UNITA_PREZZO_COLLAUDO_LABELS, value);
    case 'difettiRiscontrati':
      return Array.isArray(value)
        ? value.map((d) => labelOf(DIFETTO_LABELS, d)).join(', ') || '—'
        : String(value);
    case 'data':
      return formatDate(String(value));
    case 'lunghezzaRilevata':
    case 'altezzaRilevata':
    case 'profonditaRilevata':
      return `${formatNumber(Number(value), 0)} cm`;
    case 'pesoRilevato':
      return formatWeight(Number(value));
    case 'volumeNettoAccettato':
      return formatVolume(Number(value));
    case 'prezzo':
      return formatEuro(Number(value));
    case 'importo':
      return formatEuro(Number(value) / 100);
    default:
      return formatHistoryValue(value);
  }
}
