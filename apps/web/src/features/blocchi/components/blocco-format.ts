import {
  BLOCCO_STATO_LABELS,
  CATEGORIA_LABELS,
  DIFETTO_LABELS,
  SCELTA_LABELS,
  UNITA_PREZZO_LABELS,
  type Blocco,
  type UNITA_PREZZO_ACQUISTO,
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

export const UNITA_PREZZO_ACQUISTO_LABELS: Record<(typeof UNITA_PREZZO_ACQUISTO)[number], string> =
  {
    totale: '€ a corpo (totale)',
    m3: '€/m³',
    t: '€/t',
  };

/** Italian labels of the fields history reports (BLOCCO_FIELDS on the server) and of the form. */
export const BLOCCO_FIELD_LABELS: Record<string, string> = {
  codice: 'Codice',
  bancataId: 'Bancata',
  fornitoreId: 'Fornitore',
  numeroFornitore: 'Numero del fornitore',
  dataAcquisto: 'Data di acquisto',
  dataRiquadratura: 'Data riquadratura',
  prezzoAcquisto: 'Prezzo di acquisto',
  unitaPrezzoAcquisto: 'Unità del prezzo di acquisto',
  costoTrasporto: 'Costo di trasporto',
  codiceTracciabilita: 'Codice di tracciabilità',
  materialeId: 'Materiale',
  scelta: 'Scelta',
  categoria: 'Categoria',
  difettoso: 'Difettoso',
  difetti: 'Difetti',
  noteDifetti: 'Note sui difetti',
  lunghezza: 'Lunghezza',
  altezza: 'Altezza',
  profondita: 'Profondità',
  lunghezzaNetta: 'Lunghezza netta',
  altezzaNetta: 'Altezza netta',
  profonditaNetta: 'Profondità netta',
  volumeLordo: 'Volume lordo',
  volumeNetto: 'Volume netto',
  pesoPesa: 'Peso alla pesa',
  pesoFuoriNorma: 'Peso fuori norma confermato',
  dataPesata: 'Data della pesata',
  numeroPesata: 'N. bolla di pesa',
  pesoTeorico: 'Peso teorico',
  ubicazioneId: 'Ubicazione',
  prezzoListino: 'Prezzo di listino',
  unitaPrezzo: 'Unità di prezzo',
  note: 'Note',
  stato: 'Stato',
  clienteId: 'Cliente',
  opzioneScadenza: "Scadenza dell'opzione",
};

const CM_FIELDS = new Set([
  'lunghezza',
  'altezza',
  'profondita',
  'lunghezzaNetta',
  'altezzaNetta',
  'profonditaNetta',
]);

/** A history value as people read it; ids become names when this page knows them. */
export function bloccoHistoryValue(names: ReadonlyMap<string, string>) {
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return value ? 'sì' : 'no';
    if (CM_FIELDS.has(field)) return `${formatNumber(Number(value), 0)} cm`;
    switch (field) {
      case 'stato':
        return labelOf(BLOCCO_STATO_LABELS, value);
      case 'scelta':
        return labelOf(SCELTA_LABELS, value);
      case 'categoria':
        return labelOf(CATEGORIA_LABELS, value);
      case 'unitaPrezzo':
        return labelOf(UNITA_PREZZO_LABELS, value);
      case 'unitaPrezzoAcquisto':
        return labelOf(UNITA_PREZZO_ACQUISTO_LABELS, value);
      case 'difetti':
        return Array.isArray(value)
          ? value.map((d) => labelOf(DIFETTO_LABELS, d)).join(', ') || '—'
          : String(value);
      case 'materialeId':
      case 'ubicazioneId':
      case 'fornitoreId':
      case 'clienteId':
        return names.get(String(value)) ?? 'altro';
      case 'dataAcquisto':
      case 'dataPesata':
      case 'dataRiquadratura':
      case 'opzioneScadenza':
        return formatDate(String(value));
      case 'volumeLordo':
      case 'volumeNetto':
        return formatVolume(Number(value));
      case 'pesoPesa':
      case 'pesoTeorico':
        return formatWeight(Number(value));
      case 'pesoFuoriNorma':
        return value === true ? 'sì' : 'no';
      case 'prezzoAcquisto':
      case 'prezzoListino':
      case 'costoTrasporto':
        return formatEuro(Number(value));
      default:
        return formatHistoryValue(value);
    }
  };
}

/** `2.334,00 €/m³` */
export function formatPrezzo(value: number | null, unita: Blocco['unitaPrezzo']): string {
  if (value === null) return '';
  return `${formatNumber(value, 2)} ${UNITA_PREZZO_LABELS[unita]}`;
}

/** The purchase price with its unit: `12.000,00 €` (a corpo) or `850,00 €/m³`. */
export function formatPrezzoAcquisto(
  b: Pick<Blocco, 'prezzoAcquisto' | 'unitaPrezzoAcquisto'>,
): string {
  if (b.prezzoAcquisto === null) return '';
  if (!b.unitaPrezzoAcquisto || b.unitaPrezzoAcquisto === 'totale')
    return formatEuro(b.prezzoAcquisto);
  return `${formatNumber(b.prezzoAcquisto, 2)} ${UNITA_PREZZO_ACQUISTO_LABELS[b.unitaPrezzoAcquisto]}`;
}

export const SCELTA_OPTIONS = Object.entries(SCELTA_LABELS).map(([value, label]) => ({
  value,
  label,
}));
export const CATEGORIA_OPTIONS = Object.entries(CATEGORIA_LABELS).map(([value, label]) => ({
  value,
  label,
}));
export const DIFETTO_OPTIONS = Object.entries(DIFETTO_LABELS).map(([value, label]) => ({
  value,
  label,
}));
export const UNITA_PREZZO_OPTIONS = Object.entries(UNITA_PREZZO_LABELS).map(([value, label]) => ({
  value,
  label,
}));
export const UNITA_PREZZO_ACQUISTO_OPTIONS = Object.entries(UNITA_PREZZO_ACQUISTO_LABELS).map(
  ([value, label]) => ({ value, label }),
);

/**
 * A weighbridge reading's ticket as the list and the page show it: "bolla n. PS-12 del 03/02/26", or
 * "pesato, senza bolla" when the tonnes were typed without one (docs/ddt.md "La pesata").
 */
export function bollaText(b: Pick<Blocco, 'dataPesata' | 'numeroPesata'>): string {
  if (!b.numeroPesata && !b.dataPesata) return 'pesato, senza bolla';
  const numero = b.numeroPesata ? `bolla n. ${b.numeroPesata}` : 'senza numero di bolla';
  return b.dataPesata ? `${numero} del ${formatDate(b.dataPesata)}` : numero;
}
