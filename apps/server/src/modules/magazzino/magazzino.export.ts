import {
  bloccoCodiceOf,
  BORDO_LABELS,
  DIFETTO_LABELS,
  FINITURA_LABELS,
  LASTRA_STATO_LABELS,
  SCELTA_LABELS,
  scelteText,
  type Lastra,
  type Lotto,
  type Pacco,
} from '@gestcava/contracts';
import type { ExportColumn } from '../../lib/export.js';

const siNo = (b: boolean) => (b ? 'Sì' : 'No');

/** The columns of the CSV/Excel exports of the magazzino lists. */
export const paccoExportColumns: ExportColumn<Pacco>[] = [
  { header: 'Codice', value: (p) => p.codice, width: 16 },
  { header: 'Blocco', value: bloccoCodiceOf, width: 16 },
  { header: 'Bancata', value: (p) => p.bancata?.codice ?? null, width: 16 },
  { header: 'Cava', value: (p) => p.cava?.nome ?? null },
  { header: 'Segagione', value: (p) => p.lavorazione?.codice ?? null, width: 16 },
  { header: 'Materiale', value: (p) => p.materiale.nome },
  { header: 'Spessore (mm)', value: (p) => p.spessoreMm, width: 10 },
  { header: 'Finitura', value: (p) => FINITURA_LABELS[p.finitura] },
  { header: 'Resinatura', value: (p) => siNo(p.resinatura), width: 10 },
  { header: 'Scelta', value: (p) => scelteText(p) },
  { header: 'Lastre', value: (p) => p.nLastre, width: 8 },
  { header: 'Superficie (m²)', value: (p) => p.mq, numFmt: '0.00' },
  { header: 'Peso (t)', value: (p) => p.pesoT, numFmt: '0.00' },
  { header: 'Ubicazione', value: (p) => p.ubicazione?.nome ?? null, width: 20 },
  { header: 'Prezzo di listino (€/m²)', value: (p) => p.prezzoListino, numFmt: '#,##0.00' },
];

export const lastraExportColumns: ExportColumn<Lastra>[] = [
  { header: 'Codice', value: (l) => l.codice, width: 20 },
  { header: 'Pacco', value: (l) => l.pacco.codice, width: 16 },
  { header: 'Blocco', value: bloccoCodiceOf, width: 16 },
  { header: 'Materiale', value: (l) => l.materiale.nome },
  { header: 'Progressivo', value: (l) => l.progressivo, width: 8 },
  { header: 'Lunghezza (mm)', value: (l) => l.lunghezzaMm, width: 10 },
  { header: 'Altezza (mm)', value: (l) => l.altezzaMm, width: 10 },
  { header: 'Spessore (mm)', value: (l) => l.spessoreMm, width: 10 },
  { header: 'Finitura', value: (l) => FINITURA_LABELS[l.finitura] },
  { header: 'Superficie (m²)', value: (l) => l.mq, numFmt: '0.00' },
  { header: 'Scelta', value: (l) => SCELTA_LABELS[l.scelta] },
  {
    header: 'Difetti',
    value: (l) => l.difetti.map((d) => DIFETTO_LABELS[d]).join(', ') || null,
    width: 20,
  },
  { header: 'Ubicazione', value: (l) => l.ubicazione?.nome ?? null, width: 20 },
  { header: 'Cliente', value: (l) => l.cliente?.ragioneSociale ?? null, width: 24 },
  { header: 'Stato', value: (l) => LASTRA_STATO_LABELS[l.stato] },
];

export const lottoExportColumns: ExportColumn<Lotto>[] = [
  { header: 'Codice', value: (l) => l.codice, width: 16 },
  { header: 'Blocco', value: bloccoCodiceOf, width: 16 },
  { header: 'Lavorazione', value: (l) => l.lavorazione?.codice ?? null, width: 16 },
  { header: 'Materiale', value: (l) => l.materiale.nome },
  { header: 'Formato (mm)', value: (l) => `${l.lunghezzaMm}×${l.larghezzaMm}`, width: 12 },
  { header: 'Spessore (mm)', value: (l) => l.spessoreMm, width: 10 },
  { header: 'Finitura', value: (l) => FINITURA_LABELS[l.finitura] },
  { header: 'Bordo', value: (l) => BORDO_LABELS[l.bordo] },
  { header: 'Calibrato', value: (l) => siNo(l.calibrato), width: 10 },
  { header: 'Scelta', value: (l) => SCELTA_LABELS[l.scelta] },
  { header: 'Pezzi', value: (l) => l.pezzi, width: 8 },
  { header: 'Pezzi per cassa', value: (l) => l.pezziPerCassa, width: 8 },
  { header: 'Casse', value: (l) => l.casse, width: 8 },
  { header: 'Superficie (m²)', value: (l) => l.mq, numFmt: '0.00' },
  { header: 'Ubicazione', value: (l) => l.ubicazione?.nome ?? null, width: 20 },
  { header: 'Prezzo di listino (€/m²)', value: (l) => l.prezzoListino, numFmt: '#,##0.00' },
];
