import {
  BORDO_LABELS,
  FINITURA_LABELS,
  LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  formatoLabel,
  type LavorazionePavimentiExportQuery,
  type LavorazionePavimentiListItem,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  exportPages,
  streamExport,
  type ExportColumn,
  type ExportStream,
} from '../../lib/export.js';
import { toListItem } from './lavorazioni-pavimenti.mapper.js';
import * as repo from './lavorazioni-pavimenti.repository.js';

const day = (iso: string | null) => (iso ? new Date(iso) : null);

/** The columns of the CSV/Excel export of the tile-cuts list. */
export const lavorazionePavimentiExportColumns: ExportColumn<LavorazionePavimentiListItem>[] = [
  { header: 'Codice', value: (l) => l.codice, width: 16 },
  { header: 'Origine', value: (l) => (l.origine === 'blocco' ? 'Blocco' : 'Lastre') },
  { header: 'Blocco', value: (l) => l.blocco?.codice ?? null, width: 16 },
  { header: 'Materiale', value: (l) => l.materiale.nome },
  { header: 'Formato', value: (l) => formatoLabel(l), width: 12 },
  { header: 'Lunghezza (mm)', value: (l) => l.lunghezzaMm, width: 10 },
  { header: 'Larghezza (mm)', value: (l) => l.larghezzaMm, width: 10 },
  { header: 'Spessore (mm)', value: (l) => l.spessoreMm, width: 10 },
  { header: 'Finitura', value: (l) => FINITURA_LABELS[l.finitura] },
  { header: 'Bordo', value: (l) => BORDO_LABELS[l.bordo] },
  { header: 'Calibrato', value: (l) => (l.calibrato ? 'Sì' : 'No'), width: 10 },
  { header: 'Stato', value: (l) => LAVORAZIONE_PAVIMENTI_STATO_LABELS[l.stato] },
  { header: 'Data inizio', value: (l) => day(l.dataInizio), numFmt: 'dd/mm/yyyy' },
  { header: 'Data fine', value: (l) => day(l.dataFine), numFmt: 'dd/mm/yyyy' },
  { header: 'Pezzi', value: (l) => l.pezzi, width: 8 },
  { header: 'm² prodotti', value: (l) => l.mqProdotti, numFmt: '0.00' },
  { header: 'Scarto (m²)', value: (l) => l.scartoMq, numFmt: '0.00' },
  { header: 'Lotto', value: (l) => l.lotto?.codice ?? null, width: 16 },
];

/** The list as a file: its filters and its order, a page of rows at a time. */
export function exportLavorazioniPavimenti(
  db: DbOrTx,
  companyId: string,
  { format, ...query }: LavorazionePavimentiExportQuery,
  onError?: (e: unknown) => void,
): Promise<ExportStream> {
  return streamExport({
    format,
    columns: lavorazionePavimentiExportColumns,
    batches: exportPages(500, async (page, limit) =>
      (await repo.listPage(db, companyId, { ...query, page, limit })).items.map(toListItem),
    ),
    sheet: 'Lavorazioni pavimenti',
    baseName: 'lavorazioni-pavimenti',
    onError,
  });
}
