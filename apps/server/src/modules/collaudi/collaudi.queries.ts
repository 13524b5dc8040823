import {
  COLLAUDO_STATI,
  isAccettato,
  roundTo,
  type AnagraficaPickerItem,
  type BloccoCollaudabile,
  type BloccoStato,
  type CollaudiOfCliente,
  type CollaudoExportQuery,
  type CollaudoFilter,
  type CollaudoListItem,
  type CollaudoListQuery,
  type CollaudoSummary,
  type Esito,
  type Page,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { listHistory, type HistoryItem } from '../../lib/audit.js';
import { exportPages, streamExport } from '../../lib/export.js';
import { toPage } from '../../lib/pagination.js';
import { ENTITY, NOT_FOUND, type CollaudiCore, type CollaudiDeps } from './collaudi.core.js';
import { collaudoExportColumns } from './collaudi.export.js';
import { figuresShown, listRowOf, toListItem } from './collaudi.mapper.js';
import { listPage } from './collaudi.list.js';
import * as repo from './collaudi.repository.js';

const EXPORT_BATCH = 200;

async function listCollaudi(
  db: DbOrTx,
  companyId: string,
  query: CollaudoListQuery,
): Promise<Page<CollaudoListItem>> {
  const { items, counted } = await listPage(db, companyId, query);
  const rows = items.map(toListItem);
  return toPage(rows, counted, query.page, query.limit);
}

async function summaryCollaudi(
  db: DbOrTx,
  companyId: string,
  filter: CollaudoFilter,
): Promise<CollaudoSummary> {
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
}

function exportCollaudi(
  db: DbOrTx,
  companyId: string,
  { format, sort, ...filter }: CollaudoExportQuery,
  onError?: (e: unknown) => void,
) {
  const batches = exportPages(
    EXPORT_BATCH,
    async (page, limit) =>
      (await listCollaudi(db, companyId, { ...filter, sort, page, limit })).items,
  );
  const columns = collaudoExportColumns;
  return streamExport({
    format,
    columns,
    batches,
    sheet: 'Collaudi',
    baseName: 'collaudi',
    onError,
  });
}

/** The blocks a cliente bought through its confirmed collaudi, as stored at confirmation. */
function acquistatiOf(
  rows: repo.CollaudoJoined[],
  righe: Awaited<ReturnType<typeof repo.righeOf>>,
): CollaudiOfCliente['blocchiAcquistati'] {
  return rows
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
}

/** The cliente's page: its collaudi, and the blocks it bought through the confirmed ones. */
async function collaudiOfCliente(
  db: DbOrTx,
  companyId: string,
  clienteId: string,
): Promise<CollaudiOfCliente> {
  const rows = await repo.ofCliente(db, companyId, clienteId);
  const righe = await repo.righeOf(
    db,
    companyId,
    rows.map((r) => r.collaudo.id),
  );
  const acquistati = acquistatiOf(rows, righe);
  return {
    collaudi: rows.map((r) =>
      toListItem(
        listRowOf(
          r,
          righe.filter((x) => x.collaudoId === r.collaudo.id),
        ),
      ),
    ),
    blocchiAcquistati: acquistati,
  };
}

/** The reads of the collaudi page and of a cliente's page. */
export function createCollaudiQueries(
  { db, blocchi, clienti }: CollaudiDeps,
  { get }: CollaudiCore,
) {
  return {
    get,
    list: (companyId: string, query: CollaudoListQuery) => listCollaudi(db, companyId, query),
    summary: (companyId: string, filter: CollaudoFilter) => summaryCollaudi(db, companyId, filter),
    exportList: (companyId: string, query: CollaudoExportQuery, onError?: (e: unknown) => void) =>
      exportCollaudi(db, companyId, query, onError),
    ofCliente: (companyId: string, clienteId: string) =>
      collaudiOfCliente(db, companyId, clienteId),
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
  };
}
