import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import { hmac } from '../lib/secrets.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes or answers a password or another user secret: the idempotency store never
     * sees it (docs/security.md, "No secret in the idempotency store").
     */
    holdsSecrets?: true;
  }
  interface FastifyRequest {
    idempotency: { userId: string; companyId: string; key: string } | null;
  }
}

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** A claim older than this was left by a crash: the next try may take it over. */
const STALE_IN_FLIGHT_MS = 5 * 60_000;
const REPLAYED_HEADERS = ['content-type', 'location'];

/** The methods whose answers are kept: creating requests, and the edits and moves an offline queue replays. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function fingerprint(
  key: Buffer,
  method: string,
  url: string,
  body: unknown,
  contentType: string | undefined,
) {
  // A multipart body is not parsed yet here, and its length is no fingerprint: the same photos sent
  // again are framed with a new boundary, whose length varies by browser. The key alone names it.
  const content =
    body === undefined
      ? contentType?.startsWith('multipart/')
        ? 'multipart'
        : ''
      : JSON.stringify(body);
  // keyed: a kept fingerprint is no fast hash of what the body held
  return hmac(key, `${method} ${url}\n${content}`);
}

type Scope = { userId: string; companyId: string; key: string };

const whereScope = (scope: Scope) =>
  and(
    eq(idempotencyKeys.userId, scope.userId),
    eq(idempotencyKeys.companyId, scope.companyId),
    eq(idempotencyKeys.key, scope.key),
  );

/** The key of a write that asks for one, checked; null when the request is served normally. */
function scopeOf(request: FastifyRequest): Scope | null {
  const key = request.headers[HEADER];
  if (
    !WRITES.has(request.method) ||
    key === undefined ||
    !request.auth ||
    !request.companyId ||
    // served normally, a repeat runs again: nothing of a password is kept for a week
    request.routeOptions.config.holdsSecrets
  )
    return null;
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw new AppError('VALIDATION', 'Intestazione Idempotency-Key non valida');
  }
  return { userId: request.auth.user.id, companyId: request.companyId, key };
}

/** Claims the key for this request (taking over one a crash left in flight); false if it is taken. */
async function claim(db: Db, request: FastifyRequest, scope: Scope, requestHash: string) {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        whereScope(scope),
        eq(idempotencyKeys.state, 'in_flight'),
        lt(idempotencyKeys.createdAt, new Date(Date.now() - STALE_IN_FLIGHT_MS)),
      ),
    );
  const claimed = await db
    .insert(idempotencyKeys)
    .values({
      ...scope,
      method: request.method,
      path: request.url,
      requestHash,
      state: 'in_flight',
      createdAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

/** The answer kept for a key already used: replayed, or refused if in flight or for another body. */
async function replay(db: Db, reply: FastifyReply, scope: Scope, requestHash: string) {
  const [existing] = await db.select().from(idempotencyKeys).where(whereScope(scope)).limit(1);
  if (!existing)
    throw new AppError('IDEMPOTENCY_IN_FLIGHT', 'Richiesta già in corso: attendi il suo esito');
  if (existing.requestHash !== requestHash) {
    throw new AppError(
      'IDEMPOTENCY_MISMATCH',
      'Questa Idempotency-Key è già stata usata per una richiesta diversa',
    );
  }
  if (existing.state === 'in_flight') {
    throw new AppError('IDEMPOTENCY_IN_FLIGHT', 'Richiesta già in corso: attendi il suo esito');
  }
  reply.code(existing.statusCode ?? 200);
  for (const [name, value] of Object.entries(existing.responseHeaders ?? {}))
    reply.header(name, value);
  reply.header('idempotent-replayed', 'true');
  return reply.send(existing.responseBody ?? '');
}

/** Keeps the answer for its key, or frees the key when the answer must not be replayed. */
async function keep(db: Db, request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const scope = request.idempotency;
  if (!scope) return;
  request.idempotency = null;
  // Not kept: a failure of ours; an answer that asks to try again (a 429, a transaction PostgreSQL
  // ended for a concurrent one: both carry Retry-After and did nothing, so the retry must run, as
  // Stripe's keys do); a request whose body never fully arrived (an upload cut off by lost signal,
  // which the offline queue resends with the same key); or a streamed answer.
  const tryAgain =
    reply.statusCode >= 500 ||
    reply.statusCode === 429 ||
    reply.getHeader('retry-after') !== undefined;
  const cutOff = request.raw.aborted;
  if (
    tryAgain ||
    cutOff ||
    (typeof payload !== 'string' && payload !== null && payload !== undefined)
  ) {
    await db.delete(idempotencyKeys).where(whereScope(scope));
    return;
  }
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (typeof value === 'string') headers[name] = value;
  }
  await db
    .update(idempotencyKeys)
    .set({
      state: 'done',
      statusCode: reply.statusCode,
      responseBody: (payload as string | null) ?? '',
      responseHeaders: headers,
    })
    .where(whereScope(scope));
}

/**
 * Optional `Idempotency-Key` on writing requests (docs/api.md "Sessions and anti-forgery", Stripe's rules): the first answer
 * for a key, user and company is stored and replayed, whatever happened to the item since, so an
 * edit replayed late never re-applies over a newer one (docs/offline.md); a concurrent twin gets
 * 409, the same key with another body 422. Server errors are not stored, so a retry can succeed.
 */
export const idempotencyPlugin = fp<{ db: Db; key: Buffer }>(
  async (app: FastifyInstance, { db, key: fingerprintKey }) => {
    app.decorateRequest('idempotency', null);

    app.addHook('preHandler', async (request, reply) => {
      const scope = scopeOf(request);
      if (!scope) return;
      const requestHash = fingerprint(
        fingerprintKey,
        request.method,
        request.url,
        request.body,
        request.headers['content-type'],
      );
      if (await claim(db, request, scope, requestHash)) {
        request.idempotency = scope;
        return;
      }
      return replay(db, reply, scope, requestHash);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      await keep(db, request, reply, payload);
      return payload;
    });
  },
);

/**
 * How long an answer is kept: a week, not Stripe's minimum day, because an offline phone may resend an
 * action it had sent just before losing signal only when it is back in range, after a weekend.
 */
const KEPT_MS = 7 * 24 * 3600_000;

export async function pruneIdempotencyKeys(db: Db) {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(Date.now() - KEPT_MS)));
}
