import { LIST_TOTAL_CAP, type Page } from '@gestcava/contracts';
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** What a list page asks for: `sort` is `field` or `-field` (descending). */
export interface PageOpts {
  sort?: string;
  page: number;
  limit: number;
}

/**
 * `sort=-field` → ORDER BY field DESC; only the columns a list offers, with a fallback. The stable
 * tie-breaker runs in the same direction, so an index ending in (field, id) serves the whole order.
 */
export function orderByOf(
  sort: string | undefined,
  columns: Record<string, PgColumn | SQL>,
  fallback: SQL,
  tieBreaker: PgColumn,
): SQL[] {
  const descending = sort?.startsWith('-') ?? false;
  const column = sort ? columns[descending ? sort.slice(1) : sort] : undefined;
  if (!column) return [fallback, asc(tieBreaker)];
  return descending ? [desc(column), desc(tieBreaker)] : [asc(column), asc(tieBreaker)];
}

/** A user's text as a literal `ILIKE` pattern: `%` and `_` match themselves (docs/quality.md S15). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// Written into the text, not bound: a count kept per shape may hold no bound value (lib/shaped-sql.ts).
// eslint-disable-next-line no-restricted-syntax -- a constant number, no input reaches it
const CAP_LIMIT = sql.raw(String(LIST_TOTAL_CAP + 1));

/** Counts at most LIST_TOTAL_CAP + 1 rows: exact up to the cap, then `totalCapped` (docs/api.md "Shape of the API"). */
export function cappedCount(subquery: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from (${subquery} limit ${CAP_LIMIT}) as capped)`;
}

export function toPage<T>(items: T[], counted: number, page: number, limit: number): Page<T> {
  return counted > LIST_TOTAL_CAP
    ? { items, total: LIST_TOTAL_CAP, totalCapped: true, page, limit }
    : { items, total: counted, page, limit };
}

/** A repository's page of rows (`items` and their capped count) as the page of DTOs a list answers. */
export async function pageOfRows<R, T>(
  rows: Promise<{ items: R[]; counted: number }>,
  toDto: (row: R) => T,
  { page, limit }: { page: number; limit: number },
): Promise<Page<T>> {
  const { items, counted } = await rows;
  return toPage(
    items.map((row) => toDto(row)),
    counted,
    page,
    limit,
  );
}

/** Rows of an `execute()` answer, the same on PGlite and node-postgres. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
