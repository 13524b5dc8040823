import type {
  Blocco,
  BloccoFilter,
  BloccoListItem,
  BloccoListQuery,
  BloccoOrigine,
  BloccoSort,
  BloccoSummary,
  GenealogyNode,
  Page,
} from '@gestcava/contracts';
import { historyOfReadable, type HistoryItem } from '../../lib/audit.js';
import { streamExport, type ExportStream } from '../../lib/export.js';
import { toPage } from '../../lib/pagination.js';
import { notFound } from '../../lib/app-error.js';
import { NOT_FOUND, type BlocchiCore, type BlocchiDeps } from './blocchi.core.js';
import { bloccoExportColumns } from './blocchi.export.js';
import { toBloccoDto, type BloccoJoined } from './blocchi.mapper.js';
import * as repo from './blocchi.repository.js';

/** The list pages' reads (own and bought-in blocks): the page, its totals, the file. */
function createBlocchiListQueries({ db, counts }: BlocchiDeps) {
  async function list(
    origine: BloccoOrigine,
    companyId: string,
    query: BloccoListQuery,
  ): Promise<Page<BloccoListItem>> {
    const { page, limit, sort: _sort, ...filter } = query;
    const search = await repo.withMaterialiDelTesto(db, counts, companyId, query);
    // At once: on PostgreSQL the two statements run on two connections, so the page waits for the
    // slower of the two instead of their sum; PGlite runs them one after the other either way.
    const [items, counted] = await Promise.all([
      repo.listItems(db, companyId, origine, search),
      // keyed by the material ids it counted with too: a count that read ids from before a
      // material's rename is kept under those ids, never served for the new ones
      counts.get(JSON.stringify([companyId, origine, filter, search.materialiDelTesto]), () =>
        repo.countMatching(db, companyId, origine, search),
      ),
    ]);
    return toPage(items, counted, page, limit);
  }

  async function summary(
    origine: BloccoOrigine,
    companyId: string,
    filter: BloccoFilter,
  ): Promise<BloccoSummary> {
    const search = await repo.withMaterialiDelTesto(db, counts, companyId, filter);
    return repo.summary(db, companyId, origine, search);
  }

  /** The list as a file: its filters and its order (`sort`). */
  function exportList(
    origine: BloccoOrigine,
    companyId: string,
    { sort, ...filter }: BloccoFilter & { sort?: BloccoSort },
    format: 'csv' | 'xlsx',
    onError?: (e: unknown) => void,
  ): Promise<ExportStream> {
    const rows = (async function* () {
      const search = await repo.withMaterialiDelTesto(db, counts, companyId, filter);
      for await (const batch of repo.batches(db, companyId, origine, search, sort))
        yield batch.map(toBloccoDto);
    })();
    return streamExport({
      format,
      columns: bloccoExportColumns(origine),
      batches: rows,
      sheet: origine === 'interno' ? 'Blocchi' : 'Blocchi esterni',
      baseName: origine === 'interno' ? 'blocchi' : 'blocchi-esterni',
      onError,
    });
  }

  return { list, summary, export: exportList };
}

/** One block's reads (its page, history, genealogy) and a bancata's blocks. */
function createBlocchiDetailQueries({ db, bancate, entities }: BlocchiDeps, { get }: BlocchiCore) {
  /** A bancata's blocchi, for its detail page (read under the bancate permission). */
  async function ofBancata(companyId: string, bancataId: string): Promise<Blocco[]> {
    await bancate.get(companyId, bancataId);
    const rows: BloccoJoined[] = [];
    for await (const batch of repo.batches(db, companyId, 'interno', { bancataId }, 'createdAt'))
      rows.push(...batch);
    return rows.map(toBloccoDto);
  }

  return {
    get,
    ofBancata,
    /** The block's page: the block and the DDTs it left with. */
    async detail(origine: BloccoOrigine, companyId: string, id: string): Promise<Blocco> {
      const row = await repo.findDetail(db, companyId, origine, id);
      if (!row) throw notFound(NOT_FOUND);
      return { ...toBloccoDto(row), ddt: row.ddt };
    },
    /** The block's timeline, read with the block's own check in one statement. */
    async history(origine: BloccoOrigine, companyId: string, id: string): Promise<HistoryItem[]> {
      return historyOfReadable(
        db,
        companyId,
        'blocco',
        id,
        repo.readableGuard(companyId, origine, id),
        () => get(origine, companyId, id),
      );
    },
    async genealogy(
      origine: BloccoOrigine,
      companyId: string,
      id: string,
    ): Promise<GenealogyNode[]> {
      await get(origine, companyId, id);
      return entities.genealogyOf(db, 'blocco', companyId, id);
    },
  };
}

/** The reads of the two block pages (own and bought-in) and of a bancata's page. */
export function createBlocchiQueries(deps: BlocchiDeps, core: BlocchiCore) {
  return { ...createBlocchiListQueries(deps), ...createBlocchiDetailQueries(deps, core) };
}
