import crypto from 'node:crypto';
import { hmac, safeEqual } from '../secrets.js';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-csrf-token';
const ANONYMOUS = 'anon';

/** A signed double-submit token bound to the session (or `anon` before login): `nonce.hmac(nonce.session)`. */
export function issueCsrfToken(key: Buffer, sessionId: string | null): string {
  const nonce = crypto.randomBytes(18).toString('base64url');
  return `${nonce}.${hmac(key, `${nonce}.${sessionId ?? ANONYMOUS}`)}`;
}

export function verifyCsrfToken(key: Buffer, token: string, sessionId: string | null): boolean {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 200) return false;
  const nonce = token.slice(0, dot);
  return safeEqual(token.slice(dot + 1), hmac(key, `${nonce}.${sessionId ?? ANONYMOUS}`));
}
