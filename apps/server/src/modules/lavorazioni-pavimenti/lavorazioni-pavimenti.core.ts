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

export type LavorazioniPavimentiDeps = {
  db: Db;
  blocchi: Pick<BlocchiService, 'get' | 'segabili' | 'transition'>;
  magazzino: Pick<
    MagazzinoService,
    | 'caricaLotto'
    | 'impegnaLastre'
    | 'liberaLastre'
    | 'lockPacchiOfLastre'
    | 'lottiOfLavorazioni'
    | 'scaricaLastreTagliate'
  >;
  ubicazioni: Pick<LookupsService<'ubicazioni'>, 'find'>;
  entities: EntityRegistry;
};

export type LavorazioniPavimentiCore = ReturnType<typeof createLavorazioniPavimentiCore>;

/** What the operation files share: the factory's dependencies, the record read by id, the checks of what it names. */
export function createLavorazioniPavimentiCore(deps: LavorazioniPavimentiDeps) {


  async function get(
    companyId: string,
    id: string,
    tx: DbOrTx = db,
  ): Promise<LavorazionePavimenti> {
    const row = await repo.findJoined(tx, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    const slabs = await repo.lastreOf(tx, id);
    const { limite } = await sourceOf(companyId, row.lavorazione, slabs, tx);
    return toLavorazioneDto(row, slabs, limite.pezziMassimi);
  }

  /**
   * What the source can give in the lavorazione's format (docs/reportistica.md, "Regole delle cifre"):
   * each slab's bound summed, or the block sliced at the tile's thickness; and the block when there is one.
   */
  async function sourceOf(
    companyId: string,
    lav: Pick<
      LavorazioneRow,
      'origine' | 'bloccoId' | 'lunghezzaMm' | 'larghezzaMm' | 'spessoreMm'
    >,
    slabs: Awaited<ReturnType<typeof repo.lastreOf>>,
    tx: DbOrTx,
  ): Promise<{ limite: LimitePiastrelle; fonte: string; blocco: BloccoDto | null }> {
    if (lav.origine === 'blocco') {
      const blocco = await blocchi.get(null, companyId, lav.bloccoId!, tx);
    
  return { get, sourceOf, bloccoOf, lastreDaTagliare, moveMaterial };
}
