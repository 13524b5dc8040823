import {
  LAVORAZIONE_LASTRE_STATO_LABELS,
  SCELTE,
  areaM2,
  lastraCodice,
  mqLastre,
  resaSegagione,
  resaTeoricaBlocco,
  roundTo,
  verificaSegagione,
  type AnagraficaPickerItem,
  type BloccoSegabile,
  type LavorazioneLastre,
  type LavorazioneLastreCompleta,
  type LavorazioneLastreCreate,
  type LavorazioneLastreListItem,
  type LavorazioneLastreListQuery,
  type LavorazioneLastreStatoBody,
  type LavorazioneLastreSummary,
  type LavorazioneLastreUpdate,
  type MacchinaPicker,
  type Page,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import {
  diffChanges,
  initialValues,
  listHistory,
  recordAudit,
  recordAuditMany,
  type AuditEntry,
  type HistoryItem,
} from '../../lib/audit.js';
import { nextCode } from '../../lib/codes.js';
import { constraintError } from '../../lib/db-errors.js';
import { todayInRome } from '../../lib/dates.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { exportPages, streamExport, type ExportStream } from '../../lib/export.js';
import { pageOfRows } from '../../lib/pagination.js';
import { changeState } from '../../lib/state-change.js';
import type { Actor } from '../../lib/actor.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BlocchiService } from '../blocchi/blocchi.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import type { MagazzinoService, NewLastra } from '../magazzino/magazzino.service.js';
import {
  registerLavorazioneLastreEntity,
  registerLavorazioneLastreGenealogy,
} from './lavorazioni-lastre.entity.js';
import { lavorazioneLastreExportColumns } from './lavorazioni-lastre.export.js';
import {
  LAVORAZIONE_LASTRE_FIELDS,
  toLavorazioneDto,
  toListItem,
} from './lavorazioni-lastre.mapper.js';
import * as repo from './lavorazioni-lastre.repository.js';

const { notFound: NOT_FOUND, stale: STALE } = repo.LAVORAZIONE_LASTRE_STATES.manual.messages;
const GIA_APERTA = 'Il blocco ha già una segagione pianificata o in corso';
const EXPORT_BATCH = 500;

type Scelta = (typeof SCELTE)[number];

/** A bundle is sold at the grade of its poorest slab. */
function sceltaDelPacco(slabs: readonly { scelta: string }[]): Scelta {
  return slabs.reduce<Scelta>(
    (worst, l) =>
      SCELTE.indexOf(l.scelta as Scelta) > SCELTE.indexOf(worst) ? (l.scelta as Scelta) : worst,
    SCELTE[0],
  );
}

/** The slabs in sawing order, from either body shape. */
function misureOf(body: LavorazioneLastreCompleta) {
  if ('lastre' in body) return body.lastre;
  return Array.from({ length: body.numeroLastre }, () => ({
    lunghezzaMm: body.lunghezzaMm,
    altezzaMm: body.altezzaMm,
    scelta: undefined,
    difetti: undefined,
  }));
}

export type LavorazioniLastreService = ReturnType<typeof createLavorazioniLastreService>;

export function createLavorazioniLastreService(deps: {
  db: Db;
  blocchi: Pick<BlocchiService, 'lockForLavorazione' | 'segabili' | 'transition'>;
  macchine: Pick<LookupsService<'macchine'>, 'find' | 'list'>;
  ubicazioni: Pick<LookupsService<'ubicazioni'>, 'find'>;
  fornitori: Pick<AnagraficaService, 'find' | 'pick'>;
  magazzino: Pick<MagazzinoService, 'caricaPacco' | 'pacchiOfBlocco'>;
  entities: EntityRegistry;
}) {
  const { db, blocchi, macchine, ubicazioni, fornitori, magazzino, entities } = deps;

  async function get(companyId: string, id: string, tx: DbOrTx = db): Promise<LavorazioneLastre> {
    const row = await repo.findJoined(tx, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    return toLavorazioneDto(row, await repo.pacchiOf(tx, companyId, id));
  }

  async function macchinaOf(companyId: string, id: string, tx: DbOrTx) {
    const m = await macchine.find(companyId, id, tx);
    if (!m)
      throw badRequest('Macchina non valida', [
        { path: 'macchinaId', message: 'Macchina non valida' },
      ]);
    if (!m.attiva)
      throw badRequest(`La macchina ${m.nome} non è attiva`, [
        { path: 'macchinaId', message: 'Macchina non attiva' },
      ]);
    return m;
  }
  async function assertTerzista(companyId: string, id: string | null | undefined, tx: DbOrTx) {
    if (id && !(await fornitori.find(companyId, id, tx)))
      throw badRequest('Terzista non valido', [
        { path: 'terzistaId', message: 'Terzista non valido' },
      ]);
  }

  registerLavorazioneLastreEntity(entities);
  registerLavorazioneLastreGenealogy(entities, magazzino);

  return {
    get,

    list(
      companyId: string,
      query: LavorazioneLastreListQuery,
    ): Promise<Page<LavorazioneLastreListItem>> {
      return pageOfRows(repo.listPage(db, companyId, query), toListItem, query);
    },

    async summary(
      companyId: string,
      filter: repo.LavorazioneLastreFilter,
    ): Promise<LavorazioneLastreSummary> {
      const s = await repo.summary(db, companyId, filter);
      return {
        count: s.count,
        numeroLastre: s.numeroLastre,
        mqTotali: roundTo(s.mqCompletate, 2),
        volumeBlocchi: roundTo(s.volumeCompletate, 3),
        resaMedia: resaSegagione(s.mqCompletate, s.volumeCompletate),
      };
    },

    async history(companyId: string, id: string): Promise<HistoryItem[]> {
      await get(companyId, id);
      return listHistory(db, companyId, 'lavorazione-lastre', id);
    },

    /** The list as a file: its filters and its order, a page of rows at a time. */
    export(
      companyId: string,
      { sort, ...filter }: repo.LavorazioneLastreFilter & { sort?: string },
      format: 'csv' | 'xlsx',
      onError?: (e: unknown) => void,
    ): Promise<ExportStream> {
      const batches = exportPages(EXPORT_BATCH, async (page, limit) =>
        (await repo.listPage(db, companyId, { ...filter, sort, page, limit })).items.map(
          toListItem,
        ),
      );
      return streamExport({
        format,
        columns: lavorazioneLastreExportColumns,
        batches,
        sheet: 'Lavorazioni lastre',
        baseName: 'lavorazioni-lastre',
        onError,
      });
    },

    /** Blocks that may be planned: `disponibile`, own or bought-in, without an open sawing. */
    segabili(companyId: string, q: string | undefined): Promise<BloccoSegabile[]> {
      return blocchi.segabili(companyId, q);
    },

    async macchine(companyId: string): Promise<MacchinaPicker[]> {
      return (await macchine.list(companyId))
        .filter((m) => m.attiva)
        .map((m) => ({
          _id: m._id,
          nome: m.nome,
          tipo: m.tipo,
          kerfMm: m.kerfMm,
          rifiloMm: m.rifiloMm,
        }));
    },

    terzisti(companyId: string, q: string | undefined): Promise<AnagraficaPickerItem[]> {
      return fornitori.pick(companyId, q);
    },

    /** Plans a sawing of a `disponibile` block; its theoretical yield is fixed now, from the machine's kerf and trim. */
    async create(actor: Actor, body: LavorazioneLastreCreate): Promise<LavorazioneLastre> {
      try {
        return await db.transaction(async (tx) => {
          // Locked so an option or a sale cannot slip in between the check and the plan.
          const blocco = await blocchi.lockForLavorazione(tx, actor.companyId, body.bloccoId);
          if (!blocco)
            throw badRequest('Blocco non valido', [
              { path: 'bloccoId', message: 'Blocco non valido' },
            ]);
          if (blocco.statoEffettivo !== 'disponibile')
            throw conflict(
              `Il blocco ${blocco.blocco.codice} non è disponibile: non si può pianificarne la segagione`,
            );
          const macchina = await macchinaOf(actor.companyId, body.macchinaId, tx);
          await assertTerzista(actor.companyId, body.terzistaId, tx);
          const row = await repo.insert(tx, {
            ...body,
            terzistaId: body.contoTerzi ? (body.terzistaId ?? null) : null,
            companyId: actor.companyId,
            codice: await nextCode(tx, 'SG'),
            resaTeorica: resaTeoricaBlocco(blocco.blocco, {
              spessoreMm: body.spessoreMm,
              kerfMm: macchina.kerfMm,
              rifiloMm: macchina.rifiloMm,
            }),
            stato: 'pianificata',
          });
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType: 'lavorazione-lastre',
            entityId: row.id,
            action: 'create',
            userId: actor.userId,
            changes: initialValues(row, LAVORAZIONE_LASTRE_FIELDS),
          });
          return get(actor.companyId, row.id, tx);
        });
      } catch (error) {
        throw constraintError(error, { unique: GIA_APERTA }) ?? error;
      }
    },

    /** The plan changes only while `pianificata`; the note at any time. */
    async update(
      actor: Actor,
      id: string,
      body: LavorazioneLastreUpdate,
    ): Promise<LavorazioneLastre> {
      return db.transaction(async (tx) => {
        const current = await repo.lockInCompany(tx, actor.companyId, id);
        if (!current) throw notFound(NOT_FOUND);
        const { note, ...plan } = body;
        const changesPlan = Object.entries(plan).some(
          ([k, v]) => v !== undefined && v !== current[k as keyof typeof current],
        );
        if (changesPlan && current.stato !== 'pianificata') {
          throw conflict(
            `La lavorazione è «${LAVORAZIONE_LASTRE_STATO_LABELS[current.stato as keyof typeof LAVORAZIONE_LASTRE_STATO_LABELS]}»: si può modificare solo la nota`,
          );
        }
        const next = {
          ...current,
          ...Object.fromEntries(Object.entries(plan).filter(([, v]) => v !== undefined)),
        } as typeof current;
        if (!next.contoTerzi) next.terzistaId = null;
        if (next.contoTerzi && !next.terzistaId) {
          throw badRequest('Per una lavorazione conto terzi scegli il terzista', [
            { path: 'terzistaId', message: 'Per una lavorazione conto terzi scegli il terzista' },
          ]);
        }
        const macchina =
          plan.macchinaId || plan.spessoreMm
            ? await macchinaOf(actor.companyId, next.macchinaId, tx)
            : null;
        const blocco = macchina ? (await repo.findJoined(tx, actor.companyId, id))!.blocco : null;
        if (plan.terzistaId) await assertTerzista(actor.companyId, plan.terzistaId, tx);
        const row = await repo.updateInStato(tx, actor.companyId, id, current.stato, {
          ...(changesPlan
            ? {
                macchinaId: next.macchinaId,
                spessoreMm: next.spessoreMm,
                finitura: next.finitura,
                resinatura: next.resinatura,
                contoTerzi: next.contoTerzi,
                terzistaId: next.terzistaId,
                ...(macchina && blocco
                  ? {
                      resaTeorica: resaTeoricaBlocco(blocco, {
                        spessoreMm: next.spessoreMm,
                        kerfMm: macchina.kerfMm,
                        rifiloMm: macchina.rifiloMm,
                      }),
                    }
                  : {}),
              }
            : {}),
          ...(note !== undefined ? { note } : {}),
        });
        if (!row) throw conflict(STALE);
        const changes = diffChanges(current, row, LAVORAZIONE_LASTRE_FIELDS);
        if (Object.keys(changes).length) {
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType: 'lavorazione-lastre',
            entityId: id,
            action: 'update',
            userId: actor.userId,
            changes,
          });
        }
        return get(actor.companyId, id, tx);
      });
    },

    /** Starting moves the block to `in_segagione`; cancelling a started sawing gives the block back. */
    async changeStato(
      actor: Actor,
      id: string,
      body: LavorazioneLastreStatoBody,
    ): Promise<LavorazioneLastre> {
      return db.transaction(async (tx) => {
        const { from, current } = await changeState(tx, repo.LAVORAZIONE_LASTRE_STATES.manual, {
          companyId: actor.companyId,
          id,
          to: body.stato,
          userId: actor.userId,
          note: body.nota,
          set: () => (body.stato === 'in_segagione' ? { dataInizio: todayInRome() } : {}),
        });
        const block = {
          companyId: actor.companyId,
          origine: null,
          id: current.bloccoId,
          by: 'system' as const,
          userId: actor.userId,
        };
        if (body.stato === 'in_segagione') {
          await blocchi.transition(tx, {
            ...block,
            to: 'in_segagione',
            note: `Segagione ${current.codice} iniziata`,
          });
        } else if (from === 'in_segagione') {
          await blocchi.transition(tx, {
            ...block,
            to: 'disponibile',
            note: `Segagione ${current.codice} annullata`,
          });
        }
        return get(actor.companyId, id, tx);
      });
    },

    /**
     * Completes a sawing and loads its stock, in one transaction: the lavorazione's figures, then
     * the bundles with their numbered slabs and each bundle's `carico`, then the block `segato`.
     * Any refusal along the way (the block moved meanwhile, a second completion) rolls all back.
     */
    async completa(
      actor: Actor,
      id: string,
      body: LavorazioneLastreCompleta,
    ): Promise<LavorazioneLastre> {
      return db.transaction(async (tx) => {
        const locked = await repo.lockInCompany(tx, actor.companyId, id);
        if (!locked) throw notFound(NOT_FOUND);
        if (locked.stato !== 'in_segagione') {
          const label =
            LAVORAZIONE_LASTRE_STATO_LABELS[
              locked.stato as keyof typeof LAVORAZIONE_LASTRE_STATO_LABELS
            ];
          throw conflict(`La lavorazione è «${label}»: si completa solo una segagione in corso`);
        }
        if (!(await ubicazioni.find(actor.companyId, body.ubicazioneId, tx))) {
          throw badRequest('Ubicazione non valida', [
            { path: 'ubicazioneId', message: 'Ubicazione non valida' },
          ]);
        }
        const blocco = await blocchi.lockForLavorazione(tx, actor.companyId, locked.bloccoId);
        if (!blocco) throw notFound('Blocco non trovato');
        const b = blocco.blocco;
        const misure = misureOf(body);
        // the machine as it is now (even if retired since the plan): its kerf and trim bound what the block gives
        const macchina = (await macchine.find(actor.companyId, locked.macchinaId, tx))!;
        const limiti = verificaSegagione(
          b,
          { spessoreMm: locked.spessoreMm, kerfMm: macchina.kerfMm, rifiloMm: macchina.rifiloMm },
          misure,
        );
        if (!limiti.ok)
          throw badRequest(limiti.message, [
            { path: 'lastre' in body ? 'lastre' : 'numeroLastre', message: limiti.message },
          ]);
        const slabs: NewLastra[] = misure.map((m, i) => ({
          companyId: actor.companyId,
          codice: lastraCodice(b.codice, i + 1),
          bloccoId: b.id,
          progressivo: i + 1,
          lunghezzaMm: m.lunghezzaMm,
          altezzaMm: m.altezzaMm,
          mq: areaM2(m.lunghezzaMm, m.altezzaMm),
          scelta: m.scelta ?? b.scelta,
          difetti: m.difetti ?? [],
        }));
        const mqTotali = mqLastre(misure);
        await changeState(tx, repo.LAVORAZIONE_LASTRE_STATES.system, {
          companyId: actor.companyId,
          id,
          to: 'completata',
          userId: actor.userId,
          // the theoretical yield now of the depth the block was sawn across
          set: () => ({
            dataFine: todayInRome(),
            numeroLastre: slabs.length,
            mqTotali,
            resa: resaSegagione(mqTotali, b.volumeNetto),
            resaTeorica: limiti.resaTeorica,
          }),
          changes: () => ({
            numeroLastre: { from: null, to: slabs.length },
            mqTotali: { from: null, to: mqTotali },
            ...(locked.resaTeorica !== limiti.resaTeorica
              ? { resaTeorica: { from: locked.resaTeorica, to: limiti.resaTeorica } }
              : {}),
          }),
        });

        const perPacco = body.lastrePerPacco ?? slabs.length;
        const audit: AuditEntry[] = [];
        for (let start = 0; start < slabs.length; start += perPacco) {
          const chunk = slabs.slice(start, start + perPacco);
          const codice = await nextCode(tx, 'PK');
          const pacco = await magazzino.caricaPacco(
            tx,
            {
              companyId: actor.companyId,
              userId: actor.userId,
              causale: `Segagione ${locked.codice}`,
            },
            {
              companyId: actor.companyId,
              codice,
              lavorazioneId: id,
              bloccoId: b.id,
              materialeId: b.materialeId,
              spessoreMm: locked.spessoreMm,
              finitura: locked.finitura,
              resinatura: locked.resinatura,
              scelta: sceltaDelPacco(chunk),
              ubicazioneId: body.ubicazioneId,
            },
            chunk,
          );
          const note = `Segagione ${locked.codice}`;
          audit.push({
            companyId: actor.companyId,
            entityType: 'pacco',
            entityId: pacco.id,
            action: 'create',
            userId: actor.userId,
            changes: {
              codice: { from: null, to: codice },
              nLastre: { from: null, to: pacco.nLastre },
              mq: { from: null, to: pacco.mq },
            },
            note,
          });
          for (const lastra of pacco.lastre) {
            audit.push({
              companyId: actor.companyId,
              entityType: 'lastra',
              entityId: lastra.id,
              action: 'create',
              userId: actor.userId,
              changes: {
                codice: { from: null, to: lastra.codice },
                pacco: { from: null, to: codice },
              },
              note,
            });
          }
        }
        await recordAuditMany(tx, audit);
        // Last, so a block that moved meanwhile refuses after the stock is written and rolls it all back.
        await blocchi.transition(tx, {
          companyId: actor.companyId,
          origine: null,
          id: b.id,
          to: 'segato',
          by: 'system',
          userId: actor.userId,
          note: `Segagione ${locked.codice}: ${slabs.length} lastre, ${mqTotali} m²`,
        });
        return get(actor.companyId, id, tx);
      });
    },
  };
}
