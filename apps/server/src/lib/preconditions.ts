import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.js';
import { AppError, badRequest } from './app-error.js';
import type { CompanyTable } from './company-table.js';
import { rowsOf } from './pagination.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads `If-Match` (ifMatchOf); any other write refuses the header (refuseUnreadIfMatch). */
    ifMatch?: true;
  }
}

/** The ISO form every DTO's `updatedAt` has (`Date.toISOString()`: milliseconds, UTC). */
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const STALE = 'dopo che hai preparato questa azione: non è stata applicata';
/** The 409 of a stale `If-Match`, per item. */
export const STALE_MESSAGES = {
  blocco: `Il blocco è stato modificato da un altro utente ${STALE}`,
  lastra: `La lastra è stata modificata da un altro utente ${STALE}`,
  pacco: `Il pacco è stato modificato da un altro utente ${STALE}`,
  lotto: `Il lotto è stato modificato da un altro utente ${STALE}`,
  rigaCollaudo: `La riga del collaudo è stata modificata da un altro utente ${STALE}`,
} as const;

/**
 * The optional `If-Match` of a yard action (docs/offline.md, "Lato server: una volta sola"): the
 * item's `updatedAt` exactly as a DTO gave it, bare or in double quotes. Absent: undefined, and the
 * write behaves as it always did.
 */
export function ifMatchOf(request: FastifyRequest): Date | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const value = typeof header === 'string' ? header.trim().replace(/^"(.*)"$/, '$1') : '';
  const date = ISO_MS.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString() !== value) {
    throw badRequest(
      "Intestazione If-Match non valida: serve la data di ultima modifica dell'elemento (updatedAt) com'è stata ricevuta",
    );
  }
  return date;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * An `onRequest` hook: a write whose route does not read `If-Match` refuses it with 400 rather than
 * ignore it, so a client never believes a precondition held that nobody checked (docs/security.md,
 * "If-Match").
 */
export async function refuseUnreadIfMatch(request: FastifyRequest): Promise<void> {
  if (
    request.headers['if-match'] !== undefined &&
    WRITES.has(request.method) &&
    !request.routeOptions.config?.ifMatch &&
    !request.is404
  )
    throw badRequest('Intestazione If-Match non supportata da questa operazione: inviala senza');
}

/** The one row an `If-Match` is about: its table's `updated_at` and the condition that finds it. */
export interface Versioned {
  table: PgTable;
  updatedAt: PgColumn;
  where: SQL | undefined;
}

/** A company table's row by id (and a further condition, e.g. a block's origine). */
export function versionIn(
  table: CompanyTable,
  companyId: string,
  id: string,
  where?: SQL,
): Versioned {
  return {
    table,
    updatedAt: table.updatedAt,
    where: and(eq(table.companyId, companyId), eq(table.id, id), where),
  };
}

/**
 * The precondition as a guarded update, first in the write's transaction: the row is locked only if
 * its `updated_at` is still the one the client saw (compared to the millisecond, as the DTO carries
 * it while PostgreSQL keeps microseconds). A concurrent writer with the same `If-Match` waits on the
 * lock, then finds the version moved on and gets the 409. The update writes `updated_at` unchanged:
 * the write itself bumps it, so a no-op leaves the version as it was.
 *
 * A row that is not there passes: the service's own lookup answers its 404.
 */
export async function assertUnchanged(
  tx: DbOrTx,
  target: Versioned,
  ifMatch: Date | undefined,
  message: string,
): Promise<void> {
  if (!ifMatch) return;
  const { table, updatedAt, where } = target;
  const sameVersion = sql`date_trunc('milliseconds', ${updatedAt}) = ${ifMatch.toISOString()}::timestamptz`;
  // drizzle's builders do not resolve their overloads on a generic table: the set is keyed by SQL name
  const locked = await tx.execute(
    sql`update ${table} set ${sql.identifier(updatedAt.name)} = ${updatedAt} where ${and(where, sameVersion)} returning 1 as ok`,
  );
  if (rowsOf(locked).length > 0) return;
  const [row] = await tx.select({ updatedAt }).from(table).where(where);
  if (!row) return;
  throw new AppError('CONFLICT', message, {
    body: { current: { updatedAt: (row.updatedAt as Date).toISOString() } },
  });
}
