import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stored objects written ahead of the row that will own them, or left behind by a row just
 * deleted (docs/quality.md R7). A key is recorded here, committed, before its object is written; the
 * transaction that commits the owning row removes it. An entry older than the grace period whose
 * key no row owns is a crash in between: the sweep removes the object, then the entry. A table and
 * not a local note because several instances write into one bucket and any of them may sweep.
 */
export const storagePending = pgTable(
  'storage_pending',
  {
    key: text('key').primaryKey(),
    /** The instance that wrote the object (its DATA_DIR's id): at its own start-up none of its uploads can still run. */
    instance: text('instance').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('storage_pending_created_idx').on(t.createdAt)],
);
