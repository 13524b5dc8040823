import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { HistoryAction } from '@gestcava/contracts';
import type { DbOrTx } from '../db/client.js';
import {
  auditLog,
  cave,
  clienti,
  fornitori,
  macchine,
  materiali,
  ubicazioni,
  users,
  type AuditChanges,
} from '../db/schema/index.js';
import { ShapedStatement, type Binder } from './shaped-sql.js';

/** One of the registered history actions (contracts' `HISTORY_ACTIONS`: label, icon, dashboard word). */
export type AuditAction = HistoryAction;

export interface AuditEntry {
  companyId: string;
  entityType: string;
  entityId: string;
  action: AuditAction;
  /** null: the system (a sweep) acted. */
  userId: string | null;
  changes?: AuditChanges;
  note?: string | null;
}

/** Writes a history row; call it with the transaction that makes the change, so both land or neither. */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, changes: entry.changes ?? {}, at: new Date() });
}

/** Many history rows in one statement (imports, demo data). */
export async function recordAuditMany(tx: DbOrTx, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const at = new Date();
  await tx
    .insert(auditLog)
    .values(entries.map((entry) => ({ ...entry, changes: entry.changes ?? {}, at })));
}

const comparable = (v: unknown) =>
  v instanceof Date ? v.toISOString() : JSON.stringify(v ?? null);

/** The fields whose value changed between two versions of a row, as `{ field: { from, to } }`. */
export function diffChanges<T extends object>(
  before: T,
  after: T,
  fields: ReadonlyArray<keyof T & string>,
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    if (comparable(before[field]) !== comparable(after[field])) {
      changes[field] = { from: before[field] ?? null, to: after[field] ?? null };
    }
  }
  return changes;
}

/**
 * The `update` history row of an edit: the fields that changed between the two versions, and no row
 * when none did. Answers those changes (null when none), for a caller that acts on one of them.
 */
export async function recordUpdate<T extends object>(
  tx: DbOrTx,
  entry: Omit<AuditEntry, 'action' | 'changes'>,
  before: T,
  after: T,
  fields: ReadonlyArray<keyof T & string>,
): Promise<AuditChanges | null> {
  const changes = diffChanges(before, after, fields);
  if (Object.keys(changes).length === 0) return null;
  await recordAudit(tx, { ...entry, action: 'update', changes });
  return changes;
}

/** What a row was created with, for the `create` entry. */
export function initialValues<T extends object>(
  row: T,
  fields: ReadonlyArray<keyof T & string>,
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields)
    if (row[field] !== null && row[field] !== undefined)
      changes[field] = { from: null, to: row[field] };
  return changes;
}

export interface HistoryItem {
  _id: string;
  action: string;
  at: string;
  user: { _id: string; name: string } | null;
  changes: AuditChanges;
  note: string | null;
  /** The names of the records this row's ids point to (`referenceNames`). */
  names: Record<string, string>;
}

/**
 * The tables a history field's id points to, by field name: a row keeps the id (the name may change,
 * the record may leave the entity: a collaudo's cliente), the timeline shows the name.
 */
const REFERENCES = [
  { fields: ['clienteId'], table: clienti, name: clienti.ragioneSociale },
  { fields: ['fornitoreId', 'terzistaId'], table: fornitori, name: fornitori.ragioneSociale },
  { fields: ['materialeId'], table: materiali, name: materiali.nome },
  { fields: ['ubicazioneId'], table: ubicazioni, name: ubicazioni.nome },
  { fields: ['cavaId'], table: cave, name: cave.nome },
  { fields: ['macchinaId'], table: macchine, name: macchine.nome },
] as const;

/**
 * id → name of every reference in the rows' changes, inside the company: one statement for every
 * table present (a block's first row names its material, quarry and place: three statements one
 * after the other were three more round trips).
 */
async function referenceNames(
  db: DbOrTx,
  companyId: string,
  rows: ReadonlyArray<{ changes: AuditChanges }>,
): Promise<Map<string, string>> {
  const reads = REFERENCES.flatMap((ref) => {
    const ids = new Set<string>();
    for (const { changes } of rows) {
      for (const field of ref.fields) {
        const change = changes[field];
        for (const value of change ? [change.from, change.to] : [])
          if (typeof value === 'string') ids.add(value);
      }
    }
    if (ids.size === 0) return [];
    return [
      db
        .select({ id: ref.table.id, name: ref.name })
        .from(ref.table)
        .where(and(eq(ref.table.companyId, companyId), inArray(ref.table.id, [...ids]))),
    ];
  });
  const [first, second, ...others] = reads;
  if (!first) return new Map();
  const found = second ? await unionAll(first, second, ...others) : await first;
  return new Map(found.map((r) => [r.id, r.name]));
}

