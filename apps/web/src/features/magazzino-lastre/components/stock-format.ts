import { FINITURA_LABELS, LASTRA_STATO_LABELS, SCELTA_LABELS } from '@gestcava/contracts';
import { formatArea, formatEuro, labelOf } from '@/lib/format';

/** Italian labels of the fields a bundle's or slab's history reports. */
export const STOCK_FIELD_LABELS: Record<string, string> = {
  codice: 'Codice',
  stato: 'Stato',
  scelta: 'Scelta',
  finitura: 'Finitura',
  ubicazioneId: 'Ubicazione',
  nLastre: 'Lastre',
  mq: 'm²',
  prezzoListino: 'Prezzo di listino',
  clienteId: 'Cliente',
  difetti: 'Difetti',
};

export function stockHistoryValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (field) {
    case 'stato':
      return labelOf(LASTRA_STATO_LABELS, value);
    case 'scelta':
      return labelOf(SCELTA_LABELS, value);
    case 'finitura':
      return labelOf(FINITURA_LABELS, value);
    case 'mq':
      return formatArea(Number(value));
    case 'prezzoListino':
      return formatEuro(Number(value));
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
