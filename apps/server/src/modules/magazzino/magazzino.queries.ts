import type {
  GenealogyNode,
  Lastra,
  LastraListQuery,
  Lotto,
  LottoListQuery,
  Movimento,
  MovimentoListQuery,
  Pacco,
  PaccoDetail,
  PaccoListQuery,
  Page,
  StockSummary,
} from '@gestcava/contracts';
import { listHistory, type HistoryItem } from '../../lib/audit.js';
import { pageOfRows, toPage } from '../../lib/pagination.js';
import {
  createFinders,
  rounded,
  withScelte,
  type Filter,
  type MagazzinoDeps,
  type StockKind,
} from './magazzino.common.js';
import { toLastraDto, toLottoDto, toMovimentoDto, toPaccoDetailDto } from './magazzino.mapper.js';
import { ddtRefsOfItem } from '../ddt/ddt.reads.js';
import * as repo from './magazzino.repository.js';
import * as lastreRepo from './magazzino-lastre.repository.js';
import * as lottiRepo from './magazzino-lotti.repository.js';

/** The lists of `/api/magazzino/*` with their totals, and the ledger. */
export function createMagazzinoLists({ db }: MagazzinoDeps) {
  return {
    async pacchi(companyId: string, query: PaccoListQuery): Promise<Page<Pacco>> {
      const { items, counted } = await repo.pacchiPage(db, companyId, query);
      return toPage(await withScelte(db, companyId, items), counted, query.page, query.limit);
    },
    async pacchiSummary(companyId: string, filter: Filter<PaccoListQuery>): Promise<StockSummary> {
      return rounded(await repo.pacchiSummary(db, companyId, filter));
    },

    lastre(companyId: string, query: LastraListQuery): Promise<Page<Lastra>> {
      return pageOfRows(lastreRepo.lastrePage(db, companyId, query), toLastraDto, query);
    },
    async lastreSummary(companyId: string, filter: Filter<LastraListQuery>): Promise<StockSummary> {
      return rounded(await lastreRepo.lastreSummary(db, companyId, filter));
    },

    lotti(companyId: string, query: LottoListQuery): Promise<Page<Lotto>> {
      return pageOfRows(lottiRepo.lottiPage(db, companyId, query), toLottoDto, query);
    },
    async lottiSummary(companyId: string, filter: Filter<LottoListQuery>): Promise<StockSummary> {
      return rounded(await lottiRepo.lottiSummary(db, companyId, filter));
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
  };
}

/** A bundle's, slab's or lot's detail, history and genealogy (404 when the company has no such item). */
export function createMagazzinoItems({ db, entities }: MagazzinoDeps) {
  const find = createFinders(db);
  return {
    async pacco(companyId: string, id: string): Promise<PaccoDetail> {
      const [scelte, slabs] = await Promise.all([
        repo.scelteOfPacchi(db, companyId, [id]),
        lastreRepo.lastreOfPacco(db, companyId, id),
      ]);
      return {
        ...toPaccoDetailDto(await find.pacco(companyId, id), scelte.get(id) ?? [], slabs),
        ddt: await ddtRefsOfItem(db, companyId, id),
      };
    },
    async lastra(companyId: string, id: string): Promise<Lastra> {
      return {
        ...toLastraDto(await find.lastra(companyId, id)),
        ddt: await ddtRefsOfItem(db, companyId, id),
      };
    },
    async lotto(companyId: string, id: string): Promise<Lotto> {
      return {
        ...toLottoDto(await find.lotto(companyId, id)),
        ddt: await ddtRefsOfItem(db, companyId, id),
      };
    },
    async history(kind: StockKind, companyId: string, id: string): Promise<HistoryItem[]> {
      await find[kind](companyId, id);
      return listHistory(db, companyId, kind, id);
    },
    async genealogy(kind: StockKind, companyId: string, id: string): Promise<GenealogyNode[]> {
      await find[kind](companyId, id);
      return entities.genealogyOf(db, kind, companyId, id);
    },
  };
}
