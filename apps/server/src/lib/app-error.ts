import type { ErrorCode, FieldError } from '@gestcava/contracts';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  CSRF_INVALID: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_IN_FLIGHT: 409,
  IDEMPOTENCY_MISMATCH: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  GONE: 410,
  RATE_LIMITED: 429,
  MISDIRECTED_REQUEST: 421,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The one error type services throw; the error handler turns it into `{ message, code, details? }`. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      details?: FieldError[];
      headers?: Record<string, string>;
      body?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

export const notFound = (message = 'Risorsa non trovata') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const forbidden = (message = 'Non hai il permesso per questa operazione') =>
  new AppError('FORBIDDEN', message);
export const badRequest = (message: string, details?: FieldError[]) =>
  new AppError('VALIDATION', message, { details });
export const unauthorized = (message = 'Sessione scaduta o non valida: accedi di nuovo') =>
  new AppError('UNAUTHORIZED', message);
