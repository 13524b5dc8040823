import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { auditLog, users, type AuditChanges } from '../db/schema/index.js';

export type AuditAction = 'create' | 'update' | 'delete' | 'stato' | 'declassa' | (string & {});

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
  await tx.insert(auditLog).values(entries.map((entry) => ({ ...entry, changes: entry.changes ?? {}, at })));
}

const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : JSON.stringify(v ?? null));

/** The fields whose value changed between two versions of a row, as `{ field: { from, to } }`. */
export function diffChanges<T extends object>(before: T, after: T, fields: ReadonlyArray<keyof T & string>): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    if (comparable(before[field]) !== comparable(after[field])) {
      changes[field] = { from: before[field] ?? null, to: after[field] ?? null };
    }
  }
  return changes;
}

/** What a row was created with, for the `create` entry. */
export function initialValues<T extends object>(row: T, fields: ReadonlyArray<keyof T & string>): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) if (row[field] !== null && row[field] !== undefined) changes[field] = { from: null, to: row[field] };
  return changes;
}

export interface HistoryItem {
  _id: string;
  action: string;
  at: string;
  user: { _id: string; name: string } | null;
  changes: AuditChanges;
  note: string | null;
}

/** The timeline of one entity, oldest first, inside the caller's company. */
export async function listHistory(db: DbOrTx, companyId: string, entityType: string, entityId: string): Promise<HistoryItem[]> {
  const rows = await db
    .select({ entry: auditLog, userName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return rows.map(({ entry, userName }) => ({
    _id: entry.id,
    action: entry.action,
    at: entry.at.toISOString(),
    user: entry.userId ? { _id: entry.userId, name: userName ?? '' } : null,
    changes: entry.changes,
    note: entry.note,
  }));
}
