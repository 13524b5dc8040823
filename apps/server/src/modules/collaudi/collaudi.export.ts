import { COLLAUDO_STATO_LABELS, type CollaudoListItem } from '@gestcava/contracts';
import type { ExportColumn } from '../../lib/export.js';

/** The columns of the collaudi list's CSV/Excel export: one row per collaudo, amounts in €. */
export const collaudoExportColumns: ExportColumn<CollaudoListItem>[] = [
  { header: 'Codice', value: (c) => c.codice, width: 16 },
  { header: 'Data', value: (c) => new Date(`${c.data}T12:00:00`), width: 12, numFmt: 'dd/mm/yyyy' },
  { header: 'Cliente', value: (c) => c.cliente.ragioneSociale, width: 30 },
  { header: 'Luogo', value: (c) => c.luogo, width: 20 },
  { header: 'Ispettore', value: (c) => c.ispettore, width: 20 },
  { header: 'Stato', value: (c) => COLLAUDO_STATO_LABELS[c.stato], width: 12 },
  { header: 'Blocchi', value: (c) => c.blocchi, width: 8 },
  { header: 'Blocchi accettati', value: (c) => c.blocchiAccettati, width: 8 },
  { header: 'Volume netto accettato (m³)', value: (c) => c.volumeNetto, numFmt: '#,##0.000' },
  { header: 'Importo (€)', value: (c) => c.importo / 100, numFmt: '#,##0.00' },
];
