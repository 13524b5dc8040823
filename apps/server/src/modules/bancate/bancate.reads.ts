import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { bancate } from '../../db/schema/index.js';

// What other modules may read of the bancate, as fragments of their own statements
// (docs/architecture.md "Reading another module's rows"): they never name the bancate's table.

/** The code of the bancata whose id is `id` (the caller's column), as a scalar subquery: null without one. */
export const bancataCodiceSql = (id: PgColumn) =>
  sql<string | null>`(select ${bancate.codice} from ${bancate} where ${bancate.id} = ${id})`;

/** The bancata whose id is `id` (the caller's column) as `{ _id, codice }` JSON, a scalar subquery. */
export const bancataRefJsonSql = (id: PgColumn): SQL =>
  sql`(select json_build_object('_id', ${bancate.id}, 'codice', ${bancate.codice}) from ${bancate} where ${bancate.id} = ${id})`;
