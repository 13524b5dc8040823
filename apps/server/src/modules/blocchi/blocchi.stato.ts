import {
  BLOCCO_STATI_DECLASSABILI,
  BLOCCO_STATO_LABELS,
  CATEGORIE,
  CATEGORIA_LABELS,
  isOptionMove,
  SCELTE,
  SCELTA_LABELS,
  type Blocco,
  type BloccoDeclassaBody,
  type BloccoOrigine,
  type BloccoStato,
  type BloccoStatoBody,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { diffChanges, recordAudit, recordAuditMany } from '../../lib/audit.js';
import { italianDate, todayInRome } from '../../lib/dates.js';
import { assertUnchanged, STALE_MESSAGES } from '../../lib/preconditions.js';
import { NOT_FOUND, STALE, type BlocchiCore, type BlocchiDeps } from './blocchi.core.js';
import type { BloccoRow } from './blocchi.mapper.js';
import { assertSenzaLavorazioni, transition } from './blocchi.operations.js';
import * as repo from './blocchi.repository.js';
import { assertAPeso } from './blocchi.rules.js';

// A block's state by hand (an option, a scrap, a sale outside a collaudo), its downgrade, and the
// sweep of expired options.

type Scelta = (typeof SCELTE)[number];
type Categoria = (typeof CATEGORIE)[number];

/** 400 unless the downgrade lowers what it names (a grade, a category). */
function assertInferiore(current: BloccoRow, body: BloccoDeclassaBody) {
  if (body.scelta && SCELTE.indexOf(body.scelta) <= SCELTE.indexOf(current.scelta as Scelta))
    throw badRequest(
      `La nuova scelta deve essere inferiore a «${SCELTA_LABELS[current.scelta as Scelta]}»`,
      [{ path: 'scelta', message: 'Scegli una scelta inferiore' }],
    );
  if (
    body.categoria &&
    CATEGORIE.indexOf(body.categoria) <= CATEGORIE.indexOf(current.categoria as Categoria)
  )
    throw badRequest(
      `La nuova categoria deve essere inferiore a «${CATEGORIA_LABELS[current.categoria as Categoria]}»`,
      [{ path: 'categoria', message: 'Scegli una categoria inferiore' }],
    );
}

export function createBlocchiStato({ db, clienti }: BlocchiDeps, { get }: BlocchiCore) {
  const locked = async (tx: DbOrTx, companyId: string, origine: BloccoOrigine, id: string) => {
    const row = await repo.lockInCompany(tx, companyId, origine, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  };

  /** The option's cliente and expiry, checked: a known cliente, an expiry not past, no one else's option. */
  async function opzione(
    tx: DbOrTx,
    companyId: string,
    origine: BloccoOrigine,
    id: string,
    body: BloccoStatoBody,
  ) {
    const cliente = await clienti.find(companyId, body.clienteId!, tx);
    if (!cliente)
      throw badRequest('Cliente non valido', [
        { path: 'clienteId', message: 'Cliente non valido' },
      ]);
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
      if (moves === 'option') {
        const row = await locked(tx, companyId, origine, id);
        if (!isOptionMove(row.statoEffettivo as BloccoStato, body.stato))
          throw forbidden("Puoi solo opzionare il blocco o liberarlo da un'opzione");
      }
      // a scrapped block would leave its planned sawing or tile cut waiting for ever
      if (body.stato === 'scartato')
        await assertSenzaLavorazioni(
          tx,
          companyId,
          (await locked(tx, companyId, origine, id)).blocco,
          'scartarlo',
        );
      const set =
        body.stato === 'opzionato' ? await opzione(tx, companyId, origine, id, body) : undefined;
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

  /** Lowers grade or category; the block stays sellable and the reason goes to history. */
  async function declassa(
    origine: BloccoOrigine,
    actor: Actor,
    id: string,
    body: BloccoDeclassaBody,
  ): Promise<Blocco> {
    return db.transaction(async (tx) => {
      const row = await locked(tx, actor.companyId, origine, id);
      const current = row.blocco;
      if (!BLOCCO_STATI_DECLASSABILI.includes(row.statoEffettivo as BloccoStato))
        throw conflict(
          `Un blocco «${BLOCCO_STATO_LABELS[row.statoEffettivo as BloccoStato]}» non si può declassare`,
        );
      assertInferiore(current, body);
      // Irregular blocks are sold by the quintale (trade custom) unless the user says otherwise.
      const unitaPrezzo = body.unitaPrezzo ?? (body.categoria === 'informe' ? 'q' : undefined);
      assertAPeso({
        categoria: body.categoria ?? current.categoria,
        unitaPrezzo: unitaPrezzo ?? current.unitaPrezzo,
        prezzo: current.prezzoListino,
      });
      const set = {
        ...(body.scelta ? { scelta: body.scelta } : {}),
        ...(body.categoria ? { categoria: body.categoria } : {}),
        ...(unitaPrezzo ? { unitaPrezzo } : {}),
      };
      const updated = await repo.updateInStato(tx, actor.companyId, id, current.stato, set);
      if (!updated) throw conflict(STALE);
      await recordAudit(tx, {
        companyId: actor.companyId,
        entityType: 'blocco',
        entityId: id,
        action: 'declassa',
        userId: actor.userId,
        changes: diffChanges(current, updated, ['scelta', 'categoria', 'unitaPrezzo']),
        note: body.nota,
      });
      return get(origine, actor.companyId, id, tx);
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

  return { changeStato, declassa, sweepExpiredOptions };
}
