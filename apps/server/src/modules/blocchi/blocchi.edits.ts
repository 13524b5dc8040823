import {
  BLOCCO_STATI_ELIMINABILI,
  BLOCCO_STATO_LABELS,
  type Blocco,
  type BloccoOrigine,
  type BloccoStato,
  type BloccoUpdate,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import { diffChanges, recordAudit } from '../../lib/audit.js';
import { assertCodiceChange } from '../../lib/codes.js';
import { todayInRome } from '../../lib/dates.js';
import { constraintError } from '../../lib/db-errors.js';
import { assertUnchanged, STALE_MESSAGES } from '../../lib/preconditions.js';
import { fuoriNorma, NOT_FOUND, type BlocchiCore, type BlocchiDeps } from './blocchi.core.js';
import { BLOCCO_FIELDS, type BloccoRow } from './blocchi.mapper.js';
import * as repo from './blocchi.repository.js';
import {
  assertAPeso,
  assertDataRiquadratura,
  assertNetWithinGross,
  assertPesata,
  assertPesoPlausibile,
  quantities,
  updatedDims,
} from './blocchi.rules.js';

// A block corrected and deleted (a new one: blocchi.create.ts).

/** The edited block's figures, after every check of the merged record (a partial update sends one field). */
async function checkedEdit(
  { densitaOf, assertUbicazione, assertFornitore }: BlocchiCore,
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

/** A block's correction: every check of the merged record, one locked write, its history row. */
function createBlocchiUpdate({ db, entities }: BlocchiDeps, core: BlocchiCore) {
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
        const { set, lordo } = await checkedEdit(core, tx, actor.companyId, current, body);
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
        return core.get(origine, actor.companyId, id, tx);
      });
    } catch (error) {
      throw constraintError(error, { unique: 'Codice già usato da un altro blocco' }) ?? error;
    }
  }

  return { update };
}

function createBlocchiRemove({ db }: BlocchiDeps) {
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

  return { remove };
}

export function createBlocchiEdits(deps: BlocchiDeps, core: BlocchiCore) {
  return { ...createBlocchiUpdate(deps, core), ...createBlocchiRemove(deps) };
}
