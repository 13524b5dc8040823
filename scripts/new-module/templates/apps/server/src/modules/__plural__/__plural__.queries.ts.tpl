import {
  __SINGULAR___LABELS,
  type Page,
  type __Singular__,
  type __Plural__Filter,
  type __Plural__ListQuery,
  type __Plural__Summary,
} from '@gestcava/contracts';
import { listHistory, type HistoryItem } from '../../lib/audit.js';
import { notFound } from '../../lib/app-error.js';
import { exportPages, streamExport, type ExportColumn, type ExportStream } from '../../lib/export.js';
import { pageOfRows } from '../../lib/pagination.js';
import { __SINGULAR___ENTITY, NOT_FOUND, toDto, type __Plural__Deps } from './__plural__.core.js';
import { __pluralCamel__Repository as repo } from './__plural__.repository.js';

const COLUMNS: ExportColumn<__Singular__>[] = [
  { header: __SINGULAR___LABELS.nome, value: (r) => r.nome, width: 30 },
  { header: __SINGULAR___LABELS.note, value: (r) => r.note ?? '', width: 40 },
  { header: __SINGULAR___LABELS.attivo, value: (r) => (r.attivo ? 'Sì' : 'No'), width: 8 },
];

/** __label__'s reads: the list, its totals, one record, its history, the export. */
export function create__Plural__Queries({ db }: __Plural__Deps) {
  return {
    list(companyId: string, query: __Plural__ListQuery): Promise<Page<__Singular__>> {
      return pageOfRows(repo.page(db, companyId, query), toDto, query);
    },

    summary(companyId: string, filter: __Plural__Filter): Promise<__Plural__Summary> {
      return repo.summary(db, companyId, filter);
    },

    async get(companyId: string, id: string): Promise<__Singular__> {
      const row = await repo.find(db, companyId, id);
      if (!row) throw notFound(NOT_FOUND);
      return toDto(row);
    },

    async history(companyId: string, id: string): Promise<HistoryItem[]> {
      if (!(await repo.find(db, companyId, id))) throw notFound(NOT_FOUND);
      return listHistory(db, companyId, __SINGULAR___ENTITY, id);
    },

    export(companyId: string, filter: __Plural__Filter, format: 'csv' | 'xlsx'): Promise<ExportStream> {
      const batches = exportPages(500, (page, limit) =>
        repo.page(db, companyId, { ...filter, page, limit }).then((r) => r.items.map(toDto)),
      );
      return streamExport({ format, columns: COLUMNS, batches, sheet: '__label__', baseName: '__plural__' });
    },
  };
}
