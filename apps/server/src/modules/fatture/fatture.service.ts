import type {
  DaFatturare,
  Fattura,
  FatturaCreate,
  FatturaEsitoBody,
  FatturaExportQuery,
  FatturaFilter,
  FatturaListItem,
  FatturaListQuery,
  FatturaSummary,
  GenealogyNode,
  Page,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { listHistory, recordAudit, type HistoryItem } from '../../lib/audit.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { exportPages, streamExport } from '../../lib/export.js';
import { pageOfRows } from '../../lib/pagination.js';
import { buildDraft } from './fatture.draft.js';
import { perDdt, righeDdtDaFatturare } from './fatture.ddt-lines.js';
import { createEmissione, type EmissioneFaults } from './fatture.emissione.js';
import { fattureExportColumns } from './fatture.export.js';
import { toFatturaDto, toListItem } from './fatture.mapper.js';
import * as repo from './fatture.repository.js';

export const NOT_FOUND = 'Fattura non trovata';
export const EMESSA = 'Una fattura emessa si corregge con una nota di credito';

export type FattureService = ReturnType<typeof createFattureService>;

/**
 * The electronic invoice (docs/fatture.md): drafts written from DDTs and free lines, emission with the
 * fiscal number, the SDI's outcomes. `faults` is a test seam: a fault injected into the emission.
 */
export function createFattureService(deps: {
  db: Db;
  entities: EntityRegistry;
  faults?: EmissioneFaults;
}) {
  const { db, entities } = deps;

  async function get(companyId: string, id: string, tx: DbOrTx = db): Promise<Fattura> {
    const row = await repo.rows.find(tx, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    const [righe, esiti, ddt, collegata, createdBy] = await Promise.all([
      repo.righeOf(tx, id),
      repo.esitiOf(tx, id),
      repo.ddtRefsOf(tx, companyId, id),
      row.fatturaCollegataId ? repo.rows.find(tx, companyId, row.fatturaCollegataId) : undefined,
      repo.createdByOf(tx, row.createdBy),
    ]);
    return toFatturaDto({ row, righe, esiti, ddt, collegata, createdBy });
  }

  /** The draft locked for a change; an emitted invoice is 409. */
  async function lockBozza(tx: DbOrTx, companyId: string, id: string) {
    const row = await repo.rows.findForUpdate(tx, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    if (row.stato !== 'bozza') throw conflict(EMESSA);
    return row;
  }

  const emissione = createEmissione({ db, get, faults: deps.faults });

  return {
    get,
    ...emissione,

    async create(actor: Actor, body: FatturaCreate): Promise<Fattura> {
      const id = await db.transaction(async (tx) => {
        const { row, righe } = await buildDraft(tx, actor.companyId, body);
        const created = await repo.rows.insert(tx, actor.companyId, {
          ...row,
          createdBy: actor.userId,
        });
        await repo.replaceRighe(tx, created.id, righe);
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'fattura',
          entityId: created.id,
          action: 'create',
          userId: actor.userId,
          note: `Bozza ${body.tipoDocumento} per ${row.cessionario.ragioneSociale}, ${righe.length} righe`,
        });
        return created.id;
      });
      return get(actor.companyId, id);
    },

    /** The whole draft again (PUT); a corrected invoice keeps its number and date. */
    async update(actor: Actor, id: string, body: FatturaCreate): Promise<Fattura> {
      await db.transaction(async (tx) => {
        const current = await lockBozza(tx, actor.companyId, id);
        if (current.numero != null && body.data !== current.data)
          throw conflict('Una fattura scartata si corregge con lo stesso numero e la stessa data');
        const { row, righe } = await buildDraft(tx, actor.companyId, body);
        await repo.rows.update(tx, actor.companyId, id, row);
        await repo.replaceRighe(tx, id, righe);
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'fattura',
          entityId: id,
          action: 'update',
          userId: actor.userId,
          note: `${righe.length} righe, totale ${row.totale.toFixed(2)}`,
        });
      });
      return get(actor.companyId, id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockBozza(tx, actor.companyId, id);
        if (row.numero != null)
          throw conflict(
            'Una fattura scartata ha già il suo numero: correggila ed emettila di nuovo',
          );
        await repo.deleteBozza(tx, actor.companyId, id);
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'fattura',
          entityId: id,
          action: 'delete',
          userId: actor.userId,
        });
      });
    },

    async daFatturare(companyId: string, clienteId: string): Promise<DaFatturare> {
      return { ddt: perDdt(await righeDdtDaFatturare(db, companyId, clienteId)) };
    },

    list(companyId: string, query: FatturaListQuery): Promise<Page<FatturaListItem>> {
      return pageOfRows(repo.page(db, companyId, query), toListItem, query);
    },

    summary(companyId: string, filter: FatturaFilter): Promise<FatturaSummary> {
      return repo.summary(db, companyId, filter);
    },

    exportList(companyId: string, query: FatturaExportQuery, onError: (e: unknown) => void) {
      const { format, ...filter } = query;
      return streamExport({
        format,
        sheet: 'Fatture',
        baseName: 'fatture',
        columns: fattureExportColumns,
        batches: exportPages(500, async (page, limit) => {
          const result = await repo.page(db, companyId, { ...filter, page, limit });
          return result.items.map(toListItem);
        }),
        onError,
      });
    },

    async history(companyId: string, id: string): Promise<HistoryItem[]> {
      await get(companyId, id);
      return listHistory(db, companyId, 'fattura', id);
    },

    async genealogy(companyId: string, id: string): Promise<GenealogyNode[]> {
      await get(companyId, id);
      return entities.genealogyOf(db, 'fattura', companyId, id);
    },
  };
}

export type { FatturaEsitoBody };
