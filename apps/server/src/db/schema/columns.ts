import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { companies } from './companies.js';

// The columns every domain table repeats, written once. Function declarations (not arrow constants):
// companies.ts uses primaryId() too, and a hoisted function is ready even inside that import cycle.

/** `id`: a UUID v7 made by the app (time-ordered, so indexes stay compact). */
export function primaryId() {
  return uuid('id').primaryKey().$defaultFn(() => uuidv7());
}

/** `company_id`: the owning group company; a company with data cannot be deleted. */
export function companyRef() {
  return uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'restrict' });
}

/** `created_at`, `updated_at`. */
export function timestamps() {
  return {
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}
