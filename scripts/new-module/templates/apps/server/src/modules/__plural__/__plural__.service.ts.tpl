import {
  __SINGULAR___LABELS,
  type Page,
  type __Singular__,
  type __Singular__Create,
  type __Singular__Update,
  type __Plural__Filter,
  type __Plural__ListQuery,
  type __Plural__Summary,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/app-error.js';
import {
  diffChanges,
  initialValues,
  listHistory,
  recordAudit,
  type AuditAction,
  type HistoryItem,
} from '../../lib/audit.js';
import { constraintError } from '../../lib/db-errors.js';
import { exportPages, streamExport, type ExportStream } from '../../lib/export.js';
import { pageOfRows } from '../../lib/pagination.js';
import { pick } from '../../lib/pick.js';
import { __pluralCamel__Repository as repo, type __Singular__Row } from './__plural__.repository.js';

export type __Plural__Service = ReturnType<typeof create__Plural__Service>;

/** The kind in the history (audit rows). */
export const __SINGULAR___ENTITY = '__singular__';
/** The stored fields: what history compares and the export lists. */
const FIELDS = ['nome', 'note', 'attivo'] as const satisfies ReadonlyArray<keyof __Singular__Create>;
const NOT_FOUND = '__labelSingular__ non __trovato__';
const duplicate = (nome: string) => `Esiste già __un__ __labelSingular__ con il nome ${nome}`;

const dataOf = (row: __Singular__Row): __Singular__Create => pick(row, FIELDS);
const toDto = (row: __Singular__Row): __Singular__ => ({
  _id: row.id,
  ...dataOf(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** __label__: the list, one record, its history; each write in one transaction with its history row. */
export function create__Plural__Service({ db }: { db: Db }) {
  async function audit(
    tx: DbOrTx,
    actor: Actor,
    id: string,
    action: AuditAction,
    changes: Record<string, { from: unknown; to: unknown }>,
  ) {
    await recordAudit(tx, {
      companyId: actor.companyId,
      entityType: __SINGULAR___ENTITY,
      entityId: id,
      action,
      userId: actor.userId,
      changes,
    });
  }

  return {
    list(companyId: string, query: __Plural__ListQuery): Promise<Page<__Singular__>> {
      return pageOfRows(repo.page(db, companyId, query), toDto, query);
    },

    summary(companyId: string, filter: __Plural__Filter): Promise<__Plural__Summary> {
      return repo.summary(db, companyId, filter);
    },

    async get(companyId: string, id: string): Promise<__Singular__> {
      const row = await repo.find(db, companyId, id);
      if (!row) throw notFound(NOT_FOUND);
      return toDto(row);
    },

    async history(companyId: string, id: string): Promise<HistoryItem[]> {
      if (!(await repo.find(db, companyId, id))) throw notFound(NOT_FOUND);
      return listHistory(db, companyId, __SINGULAR___ENTITY, id);
    },

    async create(actor: Actor, data: __Singular__Create): Promise<__Singular__> {
      try {
        return await db.transaction(async (tx) => {
          const row = await repo.insert(tx, actor.companyId, data);
          await audit(tx, actor, row.id, 'create', initialValues(dataOf(row), FIELDS));
          return toDto(row);
        });
      } catch (error) {
        throw constraintError(error, { unique: duplicate(data.nome) }) ?? error;
      }
    },

    /** The fields sent change, under the row's lock, with a history row of what changed. */
    async update(actor: Actor, id: string, patch: __Singular__Update): Promise<__Singular__> {
      try {
        return await db.transaction(async (tx) => {
          const current = await repo.lock(tx, actor.companyId, id);
          if (!current) throw notFound(NOT_FOUND);
          const before = dataOf(current);
          const after: __Singular__Create = { ...before, ...patch };
          const changes = diffChanges(before, after, FIELDS);
          if (Object.keys(changes).length === 0) return toDto(current);
          const updated = await repo.update(tx, actor.companyId, id, after);
          const onlyAttivo = Object.keys(changes).length === 1 && changes.attivo;
          const action = onlyAttivo ? (after.attivo ? 'riattivazione' : 'disattivazione') : 'update';
          await audit(tx, actor, id, action, changes);
          return toDto(updated!);
        });
      } catch (error) {
        throw constraintError(error, { unique: duplicate(patch.nome ?? '') }) ?? error;
      }
    },

    /** Only a record nothing refers to can go; otherwise 409 with the way out (deactivate it). */
    async remove(actor: Actor, id: string): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const current = await repo.lock(tx, actor.companyId, id);
          if (!current) throw notFound(NOT_FOUND);
          await audit(tx, actor, id, 'delete', initialValues(dataOf(current), ['nome']));
          await repo.remove(tx, actor.companyId, id);
        });
      } catch (error) {
        throw (
          constraintError(error, {
            foreignKey: '__labelSingular__ usato altrove: non si può eliminare, ma puoi disattivarlo',
          }) ?? error
        );
      }
    },

    export(companyId: string, filter: __Plural__Filter, format: 'csv' | 'xlsx'): Promise<ExportStream> {
      const batches = exportPages(500, (page, limit) =>
        repo.page(db, companyId, { ...filter, page, limit }).then((r) => r.items.map(toDto)),
      );
      return streamExport({
        format,
        columns: [
          { header: __SINGULAR___LABELS.nome, value: (r: __Singular__) => r.nome, width: 30 },
          { header: __SINGULAR___LABELS.note, value: (r: __Singular__) => r.note ?? '', width: 40 },
          {
            header: __SINGULAR___LABELS.attivo,
            value: (r: __Singular__) => (r.attivo ? 'Sì' : 'No'),
            width: 8,
          },
        ],
        batches,
        sheet: '__label__',
        baseName: '__plural__',
      });
    },
  };
}
