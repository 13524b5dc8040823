import type { z } from 'zod';
import { webConfig } from '../config';
import { log } from '../log';
import { clearSession, getSession, mergeCurrentUser } from '../session';
import { getCsrfToken, refreshCsrfToken } from './csrf';
import { ApiError, INVALID_SERVER_ANSWER, toApiError } from './errors';

/** The shared request loop under JSON calls, downloads and uploads (rules in ./index.ts). */

export const UPLOAD_RETRY_DELAY_MS = 2000;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

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

/**
 * 401: the session is over. Clear it and send the user to log in, then back here. Only the
 * first 401 of a session does it: a late answer to a request made with an older token (several
 * requests in flight, or a new login since) changes nothing, nor does one made with no token at
 * all (a screen still refetching while a logout clears the session): no session ended there.
 */
function sessionExpired(tokenUsed: string | null): void {
  if (tokenUsed === null || getSession().token !== tokenUsed) return;
  clearSession();
  const { pathname, search, hash } = window.location;
  const returnUrl = pathname.startsWith('/auth/') ? null : `${pathname}${search}${hash}`;
  onUnauthorized(returnUrl);
}

function isPasswordChangeRequired(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { passwordChangeRequired?: unknown }).passwordChangeRequired === true
  );
}

export interface RawResponse {
  status: number;
  body: unknown;
  retryAfter: string | null;
}

export type Sender = (headers: Record<string, string>) => Promise<RawResponse>;

/** The shared request loop: headers, CSRF, one retry on tokenRefreshRequired, 401 handling. */
export async function execute(
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
    if (
      response.status === 403 &&
      isPasswordChangeRequired(response.body) &&
      getSession().token === tokenUsed
    ) {
      mergeCurrentUser({ mustChangePassword: true });
    }
    throw error;
  }
}

export function combineSignals(signals: (AbortSignal | undefined)[]): AbortSignal | undefined {
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

export async function readBody(response: Response): Promise<unknown> {
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

export function parseAnswer(path: string, body: unknown, schema: z.ZodType | undefined): unknown {
  if (!schema) return body;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    log.error(INVALID_SERVER_ANSWER, path);
    throw new ApiError({ status: 0, message: INVALID_SERVER_ANSWER, code: 'INVALID_RESPONSE' });
  }
  return parsed.data;
}
