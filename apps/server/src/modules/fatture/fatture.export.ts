import {
  FATTURA_ESITO_LABELS,
  FATTURA_STATO_LABELS,
  FATTURA_TIPO_LABELS,
  type FatturaListItem,
} from '@gestcava/contracts';
import type { ExportColumn } from '../../lib/export.js';

const EURO = '#,##0.00';

/** The columns of the invoice list's CSV/Excel export: one row per invoice, numbers and dates typed. */
export const fattureExportColumns: ExportColumn<FatturaListItem>[] = [
  { header: 'Numero', value: (f) => f.numero, width: 9 },
  { header: 'Anno', value: (f) => f.anno, width: 8 },
  {
    header: 'Data',
    value: (f) => new Date(`${f.data}T12:00:00`),
    width: 12,
    numFmt: 'dd/mm/yyyy',
  },
  { header: 'Tipo', value: (f) => FATTURA_TIPO_LABELS[f.tipoDocumento], width: 18 },
  { header: 'Stato', value: (f) => FATTURA_STATO_LABELS[f.stato], width: 10 },
  { header: 'Cliente', value: (f) => f.cliente.ragioneSociale, width: 32 },
  { header: 'DDT', value: (f) => f.ddt, width: 20 },
  { header: 'Imponibile (€)', value: (f) => f.imponibile, width: 14, numFmt: EURO },
  { header: 'IVA (€)', value: (f) => f.imposta, width: 12, numFmt: EURO },
  { header: 'Totale (€)', value: (f) => f.totale, width: 14, numFmt: EURO },
  {
    header: 'Esito SDI',
    value: (f) => (f.esito ? FATTURA_ESITO_LABELS[f.esito] : null),
    width: 16,
  },
  { header: 'File', value: (f) => f.nomeFile, width: 26 },
];
