import type {
  Anagrafica,
  AnagraficaFilter,
  AnagraficaListQuery,
  AnagraficaPickerItem,
  AnagraficaSummary,
  Page,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { listHistory, type HistoryItem } from '../../lib/audit.js';
import { pageOfRows } from '../../lib/pagination.js';
import type { AnagraficaCore } from './anagrafica.core.js';
import { toAnagraficaDto } from './anagrafica.mapper.js';
import * as repo from './anagrafica.repository.js';

/** The reads of clienti or fornitori: the list, its totals, the picker, one record, its history. */
export function createAnagraficaQueries({ db, table, entityType, getRow }: AnagraficaCore) {
  return {
    list(companyId: string, query: AnagraficaListQuery): Promise<Page<Anagrafica>> {
      return pageOfRows(repo.listPage(db, table, companyId, query), toAnagraficaDto, query);
    },

    /** Active records for another module's picker: at most 20, the fields a choice needs. */
    async pick(companyId: string, q: string | undefined): Promise<AnagraficaPickerItem[]> {
      const rows = await repo.pickList(db, table, companyId, q);
      return rows.map((r) => ({
        _id: r.id,
        ragioneSociale: r.ragioneSociale,
        partitaIva: r.partitaIva,
        comune: r.comune,
        nazione: r.nazione,
      }));
    },

    async summary(companyId: string, filter: AnagraficaFilter): Promise<AnagraficaSummary> {
      const s = await repo.summary(db, table, companyId, filter);
      return { ...s, nonAttivi: s.totale - s.attivi, esteri: s.totale - s.italiani };
    },

    async get(companyId: string, id: string): Promise<Anagrafica> {
      return toAnagraficaDto(await getRow(companyId, id));
    },

    async history(companyId: string, id: string): Promise<HistoryItem[]> {
      await getRow(companyId, id);
      return listHistory(db, companyId, entityType, id);
    },
  };
}

/** What other modules read: a record by id, and the record naming a company of the group. */
export function createAnagraficaLookups({ db, table }: AnagraficaCore) {
  return {
    /** A record of this company (for other modules' checks), or undefined. */
    find: (companyId: string, id: string, tx: DbOrTx = db) =>
      repo.findInCompany(tx, table, companyId, id),
    /** The record naming a group company here (a transfer's cliente or fornitore), created if missing. */
    findForDitta: (db: DbOrTx, companyId: string, ditta: repo.DittaDelGruppo) =>
      repo.findForDitta(db, table, companyId, ditta),
    ensureForDitta: (tx: DbOrTx, companyId: string, ditta: repo.DittaDelGruppo) =>
      repo.ensureForDitta(tx, table, companyId, ditta),
  };
}