/** Every entity's timeline is one statement: its text is rendered once (docs/performance.md "Statements rendered once per shape"). */
const historyStatement = new ShapedStatement();

/**
 * A clause the timeline's statement checks besides the rows' entity (the record is one the caller
 * may read: `historyOfReadable`): `where` places its values through `bind` (its names must not be
 * `companyId`, `entityType` or `entityId` unless they hold the same values), `shape` names it in the
 * kept text (lib/shaped-sql.ts).
 */
export interface HistoryGuard {
  shape: string;
  where: (bind: Binder) => SQL;
}

interface TimelineRow {
  /** The guard held (always, without one). */
  found: boolean;
  /** The rest is null when the guard failed or the entity has no row (the one row of the join). */
  id: string | null;
  action: AuditAction;
  at: string | Date;
  user_id: string | null;
  user_name: string | null;
  changes: AuditChanges;
  note: string | null;
}

/**
 * The timeline of one entity, oldest first, inside the caller's company, and whether `guard` held:
 * the guard is one row that the entity's rows join, so both come in one statement, and a guard that
 * fails gives no row of the entity.
 */
async function timeline(
  db: DbOrTx,
  companyId: string,
  entityType: string,
  entityId: string,
  guard?: HistoryGuard,
): Promise<{ found: boolean; rows: TimelineRow[] }> {
  const rows = await historyStatement.rows<TimelineRow>(db, guard?.shape ?? '', (bind) => {
    const held = guard ? guard.where(bind) : sql`true`;
    const entity = and(
      eq(auditLog.companyId, bind('companyId', companyId)),
      eq(auditLog.entityType, bind('entityType', entityType)),
      eq(auditLog.entityId, bind('entityId', entityId)),
    );
    return () => sql`
      select g.found, ${auditLog.id} as id, ${auditLog.action} as action, ${auditLog.at} as at,
        ${auditLog.userId} as user_id, ${users.name} as user_name, ${auditLog.changes} as changes, ${auditLog.note} as note
      from (select ${held} as found) g
      left join ${auditLog} on g.found and ${entity}
      left join ${users} on ${users.id} = ${auditLog.userId}
      order by ${auditLog.at}, ${auditLog.id}`;
  });
  return { found: rows[0]?.found ?? false, rows: rows.filter((r) => r.id !== null) };
}

/** The timeline of one entity, oldest first, inside the caller's company. */
export async function listHistory(
  db: DbOrTx,
  companyId: string,
  entityType: string,
  entityId: string,
): Promise<HistoryItem[]> {
  return itemsOf(db, companyId, (await timeline(db, companyId, entityType, entityId)).rows);
}

/**
 * The timeline of a record the caller must be able to read, in one statement: `readable` is
 * checked by the timeline's own statement, and `assertReadable` (which answers the record's 404)
 * runs only when it did not hold (docs/performance.md "One statement where a page had several").
 */
export async function historyOfReadable(
  db: DbOrTx,
  companyId: string,
  entityType: string,
  entityId: string,
  readable: HistoryGuard,
  assertReadable: () => Promise<unknown>,
): Promise<HistoryItem[]> {
  const { found, rows } = await timeline(db, companyId, entityType, entityId, readable);
  if (!found) await assertReadable();
  return itemsOf(db, companyId, rows);
}

async function itemsOf(db: DbOrTx, companyId: string, rows: TimelineRow[]): Promise<HistoryItem[]> {
  const names = await referenceNames(db, companyId, rows);
  return rows.map((r) => ({
    _id: r.id!,
    action: r.action,
    // a Date from PGlite, the database's text from node-postgres
    at: new Date(r.at).toISOString(),
    user: r.user_id ? { _id: r.user_id, name: r.user_name ?? '' } : null,
    changes: r.changes,
    note: r.note,
    names: Object.fromEntries(
      REFERENCES.flatMap((ref) => ref.fields)
        .flatMap((field) => [r.changes[field]?.from, r.changes[field]?.to])
        .flatMap((id) => (typeof id === 'string' && names.has(id) ? [[id, names.get(id)!]] : [])),
    ),
  }));
}
