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
    key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    hmacKeys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await hmacKey(key));
}

/** One algorithm, issuer, audience and expiry checked (QUALITY S6); anything else is null. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), {
      algorithms: [ALG],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: 'JWT',
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}
