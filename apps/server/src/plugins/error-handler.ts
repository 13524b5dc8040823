import type { ErrorCode } from '@gestcava/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
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

type HandledError = FastifyError & PgLikeError;

interface Answer {
  status: number;
  body: { message: string; code: ErrorCode } & Record<string, unknown>;
  headers?: Record<string, string>;
}

/** One kind of failure, answered; `undefined` passes it to the next. */
type Classifier = (
  error: HandledError,
  request: FastifyRequest,
  pgCode: string | undefined,
) => Answer | undefined;

const fail = (status: number, code: ErrorCode, message: string): Answer => ({
  status,
  body: { message, code },
});

const appError: Classifier = (error, request) => {
  if (!(error instanceof AppError)) return undefined;
  if (error.statusCode === 401 || error.statusCode === 403) {
    request.log.warn(
      { code: error.code, url: request.url, userId: request.auth?.user.id },
      'accesso negato',
    );
  }
  return {
    status: error.statusCode,
    headers: error.extra.headers,
    body: {
      message: error.message,
      code: error.code,
      details: error.extra.details,
      ...error.extra.body,
    },
  };
};

const invalidInput: Classifier = (error) => {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const details = error.validation.map((v) => ({
    path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: v.message ?? 'Valore non valido',
  }));
  const first = details[0];
  const message = first
    ? first.path
      ? `${first.path}: ${first.message}`
      : first.message
    : 'Dati non validi';
  return { status: 400, body: { message, code: 'VALIDATION', details } };
};

/** Fastify's and its plugins' own codes for a body too large, of the wrong type or malformed. */
const FASTIFY_CODES: Record<string, Answer> = {
  ...Object.fromEntries(
    [
      'FST_ERR_CTP_BODY_TOO_LARGE',
      'FST_REQ_FILE_TOO_LARGE',
      'FST_FILES_LIMIT',
      'FST_PARTS_LIMIT',
      'FST_FIELDS_LIMIT',
    ].map((code) => [code, fail(413, 'PAYLOAD_TOO_LARGE', 'Richiesta troppo grande')]),
  ),
  ...Object.fromEntries(
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'FST_INVALID_MULTIPART_CONTENT_TYPE'].map((code) => [
      code,
      fail(415, 'UNSUPPORTED_MEDIA_TYPE', 'Formato della richiesta non supportato'),
    ]),
  ),
  ...Object.fromEntries(
    [
      'FST_ERR_CTP_EMPTY_JSON_BODY',
      'FST_ERR_CTP_INVALID_JSON_BODY',
      'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
      'FST_PROTO_VIOLATION',
      'FST_CONSTRUCTOR_VIOLATION',
    ].map((code) => [code, fail(400, 'VALIDATION', 'Corpo della richiesta non valido')]),
  ),
};

const fastifyCode: Classifier = (_error, _request, pgCode) =>
  pgCode && Object.hasOwn(FASTIFY_CODES, pgCode) ? FASTIFY_CODES[pgCode] : undefined;

const constraint: Classifier = (error) => {
  const found = constraintError(error, CONSTRAINT_MESSAGES);
  return found ? fail(found.statusCode, found.code, found.message) : undefined;
};

/**
 * SQLSTATE class 22 (data exception): a value the database cannot take, such as a NUL character in a
 * text (22021) or in JSON (22P05). The request is at fault, not the server.
 */
const refusedValue: Classifier = (_error, request, pgCode) => {
  if (!pgCode?.startsWith('22')) return undefined;
  request.log.warn({ code: pgCode, url: request.url }, 'valore rifiutato dal database');
  return fail(400, 'VALIDATION', 'Dati non validi');
};

/** What the client did wrong or gave up on, as libraries report it. */
const clientFault: Classifier = (error, request, pgCode) => {
  if (!pgCode && MALFORMED_MULTIPART.test(error.message))
    return fail(400, 'VALIDATION', 'Corpo della richiesta non valido');
  if (error.statusCode === 429)
    return fail(429, 'RATE_LIMITED', 'Troppe richieste: riprova più tardi');
  if (
    error instanceof SyntaxError ||
    (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
  ) {
    const status = error.statusCode ?? 400;
    const known = LIBRARY_ERRORS[status];
    return known ? { status, body: known } : fail(status, 'VALIDATION', 'Richiesta non valida');
  }
  // The client went away mid-request (an upload cut off): nobody reads the answer, nothing is wrong here.
  if (request.raw.aborted || request.raw.destroyed) {
    request.log.info({ url: request.url }, 'richiesta interrotta dal client');
    return fail(400, 'VALIDATION', 'Richiesta interrotta');
  }
  return undefined;
};

const databaseBusyOrDown: Classifier = (error, request, pgCode) => {
  if (pgCode && PG_TRY_AGAIN.has(pgCode)) {
    request.log.warn(
      { code: pgCode, url: request.url },
      'transazione interrotta da una concorrente',
    );
    // Retry-After marks it as "nothing done, try again": not stored for its Idempotency-Key, retried by the offline queue.
    return {
      ...fail(409, 'CONFLICT', 'Un’altra operazione sugli stessi dati era in corso: riprova'),
      headers: { 'retry-after': '1' },
    };
  }
  if (pgCode && PG_UNAVAILABLE.has(pgCode)) {
    request.log.error({ err: error }, 'database non raggiungibile');
    return fail(
      503,
      'SERVICE_UNAVAILABLE',
      'Servizio momentaneamente non disponibile: riprova tra poco',
    );
  }
  return undefined;
};

/** In this order: the first that recognises the error answers it. */
const CLASSIFIERS: Classifier[] = [
  appError,
  invalidInput,
  fastifyCode,
  constraint,
  refusedValue,
  clientFault,
  databaseBusyOrDown,
];

/**
 * One error handler: every failure leaves as `{ message, code, details? }` with an Italian message.
 * A 500 never carries a stack, SQL or path (docs/quality.md S25).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: HandledError, request, reply) => {
    // A library's code, or the database's SQLSTATE (on `cause` when Drizzle wraps the driver's error).
    const pgCode = pgErrorCode(error);
    for (const classify of CLASSIFIERS) {
      const answer = classify(error, request, pgCode);
      if (answer)
        return reply
          .code(answer.status)
          .headers(answer.headers ?? {})
          .send(answer.body);
    }
    request.log.error({ err: error }, 'errore interno');
    return reply.code(500).send({ message: 'Errore interno', code: 'INTERNAL' });
  });
}
