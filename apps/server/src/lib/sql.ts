import { getTableName, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * An outer column named with its table, for a correlated subquery: Drizzle renders the columns of a
 * one-table select bare, and a bare `"id"` inside `(select … from lastre where pacco_id = "id")`
 * resolves to the subquery's own table. `outer(pacchi.id)` renders `"pacchi"."id"`.
 */
export function outer(column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

const dialect = new PgDialect();

/**
 * A constant fragment (no bound value) turned into its text once. Drizzle renders every fragment
 * of a statement again on each execution, checking each piece's class along its prototype chain:
 * the blocchi list's row object (some 60 pieces) took most of the ~0.7 ms a list page spent
 * building its statement (docs/performance.md "CPU per request"). Only for fragments placed in
 * hand-written SQL (`sql\`…\``): a select builder names the columns of a one-table select bare
 * (see `outer`), which a frozen text would not follow.
 */
export function frozen(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length) throw new Error('frozen: a fragment with bound values cannot be kept as text');
  // eslint-disable-next-line no-restricted-syntax -- Drizzle's own text of a fragment with no bound value: no input reaches it
  return sql.raw(text);
}

/**
 * A constant whole number written into the statement's text, not bound: PostgreSQL estimates a
 * bound `limit` at a tenth of the rows, which can make a prepared statement's generic plan look
 * dearer than planning it again for every execution (docs/performance.md "Planning the list page,
 * every time"). For the code's own constants only; throws on anything but a safe integer ≥ 0.
 */
export function constantInt(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`constantInt: ${n} is not a whole number ≥ 0`);
  // eslint-disable-next-line no-restricted-syntax -- a whole number checked above, no text reaches it
  return sql.raw(String(n));
}

/**
 * A constant word of the code (a state, an origine, an entity type) written into the statement's
 * text as a string literal, not bound: a statement kept as text per shape (lib/shaped-sql.ts) may
 * hold no bound value, and the planner sees the value itself. For the code's own enum values only;
 * throws on anything but lower-case letters, digits, `_` and `-`.
 */
export function constantWord(word: string): SQL {
  if (!/^[a-z][a-z0-9_-]*$/.test(word)) throw new Error(`constantWord: ${word} is not a code word`);
  // eslint-disable-next-line no-restricted-syntax -- checked above: no quote or input reaches the text
  return sql.raw(`'${word}'`);
}

/**
 * The rows of `rows` as one JSON array (`[]` for none), in the order `orderBy` gives, naming the
 * rows' own columns as `t.<column>`: `json_agg` keeps no order of its input unless told. A scalar
 * subquery, so a statement can answer several lists at once (docs/performance.md "One statement
 * where a page had several"); PGlite parses one JSON text natively where it would hand each field of
 * each row to JavaScript.
 */
export function jsonArrayOf(rows: SQL, orderBy: SQL): SQL {
  return sql`(select coalesce(json_agg(t order by ${orderBy}), '[]'::json) from (${rows}) t)`;
}

/** A timestamp as `Date.toISOString` writes it (UTC, milliseconds), for a row built as JSON. */
export const isoUtc = (column: PgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
