import { apiErrorSchema, csrfTokenResponseSchema, type FieldError } from '@gestcava/contracts';
import type { z } from 'zod';
import { webConfig } from './config';
import { log, maskToken } from './log';
import { clearSession, getSession, mergeCurrentUser, STORAGE_KEYS } from './session';
import { readString, writeString } from './storage';

/**
 * The one API client (DESIGN §5 "Transport"): JSON calls through fetch, uploads through
 * XMLHttpRequest (for progress). Both share the same rules:
 * - `Authorization: Bearer <token>` when a token is stored;
 * - `X-Company-Id` when an admin acts for another group company;
 * - `X-CSRF-Token` (cookie XSRF-TOKEN, else the stored csrfToken) on every non-GET/HEAD/OPTIONS
 *   request; fetched first when none exists;
 * - `Idempotency-Key` (a UUID, the same across the retry) on every creating request;
 * - 403 with `tokenRefreshRequired`: a new anti-forgery token and one retry (uploads after 2 s);
 * - 401 (except where the caller handles it, e.g. a failed login): token and user are cleared
 *   and the app goes to /auth/login?returnUrl=….
 */

export const INVALID_SERVER_ANSWER = 'Risposta del server non valida';
export const NETWORK_ERROR_MESSAGE = 'Impossibile contattare il server: controlla la connessione.';
export const UPLOAD_RETRY_DELAY_MS = 2000;

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

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  /** a JSON body (FormData goes through apiUpload) */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** a creating request: an Idempotency-Key is sent (the same one on the retry) */
  create?: boolean;
  idempotencyKey?: string;
  /**
   * The caller handles 401 itself (login: a failed login is not an expired session).
   */
  handleUnauthorized?: boolean;
  /** parse the successful answer with this schema */
  schema?: z.ZodType;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, or null when the size is unknown */
  percent: number | null;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** SPEC §9: uploads time out after 300 s */
  timeoutMs?: number;
  create?: boolean;
  idempotencyKey?: string;
  schema?: z.ZodType;
}

// ---------------------------------------------------------------------------------------------
// Hooks the app installs (navigation lives in the router, not here).

type UnauthorizedHandler = (returnUrl: string | null) => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;
let sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function configureApiClient(options: {
  onUnauthorized?: UnauthorizedHandler;
  sleep?: (ms: number) => Promise<void>;
}): void {
  if (options.onUnauthorized) onUnauthorized = options.onUnauthorized;
  if (options.sleep) sleep = options.sleep;
}

// ---------------------------------------------------------------------------------------------
// Anti-forgery token

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}

/** The XSRF-TOKEN cookie, else the stored csrfToken (SPEC §7). */
export function getCsrfToken(): string | null {
  return readCookie('XSRF-TOKEN') || readString(STORAGE_KEYS.csrfToken);
}

let csrfInFlight: Promise<string> | null = null;

/**
 * GET /api/token (at start, after login and logout, on tokenRefreshRequired, before an upload
 * without a token). A failure or an answer without csrfToken rejects, logging only
 * 'Risposta del server non valida'.
 */
export function refreshCsrfToken(): Promise<string> {
  csrfInFlight ??= fetchCsrfToken().finally(() => {
    csrfInFlight = null;
  });
  return csrfInFlight;
}

async function fetchCsrfToken(): Promise<string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getSession().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: unknown = null;
  try {
    const response = await fetch(`${webConfig.apiBaseUrl}/api/token`, {
      method: 'GET',
      credentials: 'same-origin',
      headers,
      cache: 'no-store',
    });
    if (response.ok) body = await response.json();
  } catch {
    body = null;
  }
  const parsed = csrfTokenResponseSchema.safeParse(body);
  if (!parsed.success || !parsed.data.csrfToken) {
    log.error(INVALID_SERVER_ANSWER);
    throw new ApiError({ status: 0, message: INVALID_SERVER_ANSWER, code: 'CSRF_FETCH_FAILED' });
  }
  writeString(STORAGE_KEYS.csrfToken, parsed.data.csrfToken);
  log.debug('anti-forgery token', maskToken(parsed.data.csrfToken));
  return parsed.data.csrfToken;
}

