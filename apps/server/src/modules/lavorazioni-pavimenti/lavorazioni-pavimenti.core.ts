import {
  limitePiastrelleBlocco,
  limitePiastrelleLastre,
  type LimitePiastrelle,
  type LavorazionePavimenti,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.js';
import type { EntityRegistry } from '../../lib/entities.js';
import type { Actor } from '../../lib/actor.js';
import type { BlocchiService } from '../blocchi/blocchi.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import type { MagazzinoService } from '../magazzino/magazzino.service.js';
import { lockLastre } from '../magazzino/stock.reads.js';
import { toLavorazioneDto, type LavorazioneRow } from './lavorazioni-pavimenti.mapper.js';
import * as repo from './lavorazioni-pavimenti.repository.js';

type BloccoDto = Awaited<ReturnType<BlocchiService['get']>>;

const STATES = repo.LAVORAZIONE_PAVIMENTI_STATES;
const NOT_FOUND = STATES.messages.notFound;

function elenco(codici: string[]): string {
  const shown =
    codici.length > 5
      ? `${codici.slice(0, 5).join(', ')} e altre ${codici.length - 5}`
      : codici.join(', ');
  return codici.length === 1 ? `La lastra ${shown}` : `Le lastre ${shown}`;
}

/**
 * What the tile cuts need (docs/domain.md "Lavorazione pavimenti"): the block moves through the
 * blocchi service; the slabs and the lot through the magazzino's stock operations, inside this
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

/**
 * What the source can give in the lavorazione's format (docs/reportistica.md, "Regole delle cifre"):
 * each slab's bound summed, or the block sliced at the tile's thickness; and the block when there is one.
 */
async function sourceOf(
  { blocchi }: LavorazioniPavimentiDeps,
  companyId: string,
  lav: Pick<LavorazioneRow, 'origine' | 'bloccoId' | 'lunghezzaMm' | 'larghezzaMm' | 'spessoreMm'>,
  slabs: Awaited<ReturnType<typeof repo.lastreOf>>,
  tx: DbOrTx,
): Promise<{ limite: LimitePiastrelle; fonte: string; blocco: BloccoDto | null }> {
  if (lav.origine === 'blocco') {
    const blocco = await blocchi.get(null, companyId, lav.bloccoId!, tx);
    return {
      limite: limitePiastrelleBlocco(blocco, lav),
      fonte: `dal blocco ${blocco.codice} (${blocco.lunghezzaNetta} × ${blocco.altezzaNetta} × ${blocco.profonditaNetta} cm, spessore ${lav.spessoreMm} mm)`,
      blocco,
    };
  }
  return {
    limite: limitePiastrelleLastre(slabs, lav),
    fonte: slabs.length === 1 ? 'da questa lastra' : `da queste ${slabs.length} lastre`,
    blocco: null,
  };
}

/** The block to cut, any origine, as a field error when it is not the company's. */
async function bloccoOf(
  { blocchi }: LavorazioniPavimentiDeps,
  companyId: string,
  bloccoId: string,
  tx: DbOrTx,
) {
  try {
    return await blocchi.get(null, companyId, bloccoId, tx);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw badRequest('Blocco non valido', [{ path: 'bloccoId', message: 'Blocco non valido' }]);
    throw error;
  }
}

/** The slabs to cut, locked; all the company's, `disponibile`, of one material and free of other plans. */
async function lastreDaTagliare(
  { magazzino }: LavorazioniPavimentiDeps,
  companyId: string,
  ids: readonly string[],
  tx: DbOrTx,
) {
  // their bundles first, as every slab transaction takes them
  await magazzino.lockPacchiOfLastre(tx, companyId, ids);
  const rows = await lockLastre(tx, companyId, ids);
  if (rows.length !== ids.length)
    throw badRequest('Lastra non valida', [
      { path: 'lastraIds', message: 'Una o più lastre non esistono' },
    ]);
  const occupate = rows.filter((r) => r.stato !== 'disponibile').map((r) => r.codice);
  if (occupate.length)
    throw conflict(
      `${elenco(occupate)} non ${occupate.length === 1 ? 'è disponibile' : 'sono disponibili'}: si tagliano solo lastre disponibili`,
    );
  const materiali = new Set(rows.map((r) => r.materialeId));
  if (materiali.size > 1) {
    const message =
      'Le lastre scelte sono di materiali diversi: un lotto di pavimenti è di un solo materiale';
    throw badRequest(message, [{ path: 'lastraIds', message }]);
  }
  const altrove = await repo.lastreInAltreLavorazioni(tx, companyId, ids);
  if (altrove.length)
    throw conflict(
      `${elenco(altrove)} ${altrove.length === 1 ? 'è già' : 'sono già'} in un'altra lavorazione pavimenti`,
    );
  return rows;
}

/** The block or slabs go into (or come back from) the saw with the lavorazione's state. */
async function moveMaterial(
  { blocchi, magazzino }: LavorazioniPavimentiDeps,
  tx: DbOrTx,
  actor: Actor,
  lav: LavorazioneRow,
  move: 'start' | 'giveBack',
) {
  const note = `Lavorazione pavimenti ${lav.codice}`;
  if (lav.origine === 'blocco') {
    try {
      await blocchi.transition(tx, {
        companyId: actor.companyId,
        origine: null,
        id: lav.bloccoId!,
        to: move === 'start' ? 'in_segagione' : 'disponibile',
        by: 'system',
        userId: actor.userId,
        note,
      });
    } catch (error) {
      // Planned days ago, the block may have been sold or sawn since: say so in the lavorazione's words.
      if (move === 'start' && error instanceof AppError && error.code === 'CONFLICT')
        throw conflict(`Il blocco non è più disponibile per il taglio (${error.message})`);
      throw error;
    }
    return;
  }
  const ids = (await repo.lastreOf(tx, actor.companyId, lav.id)).map((l) => l.id);
  // the slabs' history rows are the magazzino's, written by the same operation
  await (move === 'start' ? magazzino.impegnaLastre : magazzino.liberaLastre)(tx, actor, ids, note);
}

/** What the operation files share: the factory's dependencies, the record read by id, the checks of what it names. */
export function createLavorazioniPavimentiCore(deps: LavorazioniPavimentiDeps) {
  const { db } = deps;

  async function get(
    companyId: string,
    id: string,
    tx: DbOrTx = db,
  ): Promise<LavorazionePavimenti> {
    const row = await repo.findJoined(tx, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    const slabs = await repo.lastreOf(tx, companyId, id);
    const { limite } = await sourceOf(deps, companyId, row.lavorazione, slabs, tx);
    return toLavorazioneDto(row, slabs, limite.pezziMassimi);
  }

  return {
    get,
    sourceOf: sourceOf.bind(null, deps),
    bloccoOf: bloccoOf.bind(null, deps),
    lastreDaTagliare: lastreDaTagliare.bind(null, deps),
    moveMaterial: moveMaterial.bind(null, deps),
  };
}
