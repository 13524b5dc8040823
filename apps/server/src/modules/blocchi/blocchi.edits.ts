import {
  BANCATA_STATI_CON_BLOCCHI,
  BLOCCO_STATI_ELIMINABILI,
  BLOCCO_STATO_LABELS,
  type Blocco,
  type BloccoCreate,
  type BloccoOrigine,
  type BloccoStato,
  type BloccoUpdate,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { diffChanges, initialValues, recordAudit } from '../../lib/audit.js';
import { assertCodiceChange, nextCode } from '../../lib/codes.js';
import { todayInRome } from '../../lib/dates.js';
import { constraintError } from '../../lib/db-errors.js';
import { assertUnchanged, STALE_MESSAGES } from '../../lib/preconditions.js';
import { fuoriNorma, NOT_FOUND, type BlocchiCore, type BlocchiDeps } from './blocchi.core.js';
import { BLOCCO_FIELDS, type BloccoRow } from './blocchi.mapper.js';
import { transition } from './blocchi.operations.js';
import * as repo from './blocchi.repository.js';
import {
  assertAPeso,
  assertDataRiquadratura,
  assertNetWithinGross,
  assertPesata,
  assertPesoPlausibile,
  newDims,
  quantities,
  updatedDims,
} from './blocchi.rules.js';

// A block written, corrected and deleted.

type Source = { bancataId: string | null; cavaId: string | null; materialeId: string };

export function createBlocchiEdits(deps: BlocchiDeps, core: BlocchiCore) {
  const { db, bancate, entities } = deps;
  const { get, densitaOf, assertUbicazione, assertFornitore } = core;

  /** Where a new block comes from: its bancata (locked, in a state that yields blocks), or a fornitore. */
  async function sourceOf(tx: DbOrTx, companyId: string, body: BloccoCreate): Promise<Source> {
    if (!('bancataId' in body)) {
      await assertFornitore(companyId, body.fornitoreId, tx);
      return { bancataId: null, cavaId: null, materialeId: body.materialeId! };
    }
    const bancata = await bancate.lockForNewBlocco(tx, companyId, body.bancataId);
    if (!bancata)
      throw badRequest('Bancata non valida', [
        { path: 'bancataId', message: 'Bancata non valida' },
      ]);
    if (!BANCATA_STATI_CON_BLOCCHI.includes(bancata.stato as never))
      throw conflict(
        `La bancata ${bancata.codice} deve essere ribaltata o in riquadratura per ricavarne blocchi`,
      );
    if (body.dataRiquadratura) assertDataRiquadratura(body.dataRiquadratura, todayInRome());
    const materialeId = body.materialeId ?? bancata.materialeId;
    return { bancataId: bancata.id, cavaId: bancata.cavaId, materialeId };
  }

  async function create(
    origine: BloccoOrigine,
    actor: Actor,
    { stato: startAs, pesoFuoriNorma, ...body }: BloccoCreate,
  ): Promise<Blocco> {
    return db.transaction(async (tx) => {
      const source = await sourceOf(tx, actor.companyId, body);
      const densita = await densitaOf(actor.companyId, source.materialeId, tx);
      await assertUbicazione(actor.companyId, body.ubicazioneId, tx);
      assertPesata(null, body, todayInRome());
      assertAPeso({ ...body, prezzo: body.prezzoListino });
      const dims = newDims(body);
      const lordo = { volumeLordo: quantities(dims, densita).volumeLordo, densita };
      assertPesoPlausibile(body.pesoPesa, null, lordo, pesoFuoriNorma === true);
      const row = await repo.insert(tx, {
        ...body,
        ...dims,
        ...quantities(dims, densita),
        ...source,
        companyId: actor.companyId,
        codice: await nextCode(tx, 'BL'),
        origine,
        stato: origine === 'esterno' ? 'disponibile' : 'in_piazzale',
      });
      await recordAudit(tx, {
        companyId: actor.companyId,
        entityType: 'blocco',
        entityId: row.id,
        action: 'create',
        userId: actor.userId,
        changes: { ...initialValues(row, BLOCCO_FIELDS), ...fuoriNorma(row.pesoPesa, lordo) },
      });
      // "Disponibile subito": the ordinary move, with its history row, in the creating transaction.
      if (startAs && startAs !== row.stato)
        await transition(tx, {
          companyId: actor.companyId,
          origine,
          id: row.id,
          to: startAs,
          by: 'manual',
          userId: actor.userId,
        });
      return get(origine, actor.companyId, row.id, tx);
    });
  }

  /** The edited block's figures, after every check of the merged record (a partial update sends one field). */
  async function checkedEdit(
    tx: DbOrTx,
    companyId: string,
    current: BloccoRow,
    { pesoFuoriNorma, ...body }: BloccoUpdate,
  ) {
    if (['spedito', 'segato', 'scartato'].includes(current.stato))
      throw conflict(
        `Il blocco è «${BLOCCO_STATO_LABELS[current.stato as BloccoStato]}»: non si può più modificare`,
      );
    assertCodiceChange(body.codice, current.codice);
    await assertUbicazione(companyId, body.ubicazioneId, tx);
    await assertFornitore(companyId, body.fornitoreId, tx);
    const densita = await densitaOf(companyId, body.materialeId ?? current.materialeId, tx);
    // A net measure sent empty goes back to the gross one.
    const dims = updatedDims(current, body);
    assertNetWithinGross(dims);
    assertPesata(current, body, todayInRome());
    assertAPeso({
      categoria: body.categoria ?? current.categoria,
      unitaPrezzo: body.unitaPrezzo ?? current.unitaPrezzo,
      prezzo: body.prezzoListino !== undefined ? body.prezzoListino : current.prezzoListino,
    });
    const q = quantities(dims, densita);
    const lordo = { volumeLordo: q.volumeLordo, densita };
    assertPesoPlausibile(body.pesoPesa, current.pesoPesa, lordo, pesoFuoriNorma === true);
    if (body.dataRiquadratura) assertDataRiquadratura(body.dataRiquadratura, todayInRome());
    return { set: { ...body, ...dims, ...q }, lordo };
  }

  /** `ifMatch`: the block's `updatedAt` the client saw; another since is a 409 and nothing is written. */
  async function update(
    origine: BloccoOrigine,
    actor: Actor,
    id: string,
    body: BloccoUpdate,
    ifMatch?: Date,
  ): Promise<Blocco> {
    if (body.codice !== undefined && !actor.isAdmin)
      throw forbidden('Solo un amministratore può correggere il codice');
    const version = repo.versionOf(actor.companyId, origine, id);
    try {
      return await db.transaction(async (tx) => {
        await assertUnchanged(tx, version, ifMatch, STALE_MESSAGES.blocco);
        const locked = await repo.lockInCompany(tx, actor.companyId, origine, id);
        if (!locked) throw notFound(NOT_FOUND);
        const current = locked.blocco;
        const { set, lordo } = await checkedEdit(tx, actor.companyId, current, body);
        const row = (await repo.updateInCompany(tx, actor.companyId, id, set))!;
        if (row.codice !== current.codice)
          await entities.codiceChanged(tx, 'blocco', actor.companyId, id, row.codice);
        const changes = {
          ...diffChanges(current, row, BLOCCO_FIELDS),
          ...(row.pesoPesa !== current.pesoPesa ? fuoriNorma(row.pesoPesa, lordo) : {}),
        };
        if (Object.keys(changes).length)
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType: 'blocco',
            entityId: id,
            action: 'update',
            userId: actor.userId,
            changes,
          });
        return get(origine, actor.companyId, id, tx);
      });
    } catch (error) {
      throw constraintError(error, { unique: 'Codice già usato da un altro blocco' }) ?? error;
    }
  }

  /** Only a block nothing references and not yet sold or sawn can go. */
  async function remove(origine: BloccoOrigine, actor: Actor, id: string): Promise<void> {
    try {
      await db.transaction(async (tx) => {
        const locked = await repo.lockInCompany(tx, actor.companyId, origine, id);
        if (!locked) throw notFound(NOT_FOUND);
        if (!BLOCCO_STATI_ELIMINABILI.includes(locked.statoEffettivo as BloccoStato))
          throw conflict(
            `Un blocco «${BLOCCO_STATO_LABELS[locked.statoEffettivo as BloccoStato]}» non si può eliminare`,
          );
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'blocco',
          entityId: id,
          action: 'delete',
          userId: actor.userId,
          changes: { codice: { from: locked.blocco.codice, to: null } },
        });
        await repo.deleteInStato(tx, actor.companyId, id, locked.blocco.stato);
      });
    } catch (error) {
      const foreignKey = 'Il blocco è collegato ad altri dati: non si può eliminare';
      throw constraintError(error, { foreignKey }) ?? error;
    }
  }

  return { create, update, remove };
}