export function clearCsrfToken(): void {
  writeString(STORAGE_KEYS.csrfToken, null);
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** RFC 4122 v4; crypto.randomUUID exists only in secure contexts, an office LAN may be plain http. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  let url = `${webConfig.apiBaseUrl}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

function baseHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const { token, user, selectedCompanyId } = getSession();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (selectedCompanyId && user?.role === 'admin') headers['X-Company-Id'] = selectedCompanyId;
  return headers;
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

function toApiError(status: number, body: unknown, retryAfterHeader: string | null): ApiError {
  const parsed = apiErrorSchema.safeParse(body);
  const retryAfter = retryAfterHeader !== null ? Number.parseInt(retryAfterHeader, 10) : NaN;
  const loose = (typeof body === 'object' && body !== null ? body : {}) as {
    message?: unknown;
    tokenRefreshRequired?: unknown;
  };
  const message =
    (parsed.success ? parsed.data.message : typeof loose.message === 'string' ? loose.message : '') ||
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

/**
 * 401: the session is over. Clear it and send the user to log in, then back here. Only the
 * first 401 of a session does it: a late answer to a request made with an older token (several
 * requests in flight, or a new login since) changes nothing.
 */
function sessionExpired(tokenUsed: string | null): void {
  if (getSession().token !== tokenUsed) return;
  clearSession();
  const { pathname, search, hash } = window.location;
  const returnUrl = pathname.startsWith('/auth/') ? null : `${pathname}${search}${hash}`;
  onUnauthorized(returnUrl);
}

function isPasswordChangeRequired(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { passwordChangeRequired?: unknown }).passwordChangeRequired === true;
}

interface RawResponse {
  status: number;
  body: unknown;
  retryAfter: string | null;
}

type Sender = (headers: Record<string, string>) => Promise<RawResponse>;

/** The shared request loop: headers, CSRF, one retry on tokenRefreshRequired, 401 handling. */
async function execute(
  method: string,
  send: Sender,
  opts: {
    create?: boolean;
    idempotencyKey?: string;
    extraHeaders?: Record<string, string>;
    handleUnauthorized?: boolean;
    upload?: boolean;
  },
): Promise<unknown> {
  const unsafe = !SAFE_METHODS.has(method);
  const idempotencyKey = opts.idempotencyKey ?? (opts.create ? newIdempotencyKey() : undefined);

  for (let attempt = 0; ; attempt++) {
    const tokenUsed = getSession().token;
    const headers = { ...baseHeaders(), ...opts.extraHeaders };
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    if (unsafe) {
      headers['X-CSRF-Token'] = getCsrfToken() ?? (await refreshCsrfToken());
    }

    const response = await send(headers);
    if (response.status >= 200 && response.status < 300) return response.body;

    const error = toApiError(response.status, response.body, response.retryAfter);
    if (response.status === 403 && error.tokenRefreshRequired && attempt === 0) {
      log.warn('Token anti-falsificazione non valido: ne chiedo uno nuovo e riprovo');
      if (opts.upload) await sleep(UPLOAD_RETRY_DELAY_MS);
      await refreshCsrfToken();
      continue;
    }
    if (response.status === 401 && opts.handleUnauthorized !== false) sessionExpired(tokenUsed);
    // A temporary password (an admin's reset): the /app guard sends the user to replace it.
    if (response.status === 403 && isPasswordChangeRequired(response.body) && getSession().token === tokenUsed) {
      mergeCurrentUser({ mustChangePassword: true });
    }
    throw error;
  }
}

function combineSignals(signals: (AbortSignal | undefined)[]): AbortSignal | undefined {
  const list = signals.filter((s): s is AbortSignal => s !== undefined);
  if (list.length <= 1) return list[0];
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(list);
  const controller = new AbortController();
  for (const s of list) {
    if (s.aborted) controller.abort(s.reason);
    else s.addEventListener('abort', () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  if (!text) return undefined;
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function parseAnswer(path: string, body: unknown, schema: z.ZodType | undefined): unknown {
  if (!schema) return body;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    log.error(INVALID_SERVER_ANSWER, path);
    throw new ApiError({ status: 0, message: INVALID_SERVER_ANSWER, code: 'INVALID_RESPONSE' });
  }
  return parsed.data;
}

// ---------------------------------------------------------------------------------------------
// JSON calls

export function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions & { schema: S },
): Promise<z.output<S>>;
export function apiRequest<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const method = options.method ?? 'GET';
  const hasBody = options.body !== undefined;
  const url = buildUrl(path, options.query);
  const signal = combineSignals([
    options.signal,
    options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  ]);

  const send: Sender = async (headers) => {
    if (hasBody) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: hasBody ? JSON.stringify(options.body) : undefined,
        credentials: 'same-origin',
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError({ status: 0, message: NETWORK_ERROR_MESSAGE, code: 'NETWORK' });
    }
    return {
      status: response.status,
      body: await readBody(response),
      retryAfter: response.headers.get('Retry-After'),
    };
  };

  const body = await execute(method, send, {
    create: options.create,
    idempotencyKey: options.idempotencyKey,
    extraHeaders: options.headers,
    handleUnauthorized: options.handleUnauthorized,
  });
  return parseAnswer(path, body, options.schema);
}

type Opts = Omit<RequestOptions, 'method' | 'body'>;

interface Getter {
  <S extends z.ZodType>(path: string, opts: Opts & { schema: S }): Promise<z.output<S>>;
  <T = unknown>(path: string, opts?: Opts): Promise<T>;
}
interface Sending {
  <S extends z.ZodType>(path: string, body: unknown, opts: Opts & { schema: S }): Promise<z.output<S>>;
  <T = unknown>(path: string, body?: unknown, opts?: Opts): Promise<T>;
}

const sending =
  (method: HttpMethod, create = false): Sending =>
  (path: string, body?: unknown, opts?: Opts) =>
    apiRequest(path, { ...opts, method, body, create: opts?.create ?? create }) as never;

export const api: {
  get: Getter;
  post: Sending;
  /** a creating POST: carries an Idempotency-Key */
  create: Sending;
  put: Sending;
  patch: Sending;
  delete: Sending;
} = {
  get: ((path: string, opts?: Opts) => apiRequest(path, { ...opts, method: 'GET' })) as Getter,
  post: sending('POST'),
  create: sending('POST', true),
  put: sending('PUT'),
  patch: sending('PATCH'),
  delete: sending('DELETE'),
};

// ---------------------------------------------------------------------------------------------
// Downloads (exports, reports): the same rules, the answer as a Blob with its file name

export const DOWNLOAD_TIMEOUT_MS = 30_000;

export interface DownloadResult {
  blob: Blob;
  /** from Content-Disposition, when the server names the file */
  fileName: string | null;
}

/** RFC 6266: filename*=UTF-8''… wins over filename="…". */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name ? name : null;
}

export async function apiDownload(
  path: string,
  options: Omit<RequestOptions, 'body' | 'schema' | 'create' | 'idempotencyKey'> = {},
): Promise<DownloadResult> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  const signal = combineSignals([options.signal, AbortSignal.timeout(options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS)]);

  const send: Sender = async (headers) => {
    let response: Response;
    try {
      response = await fetch(url, { method, headers: { ...headers, Accept: '*/*' }, credentials: 'same-origin', signal });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError({ status: 0, message: NETWORK_ERROR_MESSAGE, code: 'NETWORK' });
    }
    if (!response.ok) {
      return { status: response.status, body: await readBody(response), retryAfter: response.headers.get('Retry-After') };
    }
    const result: DownloadResult = {
      blob: await response.blob(),
      fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
    };
    return { status: response.status, body: result, retryAfter: null };
  };

  return (await execute(method, send, {
    extraHeaders: options.headers,
    handleUnauthorized: options.handleUnauthorized,
  })) as DownloadResult;
}

// ---------------------------------------------------------------------------------------------
// Uploads (XMLHttpRequest, for progress)

export const UPLOAD_TIMEOUT_MS = 300_000;

export function apiUpload<S extends z.ZodType>(
  path: string,
  form: FormData,
  options: UploadOptions & { schema: S },
): Promise<z.output<S>>;
export function apiUpload<T = unknown>(path: string, form: FormData, options?: UploadOptions): Promise<T>;
export async function apiUpload(path: string, form: FormData, options: UploadOptions = {}): Promise<unknown> {
  const method = options.method ?? 'POST';
  const url = buildUrl(path);

  const send: Sender = (headers) =>
    new Promise<RawResponse>((resolve, reject) => {
      // Cancelled while the token was fetched or during the retry's pause: never send it.
      if (options.signal?.aborted) {
        reject(new DOMException('Caricamento annullato', 'AbortError'));
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(method, url, true);
      xhr.withCredentials = true;
      xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
      xhr.responseType = 'text';
      // No Content-Type: the browser writes the multipart boundary itself.
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
      if (options.onProgress) {
        const onProgress = options.onProgress;
        xhr.upload.onprogress = (e) => {
          onProgress({
            loaded: e.loaded,
            total: e.total,
            percent: e.lengthComputable && e.total > 0 ? Math.round((e.loaded / e.total) * 100) : null,
          });
        };
      }
      const abort = () => xhr.abort();
      options.signal?.addEventListener('abort', abort, { once: true });
      const done = () => options.signal?.removeEventListener('abort', abort);
      xhr.onload = () => {
        done();
        let body: unknown = xhr.responseText;
        const type = xhr.getResponseHeader('content-type') ?? '';
        if (type.includes('json') && xhr.responseText) {
          try {
            body = JSON.parse(xhr.responseText) as unknown;
          } catch {
            body = xhr.responseText;
          }
        }
        resolve({ status: xhr.status, body, retryAfter: xhr.getResponseHeader('Retry-After') });
      };
      xhr.onerror = () => {
        done();
        reject(new ApiError({ status: 0, message: NETWORK_ERROR_MESSAGE, code: 'NETWORK' }));
      };
      xhr.ontimeout = () => {
        done();
        reject(new ApiError({ status: 0, message: 'Caricamento scaduto: riprova', code: 'TIMEOUT' }));
      };
      xhr.onabort = () => {
        done();
        reject(new DOMException('Caricamento annullato', 'AbortError'));
      };
      xhr.send(form);
    });

  // An upload without any anti-forgery token fetches one first (SPEC §7).
  if (!getCsrfToken()) await refreshCsrfToken();

  const body = await execute(method, send, {
    create: options.create ?? method === 'POST',
    idempotencyKey: options.idempotencyKey,
    upload: true,
  });
  return parseAnswer(path, body, options.schema);
}
