import {
  BLOCCO_STATO_LABELS,
  INFORMI_A_PESO,
  informeAVolume,
  roundTo,
  type BloccoStato,
  type Collaudo,
  type CollaudoRigaUpdate,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { diffChanges, recordAudit } from '../../lib/audit.js';
import { assertUnchanged, STALE_MESSAGES } from '../../lib/preconditions.js';
import { ENTITY, type CollaudiCore, type CollaudiDeps } from './collaudi.core.js';
import { RIGA_FIELDS } from './collaudi.mapper.js';
import * as repo from './collaudi.repository.js';

// The collaudo's rows (its blocks), under the collaudo's lock: a block joins, is judged, leaves.

type Locked = NonNullable<Awaited<ReturnType<CollaudiDeps['blocchi']['lockForLavorazione']>>>;

/**
 * The list price is the starting point of the negotiation, when it is per m³ or per t (a price per
 * quintale is ten to the tonne). An informe is priced by weight whatever its list says.
 */
function prezzoIniziale(blocco: Locked['blocco']) {
  const aPeso = blocco.categoria === 'informe' || blocco.unitaPrezzo !== 'm3';
  const listino = blocco.prezzoListino;
  const prezzoT =
    listino == null
      ? null
      : blocco.unitaPrezzo === 'q'
        ? roundTo(listino * 10, 2)
        : blocco.unitaPrezzo === 't'
          ? listino
          : null;
  return { unitaPrezzo: aPeso ? 't' : 'm3', prezzo: aPeso ? prezzoT : listino };
}

/** 409 unless the block may join this collaudo: `disponibile`, or optioned for its cliente, and in no job. */
async function assertCollaudabile(
  blocchi: CollaudiDeps['blocchi'],
  tx: DbOrTx,
  companyId: string,
  collaudo: repo.CollaudoRow,
  { blocco, statoEffettivo }: Locked,
) {
  if (statoEffettivo === 'in_collaudo') {
    const altro = await repo.openCollaudoOfBlocco(tx, blocco.id);
    throw conflict(
      altro?.id === collaudo.id
        ? `Il blocco ${blocco.codice} è già in questo collaudo`
        : `Il blocco ${blocco.codice} è già nel collaudo ${altro?.codice ?? 'di un altro cliente'}`,
    );
  }
  if (statoEffettivo === 'opzionato' && blocco.clienteId !== collaudo.clienteId)
    throw conflict(`Il blocco ${blocco.codice} è opzionato per un altro cliente`);
  if (statoEffettivo !== 'disponibile' && statoEffettivo !== 'opzionato')
    throw conflict(
      `Il blocco ${blocco.codice} è «${BLOCCO_STATO_LABELS[statoEffettivo as BloccoStato]}»: si collauda solo un blocco disponibile o opzionato per questo cliente`,
    );
  await blocchi.assertSenzaLavorazioni(tx, companyId, blocco, 'metterlo in collaudo');
}

function createAddRiga(
  { db, blocchi }: CollaudiDeps,
  { get, lockModificabile, storeFigures, joinedRiga }: CollaudiCore,
) {
  /** A block joins: `disponibile`, or optioned for this cliente; it becomes `in_collaudo` and its state is remembered. */
  async function addRiga(actor: Actor, id: string, bloccoId: string): Promise<Collaudo> {
    return db.transaction(async (tx) => {
      const collaudo = await lockModificabile(tx, actor.companyId, id);
      const locked = await blocchi.lockForLavorazione(tx, actor.companyId, bloccoId);
      if (!locked)
        throw badRequest('Blocco non valido', [{ path: 'bloccoId', message: 'Blocco non valido' }]);
      await assertCollaudabile(blocchi, tx, actor.companyId, collaudo, locked);
      const { blocco, statoEffettivo } = locked;
      await blocchi.transition(tx, {
        companyId: actor.companyId,
        origine: null,
        id: bloccoId,
        to: 'in_collaudo',
        by: 'system',
        userId: actor.userId,
        note: `Collaudo ${collaudo.codice}`,
        set: { clienteId: collaudo.clienteId, opzioneScadenza: null },
      });
      const riga = await repo.insertRiga(tx, {
        collaudoId: id,
        bloccoId,
        statoPrecedente: statoEffettivo,
        opzioneScadenzaPrecedente: statoEffettivo === 'opzionato' ? blocco.opzioneScadenza : null,
        ...prezzoIniziale(blocco),
      });
      await storeFigures(tx, await joinedRiga(tx, actor.companyId, id, riga.id));
      await repo.touch(tx, id);
      await recordAudit(tx, {
        companyId: actor.companyId,
        entityType: ENTITY,
        entityId: id,
        action: 'riga',
        userId: actor.userId,
        changes: { blocchi: { from: null, to: blocco.codice } },
        note: `Aggiunto il blocco ${blocco.codice}`,
      });
      return get(actor.companyId, id, tx);
    });
  }
  return addRiga;
}

function createUpdateRiga(
  { db, blocchi }: CollaudiDeps,
  { get, lockModificabile, storeFigures, joinedRiga }: CollaudiCore,
) {
  /** `ifMatch`: the row's `updatedAt` the client saw; another since is a 409 and nothing is written. */
  async function updateRiga(
    actor: Actor,
    id: string,
    rigaId: string,
    body: CollaudoRigaUpdate,
    ifMatch?: Date,
  ): Promise<Collaudo> {
    return db.transaction(async (tx) => {
      await lockModificabile(tx, actor.companyId, id);
      await assertUnchanged(tx, repo.rigaVersion(id, rigaId), ifMatch, STALE_MESSAGES.rigaCollaudo);
      const current = await repo.findRiga(tx, id, rigaId);
      if (!current) throw notFound('Riga del collaudo non trovata');
      const { categoria } = await blocchi.get(null, actor.companyId, current.bloccoId, tx);
      const unitaPrezzo = body.unitaPrezzo ?? current.unitaPrezzo;
      const prezzo = body.prezzo !== undefined ? body.prezzo : current.prezzo;
      if (informeAVolume({ categoria, unitaPrezzo, prezzo }))
        throw badRequest(INFORMI_A_PESO, [{ path: 'unitaPrezzo', message: INFORMI_A_PESO }]);
      const values = { ...body };
      // No type, no value: an abbuono is the pair.
      if (values.abbuonoTipo === null) values.abbuonoValore = null;
      const row = await repo.updateRiga(tx, id, rigaId, values);
      await storeFigures(tx, await joinedRiga(tx, actor.companyId, id, rigaId));
      const changes = diffChanges(current, row!, RIGA_FIELDS);
      if (Object.keys(changes).length) {
        const codice = (await blocchi.get(null, actor.companyId, current.bloccoId, tx)).codice;
        await repo.touch(tx, id);
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: ENTITY,
          entityId: id,
          action: 'riga',
          userId: actor.userId,
          changes,
          note: `Blocco ${codice}`,
        });
      }
      return get(actor.companyId, id, tx);
    });
  }
  return updateRiga;
}

