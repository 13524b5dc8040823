import type { LastraListQuery, LottoListQuery, PaccoListQuery } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { exportPages, streamExport, type ExportColumn } from '../../lib/export.js';
import type { PageOpts } from '../../lib/pagination.js';
import { withScelte, type Filter, type MagazzinoDeps } from './magazzino.common.js';
import { lastraExportColumns, lottoExportColumns, paccoExportColumns } from './magazzino.export.js';
import { toLastraDto, toLottoDto } from './magazzino.mapper.js';
import * as repo from './magazzino.repository.js';
import * as lastreRepo from './magazzino-lastre.repository.js';
import * as lottiRepo from './magazzino-lotti.repository.js';

const EXPORT_BATCH = 500;

/** What an export takes of a list's query: its filters and its order, not its page. */
type Sorted<Q extends { sort?: unknown }> = Filter<Q> & { sort?: Q['sort'] };

/** How one list becomes a file: its pages, each page's rows as DTOs, the columns and the names. */
interface ExportOf<Q, R, T> {
  page: (db: DbOrTx, companyId: string, query: Q & PageOpts) => Promise<{ items: R[] }>;
  rows: (db: DbOrTx, companyId: string, items: R[]) => T[] | Promise<T[]>;
  columns: ExportColumn<T>[];
  sheet: string;
  baseName: string;
}

/** The list's pages one after another, as the export's batches. */
function exporter<Q, R, T>(db: DbOrTx, list: ExportOf<Q, R, T>) {
  return (companyId: string, query: Q, format: 'csv' | 'xlsx', onError?: (e: unknown) => void) => {
    const page = async (n: number) => {
      const { items } = await list.page(db, companyId, { ...query, page: n, limit: EXPORT_BATCH });
      return list.rows(db, companyId, items);
    };
    const { columns, sheet, baseName } = list;
    const batches = exportPages(EXPORT_BATCH, page);
    return streamExport({ format, columns, batches, sheet, baseName, onError });
  };
}

/** The lists as files: their filters and their order (the columns in magazzino.export.ts). */
export function createMagazzinoExports({ db }: MagazzinoDeps) {
  return {
    exportPacchi: exporter(db, {
      page: (tx, companyId, query: Sorted<PaccoListQuery> & PageOpts) =>
        repo.pacchiPage(tx, companyId, query),
      rows: withScelte,
      columns: paccoExportColumns,
      sheet: 'Pacchi',
      baseName: 'pacchi',
    }),
    exportLastre: exporter(db, {
      page: (tx, companyId, query: Sorted<LastraListQuery> & PageOpts) =>
        lastreRepo.lastrePage(tx, companyId, query),
      rows: (_tx, _companyId, items) => items.map(toLastraDto),
      columns: lastraExportColumns,
      sheet: 'Lastre',
      baseName: 'lastre',
    }),
    exportLotti: exporter(db, {
      page: (tx, companyId, query: Sorted<LottoListQuery> & PageOpts) =>
        lottiRepo.lottiPage(tx, companyId, query),
      rows: (_tx, _companyId, items) => items.map(toLottoDto),
      columns: lottoExportColumns,
      sheet: 'Lotti',
      baseName: 'lotti-pavimenti',
    }),
  };
}
