import {
  BLOCCO_STATO_LABELS,
  CATEGORIA_LABELS,
  DIFETTO_LABELS,
  SCELTA_LABELS,
  UNITA_PREZZO_LABELS,
  type Blocco,
  type BloccoOrigine,
} from '@gestcava/contracts';
import type { ExportColumn } from '../../lib/export.js';

/** Own blocks name their bancata and quarry. */
const INTERNO_COLUMNS: ExportColumn<Blocco>[] = [
  { header: 'Bancata', value: (b) => b.bancata?.codice ?? null, width: 16 },
  { header: 'Cava', value: (b) => b.cava?.nome ?? null },
];

/** Bought blocks name their supplier, its number, the purchase date and price. */
const ESTERNO_COLUMNS: ExportColumn<Blocco>[] = [
  {
    header: 'Fornitore',
    value: (b) => b.fornitore?.ragioneSociale ?? null,
    width: 30,
  },
  { header: 'N. fornitore', value: (b) => b.numeroFornitore },
  {
    header: 'Data acquisto',
    value: (b) => (b.dataAcquisto ? new Date(b.dataAcquisto) : null),
    numFmt: 'dd/mm/yyyy',
  },
  {
    header: 'Prezzo acquisto €',
    value: (b) => b.prezzoAcquisto,
    numFmt: '#,##0.00',
  },
];

/** What the block is: its production date, material, state, grading. */
const BLOCCO_COLUMNS: ExportColumn<Blocco>[] = [
  // the production date every production figure counts by
  {
    header: 'Data riquadratura',
    value: (b) => new Date(b.dataRiquadratura),
    numFmt: 'dd/mm/yyyy',
  },
  { header: 'Materiale', value: (b) => b.materiale.nome },
  { header: 'Stato', value: (b) => BLOCCO_STATO_LABELS[b.stato] },
  { header: 'Scelta', value: (b) => SCELTA_LABELS[b.scelta] },
  { header: 'Categoria', value: (b) => CATEGORIA_LABELS[b.categoria] },
  {
    header: 'Difetti',
    value: (b) => b.difetti.map((d) => DIFETTO_LABELS[d]).join(', ') || null,
    width: 24,
  },
];

/** Its measures, volumes and weights. */
const MISURE_COLUMNS: ExportColumn<Blocco>[] = [
  { header: 'Lunghezza lorda (cm)', value: (b) => b.lunghezza, width: 10 },
  { header: 'Altezza lorda (cm)', value: (b) => b.altezza, width: 10 },
  { header: 'Profondità lorda (cm)', value: (b) => b.profondita, width: 10 },
  { header: 'Lunghezza netta (cm)', value: (b) => b.lunghezzaNetta, width: 10 },
  { header: 'Altezza netta (cm)', value: (b) => b.altezzaNetta, width: 10 },
  { header: 'Profondità netta (cm)', value: (b) => b.profonditaNetta, width: 10 },
  { header: 'Volume lordo (m³)', value: (b) => b.volumeLordo, numFmt: '0.000' },
  { header: 'Volume netto (m³)', value: (b) => b.volumeNetto, numFmt: '0.000' },
  { header: 'Peso teorico (t)', value: (b) => b.pesoTeorico, numFmt: '0.00' },
  // the weight the list shows and sums (the weighbridge, else theoretical) and what it is taken on
  { header: 'Peso (t)', value: (b) => b.peso.t, numFmt: '0.00' },
  { header: 'Base del peso', value: (b) => b.peso.base },
  // the weighbridge reading with its ticket (docs/ddt.md "La pesata")
  { header: 'Peso alla pesa (t)', value: (b) => b.pesoPesa, numFmt: '0.00' },
  {
    header: 'Data pesata',
    value: (b) => (b.dataPesata ? new Date(b.dataPesata) : null),
    numFmt: 'dd/mm/yyyy',
  },
  { header: 'N. bolla di pesa', value: (b) => b.numeroPesata },
];

/** Its price, place, buyer and traceability. */
const VENDITA_COLUMNS: ExportColumn<Blocco>[] = [
  { header: 'Prezzo di listino (€)', value: (b) => b.prezzoListino, numFmt: '#,##0.00' },
  {
    header: 'Unità di prezzo',
    value: (b) => (b.prezzoListino === null ? null : UNITA_PREZZO_LABELS[b.unitaPrezzo]),
  },
  { header: 'Ubicazione', value: (b) => b.ubicazione?.nome ?? null },
  { header: 'Cliente', value: (b) => b.cliente?.ragioneSociale ?? null, width: 30 },
  { header: 'Tracciabilità', value: (b) => b.codiceTracciabilita },
  { header: 'Creato il', value: (b) => new Date(b.createdAt), numFmt: 'dd/mm/yyyy' },
];

/** The columns of the CSV/Excel export: own blocks name their bancata, bought ones their supplier. */
export function bloccoExportColumns(origine: BloccoOrigine): ExportColumn<Blocco>[] {
  return [
    { header: 'Codice', value: (b) => b.codice, width: 16 },
    ...(origine === 'interno' ? INTERNO_COLUMNS : ESTERNO_COLUMNS),
    ...BLOCCO_COLUMNS,
    ...MISURE_COLUMNS,
    ...VENDITA_COLUMNS,
  ];
}
