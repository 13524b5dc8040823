import {
  ANAGRAFICA_ENTITY_TYPES,
  ANAGRAFICA_KIND_LABELS,
  ANAGRAFICA_LABELS,
  mergeAnagraficaUpdate,
  type Anagrafica,
  type AnagraficaCreate,
  type AnagraficaFilter,
  type AnagraficaKind,
  type AnagraficaListQuery,
  type AnagraficaPickerItem,
  type AnagraficaSummary,
  type AnagraficaUpdate,
  type Page,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { clienti, fornitori } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { constraintError } from '../../lib/db-errors.js';
import {
  diffChanges,
  initialValues,
  listHistory,
  recordAudit,
  type HistoryItem,
} from '../../lib/audit.js';
import { oneBatch, streamExport, type ExportColumn, type ExportStream } from '../../lib/export.js';
import { pageOfRows } from '../../lib/pagination.js';
import type { Actor } from '../../lib/actor.js';
import {
  ANAGRAFICA_FIELDS,
  toAnagraficaData,
  toAnagraficaDto,
  type AnagraficaRow,
} from './anagrafica.mapper.js';
import * as repo from './anagrafica.repository.js';

export type AnagraficaService = ReturnType<typeof createAnagraficaService>;

/** Thrown out of an update's transaction that changed nothing, so that it rolls back. */
class Unchanged {
  constructor(readonly row: AnagraficaRow) {}
}

/** Clienti and fornitori: one service, parameterised by kind (same rules, two tables). */
export function createAnagraficaService({ db, kind }: { db: Db; kind: AnagraficaKind }) {
  const table = kind === 'clienti' ? clienti : fornitori;
  const entityType = ANAGRAFICA_ENTITY_TYPES[kind];
  const label = ANAGRAFICA_KIND_LABELS[kind].singolare;
  const duplicate = `Esiste già un ${label.toLowerCase()} con questa partita IVA`;

  async function getRow(companyId: string, id: string): Promise<AnagraficaRow> {
    const row = await repo.findInCompany(db, table, companyId, id);
    if (!row) throw notFound(`${label} non trovato`);
    return row;
  }

  return {
    entityType,

    /** A record of this company (for other modules' checks), or undefined. */
    find: (companyId: string, id: string, tx: DbOrTx = db) =>
      repo.findInCompany(tx, table, companyId, id),
    /** The record naming a group company here (a transfer's cliente or fornitore), created if missing. */
    findForDitta: (db: DbOrTx, companyId: string, ditta: repo.DittaDelGruppo) =>
      repo.findForDitta(db, table, companyId, ditta),
    ensureForDitta: (tx: DbOrTx, companyId: string, ditta: repo.DittaDelGruppo) =>
      repo.ensureForDitta(tx, table, companyId, ditta),

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

    async create(actor: Actor, data: AnagraficaCreate): Promise<Anagrafica> {
      try {
        const row = await db.transaction(async (tx) => {
          const created = await repo.insert(tx, table, actor.companyId, data);
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType,
            entityId: created.id,
            action: 'create',
            userId: actor.userId,
            changes: initialValues(toAnagraficaData(created), ANAGRAFICA_FIELDS),
          });
          return created;
        });
        return toAnagraficaDto(row);
      } catch (error) {
        throw constraintError(error, { unique: duplicate }) ?? error;
      }
    },

    /**
     * One guarded UPDATE of the fields sent, which also answers the record as it was; the merged
     * record is then checked whole with the create rules inside the same transaction, under the
     * row lock the UPDATE holds, and a failed check rolls the write back (docs/architecture.md
     * "Partial updates and cross-field rules").
     */
    async update(actor: Actor, id: string, patch: AnagraficaUpdate): Promise<Anagrafica> {
      try {
        const row = await db.transaction(async (tx) => {
          const written = await repo.update(tx, table, actor.companyId, id, patch);
          if (!written) throw notFound(`${label} non trovato`);
          const before = toAnagraficaData(written.before);
          const merged = mergeAnagraficaUpdate(before, patch);
          if (!merged.success) {
            const details = merged.error.issues.map((i) => ({
              path: i.path.join('.'),
              message: i.message,
            }));
            throw new AppError('VALIDATION', details[0]?.message ?? 'Dati non validi', { details });
          }
          const changes = diffChanges(before, merged.data, ANAGRAFICA_FIELDS);
          // nothing changed: undo the write (its new updatedAt) and answer the record as it was
          if (Object.keys(changes).length === 0) throw new Unchanged(written.before);
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType,
            entityId: id,
            action:
              changes.attivo && Object.keys(changes).length === 1
                ? merged.data.attivo
                  ? 'riattivazione'
                  : 'disattivazione'
                : 'update',
            userId: actor.userId,
            changes,
          });
          return written.after;
        });
        return toAnagraficaDto(row);
      } catch (error) {
        if (error instanceof Unchanged) return toAnagraficaDto(error.row);
        throw constraintError(error, { unique: duplicate }) ?? error;
      }
    },

    /** Only a record nothing references can go; otherwise 409 with the way out (deactivate). */
    async remove(actor: Actor, id: string): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const current = await repo.findInCompany(tx, table, actor.companyId, id);
          if (!current) throw notFound(`${label} non trovato`);
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType,
            entityId: id,
            action: 'delete',
            userId: actor.userId,
            changes: initialValues(toAnagraficaData(current), ['ragioneSociale', 'partitaIva']),
          });
          await repo.remove(tx, table, actor.companyId, id);
        });
      } catch (error) {
        throw (
          constraintError(error, {
            foreignKey: `${label} collegato ad altri dati: non si può eliminare, ma puoi disattivarlo`,
          }) ?? error
        );
      }
    },

    export(
      companyId: string,
      filter: AnagraficaFilter,
      format: 'csv' | 'xlsx',
    ): Promise<ExportStream> {
      const rows = repo.listAll(db, table, companyId, filter).then((r) => r.map(toAnagraficaDto));
      const columns: ExportColumn<Anagrafica>[] = ANAGRAFICA_FIELDS.map((field) => ({
        header: ANAGRAFICA_LABELS[field],
        value: (r: Anagrafica) => {
          const v = r[field];
          if (typeof v === 'boolean') return v ? 'Sì' : 'No';
          if (v && typeof v === 'object')
            return 'protocollo' in v
              ? `${v.protocollo} del ${v.data}`
              : `${v.modalita} ${v.giorni} gg${v.fineMese ? ' f.m.' : ''}`;
          return v;
        },
        width: field === 'ragioneSociale' || field === 'note' ? 36 : 18,
      }));
      columns.push({
        header: 'Creato il',
        value: (r) => new Date(r.createdAt),
        width: 14,
        numFmt: 'dd/mm/yyyy',
      });
      return streamExport({
        format,
        columns,
        batches: oneBatch(rows),
        sheet: ANAGRAFICA_KIND_LABELS[kind].plurale,
        baseName: kind,
      });
    },
  };
}