function createRemoveRiga(
  { db, blocchi }: CollaudiDeps,
  { get, lockModificabile, giveBack }: CollaudiCore,
) {
  /** A block leaves: back to its option if that still runs, else `disponibile`. */
  async function removeRiga(actor: Actor, id: string, rigaId: string): Promise<Collaudo> {
    return db.transaction(async (tx) => {
      const collaudo = await lockModificabile(tx, actor.companyId, id);
      const riga = await repo.deleteRiga(tx, id, rigaId);
      if (!riga) throw notFound('Riga del collaudo non trovata');
      await giveBack(tx, actor, collaudo, riga, `Tolto dal collaudo ${collaudo.codice}`);
      const codice = (await blocchi.get(null, actor.companyId, riga.bloccoId, tx)).codice;
      await repo.touch(tx, id);
      await recordAudit(tx, {
        companyId: actor.companyId,
        entityType: ENTITY,
        entityId: id,
        action: 'riga',
        userId: actor.userId,
        changes: { blocchi: { from: codice, to: null } },
        note: `Tolto il blocco ${codice}`,
      });
      return get(actor.companyId, id, tx);
    });
  }
  return removeRiga;
}

export function createCollaudiRighe(deps: CollaudiDeps, core: CollaudiCore) {
  return {
    addRiga: createAddRiga(deps, core),
    updateRiga: createUpdateRiga(deps, core),
    removeRiga: createRemoveRiga(deps, core),
  };
}
