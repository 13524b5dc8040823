import {
  COLLAUDO_STATO_LABELS,
  isAccettato,
  type Collaudo,
  type CollaudoCreate,
  type CollaudoStato,
  type CollaudoStatoBody,
  type CollaudoUpdate,
  type Esito,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { initialValues, recordAudit, recordUpdate } from '../../lib/audit.js';
import { nextCode } from '../../lib/codes.js';
import { changeState } from '../../lib/state-change.js';
import {
  ENTITY,
  NOT_FOUND,
  STATES,
  type CollaudiCore,
  type CollaudiDeps,
} from './collaudi.core.js';
import { COLLAUDO_FIELDS } from './collaudi.mapper.js';
import * as repo from './collaudi.repository.js';

// The collaudo's header: written, edited while it is open, and moved through its states.

function elenco(codici: string[]): string {
  const shown =
    codici.length > 5
      ? `${codici.slice(0, 5).join(', ')} e altri ${codici.length - 5}`
      : codici.join(', ');
  return codici.length === 1 ? `del blocco ${shown}` : `dei blocchi ${shown}`;
}

/** `eseguito` and `confermato` need a judgement on every block and a price on every accepted one. */
function assertGiudicati(righe: repo.RigaJoined[], to: CollaudoStato) {
  if (to === 'confermato' && righe.length === 0)
    throw badRequest('Nessun blocco nel collaudo: aggiungi i blocchi o annullalo');
  const senzaEsito = righe.filter((r) => r.riga.esito === null).map((r) => r.blocco.codice);
  if (senzaEsito.length) throw badRequest(`Manca l'esito ${elenco(senzaEsito)}`);
  const senzaPrezzo = righe
    .filter((r) => isAccettato(r.riga.esito as Esito) && r.riga.prezzo === null)
    .map((r) => r.blocco.codice);
  if (senzaPrezzo.length)
    throw badRequest(
      `Manca il prezzo ${elenco(senzaPrezzo)}, accettat${senzaPrezzo.length === 1 ? 'o' : 'i'}`,
    );
}

function createCreate({ db }: CollaudiDeps, { get, assertCliente }: CollaudiCore) {
  async function create(actor: Actor, body: CollaudoCreate): Promise<Collaudo> {
    return db.transaction(async (tx) => {
      await assertCliente(actor.companyId, body.clienteId, tx);
      const row = await repo.insert(tx, actor.companyId, {
        ...body,
        codice: await nextCode(tx, 'CO'),
        stato: 'programmato',
      });
      await recordAudit(tx, {
        companyId: actor.companyId,
        entityType: ENTITY,
        entityId: row.id,
        action: 'create',
        userId: actor.userId,
        changes: initialValues(row, COLLAUDO_FIELDS),
      });
      return get(actor.companyId, row.id, tx);
    });
  }
  return create;
}

function createUpdate({ db }: CollaudiDeps, { get, righeOf, assertCliente }: CollaudiCore) {
  /** The header changes until the collaudo is closed; the cliente only while it holds no block. */
  async function update(actor: Actor, id: string, body: CollaudoUpdate): Promise<Collaudo> {
    return db.transaction(async (tx) => {
      const current = await repo.lockInCompany(tx, actor.companyId, id);
      if (!current) throw notFound(NOT_FOUND);
      if (current.stato === 'confermato' || current.stato === 'annullato') {
        throw conflict(
          `Il collaudo è «${COLLAUDO_STATO_LABELS[current.stato]}»: non si modifica più`,
        );
      }
      if (body.clienteId && body.clienteId !== current.clienteId) {
        await assertCliente(actor.companyId, body.clienteId, tx);
        if ((await righeOf(tx, actor.companyId, [id])).length) {
          const message =
            'Il cliente si cambia solo prima di aggiungere i blocchi: togli i blocchi o crea un nuovo collaudo';
          throw conflict(message);
        }
      }
      const row = await repo.updateInStato(tx, actor.companyId, id, current.stato, body);
      if (!row) throw conflict(STATES.messages.stale);
      await recordUpdate(
        tx,
        { companyId: actor.companyId, entityType: ENTITY, entityId: id, userId: actor.userId },
        current,
        row,
        COLLAUDO_FIELDS,
      );
      return get(actor.companyId, id, tx);
    });
  }
  return update;
}

/** A confirmed row: the accepted block sold at its price, a rejected one returned; its defects join the block's. */
async function conferma(
  blocchi: CollaudiDeps['blocchi'],
  { moveBlocco, giveBack, storeFigures }: CollaudiCore,
  tx: DbOrTx,
  actor: Actor,
  locked: repo.CollaudoRow,
  joined: repo.RigaJoined,
) {
  const { riga, blocco } = joined;
  if (isAccettato(riga.esito as Esito)) {
    const prezzo = `${riga.prezzo!.toLocaleString('it-IT', { minimumFractionDigits: 2 })} €/${riga.unitaPrezzo === 't' ? 't' : 'm³'}`;
    await moveBlocco(
      tx,
      actor,
      locked,
      blocco.id,
      'venduto',
      `Collaudo ${locked.codice}: venduto a ${prezzo}`,
      {
        clienteId: locked.clienteId,
        prezzoListino: riga.prezzo,
        unitaPrezzo: riga.unitaPrezzo,
      },
    );
  } else {
    await giveBack(tx, actor, locked, riga, `Collaudo ${locked.codice}: rifiutato`);
  }
  await blocchi.addDifetti(tx, {
    companyId: actor.companyId,
    id: blocco.id,
    difetti: riga.difettiRiscontrati,
    userId: actor.userId,
    note: `Collaudo ${locked.codice}: difetti riscontrati`,
  });
  // the block's measures and density are as read above: moving it changes neither
  await storeFigures(tx, joined);
}

function createChangeStato({ db, blocchi }: CollaudiDeps, core: CollaudiCore) {
  const { get, righeOf, giveBack } = core;
  /**
   * `confermato` sells the accepted blocks (venduto, with the cliente and the price) and returns the
   * rejected ones, each with the defects found here joining its own; `annullato` returns every block.
   * One transaction: a block that moved meanwhile refuses the whole step.
   */
  async function changeStato(
    actor: Actor,
    id: string,
    { stato: to, nota }: CollaudoStatoBody,
  ): Promise<Collaudo> {
    return db.transaction(async (tx) => {
      const locked = await repo.lockInCompany(tx, actor.companyId, id);
      if (!locked) throw notFound(NOT_FOUND);
      const righe = await righeOf(tx, actor.companyId, [id]);
      await changeState(tx, STATES, {
        companyId: actor.companyId,
        id,
        to,
        userId: actor.userId,
        note: nota,
      });
      // After the transition check (a wrong move is a 409 whatever the rows say); a refusal rolls it back.
      if (to === 'eseguito' || to === 'confermato') assertGiudicati(righe, to);
      if (to === 'confermato')
        for (const joined of righe) await conferma(blocchi, core, tx, actor, locked, joined);
      else if (to === 'annullato')
        for (const { riga } of righe)
          await giveBack(tx, actor, locked, riga, `Collaudo ${locked.codice} annullato`);
      return get(actor.companyId, id, tx);
    });
  }
  return changeStato;
}

export function createCollaudiStato(deps: CollaudiDeps, core: CollaudiCore) {
  return {
    create: createCreate(deps, core),
    update: createUpdate(deps, core),
    changeStato: createChangeStato(deps, core),
  };
}
