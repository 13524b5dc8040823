import {
  BLOCCO_STATO_LABELS,
  COLLAUDO_STATI,
  COLLAUDO_STATI_MODIFICABILI,
  COLLAUDO_STATO_LABELS,
  INFORMI_A_PESO,
  informeAVolume,
  isAccettato,
  roundTo,
  type AnagraficaPickerItem,
  type BloccoCollaudabile,
  type BloccoStato,
  type CollaudiOfCliente,
  type Collaudo,
  type CollaudoCreate,
  type CollaudoExportQuery,
  type CollaudoFilter,
  type CollaudoListItem,
  type CollaudoListQuery,
  type CollaudoRigaUpdate,
  type CollaudoStato,
  type CollaudoStatoBody,
  type CollaudoSummary,
  type CollaudoUpdate,
  type Esito,
  type Page,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.js';
import {
  diffChanges,
  initialValues,
  listHistory,
  recordAudit,
  type HistoryItem,
} from '../../lib/audit.js';
import { nextCode } from '../../lib/codes.js';
import { todayInRome } from '../../lib/dates.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { exportPages, streamExport } from '../../lib/export.js';
import { toPage } from '../../lib/pagination.js';
import { assertUnchanged, STALE_MESSAGES } from '../../lib/preconditions.js';
import { changeState } from '../../lib/state-change.js';
import type { Actor } from '../../lib/actor.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BlocchiService } from '../blocchi/blocchi.service.js';
import { registerCollaudoEntity } from './collaudi.entity.js';
import { collaudoExportColumns } from './collaudi.export.js';
import {
  COLLAUDO_FIELDS,
  RIGA_FIELDS,
  figuresOf,
  figuresShown,
  toCollaudoDto,
  toListItem,
} from './collaudi.mapper.js';
import * as repo from './collaudi.repository.js';

const STATES = repo.COLLAUDO_STATES;
const NOT_FOUND = STATES.messages.notFound;
const ENTITY = STATES.entityType;
const EXPORT_BATCH = 200;

export type CollaudiService = ReturnType<typeof createCollaudiService>;

/**
 * The buyer's inspection (docs/domain.md "Collaudo"). Blocks enter and leave through the blocchi service's
 * `transition` (by the system), always inside this module's transactions and always after the collaudo
 * row is locked, so two requests on one collaudo wait for each other and a block is in one open
 * collaudo at a time.
 */
export function createCollaudiService(deps: {
  db: Db;
  blocchi: Pick<
    BlocchiService,
    | 'get'
    | 'transition'
    | 'lockForLavorazione'
    | 'addDifetti'
    | 'assertSenzaLavorazioni'
    | 'collaudabili'
    | 'statoEffettivo'
  >;
  clienti: Pick<AnagraficaService, 'find' | 'pick'>;
  entities: EntityRegistry;
}) {
  const { db, blocchi, clienti, entities } = deps;
  const statoBlocco = blocchi.statoEffettivo;

  async function righeOf(tx: DbOrTx, ids: readonly string[]) {
    return repo.righeOf(tx, ids, statoBlocco);
  }

  async function get(companyId: string, id: string, tx: DbOrTx = db): Promise<Collaudo> {
    const row = await repo.findJoined(tx, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    return toCollaudoDto(row, await righeOf(tx, [id]));
  }

  async function assertCliente(companyId: string, clienteId: string, tx: DbOrTx) {
    const cliente = await clienti.find(companyId, clienteId, tx);
    if (!cliente)
      throw badRequest('Cliente non valido', [
        { path: 'clienteId', message: 'Cliente non valido' },
      ]);
    return cliente;
  }

  /** The collaudo locked, in a state whose rows may change; otherwise 404 or 409. */
  async function lockModificabile(tx: DbOrTx, companyId: string, id: string) {
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
  async function storeFigures(tx: DbOrTx, { riga, blocco }: repo.RigaJoined) {
    const f = figuresOf(riga, blocco);
    await repo.updateRiga(tx, riga.collaudoId, riga.id, {
      volumeNettoAccettato: f.volumeNettoAccettato,
      peso: f.peso,
      pesoBase: f.pesoBase,
      importo: f.importo,
    });
  }

  /** One row of a collaudo with its block, as just written. */
  async function joinedRiga(
    tx: DbOrTx,
    collaudoId: string,
    rigaId: string,
  ): Promise<repo.RigaJoined> {
    return (await righeOf(tx, [collaudoId])).find((r) => r.riga.id === rigaId)!;
  }

  /** A block leaves the collaudo: back to its option if that is still running, else `disponibile`. */
  async function giveBack(
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

  async function moveBlocco(
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

  /** `eseguito` and `confermato` need a judgement on every block and a price on every accepted one. */
  function assertGiudicati(righe: Awaited<ReturnType<typeof righeOf>>, to: CollaudoStato) {
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

  async function list(
    companyId: string,
    query: CollaudoListQuery,
  ): Promise<Page<CollaudoListItem>> {
    const { items, counted } = await repo.listPage(db, companyId, query);
    const righe = await righeOf(
      db,
      items.map((i) => i.collaudo.id),
    );
    return toPage(
      items.map((i) =>
        toListItem(
          i,
          righe.filter((r) => r.collaudoId === i.collaudo.id),
        ),
      ),
      counted,
      query.page,
      query.limit,
    );
  }

  registerCollaudoEntity(entities);

  return {
    get,
    list,

    async summary(companyId: string, filter: CollaudoFilter): Promise<CollaudoSummary> {
      const { perStato, sold } = await repo.summary(db, companyId, filter);
      return {
        count: perStato.reduce((a, s) => a + s.n, 0),
        perStato: Object.fromEntries(
          COLLAUDO_STATI.map((stato) => [stato, perStato.find((s) => s.stato === stato)?.n ?? 0]),
        ) as CollaudoSummary['perStato'],
        blocchiVenduti: sold.blocchi,
        volumeVenduto: roundTo(sold.volume, 3),
        importoVenduto: Math.round(sold.importo),
      };
    },

    exportList(
      companyId: string,
      { format, sort, ...filter }: CollaudoExportQuery,
      onError?: (e: unknown) => void,
    ) {
      const batches = exportPages(
        EXPORT_BATCH,
        async (page, limit) => (await list(companyId, { ...filter, sort, page, limit })).items,
      );
      return streamExport({
        format,
        columns: collaudoExportColumns,
        batches,
        sheet: 'Collaudi',
        baseName: 'collaudi',
        onError,
      });
    },

    async history(companyId: string, id: string): Promise<HistoryItem[]> {
      await get(companyId, id);
      return listHistory(db, companyId, ENTITY, id);
    },

    pickClienti(companyId: string, q: string | undefined): Promise<AnagraficaPickerItem[]> {
      return clienti.pick(companyId, q);
    },

    async blocchiCollaudabili(
      companyId: string,
      collaudoId: string,
      q: string | undefined,
    ): Promise<BloccoCollaudabile[]> {
      const collaudo = await repo.findJoined(db, companyId, collaudoId);
      if (!collaudo) throw notFound(NOT_FOUND);
      return blocchi.collaudabili(companyId, collaudo.collaudo.clienteId, q);
    },

    async create(actor: Actor, body: CollaudoCreate): Promise<Collaudo> {
      return db.transaction(async (tx) => {
        await assertCliente(actor.companyId, body.clienteId, tx);
        const row = await repo.insert(tx, {
          ...body,
          companyId: actor.companyId,
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
    },

    /** The header changes until the collaudo is closed; the cliente only while it holds no block. */
    async update(actor: Actor, id: string, body: CollaudoUpdate): Promise<Collaudo> {
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
          if ((await righeOf(tx, [id])).length) {
            const message =
              'Il cliente si cambia solo prima di aggiungere i blocchi: togli i blocchi o crea un nuovo collaudo';
            throw conflict(message);
          }
        }
        const row = await repo.updateInStato(tx, actor.companyId, id, current.stato, body);
        if (!row) throw conflict(STATES.messages.stale);
        const changes = diffChanges(current, row, COLLAUDO_FIELDS);
        if (Object.keys(changes).length)
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType: ENTITY,
            entityId: id,
            action: 'update',
            userId: actor.userId,
            changes,
          });
        return get(actor.companyId, id, tx);
      });
    },

    /**
     * `confermato` sells the accepted blocks (venduto, with the cliente and the price) and returns the
     * rejected ones, each with the defects found here joining its own; `annullato` returns every block.
     * One transaction: a block that moved meanwhile refuses the whole step.
     */
    async changeStato(
      actor: Actor,
      id: string,
      { stato: to, nota }: CollaudoStatoBody,
    ): Promise<Collaudo> {
      return db.transaction(async (tx) => {
        const locked = await repo.lockInCompany(tx, actor.companyId, id);
        if (!locked) throw notFound(NOT_FOUND);
        const righe = await righeOf(tx, [id]);
        await changeState(tx, STATES, {
          companyId: actor.companyId,
          id,
          to,
          userId: actor.userId,
          note: nota,
        });
        // After the transition check (a wrong move is a 409 whatever the rows say); a refusal rolls it back.
        if (to === 'eseguito' || to === 'confermato') assertGiudicati(righe, to);
        if (to === 'confermato') {
          for (const joined of righe) {
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
        } else if (to === 'annullato') {
          for (const { riga } of righe)
            await giveBack(tx, actor, locked, riga, `Collaudo ${locked.codice} annullato`);
        }
        return get(actor.companyId, id, tx);
      });
    },

    /** A block joins: `disponibile`, or optioned for this cliente; it becomes `in_collaudo` and its state is remembered. */
    async addRiga(actor: Actor, id: string, bloccoId: string): Promise<Collaudo> {
      return db.transaction(async (tx) => {
        const collaudo = await lockModificabile(tx, actor.companyId, id);
        const locked = await blocchi.lockForLavorazione(tx, actor.companyId, bloccoId);
        if (!locked)
          throw badRequest('Blocco non valido', [
            { path: 'bloccoId', message: 'Blocco non valido' },
          ]);
        const { blocco, statoEffettivo } = locked;
        if (statoEffettivo === 'in_collaudo') {
          const altro = await repo.openCollaudoOfBlocco(tx, bloccoId);
          throw conflict(
            altro?.id === id
              ? `Il blocco ${blocco.codice} è già in questo collaudo`
              : `Il blocco ${blocco.codice} è già nel collaudo ${altro?.codice ?? 'di un altro cliente'}`,
          );
        }
        if (statoEffettivo === 'opzionato' && blocco.clienteId !== collaudo.clienteId) {
          throw conflict(`Il blocco ${blocco.codice} è opzionato per un altro cliente`);
        }
        if (statoEffettivo !== 'disponibile' && statoEffettivo !== 'opzionato') {
          throw conflict(
            `Il blocco ${blocco.codice} è «${BLOCCO_STATO_LABELS[statoEffettivo]}»: si collauda solo un blocco disponibile o opzionato per questo cliente`,
          );
        }
        await blocchi.assertSenzaLavorazioni(tx, actor.companyId, blocco, 'metterlo in collaudo');
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
        // The list price is the starting point of the negotiation, when it is per m³ or per t (a price
        // per quintale is ten to the tonne). An informe is priced by weight whatever its list says.
        const aPeso = blocco.categoria === 'informe' || blocco.unitaPrezzo !== 'm3';
        const prezzoT =
          blocco.prezzoListino == null
            ? null
            : blocco.unitaPrezzo === 'q'
              ? roundTo(blocco.prezzoListino * 10, 2)
              : blocco.unitaPrezzo === 't'
                ? blocco.prezzoListino
                : null;
        const riga = await repo.insertRiga(tx, {
          collaudoId: id,
          bloccoId,
          statoPrecedente: statoEffettivo,
          opzioneScadenzaPrecedente: statoEffettivo === 'opzionato' ? blocco.opzioneScadenza : null,
          unitaPrezzo: aPeso ? 't' : 'm3',
          prezzo: aPeso ? prezzoT : blocco.prezzoListino,
        });
        await storeFigures(tx, await joinedRiga(tx, id, riga.id));
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
    },

    /** `ifMatch`: the row's `updatedAt` the client saw; another since is a 409 and nothing is written. */
    async updateRiga(
      actor: Actor,
      id: string,
      rigaId: string,
      body: CollaudoRigaUpdate,
      ifMatch?: Date,
    ): Promise<Collaudo> {
      return db.transaction(async (tx) => {
        await lockModificabile(tx, actor.companyId, id);
        await assertUnchanged(
          tx,
          repo.rigaVersion(id, rigaId),
          ifMatch,
          STALE_MESSAGES.rigaCollaudo,
        );
        const current = await repo.findRiga(tx, id, rigaId);
        if (!current) throw notFound('Riga del collaudo non trovata');
        const { categoria } = await blocchi.get(null, actor.companyId, current.bloccoId, tx);
        if (
          informeAVolume({
            categoria,
            unitaPrezzo: body.unitaPrezzo ?? current.unitaPrezzo,
            prezzo: body.prezzo !== undefined ? body.prezzo : current.prezzo,
          })
        )
          throw badRequest(INFORMI_A_PESO, [{ path: 'unitaPrezzo', message: INFORMI_A_PESO }]);
        const values = { ...body };
        // No type, no value: an abbuono is the pair.
        if (values.abbuonoTipo === null) values.abbuonoValore = null;
        const row = await repo.updateRiga(tx, id, rigaId, values);
        await storeFigures(tx, await joinedRiga(tx, id, rigaId));
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
    },

    async removeRiga(actor: Actor, id: string, rigaId: string): Promise<Collaudo> {
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
    },

    /** The cliente's page: its collaudi, and the blocks it bought through the confirmed ones. */
    async ofCliente(companyId: string, clienteId: string): Promise<CollaudiOfCliente> {
      const rows = await repo.ofCliente(db, companyId, clienteId);
      const righe = await righeOf(
        db,
        rows.map((r) => r.collaudo.id),
      );
      const acquistati = rows
        .filter((r) => r.collaudo.stato === 'confermato')
        .flatMap((r) =>
          righe
            .filter((x) => x.collaudoId === r.collaudo.id && isAccettato(x.riga.esito as Esito))
            .map((x) => {
              // a confirmed collaudo: what was sold, as stored at confirmation
              const f = figuresShown('confermato', x.riga, x.blocco);
              return {
                _id: x.blocco.id,
                codice: x.blocco.codice,
                origine: x.blocco.origine,
                stato: x.blocco.stato as BloccoStato,
                materiale: { _id: x.blocco.materialeId, nome: x.blocco.materialeNome },
                volumeNettoAccettato: f.volumeNettoAccettato,
                importo: f.importo,
                collaudo: { _id: r.collaudo.id, codice: r.collaudo.codice, data: r.collaudo.data },
              };
            }),
        );
      return {
        collaudi: rows.map((r) =>
          toListItem(
            r,
            righe.filter((x) => x.collaudoId === r.collaudo.id),
          ),
        ),
        blocchiAcquistati: acquistati,
      };
    },
  };
}

function elenco(codici: string[]): string {
  const shown =
    codici.length > 5
      ? `${codici.slice(0, 5).join(', ')} e altri ${codici.length - 5}`
      : codici.join(', ');
  return codici.length === 1 ? `del blocco ${shown}` : `dei blocchi ${shown}`;
}
