import type { ErrorCode } from '@gestcava/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { constraintError, pgErrorCode } from '../lib/db-errors.js';

interface PgLikeError {
  code?: string;
  errno?: string;
}

/** Busboy reports a cut-off or malformed multipart body with plain errors, without a code. */
const MALFORMED_MULTIPART = /unexpected end of multipart data|^Multipart: Boundary not found/i;

/** A library's own 4xx keeps its status and gets the matching code of docs/api.md "Shape of the API". */
const LIBRARY_ERRORS: Record<number, { code: ErrorCode; message: string }> = {
  401: { code: 'UNAUTHORIZED', message: 'Accesso non autorizzato' },
  403: { code: 'FORBIDDEN', message: 'Accesso negato' },
  404: { code: 'NOT_FOUND', message: 'Risorsa non trovata' },
  409: { code: 'CONFLICT', message: 'Richiesta in conflitto con i dati attuali' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'Richiesta troppo grande' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Formato della richiesta non supportato' },
};

/** A constraint violation no service answered with its own words. */
const CONSTRAINT_MESSAGES = {
  unique: 'Esiste già un elemento con questi dati',
  foreignKey: "L'elemento è collegato ad altri dati",
  check: 'Dati non validi',
};

/**
 * PostgreSQL ended the transaction so that a concurrent one could go on (a deadlock, a serialization
 * failure): nothing was written, and the same request a moment later is expected to pass. Lock order
 * keeps the known paths free of deadlocks (magazzino's `lockPacchi`, `lockedLotto`); this answers
 * any that is left with a conflict the user can act on, never a 500.
 */
const PG_TRY_AGAIN = new Set(['40P01', '40001']);

const PG_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

/**
 * One error handler: every failure leaves as `{ message, code, details? }` with an Italian message.
 * A 500 never carries a stack, SQL or path (docs/quality.md S25).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & PgLikeError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 401 || error.statusCode === 403) {
        request.log.warn(
          { code: error.code, url: request.url, userId: request.auth?.user.id },
          'accesso negato',
        );
      }
      return reply
        .code(error.statusCode)
        .headers(error.extra.headers ?? {})
        .send({
          message: error.message,
          code: error.code,
          details: error.extra.details,
          ...error.extra.body,
        });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Valore non valido',
      }));
      const first = details[0];
      return reply.code(400).send({
        message: first
          ? first.path
            ? `${first.path}: ${first.message}`
            : first.message
          : 'Dati non validi',
        code: 'VALIDATION',
        details,
      });
    }
    // A library's code, or the database's SQLSTATE (on `cause` when Drizzle wraps the driver's error).
    const pgCode = pgErrorCode(error);
    switch (pgCode) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        return reply
          .code(413)
          .send({ message: 'Richiesta troppo grande', code: 'PAYLOAD_TOO_LARGE' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return reply.code(415).send({
          message: 'Formato della richiesta non supportato',
          code: 'UNSUPPORTED_MEDIA_TYPE',
        });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      case 'FST_PROTO_VIOLATION':
      case 'FST_CONSTRUCTOR_VIOLATION':
        return reply
          .code(400)
          .send({ message: 'Corpo della richiesta non valido', code: 'VALIDATION' });
    }
    const constraint = constraintError(error, CONSTRAINT_MESSAGES);
    if (constraint)
      return reply
        .code(constraint.statusCode)
        .send({ message: constraint.message, code: constraint.code });
    // SQLSTATE class 22 (data exception): a value the database cannot take, such as a NUL character
    // in a text (22021) or in JSON (22P05). The request is at fault, not the server.
    if (pgCode?.startsWith('22')) {
      request.log.warn({ code: pgCode, url: request.url }, 'valore rifiutato dal database');
      return reply.code(400).send({ message: 'Dati non validi', code: 'VALIDATION' });
    }
    if (!pgCode && MALFORMED_MULTIPART.test(error.message)) {
      return reply
        .code(400)
        .send({ message: 'Corpo della richiesta non valido', code: 'VALIDATION' });
    }
    if (error.statusCode === 429) {
      return reply
        .code(429)
        .send({ message: 'Troppe richieste: riprova più tardi', code: 'RATE_LIMITED' });
    }
    if (
      error instanceof SyntaxError ||
      (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    ) {
      const status = error.statusCode ?? 400;
      return reply
        .code(status)
        .send(LIBRARY_ERRORS[status] ?? { message: 'Richiesta non valida', code: 'VALIDATION' });
    }
    // The client went away mid-request (an upload cut off): nobody reads the answer, nothing is wrong here.
    if (request.raw.aborted || request.raw.destroyed) {
      request.log.info({ url: request.url }, 'richiesta interrotta dal client');
      return reply.code(400).send({ message: 'Richiesta interrotta', code: 'VALIDATION' });
    }
    if (pgCode && PG_TRY_AGAIN.has(pgCode)) {
      request.log.warn(
        { code: pgCode, url: request.url },
        'transazione interrotta da una concorrente',
      );
      // Retry-After marks it as "nothing done, try again": not stored for its Idempotency-Key, retried by the offline queue.
      return reply.code(409).header('retry-after', '1').send({
        message: 'Un’altra operazione sugli stessi dati era in corso: riprova',
        code: 'CONFLICT',
      });
    }
    if (pgCode && PG_UNAVAILABLE.has(pgCode)) {
      request.log.error({ err: error }, 'database non raggiungibile');
      return reply.code(503).send({
        message: 'Servizio momentaneamente non disponibile: riprova tra poco',
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    request.log.error({ err: error }, 'errore interno');
    return reply.code(500).send({ message: 'Errore interno', code: 'INTERNAL' });
  });
}
