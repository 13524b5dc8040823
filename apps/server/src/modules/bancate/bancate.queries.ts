import {
  BANCATA_STATI_CON_BLOCCHI,
  type Bancata,
  type BancataFilter,
  type BancataListQuery,
  type BancataPickerItem,
  type BancataStato,
  type BancataSummary,
  type Page,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { listHistory, type HistoryItem } from '../../lib/audit.js';
import { streamExport, type ExportStream } from '../../lib/export.js';
import { pageOfRows } from '../../lib/pagination.js';
import { getBancata, type BancateDeps } from './bancate.common.js';
import { bancataExportColumns } from './bancate.export.js';
import { toBancataDto } from './bancate.mapper.js';
import * as repo from './bancate.repository.js';

/** The reads: one bancata, the list, its totals and export, the history, the blocco form's picker. */
export function createBancateQueries({ db }: BancateDeps) {
  const get = (companyId: string, id: string, tx: DbOrTx = db): Promise<Bancata> =>
    getBancata(tx, companyId, id);

  return {
    get,

    list(companyId: string, query: BancataListQuery): Promise<Page<Bancata>> {
      return pageOfRows(repo.listPage(db, companyId, query), toBancataDto, query);
    },

    async summary(companyId: string, filter: BancataFilter): Promise<BancataSummary> {
      return repo.summary(db, companyId, filter);
    },

    export(
      companyId: string,
      { sort, ...filter }: BancataFilter & { sort?: string },
      format: 'csv' | 'xlsx',
      onError?: (e: unknown) => void,
    ): Promise<ExportStream> {
      const rows = (async function* () {
        for await (const batch of repo.batches(db, companyId, filter, sort))
          yield batch.map(toBancataDto);
      })();
      return streamExport({
        format,
        columns: bancataExportColumns,
        batches: rows,
        sheet: 'Bancate',
        baseName: 'bancate',
        onError,
      });
    },

    async history(companyId: string, id: string): Promise<HistoryItem[]> {
      await get(companyId, id);
      return listHistory(db, companyId, 'bancata', id);
    },

    /** The bancate that can give blocchi now (ribaltata, in riquadratura), newest first: the blocco form's picker. */
    async selectable(companyId: string, q: string | undefined): Promise<BancataPickerItem[]> {
      const rows = await repo.listPage(db, companyId, {
        q,
        stati: BANCATA_STATI_CON_BLOCCHI,
        sort: '-dataTaglio',
        page: 1,
        limit: 100,
      });
      return rows.items.map((r) => ({
        _id: r.bancata.id,
        codice: r.bancata.codice,
        stato: r.bancata.stato as BancataStato,
        cava: { nome: r.cava.nome },
        materiale: { _id: r.materiale.id, nome: r.materiale.nome, densita: r.materiale.densita },
      }));
    },
  };
}
