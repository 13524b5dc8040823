import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { lastre, pacchi } from '../db/schema/index.js';

// The join the modules that pick, plan or ship slabs read them through: a slab's thickness, finish and
// material are its bundle's, so a slab is read with its bundle. The magazzino's own lists have their
// own, richer joins.

/** `select fields from lastre ⋈ pacchi` (each slab with its bundle); the caller adds where, order and locks. */
export function selectLastre<T extends SelectedFields>(db: DbOrTx, fields: T) {
  return db.select(fields).from(lastre).innerJoin(pacchi, eq(pacchi.id, lastre.paccoId));
}
