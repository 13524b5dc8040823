import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

// The columns every domain table repeats, written once. `companyRef()` lives in companies.ts, next to
// the table it points at, so this file imports no table and no import cycle runs through it.

/** `id`: a UUID v7 made by the app (time-ordered, so indexes stay compact). */
export function primaryId() {
  return uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
}

/** `created_at`, `updated_at`. */
export function timestamps() {
  return {
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/** m², to the hundredth (a slab's, a lot's or a line's area). */
export const area = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** Euro, to the cent. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
