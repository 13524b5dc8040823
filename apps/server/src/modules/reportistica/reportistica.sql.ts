import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { bancate as bancateTable, blocchi as blocchiTable } from '../../db/schema/index.js';
import { pesoBloccoSql } from '../../lib/peso-blocco.js';
import { rowsOf } from '../../lib/pagination.js';

// What the reports' statements share: the period, the aliases of blocks and bancate, one row reader.

export interface Periodo {
  dal: string;
  al: string;
}

export const romeDay = (column: SQL) => sql`(${column} at time zone 'Europe/Rome')::date`;
/** The blocks of these queries are `b`: their weight and value by the one rule (lib/peso-blocco.ts). */
export const b = alias(blocchiTable, 'b');
export const pesoBlocco = pesoBloccoSql(b);
/** The bancate of these queries are `ba`: counted once cut, by the one rule (lib/bancata-stato.ts). */
export const ba = alias(bancateTable, 'ba');

export async function all<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}
