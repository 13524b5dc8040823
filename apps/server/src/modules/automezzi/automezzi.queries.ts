import {
  AUTOMEZZO_LABELS,
  formatTarga,
  type Automezzo,
  type AutomezziFilter,
  type AutomezziListQuery,
  type AutomezziSummary,
  type Page,
} from '@gestcava/contracts';
import {
  exportPages,
  streamExport,
  type ExportColumn,
  type ExportStream,
} from '../../lib/export.js';
import { pageOfRows } from '../../lib/pagination.js';
import { toDto, type AutomezziDeps } from './automezzi.core.js';
import { automezziRepository as repo } from './automezzi.repository.js';

const COLUMNS: ExportColumn<Automezzo>[] = [
  { header: AUTOMEZZO_LABELS.targa, value: (r) => formatTarga(r.targa), width: 12 },
  { header: AUTOMEZZO_LABELS.descrizione, value: (r) => r.descrizione, width: 40 },
  { header: AUTOMEZZO_LABELS.portataT, value: (r) => r.portataT, width: 12, numFmt: '0.00' },
  { header: AUTOMEZZO_LABELS.taraKg, value: (r) => r.taraKg, width: 12, numFmt: '#,##0' },
  { header: AUTOMEZZO_LABELS.attivo, value: (r) => (r.attivo ? 'Sì' : 'No'), width: 8 },
];

/** The trucks' reads: the list (its `attivo=true` is the DDT's choice), its totals, its export. */
export function createAutomezziQueries({ db }: AutomezziDeps) {
  return {
    list(companyId: string, query: AutomezziListQuery): Promise<Page<Automezzo>> {
      return pageOfRows(repo.page(db, companyId, query), toDto, query);
    },

    async summary(companyId: string, filter: AutomezziFilter): Promise<AutomezziSummary> {
      const s = await repo.summary(db, companyId, filter);
      return { ...s, nonAttivi: s.totale - s.attivi };
    },

    export(
      companyId: string,
      filter: AutomezziFilter,
      format: 'csv' | 'xlsx',
    ): Promise<ExportStream> {
      const batches = exportPages(500, (page, limit) =>
        repo.page(db, companyId, { ...filter, page, limit }).then((r) => r.items.map(toDto)),
      );
      return streamExport({
        format,
        columns: COLUMNS,
        batches,
        sheet: 'Automezzi',
        baseName: 'automezzi',
      });
    },
  };
}
