import {
  roundTo,
  type GenealogyNode,
  type Lastra,
  type LastraListQuery,
  type Lotto,
  type LottoListQuery,
  type Movimento,
  type MovimentoListQuery,
  type Pacco,
  type PaccoDetail,
  type PaccoListQuery,
  type Page,
  type StockSummary,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { listHistory, type HistoryItem } from '../../lib/audit.js';
import type { EntityRegistry } from '../../lib/entities.js';
import {
  exportPages,
  streamExport,
  type ExportColumn,
  type ExportStream,
} from '../../lib/export.js';
import { pageOfRows, toPage } from '../../lib/pagination.js';
import { lastraExportColumns, lottoExportColumns, paccoExportColumns } from './magazzino.export.js';
import * as ledger from './ledger.repository.js';
import { registerMagazzinoEntities } from './magazzino.entity.js';
import {
  toLastraDto,
  toLottoDto,
  toMovimentoDto,
  toPaccoDetailDto,
  toPaccoDto,
} from './magazzino.mapper.js';
import * as registry from './magazzino.registry.js';
import * as repo from './magazzino.repository.js';
import * as lastreRepo from './magazzino-lastre.repository.js';
import * as lottiRepo from './magazzino-lotti.repository.js';

export type { MovimentoMeta, NewLastra, NewLotto, NewPacco } from './ledger.repository.js';
export type { MovimentiScope } from './magazzino-lotti.repository.js';

export type MagazzinoService = ReturnType<typeof createMagazzinoService>;

type Filter<Q> = Omit<Q, 'page' | 'limit' | 'sort'>;

const EXPORT_BATCH = 500;

/** A list's pages one after another, as an export's batches. */
function exportOf<T>(
  page: (n: number) => Promise<T[]>,
  columns: ExportColumn<T>[],
  sheet: string,
  baseName: string,
  format: 'csv' | 'xlsx',
  onError?: (e: unknown) => void,
): Promise<ExportStream> {
  return streamExport({
    format,
    columns,
    batches: exportPages(EXPORT_BATCH, page),
    sheet,
    baseName,
    onError,
  });
}

const NOT_FOUND = {
  pacco: 'Pacco non trovato',
  lastra: 'Lastra non trovata',
  lotto: 'Lotto non trovato',
} as const;

function rounded(s: { count: number; pezzi: number; mq: number; pesoT: number }): StockSummary {
  return { count: s.count, pezzi: s.pezzi, mq: roundTo(s.mq, 2), pesoT: roundTo(s.pesoT, 2) };
}

/**
 * Magazzino lastre and pavimenti. The lavorazioni and the transfers load and unload stock only through
 * its named operations (inside their own transaction); the reads serve `/api/magazzino/*`.
 */
export function createMagazzinoService(deps: { db: Db; entities: EntityRegistry }) {
  const { db, entities } = deps;

  registerMagazzinoEntities(entities);

  async function pacco(companyId: string, id: string) {
    const row = await repo.findPacco(db, companyId, id);
    if (!row) throw notFound(NOT_FOUND.pacco);
    return row;
  }
  async function lastra(companyId: string, id: string) {
    const row = await lastreRepo.findLastra(db, companyId, id);
    if (!row) throw notFound(NOT_FOUND.lastra);
    return row;
  }
  async function lotto(companyId: string, id: string) {
    const row = await lottiRepo.findLotto(db, companyId, id);
    if (!row) throw notFound(NOT_FOUND.lotto);
    return row;
  }
  const exists = { pacco, lastra, lotto };

  /** Bundles with the grades of their slabs (a bundle may mix them). */
  async function withScelte(companyId: string, items: repo.PaccoJoined[]): Promise<Pacco[]> {
    const scelte = await repo.scelteOfPacchi(
      db,
      companyId,
      items.map((j) => j.pacco.id),
    );
    return items.map((j) => toPaccoDto(j, scelte.get(j.pacco.id) ?? []));
  }

  return {
    /** A block's bundles with their slabs in sawing order, for the genealogy its sawings show. */
    pacchiOfBlocco: (tx: DbOrTx, companyId: string, bloccoId: string) =>
      registry.pacchiOfBlocco(tx, companyId, bloccoId),
    /** The lots of some lavorazioni pavimenti, for the genealogy of the block they were cut from. */
    lottiOfLavorazioni: (tx: DbOrTx, companyId: string, lavorazioneIds: string[]) =>
      registry.lottiOfLavorazioni(tx, companyId, lavorazioneIds),

    // The stock operations the lavorazioni and the transfers run inside their own transaction (docs/domain.md
    // "Stock ledger"): each writes its movimenti and guards its updates, so a refusal rolls the caller back.
    /** A new bundle with its slabs (a sawing's output, a transfer's arrival) and its `carico`. */
    caricaPacco: (...args: Parameters<typeof ledger.caricaPacco>) => ledger.caricaPacco(...args),
    /** A new tile lot (a lavorazione's output, a transfer's arrival) and its `carico`. */
    caricaLotto: (...args: Parameters<typeof ledger.caricaLotto>) => ledger.caricaLotto(...args),
    /** Locks the bundles of these slabs: every transaction on slabs takes their bundles first (no deadlock). */
    lockPacchiOfLastre: (tx: DbOrTx, companyId: string, lastraIds: readonly string[]) =>
      ledger.lockPacchi(tx, companyId, { lastraIds }),
    /** Slabs set aside for a lavorazione pavimenti (`disponibile` → `in_lavorazione`): all of them or 409. */
    impegnaLastre: (tx: DbOrTx, companyId: string, ids: readonly string[]) =>
      ledger.cambiaStatoLastre(tx, companyId, ids, 'disponibile', 'in_lavorazione'),
    /** Slabs a lavorazione pavimenti gives back (`in_lavorazione` → `disponibile`): all of them or 409. */
    liberaLastre: (tx: DbOrTx, companyId: string, ids: readonly string[]) =>
      ledger.cambiaStatoLastre(tx, companyId, ids, 'in_lavorazione', 'disponibile'),
    /** Slabs cut into tiles leave stock, one `scarico` each; they stay `in_lavorazione`, the lot's origin. */
    scaricaLastreTagliate: (tx: DbOrTx, meta: ledger.MovimentoMeta, ids: readonly string[]) =>
      ledger.scaricaLastre(tx, meta, ids, 'in_lavorazione', 'in_lavorazione'),

    async pacchi(companyId: string, query: PaccoListQuery): Promise<Page<Pacco>> {
      const { items, counted } = await repo.pacchiPage(db, companyId, query);
      return toPage(await withScelte(companyId, items), counted, query.page, query.limit);
    },
    async pacchiSummary(companyId: string, filter: Filter<PaccoListQuery>): Promise<StockSummary> {
      return rounded(await repo.pacchiSummary(db, companyId, filter));
    },
    async pacco(companyId: string, id: string): Promise<PaccoDetail> {
      const [scelte, slabs] = await Promise.all([
        repo.scelteOfPacchi(db, companyId, [id]),
        lastreRepo.lastreOfPacco(db, companyId, id),
      ]);
      return {
        ...toPaccoDetailDto(await pacco(companyId, id), scelte.get(id) ?? [], slabs),
        ddt: await entities.ddtOf(db, companyId, id),
      };
    },

    lastre(companyId: string, query: LastraListQuery): Promise<Page<Lastra>> {
      return pageOfRows(lastreRepo.lastrePage(db, companyId, query), toLastraDto, query);
    },
    async lastreSummary(companyId: string, filter: Filter<LastraListQuery>): Promise<StockSummary> {
      return rounded(await lastreRepo.lastreSummary(db, companyId, filter));
    },
    async lastra(companyId: string, id: string): Promise<Lastra> {
      return {
        ...toLastraDto(await lastra(companyId, id)),
        ddt: await entities.ddtOf(db, companyId, id),
      };
    },

    lotti(companyId: string, query: LottoListQuery): Promise<Page<Lotto>> {
      return pageOfRows(lottiRepo.lottiPage(db, companyId, query), toLottoDto, query);
    },
    async lottiSummary(companyId: string, filter: Filter<LottoListQuery>): Promise<StockSummary> {
      return rounded(await lottiRepo.lottiSummary(db, companyId, filter));
    },
    async lotto(companyId: string, id: string): Promise<Lotto> {
      return {
        ...toLottoDto(await lotto(companyId, id)),
        ddt: await entities.ddtOf(db, companyId, id),
      };
    },

    /** The lists as files: their filters and their order. */
    exportPacchi(
      companyId: string,
      query: Filter<PaccoListQuery> & { sort?: PaccoListQuery['sort'] },
      format: 'csv' | 'xlsx',
      onError?: (e: unknown) => void,
    ) {
      const page = async (n: number) =>
        withScelte(
          companyId,
          (await repo.pacchiPage(db, companyId, { ...query, page: n, limit: EXPORT_BATCH })).items,
        );
      return exportOf(page, paccoExportColumns, 'Pacchi', 'pacchi', format, onError);
    },
    exportLastre(
      companyId: string,
      query: Filter<LastraListQuery> & { sort?: LastraListQuery['sort'] },
      format: 'csv' | 'xlsx',
      onError?: (e: unknown) => void,
    ) {
      const page = async (n: number) =>
        (
          await lastreRepo.lastrePage(db, companyId, { ...query, page: n, limit: EXPORT_BATCH })
        ).items.map(toLastraDto);
      return exportOf(page, lastraExportColumns, 'Lastre', 'lastre', format, onError);
    },
    exportLotti(
      companyId: string,
      query: Filter<LottoListQuery> & { sort?: LottoListQuery['sort'] },
      format: 'csv' | 'xlsx',
      onError?: (e: unknown) => void,
    ) {
      const page = async (n: number) =>
        (
          await lottiRepo.lottiPage(db, companyId, { ...query, page: n, limit: EXPORT_BATCH })
        ).items.map(toLottoDto);
      return exportOf(page, lottoExportColumns, 'Lotti', 'lotti-pavimenti', format, onError);
    },

    /** The ledger's rows the user may read: slab-side rows need magazzino-lastre, lot rows magazzino-pavimenti. */
    movimenti(
      companyId: string,
      query: MovimentoListQuery,
      scope: lottiRepo.MovimentiScope,
    ): Promise<Page<Movimento>> {
      return pageOfRows(
        lottiRepo.movimentiPage(db, companyId, query, scope),
        toMovimentoDto,
        query,
      );
    },

    async history(
      kind: 'pacco' | 'lastra' | 'lotto',
      companyId: string,
      id: string,
    ): Promise<HistoryItem[]> {
      await exists[kind](companyId, id);
      return listHistory(db, companyId, kind, id);
    },

    async genealogy(
      kind: 'pacco' | 'lastra' | 'lotto',
      companyId: string,
      id: string,
    ): Promise<GenealogyNode[]> {
      await exists[kind](companyId, id);
      return entities.genealogyOf(db, kind, companyId, id);
    },
  };
}
