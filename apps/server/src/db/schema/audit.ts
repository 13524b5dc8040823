import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { primaryId } from './columns.js';
import { companyRef } from './companies.js';
import { users } from './users.js';

export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

/** One row per create, update, delete or state change of a domain row, written in the same transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: primaryId(),
    companyId: companyRef(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action').notNull(),
    /** null when the system acted (a periodic sweep); the user otherwise — who then cannot be deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_entity_idx').on(t.companyId, t.entityType, t.entityId, t.at),
    // The dashboard's latest activity walks a company's rows newest first and stops at its page,
    // however long the log has grown (dashboard.repository ultimeAttivita).
    index('audit_company_at_idx').on(t.companyId, t.at, t.id),
  ],
);
