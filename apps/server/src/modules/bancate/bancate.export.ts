import { BANCATA_STATO_LABELS, METODO_TAGLIO_LABELS, type Bancata } from '@gestcava/contracts';
import type { ExportColumn } from '../../lib/export.js';

/** The columns of the CSV/Excel export of the bancate list, with the totals of their blocchi. */
export const bancataExportColumns: ExportColumn<Bancata>[] = [
  { header: 'Codice', value: (b) => b.codice, width: 16 },
  { header: 'Cava', value: (b) => b.cava.nome },
  { header: 'Fronte', value: (b) => b.fronte, width: 20 },
  { header: 'Materiale', value: (b) => b.materiale.nome },
  { header: 'Stato', value: (b) => BANCATA_STATO_LABELS[b.stato] },
  { header: 'Data taglio', value: (b) => new Date(b.dataTaglio), numFmt: 'dd/mm/yyyy' },
  {
    header: 'Data ribaltamento',
    value: (b) => (b.dataRibaltamento ? new Date(b.dataRibaltamento) : null),
    numFmt: 'dd/mm/yyyy',
  },
  { header: 'Lunghezza (cm)', value: (b) => b.lunghezza, width: 10 },
  { header: 'Altezza (cm)', value: (b) => b.altezza, width: 10 },
  { header: 'Profondità (cm)', value: (b) => b.profondita, width: 10 },
  { header: 'Volume lordo (m³)', value: (b) => b.volumeLordo, numFmt: '0.000' },
  { header: 'Peso stimato (t)', value: (b) => b.pesoStimato, numFmt: '0.00' },
  {
    header: 'Metodo di taglio',
    value: (b) => (b.metodoTaglio ? METODO_TAGLIO_LABELS[b.metodoTaglio] : null),
  },
  { header: 'Blocchi', value: (b) => b.blocchi.count, width: 8 },
  { header: 'Volume netto blocchi (m³)', value: (b) => b.blocchi.volumeNetto, numFmt: '0.000' },
  { header: 'Resa (%)', value: (b) => b.resa, numFmt: '0.0' },
  { header: 'Informi (t)', value: (b) => b.informiT, numFmt: '0.00' },
  { header: 'Scaglie bianche (t)', value: (b) => b.scaglieT, numFmt: '0.00' },
  { header: 'Scaglie scure (t)', value: (b) => b.scaglieScureT, numFmt: '0.00' },
  { header: 'Scogliere (t)', value: (b) => b.scogliereT, numFmt: '0.00' },
  { header: 'Terre (t)', value: (b) => b.terreT, numFmt: '0.00' },
  { header: 'Note', value: (b) => b.note, width: 30 },
];
