import type {
  Ddt,
  DdtDaSpedire,
  DdtExportQuery,
  DdtFilter,
  DdtListItem,
  DdtListQuery,
  DdtSummary,
  GenealogyNode,
  Page,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { listHistory, type HistoryItem } from '../../lib/audit.js';
import { otherCompanies } from '../../lib/companies.js';
import { streamExport } from '../../lib/export.js';
import { pageOfRows } from '../../lib/pagination.js';
import { lastreVendute, venditeLotti, type LastraVenduta } from '../magazzino/stock.reads.js';
import { ddtDto, NOT_FOUND, righeInputOf, type DdtDeps } from './ddt.common.js';
import { avvisiBozza, blocchiVenduti } from './ddt.elementi.js';
import { ddtExportColumns } from './ddt.export.js';
import {
  daSpedireLotto,
  elementoBlocco,
  elementoLastra,
  elementoPacco,
  toListItem,
} from './ddt.mapper.js';
import { partenzaDefault, type createDdtParty, type PartyQuery } from './ddt.party.js';
import * as repo from './ddt.repository.js';

const EXPORT_BATCH = 200;

/** The reads of the spedizioni page: a DDT, the list, its figures and file, what is left to ship. */
export function createDdtQueries(
  { db, clienti, entities }: DdtDeps,
  { partyOf }: ReturnType<typeof createDdtParty>,
) {
  /** A DDT; a draft says what would stop its emission now (`avvisi`). */
  async function get(companyId: string, id: string, tx: DbOrTx = db): Promise<Ddt> {
    const row = await repo.findDdt(tx, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    const righe = await repo.righeOf(tx, id);
    const avvisi =
      row.ddt.stato === 'bozza'
        ? await avvisiBozza(tx, companyId, row.ddt, righeInputOf(righe))
        : [];
    return ddtDto(tx, row, righe, avvisi);
  }

  /**
   * What is sold to the party and not shipped. A group company is reached through its cliente record,
   * only looked up here (a GET writes nothing): without one nothing was ever sold to it.
   */
  async function daSpedire(companyId: string, query: PartyQuery): Promise<DdtDaSpedire> {
    const party = await partyOf(db, companyId, query, false);
    const luogoPartenza = await partenzaDefault(db, companyId);
    if (!party)
      return { destinatario: null, blocchi: [], pacchi: [], lastre: [], lotti: [], luogoPartenza };
    const [bs, slabs, sales] = await Promise.all([
      blocchiVenduti(db, companyId, party.clienteId),
      lastreVendute(db, companyId, party.clienteId),
      venditeLotti(db, companyId, party.clienteId),
    ]);
    const whole = new Map<string, LastraVenduta[]>();
    for (const l of slabs.filter((x) => x.altre === 0))
      whole.set(l.paccoId, [...(whole.get(l.paccoId) ?? []), l]);
    return {
      destinatario: party.destinatario,
      blocchi: bs.map(elementoBlocco),
      pacchi: [...whole.values()].map(elementoPacco),
      lastre: slabs.filter((x) => x.altre > 0).map(elementoLastra),
      lotti: sales.map(daSpedireLotto),
      luogoPartenza,
    };
  }

  function exportList(companyId: string, query: DdtExportQuery, onError: (e: unknown) => void) {
    const { format, ...filter } = query;
    async function* batches() {
      let after: { createdAt: Date; id: string } | null = null;
      for (;;) {
        const rows = await repo.exportBatch(db, companyId, filter, after, EXPORT_BATCH);
        if (rows.length) yield rows.map(toListItem);
        if (rows.length < EXPORT_BATCH) return;
        const last = rows[rows.length - 1]!.ddt;
        after = { createdAt: last.createdAt, id: last.id };
      }
    }
    const columns = ddtExportColumns;
    return streamExport({
      format,
      sheet: 'DDT',
      baseName: 'ddt',
      columns,
      batches: batches(),
      onError,
    });
  }

  return {
    get,
    daSpedire,
    exportList,
    /** The new DDT's pickers under spedizioni (docs/api.md "Shape of the API"): the clienti by name, and the group's other companies. */
    pickClienti: (companyId: string, q: string | undefined) => clienti.pick(companyId, q),
    async ditte(companyId: string) {
      return (await otherCompanies(db, companyId)).map((c) => ({ _id: c.id, name: c.name }));
    },
    list(companyId: string, query: DdtListQuery): Promise<Page<DdtListItem>> {
      return pageOfRows(repo.page(db, companyId, query), toListItem, query);
    },
    summary(companyId: string, filter: DdtFilter): Promise<DdtSummary> {
      return repo.summary(db, companyId, filter);
    },
    async history(companyId: string, id: string): Promise<HistoryItem[]> {
      await get(companyId, id);
      return listHistory(db, companyId, 'ddt', id);
    },
    /** What it carried and to whom (the items' own genealogies name the DDT back). */
    async genealogy(companyId: string, id: string): Promise<GenealogyNode[]> {
      await get(companyId, id);
      return entities.genealogyOf(db, 'ddt', companyId, id);
    },
  };
}
