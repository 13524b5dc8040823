import {
  FINITURA_LABELS,
  LAVORAZIONE_LASTRE_STATO_LABELS,
  type LavorazioneLastreListItem,
} from '@gestcava/contracts';
import type { ExportColumn } from '../../lib/export.js';

const day = (iso: string | null) => (iso ? new Date(iso) : null);

/** The columns of the CSV/Excel export of the sawings list. */
export const lavorazioneLastreExportColumns: ExportColumn<LavorazioneLastreListItem>[] = [
  { header: 'Codice', value: (l) => l.codice, width: 16 },
  { header: 'Blocco', value: (l) => l.blocco.codice, width: 16 },
  { header: 'Origine', value: (l) => (l.blocco.origine === 'esterno' ? 'Acquistato' : 'Proprio') },
  { header: 'Materiale', value: (l) => l.materiale.nome },
  { header: 'Volume netto blocco (m³)', value: (l) => l.blocco.volumeNetto, numFmt: '0.000' },
  { header: 'Macchina', value: (l) => l.macchina.nome },
  { header: 'Spessore (mm)', value: (l) => l.spessoreMm, width: 10 },
  { header: 'Finitura', value: (l) => FINITURA_LABELS[l.finitura] },
  { header: 'Resinatura', value: (l) => (l.resinatura ? 'Sì' : 'No'), width: 10 },
  { header: 'Conto terzi', value: (l) => (l.contoTerzi ? 'Sì' : 'No'), width: 10 },
  { header: 'Terzista', value: (l) => l.terzista?.ragioneSociale ?? null, width: 24 },
  { header: 'Stato', value: (l) => LAVORAZIONE_LASTRE_STATO_LABELS[l.stato] },
  { header: 'Data inizio', value: (l) => day(l.dataInizio), numFmt: 'dd/mm/yyyy' },
  { header: 'Data fine', value: (l) => day(l.dataFine), numFmt: 'dd/mm/yyyy' },
  { header: 'Lastre', value: (l) => l.numeroLastre, width: 8 },
  { header: 'Superficie (m²)', value: (l) => l.mqTotali, numFmt: '0.00' },
  { header: 'Resa (m²/m³)', value: (l) => l.resa, numFmt: '0.00' },
  { header: 'Resa teorica (m²/m³)', value: (l) => l.resaTeorica, numFmt: '0.00' },
];
