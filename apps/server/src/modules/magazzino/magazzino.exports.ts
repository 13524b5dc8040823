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

/** How one list becomes a file: the page read of its repository, the rows as DTOs, columns and names. */
interface ExportOf<Q, R, T> {
  page: (db: DbOrTx, companyId: string, query: Q & PageOpts) => Promise<{ items: R[] }>;
  rows: (db: DbOrTx, companyId: string, items: R[]) => T[] | Promise<T[]>;
  columns: ExportColumn<T>[];
  sheet: string;
  baseName: string;
}

/** A page's rows as DTOs one by one, when a row needs nothing but itself. */
const eachRow =
  <R, T>(toDto: (row: R) => T) =>
  (_db: DbOrTx, _companyId: string, items: R[]) =>
    items.map(toDto);

/** One list's export: its pages one after another as the file's batches, in the list's order. */
function listExport<Q extends { sort?: unknown }, R, T>(db: DbOrTx, list: ExportOf<Q, R, T>) {
  return (
    companyId: string,
    query: Sorted<Q>,
    format: 'csv' | 'xlsx',
    onError?: (e: unknown) => void,
  ) => {
    const page = async (n: number) => {
      // the list's query without its page, given one again: what the list's own page read takes
      const pageQuery = { ...query, page: n, limit: EXPORT_BATCH } as Q & PageOpts;
      const { items } = await list.page(db, companyId, pageQuery);
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
    exportPacchi: listExport(db, {
      page: repo.pacchiPage,
      rows: withScelte,
      columns: paccoExportColumns,
      sheet: 'Pacchi',
      baseName: 'pacchi',
    }),
    exportLastre: listExport(db, {
      page: lastreRepo.lastrePage,
      rows: eachRow(toLastraDto),
      columns: lastraExportColumns,
      sheet: 'Lastre',
      baseName: 'lastre',
    }),
    exportLotti: listExport(db, {
      page: lottiRepo.lottiPage,
      rows: eachRow(toLottoDto),
      columns: lottoExportColumns,
      sheet: 'Lotti',
      baseName: 'lotti-pavimenti',
    }),
  };
}
