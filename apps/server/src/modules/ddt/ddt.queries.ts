import type {
  Ddt,
  DdtExportQuery,
  DdtFilter,
  DdtListItem,
  DdtListQuery,
  DdtSummary,
  GenealogyNode,
  Page,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { listHistory, type HistoryItem } from '../../lib/audit.js';
import { streamExport } from '../../lib/export.js';
import { pageOfRows } from '../../lib/pagination.js';
import { ddtDto, NOT_FOUND, righeInputOf, type DdtDeps } from './ddt.common.js';
import { avvisiBozza } from './ddt.elementi.js';
import { ddtExportColumns } from './ddt.export.js';
import { toListItem } from './ddt.mapper.js';
import * as repo from './ddt.repository.js';

const EXPORT_BATCH = 200;

/** The list's file, a keyset batch at a time. */
function exportDdt(
  db: DbOrTx,
  companyId: string,
  query: DdtExportQuery,
  onError: (e: unknown) => void,
) {
  const { format, ...filter } = query;
  async function* batches() {
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const rows = await repo.exportBatch(db, companyId, filter, after, EXPORT_BATCH);
      if (rows.length) yield rows.map(toListItem);
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1]!.ddt;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
  return streamExport({
    format,
    sheet: 'DDT',
    baseName: 'ddt',
    columns: ddtExportColumns,
    batches: batches(),
    onError,
  });
}

/** The reads of the spedizioni page: a DDT, the list, its figures and file, its history and genealogy. */
export function createDdtQueries({ db, entities }: DdtDeps) {
  /** A DDT; a draft says what would stop its emission now (`avvisi`). */
  async function get(companyId: string, id: string, tx: DbOrTx = db): Promise<Ddt> {
    const row = await repo.findDdt(tx, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    const righe = await repo.righeOf(tx, id);
    const avvisi =
      row.ddt.stato === 'bozza'
        ? await avvisiBozza(tx, companyId, row.ddt, righeInputOf(righe))
        : [];
    return ddtDto(tx, row, righe, avvisi);
  }

  return {
    get,
    exportList: (companyId: string, query: DdtExportQuery, onError: (e: unknown) => void) =>
      exportDdt(db, companyId, query, onError),
    list(companyId: string, query: DdtListQuery): Promise<Page<DdtListItem>> {
      return pageOfRows(repo.page(db, companyId, query), toListItem, query);
    },
    summary(companyId: string, filter: DdtFilter): Promise<DdtSummary> {
      return repo.summary(db, companyId, filter);
    },
    async history(companyId: string, id: string): Promise<HistoryItem[]> {
      await get(companyId, id);
      return listHistory(db, companyId, 'ddt', id);
    },
    /** What it carried and to whom (the items' own genealogies name the DDT back). */
    async genealogy(companyId: string, id: string): Promise<GenealogyNode[]> {
      await get(companyId, id);
      return entities.genealogyOf(db, 'ddt', companyId, id);
    },
  };
}
