import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';

interface PgLikeError {
  code?: string;
  errno?: string;
}

const PG_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '08001', '08003']);

/**
 * One error handler: every failure leaves as `{ message, code, details? }` with an Italian message.
 * A 500 never carries a stack, SQL or path (QUALITY S25).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & PgLikeError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 401 || error.statusCode === 403) {
        request.log.warn({ code: error.code, url: request.url }, 'accesso negato');
      }
      return reply
        .code(error.statusCode)
        .headers(error.extra.headers ?? {})
        .send({ message: error.message, code: error.code, details: error.extra.details, ...error.extra.body });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Valore non valido',
      }));
      const first = details[0];
      return reply.code(400).send({
        message: first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Dati non validi',
        code: 'VALIDATION',
        details,
      });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        return reply.code(413).send({ message: 'Richiesta troppo grande', code: 'PAYLOAD_TOO_LARGE' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return reply.code(415).send({ message: 'Formato della richiesta non supportato', code: 'UNSUPPORTED_MEDIA_TYPE' });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      case 'FST_PROTO_VIOLATION':
      case 'FST_CONSTRUCTOR_VIOLATION':
        return reply.code(400).send({ message: 'Corpo della richiesta non valido', code: 'VALIDATION' });
      case '23505':
        return reply.code(409).send({ message: 'Esiste già un elemento con questi dati', code: 'CONFLICT' });
      case '23503':
        return reply.code(409).send({ message: "L'elemento è collegato ad altri dati", code: 'CONFLICT' });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ message: 'Troppe richieste: riprova più tardi', code: 'RATE_LIMITED' });
    }
    if (error instanceof SyntaxError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      return reply.code(error.statusCode ?? 400).send({ message: 'Richiesta non valida', code: 'VALIDATION' });
    }
    const pgCode = error.code ?? (error.cause as PgLikeError | undefined)?.code;
    if (pgCode && PG_UNAVAILABLE.has(pgCode)) {
      request.log.error({ err: error }, 'database non raggiungibile');
      return reply
        .code(503)
        .send({ message: 'Servizio momentaneamente non disponibile: riprova tra poco', code: 'SERVICE_UNAVAILABLE' });
    }
    request.log.error({ err: error }, 'errore interno');
    return reply.code(500).send({ message: 'Errore interno', code: 'INTERNAL' });
  });
}
