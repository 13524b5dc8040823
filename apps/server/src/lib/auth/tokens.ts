import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'gestcava';
const AUDIENCE = 'gestcava-web';
const ALG = 'HS256';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/**
 * The secret imported once as an HMAC key: handing jose the raw bytes imports them again on every
 * sign and verify, which is half of each call's cost, paid by every authenticated request.
 */
const hmacKeys = new WeakMap<Uint8Array, ReturnType<typeof crypto.subtle.importKey>>();
function hmacKey(secret: Uint8Array) {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    hmacKeys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await hmacKey(key));
}

/**
 * Tokens that already verified, with their expiry: each request of a session carries the same token,
 * and checking its signature again cost a fifth of a millisecond of the event loop per request
 * (WebCrypto's HMAC job). Only an exact token string that verified under this key is found here;
 * revocation is the session's check (sessions.ts), unaffected.
 */
const verified = new WeakMap<
  Uint8Array,
  Map<string, { claims: AccessClaims; expiresAtMs: number }>
>();
const VERIFIED_KEPT = 1000;

/** One algorithm, issuer, audience and expiry checked (docs/quality.md S6); anything else is null. */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
): Promise<AccessClaims | null> {
  let kept = verified.get(key);
  if (!kept) verified.set(key, (kept = new Map()));
  const hit = kept.get(token);
  if (hit && hit.expiresAtMs > Date.now()) return hit.claims;
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), {
      algorithms: [ALG],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: 'JWT',
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.exp !== 'number'
    )
      return null;
    const claims = { userId: payload.sub, sessionId: payload.sid };
    kept.delete(token);
    if (kept.size >= VERIFIED_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(token, { claims, expiresAtMs: payload.exp * 1000 });
    return claims;
  } catch {
    return null;
  }
}
