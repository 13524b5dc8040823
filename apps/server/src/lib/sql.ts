import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * An outer column named with its table, for a correlated subquery: Drizzle renders the columns of a
 * one-table select bare, and a bare `"id"` inside `(select … from lastre where pacco_id = "id")`
 * resolves to the subquery's own table. `outer(pacchi.id)` renders `"pacchi"."id"`.
 */
export function outer(column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
