import type {
  DaFatturare,
  FatturaExportQuery,
  FatturaFilter,
  FatturaListItem,
  FatturaListQuery,
  FatturaSummary,
  GenealogyNode,
  Page,
} from '@gestcava/contracts';
import { listHistory, type HistoryItem } from '../../lib/audit.js';
import { exportPages, streamExport } from '../../lib/export.js';
import { pageOfRows } from '../../lib/pagination.js';
import type { FattureCore, FattureDeps } from './fatture.core.js';
import { perDdt, righeDdtDaFatturare } from './fatture.ddt-lines.js';
import { fattureExportColumns } from './fatture.export.js';
import { toListItem } from './fatture.mapper.js';
import * as repo from './fatture.repository.js';

// The invoice's reads: the list, its totals and export, what is left to invoice, history and genealogy.

export function createFattureQueries({ db, entities }: FattureDeps, { get }: FattureCore) {
  return {
    async daFatturare(companyId: string, clienteId: string): Promise<DaFatturare> {
      return { ddt: perDdt(await righeDdtDaFatturare(db, companyId, clienteId)) };
    },

    list(companyId: string, query: FatturaListQuery): Promise<Page<FatturaListItem>> {
      return pageOfRows(repo.page(db, companyId, query), toListItem, query);
    },

    summary(companyId: string, filter: FatturaFilter): Promise<FatturaSummary> {
      return repo.summary(db, companyId, filter);
    },

    exportList(companyId: string, query: FatturaExportQuery, onError: (e: unknown) => void) {
      const { format, ...filter } = query;
      return streamExport({
        format,
        sheet: 'Fatture',
        baseName: 'fatture',
        columns: fattureExportColumns,
        batches: exportPages(500, async (page, limit) => {
          const result = await repo.page(db, companyId, { ...filter, page, limit });
          return result.items.map(toListItem);
        }),
        onError,
      });
    },

    async history(companyId: string, id: string): Promise<HistoryItem[]> {
      await get(companyId, id);
      return listHistory(db, companyId, 'fattura', id);
    },

    async genealogy(companyId: string, id: string): Promise<GenealogyNode[]> {
      await get(companyId, id);
      return entities.genealogyOf(db, 'fattura', companyId, id);
    },
  };
}
