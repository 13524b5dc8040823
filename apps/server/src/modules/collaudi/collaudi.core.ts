import {
  COLLAUDO_STATI_MODIFICABILI,
  COLLAUDO_STATO_LABELS,
  type BloccoStato,
  type Collaudo,
  type CollaudoStato,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.js';
import { todayInRome } from '../../lib/dates.js';
import type { EntityRegistry } from '../../lib/entities.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BlocchiService } from '../blocchi/blocchi.service.js';
import { figuresOf, toCollaudoDto } from './collaudi.mapper.js';
import * as repo from './collaudi.repository.js';

// What the collaudo's operation files share: the factory's dependencies, the collaudo read and locked,
// its rows with their blocks, and a block moved in or out of it.

export const STATES = repo.COLLAUDO_STATES;
export const NOT_FOUND = STATES.messages.notFound;
export const ENTITY = STATES.entityType;

export interface CollaudiDeps {
  db: Db;
  blocchi: Pick<
    BlocchiService,
    | 'get'
    | 'transition'
    | 'lockForLavorazione'
    | 'addDifetti'
    | 'assertSenzaLavorazioni'
    | 'collaudabili'
  >;
  clienti: Pick<AnagraficaService, 'find' | 'pick'>;
  entities: EntityRegistry;
}

type Tail<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;

/** The collaudo locked, in a state whose rows may change; otherwise 404 or 409. */
export async function lockModificabile(tx: DbOrTx, companyId: string, id: string) {
  const collaudo = await repo.lockInCompany(tx, companyId, id);
  if (!collaudo) throw notFound(NOT_FOUND);
  if (!COLLAUDO_STATI_MODIFICABILI.includes(collaudo.stato as CollaudoStato)) {
    throw conflict(
      `Il collaudo è «${COLLAUDO_STATO_LABELS[collaudo.stato as CollaudoStato]}»: i blocchi si modificano solo mentre è programmato o in corso`,
    );
  }
  return collaudo;
}

/** Stores the row's figures, so sums in SQL (summary, statistics, reports) read what the detail shows. */
export async function storeFigures(tx: DbOrTx, { riga, blocco }: repo.RigaJoined) {
  const f = figuresOf(riga, blocco);
  await repo.updateRiga(tx, riga.collaudoId, riga.id, {
    volumeNettoAccettato: f.volumeNettoAccettato,
    peso: f.peso,
    pesoBase: f.pesoBase,
    importo: f.importo,
  });
}

/** One row of a collaudo with its block, as just written. */
export async function joinedRiga(
  tx: DbOrTx,
  companyId: string,
  collaudoId: string,
  rigaId: string,
): Promise<repo.RigaJoined> {
  return (await repo.righeOf(tx, companyId, [collaudoId])).find((r) => r.riga.id === rigaId)!;
}

/** A block moved by the collaudo; a 409 of the blocks names the block and the collaudo. */
async function moveBlocco(
  blocchi: CollaudiDeps['blocchi'],
  tx: DbOrTx,
  actor: Actor,
  collaudo: repo.CollaudoRow,
  bloccoId: string,
  to: BloccoStato,
  note: string,
  set?: Parameters<BlocchiService['transition']>[1]['set'],
) {
  try {
    await blocchi.transition(tx, {
      companyId: actor.companyId,
      origine: null,
      id: bloccoId,
      to,
      by: 'system',
      userId: actor.userId,
      note,
      set,
    });
  } catch (error) {
    // The block moved behind the collaudo's back (an admin's edit): say which, and nothing is written.
    if (error instanceof AppError && error.code === 'CONFLICT') {
      const codice =
        (await blocchi.get(null, actor.companyId, bloccoId, tx).catch(() => null))?.codice ??
        'del collaudo';
      throw conflict(
        `Il blocco ${codice} non è più in collaudo come il collaudo ${collaudo.codice} si aspetta (${error.message}): ricarica e riprova`,
      );
    }
    throw error;
  }
}

/** A block leaves the collaudo: back to its option if that is still running, else `disponibile`. */
async function giveBack(
  blocchi: CollaudiDeps['blocchi'],
  tx: DbOrTx,
  actor: Actor,
  collaudo: repo.CollaudoRow,
  riga: repo.RigaRow,
  why: string,
) {
  const optionHolds =
    riga.statoPrecedente === 'opzionato' &&
    riga.opzioneScadenzaPrecedente !== null &&
    riga.opzioneScadenzaPrecedente >= todayInRome();
  await moveBlocco(
    blocchi,
    tx,
    actor,
    collaudo,
    riga.bloccoId,
    optionHolds ? 'opzionato' : 'disponibile',
    why,
    optionHolds
      ? { clienteId: collaudo.clienteId, opzioneScadenza: riga.opzioneScadenzaPrecedente }
      : undefined,
  );
}

export type CollaudiCore = ReturnType<typeof createCollaudiCore>;

export function createCollaudiCore({ db, blocchi, clienti }: CollaudiDeps) {
  const righeOf = repo.righeOf;

  async function get(companyId: string, id: string, tx: DbOrTx = db): Promise<Collaudo> {
    const row = await repo.findJoined(tx, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    return toCollaudoDto(row, await righeOf(tx, companyId, [id]));
  }

  async function assertCliente(companyId: string, clienteId: string, tx: DbOrTx) {
    const cliente = await clienti.find(companyId, clienteId, tx);
    if (!cliente)
      throw badRequest('Cliente non valido', [
        { path: 'clienteId', message: 'Cliente non valido' },
      ]);
    return cliente;
  }

  return {
    righeOf,
    get,
    assertCliente,
    lockModificabile,
    storeFigures,
    joinedRiga,
    moveBlocco: (...args: Tail<Parameters<typeof moveBlocco>>) => moveBlocco(blocchi, ...args),
    giveBack: (...args: Tail<Parameters<typeof giveBack>>) => giveBack(blocchi, ...args),
  };
}
