import { apiErrorSchema, type FieldError } from '@gestcava/contracts';

export const INVALID_SERVER_ANSWER = 'Risposta del server non valida';
export const NETWORK_ERROR_MESSAGE = 'Impossibile contattare il server: controlla la connessione.';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: FieldError[];
  readonly tokenRefreshRequired: boolean;
  /** seconds, from Retry-After (429) */
  readonly retryAfter: number | null;

  constructor(init: {
    status: number;
    message: string;
    code: string;
    details?: FieldError[];
    tokenRefreshRequired?: boolean;
    retryAfter?: number | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.tokenRefreshRequired = init.tokenRefreshRequired ?? false;
    this.retryAfter = init.retryAfter ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const FALLBACK_MESSAGES: Record<number, string> = {
  400: 'Richiesta non valida',
  401: 'Sessione scaduta: accedi di nuovo',
  403: 'Non hai i permessi per questa operazione',
  404: 'Risorsa non trovata',
  409: 'Conflitto con lo stato attuale dei dati',
  413: 'File troppo grande',
  429: 'Troppi tentativi: riprova più tardi',
  500: 'Errore interno',
};

export function toApiError(
  status: number,
  body: unknown,
  retryAfterHeader: string | null,
): ApiError {
  const parsed = apiErrorSchema.safeParse(body);
  const retryAfter = retryAfterHeader !== null ? Number.parseInt(retryAfterHeader, 10) : NaN;
  const loose = (typeof body === 'object' && body !== null ? body : {}) as {
    message?: unknown;
    tokenRefreshRequired?: unknown;
  };
  const message =
    (parsed.success
      ? parsed.data.message
      : typeof loose.message === 'string'
        ? loose.message
        : '') ||
    FALLBACK_MESSAGES[status] ||
    (status >= 500 ? 'Errore interno' : `Errore ${status}`);
  return new ApiError({
    status,
    message,
    code: parsed.success ? parsed.data.code : status === 401 ? 'UNAUTHORIZED' : `HTTP_${status}`,
    details: parsed.success ? parsed.data.details : undefined,
    tokenRefreshRequired: loose.tokenRefreshRequired === true,
    retryAfter: Number.isFinite(retryAfter) ? retryAfter : null,
  });
}
