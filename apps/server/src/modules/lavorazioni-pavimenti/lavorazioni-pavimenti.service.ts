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

export type LavorazioniPavimentiService = ReturnType<typeof createLavorazioniPavimentiService>;

/**
 * Tiles cut from a block (tagliablocchi) or from slabs (docs/domain.md "Lavorazione pavimenti"). The block
 * moves through the blocchi service; the slabs and the lot through the magazzino's stock operations, inside this
 * module's transactions.
 */
export function createLavorazioniPavimentiService(deps: {
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
}) {
  const { db, blocchi, magazzino, ubicazioni, entities } = deps;

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
  async function bloccoOf(companyId: string, bloccoId: string, tx: DbOrTx) {
    try {
      return await blocchi.get(null, companyId, bloccoId, tx);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND')
        throw badRequest('Blocco non valido', [{ path: 'bloccoId', message: 'Blocco non valido' }]);
      throw error;
    }
  }

  /** The slabs to cut, locked; all the company's, `disponibile`, of one material and free of other plans. */
  async function lastreDaTagliare(companyId: string, ids: readonly string[], tx: DbOrTx) {
    // their bundles first, as every slab transaction takes them
    await magazzino.lockPacchiOfLastre(tx, companyId, ids);
    const rows = await repo.lockLastre(tx, companyId, ids);
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
    const altrove = await repo.lastreInAltreLavorazioni(tx, ids);
    if (altrove.length)
      throw conflict(
        `${elenco(altrove)} ${altrove.length === 1 ? 'è già' : 'sono già'} in un'altra lavorazione pavimenti`,
      );
    return rows;
  }

  /** The block or slabs go into (or come back from) the saw with the lavorazione's state. */
  async function moveMaterial(
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
    const ids = (await repo.lastreOf(tx, lav.id)).map((l) => l.id);
    const [from, to] =
      move === 'start' ? ['disponibile', 'in_lavorazione'] : ['in_lavorazione', 'disponibile'];
    const moved = await (move === 'start' ? magazzino.impegnaLastre : magazzino.liberaLastre)(
      tx,
      actor.companyId,
      ids,
    );
    await recordAuditMany(
      tx,
      moved.map((l) => ({
        companyId: actor.companyId,
        entityType: 'lastra',
        entityId: l.id,
        action: 'stato',
        userId: actor.userId,
        changes: { stato: { from, to } },
        note,
      })),
    );
  }

  registerLavorazionePavimentiEntity(entities);
  registerLavorazionePavimentiGenealogy(entities, magazzino);

  return {
    get,

    list(
      companyId: string,
      query: LavorazionePavimentiListQuery,
    ): Promise<Page<LavorazionePavimentiListItem>> {
      return pageOfRows(repo.listPage(db, companyId, query), toListItem, query);
    },

    async summary(
      companyId: string,
      filter: LavorazionePavimentiFilter,
    ): Promise<LavorazionePavimentiSummary> {
      return repo.summary(db, companyId, filter);
    },

    export: (
      companyId: string,
      query: LavorazionePavimentiExportQuery,
      onError?: (e: unknown) => void,
    ) => exportLavorazioniPavimenti(db, companyId, query, onError),

    async history(companyId: string, id: string): Promise<HistoryItem[]> {
      await get(companyId, id);
      return listHistory(db, companyId, ENTITY, id);
    },

    blocchiTagliabili(companyId: string, q: string | undefined): Promise<BloccoSegabile[]> {
      return blocchi.segabili(companyId, q);
    },

    lastreTagliabili(companyId: string, query: LastraTagliabileQuery): Promise<LastraTagliabile[]> {
      return repo.lastreTagliabili(db, companyId, query);
    },

    /** A plan from a `disponibile` block or from `disponibile` slabs of one material (the origin is whichever is given). */
    async create(
      actor: Actor,
      { bloccoId, lastraIds, ...plan }: LavorazionePavimentiCreate,
    ): Promise<LavorazionePavimenti> {
      return db.transaction(async (tx) => {
        let origin: Pick<LavorazioneRow, 'origine' | 'bloccoId' | 'materialeId'>;
        let codiciLastre: string[] = [];
        if (bloccoId) {
          const blocco = await bloccoOf(actor.companyId, bloccoId, tx);
          if (blocco.stato !== 'disponibile') {
            throw conflict(
              `Il blocco ${blocco.codice} è «${BLOCCO_STATO_LABELS[blocco.stato]}»: si taglia solo un blocco disponibile`,
            );
          }
          origin = { origine: 'blocco', bloccoId: blocco._id, materialeId: blocco.materiale._id };
        } else {
          const slabs = await lastreDaTagliare(actor.companyId, lastraIds!, tx);
          const blocks = new Set(slabs.map((s) => s.bloccoId));
          origin = {
            origine: 'lastre',
            bloccoId: blocks.size === 1 ? slabs[0]!.bloccoId : null,
            materialeId: slabs[0]!.materialeId,
          };
          codiciLastre = slabs.map((s) => s.codice).sort();
        }
        const row = await repo.insert(tx, {
          ...plan,
          ...origin,
          companyId: actor.companyId,
          codice: await nextCode(tx, 'LP'),
          stato: 'pianificata',
        });
        if (lastraIds) await repo.insertLastre(tx, row.id, lastraIds);
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: ENTITY,
          entityId: row.id,
          action: 'create',
          userId: actor.userId,
          changes: {
            ...initialValues(row, LAVORAZIONE_PAVIMENTI_FIELDS),
            ...(codiciLastre.length ? { lastre: { from: null, to: codiciLastre } } : {}),
          },
        });
        return get(actor.companyId, row.id, tx);
      });
    },

    /** The plan changes only while `pianificata`; the note at any time. */
    async update(
      actor: Actor,
      id: string,
      body: LavorazionePavimentiUpdate,
    ): Promise<LavorazionePavimenti> {
      return db.transaction(async (tx) => {
        const current = await repo.lockInCompany(tx, actor.companyId, id);
        if (!current) throw notFound(NOT_FOUND);
        const planChanged = Object.entries(body).some(
          ([key, value]) => key !== 'note' && value !== undefined,
        );
        if (planChanged && current.stato !== 'pianificata') {
          throw conflict(
            `La lavorazione è «${LAVORAZIONE_PAVIMENTI_STATO_LABELS[current.stato as LavorazionePavimentiStato]}»: se ne può modificare solo la nota`,
          );
        }
        const row = await repo.updateInStato(tx, actor.companyId, id, current.stato, body);
        if (!row) throw conflict(STATES.messages.stale);
        const changes = diffChanges(current, row, LAVORAZIONE_PAVIMENTI_FIELDS);
        if (Object.keys(changes).length) {
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType: ENTITY,
            entityId: id,
            action: 'update',
            userId: actor.userId,
            changes,
          });
        }
        return get(actor.companyId, id, tx);
      });
    },

    /**
     * `in_lavorazione` takes the block (→ in_segagione) or the slabs (→ in_lavorazione) and dates the
     * start; `annullata` gives them back if the work had started. All in one transaction.
     */
    async changeStato(
      actor: Actor,
      id: string,
      { stato: to, nota }: LavorazionePavimentiStatoBody,
    ): Promise<LavorazionePavimenti> {
      return db.transaction(async (tx) => {
        const { from, current } = await changeState(tx, STATES, {
          companyId: actor.companyId,
          id,
          to,
          userId: actor.userId,
          note: nota,
          set: () => (to === 'in_lavorazione' ? { dataInizio: todayInRome() } : {}),
        });
        if (to === 'in_lavorazione') await moveMaterial(tx, actor, current, 'start');
        else if (from === 'in_lavorazione') await moveMaterial(tx, actor, current, 'giveBack');
        return get(actor.companyId, id, tx);
      });
    },

    /**
     * One transaction: the lavorazione becomes `completata` with its pieces, m² and yield, the tile lot
     * is loaded with its `carico`, then the block becomes `segato` or the slabs leave stock with a
     * `scarico` each. Any refusal on the way leaves nothing written.
     */
    async completa(
      actor: Actor,
      id: string,
      body: LavorazionePavimentiCompleta,
    ): Promise<LavorazionePavimenti> {
      return db.transaction(async (tx) => {
        const locked = await repo.lockInCompany(tx, actor.companyId, id);
        if (!locked) throw notFound(NOT_FOUND);
        if (locked.stato !== 'in_lavorazione') {
          throw conflict(
            `Si completa solo una lavorazione in corso: questa è «${LAVORAZIONE_PAVIMENTI_STATO_LABELS[locked.stato as LavorazionePavimentiStato]}»`,
          );
        }
        if (!(await ubicazioni.find(actor.companyId, body.ubicazioneId, tx))) {
          throw badRequest('Ubicazione non valida', [
            { path: 'ubicazioneId', message: 'Ubicazione non valida' },
          ]);
        }
        const slabs = locked.origine === 'lastre' ? await repo.lastreOf(tx, id) : [];
        const { limite, fonte, blocco } = await sourceOf(actor.companyId, locked, slabs, tx);
        const verifica = verificaPiastrelle(limite, locked, body.pezzi, fonte);
        if (!verifica.ok)
          throw badRequest(verifica.message, [{ path: 'pezzi', message: verifica.message }]);
        const mq = verifica.mqProdotti;
        let resa: number | null;
        let scelta: Scelta;
        let slabIds: string[] = [];
        if (blocco) {
          resa = resaSegagione(mq, blocco.volumeNetto);
          scelta = blocco.scelta;
        } else {
          slabIds = slabs.map((s) => s.id);
          resa = resaPavimenti(
            mq,
            sumRounded(
              slabs.map((s) => s.mq),
              2,
            ),
          );
          // A lot is as good as its poorest slab.
          scelta = SCELTE[Math.max(...slabs.map((s) => SCELTE.indexOf(s.scelta as Scelta)))]!;
        }
        const risultato = {
          dataFine: todayInRome(),
          pezzi: body.pezzi,
          mqProdotti: mq,
          scartoMq: verifica.scartoMq,
          resa,
        };
        await changeState(tx, STATES, {
          companyId: actor.companyId,
          id,
          to: 'completata',
          userId: actor.userId,
          set: () => risultato,
          // only what the completion changed, field by field
          changes: (current) =>
            diffChanges(
              current,
              { ...current, ...risultato },
              Object.keys(risultato) as Array<keyof typeof risultato>,
            ),
        });

        const codiceLotto = await nextCode(tx, 'LO');
        const causale = `Lavorazione pavimenti ${locked.codice}`;
        const lotto = {
          companyId: actor.companyId,
          codice: codiceLotto,
          lavorazioneId: id,
          bloccoId: locked.bloccoId,
          materialeId: locked.materialeId,
          lunghezzaMm: locked.lunghezzaMm,
          larghezzaMm: locked.larghezzaMm,
          spessoreMm: locked.spessoreMm,
          finitura: locked.finitura,
          bordo: locked.bordo,
          calibrato: locked.calibrato,
          scelta,
          pezzi: body.pezzi,
          mq,
          pezziPerCassa: body.pezziPerCassa,
          casse: casse(body.pezzi, body.pezziPerCassa),
          ubicazioneId: body.ubicazioneId,
        };
        const { id: lottoId } = await magazzino.caricaLotto(
          tx,
          { companyId: actor.companyId, userId: actor.userId, causale },
          lotto,
        );
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'lotto',
          entityId: lottoId,
          action: 'create',
          userId: actor.userId,
          changes: Object.fromEntries(
            ['codice', 'pezzi', 'mq', 'pezziPerCassa', 'casse', 'scelta', 'ubicazioneId'].map(
              (k) => [k, { from: null, to: lotto[k as keyof typeof lotto] }],
            ),
          ),
          note: causale,
        });

        // The material is consumed after the lot exists, so a refusal here undoes the lot too.
        if (locked.origine === 'blocco') {
          await blocchi.transition(tx, {
            companyId: actor.companyId,
            origine: null,
            id: locked.bloccoId!,
            to: 'segato',
            by: 'system',
            userId: actor.userId,
            note: `${causale}: lotto ${codiceLotto}`,
          });
        } else {
          await magazzino.scaricaLastreTagliate(
            tx,
            { companyId: actor.companyId, userId: actor.userId, causale },
            slabIds,
          );
        }
        return get(actor.companyId, id, tx);
      });
    },
  };
}

function elenco(codici: string[]): string {
  const shown =
    codici.length > 5
      ? `${codici.slice(0, 5).join(', ')} e altre ${codici.length - 5}`
      : codici.join(', ');
  return codici.length === 1 ? `La lastra ${shown}` : `Le lastre ${shown}`;
}
