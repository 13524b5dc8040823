import {
  AUTOMEZZO_LABELS,
  formatTarga,
  type Automezzo,
  type AutomezzoCreate,
  type AutomezzoUpdate,
  type AutomezziFilter,
  type AutomezziListQuery,
  type AutomezziSummary,
  type Page,
} from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/app-error.js';
import { diffChanges, initialValues, recordAudit } from '../../lib/audit.js';
import { constraintError } from '../../lib/db-errors.js';
import {
  exportPages,
  streamExport,
  type ExportColumn,
  type ExportStream,
} from '../../lib/export.js';
import { pageOfRows } from '../../lib/pagination.js';
import { pick } from '../../lib/pick.js';
import { automezziRepository as repo, type AutomezzoRow } from './automezzi.repository.js';

export type AutomezziService = ReturnType<typeof createAutomezziService>;

const ENTITY_TYPE = 'automezzo';
/** The stored fields: what history compares and the export lists. */
const FIELDS = [
  'targa',
  'descrizione',
  'portataT',
  'taraKg',
  'attivo',
] as const satisfies ReadonlyArray<keyof AutomezzoCreate>;
const NOT_FOUND = 'Automezzo non trovato';
const duplicate = (targa: string) => `Esiste già un automezzo con la targa ${formatTarga(targa)}`;

const dataOf = (row: AutomezzoRow): AutomezzoCreate => pick(row, FIELDS);
const toDto = (row: AutomezzoRow): Automezzo => ({
  _id: row.id,
  ...dataOf(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A company's trucks: the list (its `attivo=true` is the DDT's choice), one plate once per company, history rows. */
export function createAutomezziService({ db }: { db: Db }) {
  return {
    list(companyId: string, query: AutomezziListQuery): Promise<Page<Automezzo>> {
      return pageOfRows(repo.page(db, companyId, query), toDto, query);
    },

    async summary(companyId: string, filter: AutomezziFilter): Promise<AutomezziSummary> {
      const s = await repo.summary(db, companyId, filter);
      return { ...s, nonAttivi: s.totale - s.attivi };
    },

    async create(actor: Actor, data: AutomezzoCreate): Promise<Automezzo> {
      try {
        return await db.transaction(async (tx) => {
          const row = await repo.insert(tx, actor.companyId, data);
          const changes = initialValues(dataOf(row), FIELDS);
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType: ENTITY_TYPE,
            entityId: row.id,
            action: 'create',
            userId: actor.userId,
            changes,
          });
          return toDto(row);
        });
      } catch (error) {
        throw constraintError(error, { unique: duplicate(data.targa) }) ?? error;
      }
    },

    /** The fields sent change, under the row's lock, with a history row of what changed. */
    async update(actor: Actor, id: string, patch: AutomezzoUpdate): Promise<Automezzo> {
      try {
        return await db.transaction(async (tx) => {
          const current = await repo.lock(tx, actor.companyId, id);
          if (!current) throw notFound(NOT_FOUND);
          const before = dataOf(current);
          // a field absent from the body is absent from the parsed patch (JSON has no undefined)
          const after: AutomezzoCreate = { ...before, ...patch };
          const changes = diffChanges(before, after, FIELDS);
          if (Object.keys(changes).length === 0) return toDto(current);
          const updated = await repo.update(tx, actor.companyId, id, after);
          const onlyAttivo = Object.keys(changes).length === 1 && changes.attivo;
          const action = onlyAttivo
            ? after.attivo
              ? 'riattivazione'
              : 'disattivazione'
            : 'update';
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType: ENTITY_TYPE,
            entityId: id,
            action,
            userId: actor.userId,
            changes,
          });
          return toDto(updated!);
        });
      } catch (error) {
        throw constraintError(error, { unique: duplicate(patch.targa ?? '') }) ?? error;
      }
    },

    /** Only a truck no document names can go; otherwise 409 with the way out (deactivate it). */
    async remove(actor: Actor, id: string): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const current = await repo.lock(tx, actor.companyId, id);
          if (!current) throw notFound(NOT_FOUND);
          const changes = initialValues(dataOf(current), ['targa', 'descrizione']);
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType: ENTITY_TYPE,
            entityId: id,
            action: 'delete',
            userId: actor.userId,
            changes,
          });
          await repo.remove(tx, actor.companyId, id);
        });
      } catch (error) {
        throw (
          constraintError(error, {
            foreignKey:
              'Automezzo usato in altri documenti: non si può eliminare, ma puoi disattivarlo',
          }) ?? error
        );
      }
    },

    export(
      companyId: string,
      filter: AutomezziFilter,
      format: 'csv' | 'xlsx',
    ): Promise<ExportStream> {
      const columns: ExportColumn<Automezzo>[] = [
        { header: AUTOMEZZO_LABELS.targa, value: (r) => formatTarga(r.targa), width: 12 },
        { header: AUTOMEZZO_LABELS.descrizione, value: (r) => r.descrizione, width: 40 },
        { header: AUTOMEZZO_LABELS.portataT, value: (r) => r.portataT, width: 12, numFmt: '0.00' },
        { header: AUTOMEZZO_LABELS.taraKg, value: (r) => r.taraKg, width: 12, numFmt: '#,##0' },
        { header: AUTOMEZZO_LABELS.attivo, value: (r) => (r.attivo ? 'Sì' : 'No'), width: 8 },
      ];
      const batches = exportPages(500, (page, limit) =>
        repo.page(db, companyId, { ...filter, page, limit }).then((r) => r.items.map(toDto)),
      );
      return streamExport({ format, columns, batches, sheet: 'Automezzi', baseName: 'automezzi' });
    },
  };
}
