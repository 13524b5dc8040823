import { DDT_CAUSALE_TABLE, DDT_STATO_LABELS, type DdtListItem } from '@gestcava/contracts';
import type { ExportColumn } from '../../lib/export.js';

/** The columns of the DDT list's CSV/Excel export: one row per DDT, numbers and dates typed. */
export const ddtExportColumns: ExportColumn<DdtListItem>[] = [
  { header: 'Numero', value: (d) => d.numero, width: 9 },
  { header: 'Anno', value: (d) => d.anno, width: 8 },
  {
    header: 'Data',
    value: (d) => (d.data ? new Date(`${d.data}T12:00:00`) : null),
    width: 12,
    numFmt: 'dd/mm/yyyy',
  },
  { header: 'Stato', value: (d) => DDT_STATO_LABELS[d.stato], width: 11 },
  { header: 'Causale', value: (d) => DDT_CAUSALE_TABLE[d.causale].label, width: 22 },
  { header: 'Destinatario', value: (d) => d.destinatario, width: 32 },
  { header: 'Righe', value: (d) => d.righe, width: 8 },
  { header: 'Colli', value: (d) => d.colli, width: 8 },
  { header: 'Peso lordo (kg)', value: (d) => d.pesoKg, width: 14, numFmt: '#,##0' },
  { header: 'Vettore', value: (d) => d.vettore, width: 24 },
  { header: 'Targa', value: (d) => d.targa, width: 12 },
];
