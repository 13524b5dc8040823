import {
  BLOCCO_STATO_LABELS,
  LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  SCELTE,
  casse,
  limitePiastrelleBlocco,
  limitePiastrelleLastre,
  resaPavimenti,
  resaSegagione,
  sumRounded,
  verificaPiastrelle,
  type BloccoSegabile,
  type LimitePiastrelle,
  type LastraTagliabile,
  type LastraTagliabileQuery,
  type LavorazionePavimenti,
  type LavorazionePavimentiCompleta,
  type LavorazionePavimentiCreate,
  type LavorazionePavimentiExportQuery,
  type LavorazionePavimentiFilter,
  type LavorazionePavimentiListItem,
  type LavorazionePavimentiListQuery,
  type LavorazionePavimentiStato,
  type LavorazionePavimentiStatoBody,
  type LavorazionePavimentiSummary,
  type LavorazionePavimentiUpdate,
  type Page,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.js';
import {
  diffChanges,
  initialValues,
  listHistory,
  recordAudit,
  recordAuditMany,
  type HistoryItem,
} from '../../lib/audit.js';
import { nextCode } from '../../lib/codes.js';
import { todayInRome } from '../../lib/dates.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { pageOfRows } from '../../lib/pagination.js';
import { changeState } from '../../lib/state-change.js';
import type { Actor } from '../../lib/actor.js';
import type { BlocchiService } from '../blocchi/blocchi.service.js';

type BloccoDto = Awaited<ReturnType<BlocchiService['get']>>;
import type { LookupsService } from '../lookups/lookups.service.js';
import type { MagazzinoService } from '../magazzino/magazzino.service.js';
import {
  registerLavorazionePavimentiEntity,
  registerLavorazionePavimentiGenealogy,
} from './lavorazioni-pavimenti.entity.js';
import {
  LAVORAZIONE_PAVIMENTI_FIELDS,
  toLavorazioneDto,
  toListItem,
  type LavorazioneRow,
} from './lavorazioni-pavimenti.mapper.js';
import { exportLavorazioniPavimenti } from './lavorazioni-pavimenti.export.js';
import * as repo from './lavorazioni-pavimenti.repository.js';

const STATES = repo.LAVORAZIONE_PAVIMENTI_STATES;
const NOT_FOUND = STATES.messages.notFound;
const ENTITY = STATES.entityType;

type Scelta = (typeof SCELTE)[number];

function elenco(codici: string[]): string {
  const shown =
    codici.length > 5
      ? `${codici.slice(0, 5).join(', ')} e altre ${codici.length - 5}`
      : codici.join(', ');
  return codici.length === 1 ? `La lastra ${shown}` : `Le lastre ${shown}`;
}



/**
 * Tiles cut from a block (tagliablocchi) or from slabs (docs/domain.md "Lavorazione pavimenti"). The block
 * moves through the blocchi service; the slabs and the lot through the magazzino's stock operations, inside this
 * module's transactions.
 */
import { type LavorazioniPavimentiCore, type LavorazioniPavimentiDeps } from './lavorazioni-pavimenti.core.js';

/** The reads of the lavorazioni pavimenti page and its pickers. */
export function createLavorazioniPavimentiQueries(deps: LavorazioniPavimentiDeps, core: LavorazioniPavimentiCore) {
  const { db, blocchi, magazzino, ubicazioni } = deps;
  const { get, sourceOf, bloccoOf, lastreDaTagliare, moveMaterial } = core;
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
