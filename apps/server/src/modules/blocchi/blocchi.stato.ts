import {
  isOptionMove,
  type Blocco,
  type BloccoOrigine,
  type BloccoStato,
  type BloccoStatoBody,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { recordAuditMany } from '../../lib/audit.js';
import { italianDate, todayInRome } from '../../lib/dates.js';
import { assertUnchanged, STALE_MESSAGES } from '../../lib/preconditions.js';
import { NOT_FOUND, type BlocchiCore, type BlocchiDeps } from './blocchi.core.js';
import { assertSenzaLavorazioni, transition } from './blocchi.operations.js';
import * as repo from './blocchi.repository.js';

// A block's state by hand (an option, a scrap, a sale outside a collaudo) and the sweep of expired
// options (the downgrade: blocchi.declassa.ts).

/** The block locked for a change of state (404 when the company has no such one). */
export async function lockedBlocco(
  tx: DbOrTx,
  companyId: string,
  origine: BloccoOrigine,
  id: string,
) {
  const row = await repo.lockInCompany(tx, companyId, origine, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The option's cliente and expiry, checked: a known cliente, an expiry not past, no one else's option. */
async function opzione(
  clienti: BlocchiDeps['clienti'],
  tx: DbOrTx,
  companyId: string,
  origine: BloccoOrigine,
  id: string,
  body: BloccoStatoBody,
) {
  const cliente = await clienti.find(companyId, body.clienteId!, tx);
  if (!cliente)
    throw badRequest('Cliente non valido', [{ path: 'clienteId', message: 'Cliente non valido' }]);
  // The option holds through its expiry day in Rome: today is the earliest valid expiry.
  const scadenza = body.opzioneScadenza!;
  if (scadenza < todayInRome()) {
    const message = "La scadenza dell'opzione non può essere già passata";
    throw badRequest(message, [{ path: 'opzioneScadenza', message }]);
  }
  const row = await repo.lockInCompany(tx, companyId, origine, id);
  if (row?.statoEffettivo === 'opzionato' && row.blocco.clienteId !== cliente.id)
    throw conflict(
      `Il blocco è già opzionato per un altro cliente fino al ${italianDate(row.blocco.opzioneScadenza!)}`,
    );
  return { clienteId: cliente.id, opzioneScadenza: scadenza };
}

/** The move is one the actor may make, and a block with planned work is not scrapped. */
async function assertMoveAllowed(
  tx: DbOrTx,
  companyId: string,
  origine: BloccoOrigine,
  id: string,
  to: BloccoStato,
  moves: 'all' | 'option',
) {
  if (moves === 'option') {
    const row = await lockedBlocco(tx, companyId, origine, id);
    if (!isOptionMove(row.statoEffettivo as BloccoStato, to))
      throw forbidden("Puoi solo opzionare il blocco o liberarlo da un'opzione");
  }
  // a scrapped block would leave its planned sawing or tile cut waiting for ever
  if (to === 'scartato')
    await assertSenzaLavorazioni(
      tx,
      companyId,
      (await lockedBlocco(tx, companyId, origine, id)).blocco,
      'scartarlo',
    );
}

export function createBlocchiStato({ db, clienti }: BlocchiDeps, { get }: BlocchiCore) {
  /**
   * `moves: 'option'`: the actor may only option, renew or release (isOptionMove, docs/permissions.md).
   * `ifMatch`: the block's `updatedAt` the client saw; another since is a 409 and nothing is written.
   */
  async function changeStato(
    origine: BloccoOrigine,
    actor: Actor,
    id: string,
    body: BloccoStatoBody,
    moves: 'all' | 'option',
    ifMatch?: Date,
  ): Promise<Blocco> {
    const { companyId } = actor;
    return db.transaction(async (tx) => {
      const version = repo.versionOf(companyId, origine, id);
      await assertUnchanged(tx, version, ifMatch, STALE_MESSAGES.blocco);
      await assertMoveAllowed(tx, companyId, origine, id, body.stato, moves);
      const set =
        body.stato === 'opzionato'
          ? await opzione(clienti, tx, companyId, origine, id, body)
          : undefined;
      await transition(tx, {
        companyId,
        origine,
        id,
        to: body.stato,
        by: 'manual',
        userId: actor.userId,
        note: body.nota,
        set,
      });
      return get(origine, companyId, id, tx);
    });
  }

  /**
   * Writes expired options back to `disponibile` with a history row by the system. One instance at a
   * time (advisory lock); reads and guarded updates already treat them as available meanwhile.
   */
  async function sweepExpiredOptions(): Promise<number> {
    return db.transaction(async (tx) => {
      const expired = await repo.expireOptions(tx);
      if (!expired) return 0;
      await recordAuditMany(
        tx,
        expired.map((b) => ({
          companyId: b.companyId,
          entityType: 'blocco',
          entityId: b.id,
          action: 'stato',
          userId: null,
          changes: { stato: { from: 'opzionato', to: 'disponibile' } },
          note: 'Opzione scaduta',
        })),
      );
      return expired.length;
    });
  }

  return { changeStato, sweepExpiredOptions };
}
