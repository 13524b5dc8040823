import { csrfTokenResponseSchema } from '@gestcava/contracts';
import { webConfig } from '../config';
import { log, maskToken } from '../log';
import { getSession, STORAGE_KEYS } from '../session';
import { readString, writeString } from '../storage';
import { ApiError, INVALID_SERVER_ANSWER } from './errors';

function readCookie(name: string): string | null {
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

/** The XSRF-TOKEN cookie, else the stored csrfToken (docs/api.md "Shape of the API"). */
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
