import {
  type BloccoSegabile,
  type LastraTagliabile,
  type LastraTagliabileQuery,
  type LavorazionePavimentiExportQuery,
  type LavorazionePavimentiFilter,
  type LavorazionePavimentiListItem,
  type LavorazionePavimentiListQuery,
  type LavorazionePavimentiSummary,
  type Page,
} from '@gestcava/contracts';
import { listHistory, type HistoryItem } from '../../lib/audit.js';
import { pageOfRows } from '../../lib/pagination.js';

import { toListItem } from './lavorazioni-pavimenti.mapper.js';
import { exportLavorazioniPavimenti } from './lavorazioni-pavimenti.export.js';
import * as repo from './lavorazioni-pavimenti.repository.js';
import {
  type LavorazioniPavimentiCore,
  type LavorazioniPavimentiDeps,
} from './lavorazioni-pavimenti.core.js';

const STATES = repo.LAVORAZIONE_PAVIMENTI_STATES;
const ENTITY = STATES.entityType;

/** The reads of the lavorazioni pavimenti page and its pickers. */
export function createLavorazioniPavimentiQueries(
  deps: LavorazioniPavimentiDeps,
  core: LavorazioniPavimentiCore,
) {
  const { db, blocchi } = deps;
  const { get } = core;
  return {
    list(
      companyId: string,
      query: LavorazionePavimentiListQuery,
    ): Promise<Page<LavorazionePavimentiListItem>> {
      return pageOfRows(repo.listPage(db, companyId, query), toListItem, query);
    },

    async summary(
      companyId: string,
      filter: LavorazionePavimentiFilter,
    ): Promise<LavorazionePavimentiSummary> {
      return repo.summary(db, companyId, filter);
    },

    export: (
      companyId: string,
      query: LavorazionePavimentiExportQuery,
      onError?: (e: unknown) => void,
    ) => exportLavorazioniPavimenti(db, companyId, query, onError),

    async history(companyId: string, id: string): Promise<HistoryItem[]> {
      await get(companyId, id);
      return listHistory(db, companyId, ENTITY, id);
    },

    blocchiTagliabili(companyId: string, q: string | undefined): Promise<BloccoSegabile[]> {
      return blocchi.segabili(companyId, q);
    },

    lastreTagliabili(companyId: string, query: LastraTagliabileQuery): Promise<LastraTagliabile[]> {
      return repo.lastreTagliabili(db, companyId, query);
    },
  };
}
