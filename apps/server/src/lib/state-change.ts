import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import type { AuditChanges } from '../db/schema/index.js';
import { conflict, notFound } from './app-error.js';
import { recordAudit } from './audit.js';

/** How one entity type changes state: its table, its one transition table, its Italian words. */
export interface StateMachine<T extends PgTable, S extends string> {
  table: T;
  columns: { id: PgColumn; companyId: PgColumn; stato: PgColumn; updatedAt: PgColumn };
  /** The state the rules read when it differs from the stored one (a blocco's expired option). */
  effectiveStato?: SQL<string>;
  /** From each state, the states it may move to (contracts' `…_TRANSITIONS`). */
  transitions: Readonly<Record<S, readonly S[]>>;
  labels: Readonly<Record<S, string>>;
  /** The audit row's `entityType`. */
  entityType: string;
  messages: { notFound: string; stale: string };
}

export interface StateChange<T extends PgTable, S extends string> {
  companyId: string;
  id: string;
  to: S;
  /** null: the system (a sweep) acted. */
  userId: string | null;
  note?: string | null;
  /** A further condition on the row (a blocco's origine): otherwise the row is not found. */
  where?: SQL;
  /** Other columns written with the state, chosen from the locked row. */
  set?: (current: T['$inferSelect'], from: S) => PgUpdateSetSource<T>;
  /** Changes the history row records beside the state's own. */
  changes?: (current: T['$inferSelect']) => AuditChanges;
}

/**
 * The one way an entity changes state: lock the row in the company, check the transition table
 * (409 «Passaggio non consentito: da «A» a «B»»), update only if the stored state is still the one
 * read, and write the history row in the same transaction. Call it inside a transaction.
 */
export async function changeState<T extends PgTable, S extends string>(
  tx: DbOrTx,
  machine: StateMachine<T, S>,
  change: StateChange<T, S>,
): Promise<{ from: S; current: T['$inferSelect'] }> {
  const { table, columns, labels } = machine;
  const [locked] = (await tx
    .select({ current: table, effective: machine.effectiveStato ?? columns.stato })
    .from(table as PgTable)
    .where(and(eq(columns.companyId, change.companyId), eq(columns.id, change.id), change.where))
    .for('no key update')) as Array<{ current: T['$inferSelect']; effective: S }>;
  if (!locked) throw notFound(machine.messages.notFound);
  const { current, effective: from } = locked;
  if (!machine.transitions[from].includes(change.to)) {
    throw conflict(`Passaggio non consentito: da «${labels[from]}» a «${labels[change.to]}»`);
  }
  const stored = (current as Record<string, unknown>)[keyOf(table, columns.stato)];
  const values = {
    ...change.set?.(current, from),
    [keyOf(table, columns.stato)]: change.to,
    [keyOf(table, columns.updatedAt)]: new Date(),
  } as PgUpdateSetSource<T>;
  const updated = await tx
    .update(table)
    .set(values)
    .where(
      and(
        eq(columns.companyId, change.companyId),
        eq(columns.id, change.id),
        eq(columns.stato, stored),
      ),
    )
    .returning({ id: columns.id });
  if (!updated.length) throw conflict(machine.messages.stale);
  await recordAudit(tx, {
    companyId: change.companyId,
    entityType: machine.entityType,
    entityId: change.id,
    action: 'stato',
    userId: change.userId,
    changes: { stato: { from, to: change.to }, ...change.changes?.(current) },
    note: change.note ?? null,
  });
  return { from, current };
}

/** The property a column has in its table (what `update().set()` is keyed by). */
function keyOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not in the table`);
  return entry[0];
}
