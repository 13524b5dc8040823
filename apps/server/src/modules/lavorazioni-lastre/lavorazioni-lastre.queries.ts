import {
  resaSegagione,
  roundTo,
  type LavorazioneLastreListItem,
  type LavorazioneLastreListQuery,
  type LavorazioneLastreSummary,
  type Page,
} from '@gestcava/contracts';
import { listHistory, type HistoryItem } from '../../lib/audit.js';
import { exportPages, streamExport, type ExportStream } from '../../lib/export.js';
import { pageOfRows } from '../../lib/pagination.js';
import { lavorazioneLastreExportColumns } from './lavorazioni-lastre.export.js';
import { toListItem } from './lavorazioni-lastre.mapper.js';
import * as repo from './lavorazioni-lastre.repository.js';
import {
  type LavorazioniLastreCore,
  type LavorazioniLastreDeps,
} from './lavorazioni-lastre.core.js';

const EXPORT_BATCH = 500;

/** The reads of the lavorazioni lastre page (its pickers in `lavorazioni-lastre.pickers.ts`). */
export function createLavorazioniLastreQueries(
  deps: LavorazioniLastreDeps,
  core: LavorazioniLastreCore,
) {
  const { db } = deps;
  const { get } = core;
  return {
    list(
      companyId: string,
      query: LavorazioneLastreListQuery,
    ): Promise<Page<LavorazioneLastreListItem>> {
      return pageOfRows(repo.listPage(db, companyId, query), toListItem, query);
    },

    async summary(
      companyId: string,
      filter: repo.LavorazioneLastreFilter,
    ): Promise<LavorazioneLastreSummary> {
      const s = await repo.summary(db, companyId, filter);
      return {
        count: s.count,
        numeroLastre: s.numeroLastre,
        mqTotali: roundTo(s.mqCompletate, 2),
        volumeBlocchi: roundTo(s.volumeCompletate, 3),
        resaMedia: resaSegagione(s.mqCompletate, s.volumeCompletate),
      };
    },

    async history(companyId: string, id: string): Promise<HistoryItem[]> {
      await get(companyId, id);
      return listHistory(db, companyId, 'lavorazione-lastre', id);
    },

    /** The list as a file: its filters and its order, a page of rows at a time. */
    export(
      companyId: string,
      { sort, ...filter }: repo.LavorazioneLastreFilter & { sort?: string },
      format: 'csv' | 'xlsx',
      onError?: (e: unknown) => void,
    ): Promise<ExportStream> {
      const batches = exportPages(EXPORT_BATCH, async (page, limit) =>
        (await repo.listPage(db, companyId, { ...filter, sort, page, limit })).items.map(
          toListItem,
        ),
      );
      return streamExport({
        format,
        columns: lavorazioneLastreExportColumns,
        batches,
        sheet: 'Lavorazioni lastre',
        baseName: 'lavorazioni-lastre',
        onError,
      });
    },
  };
}
