import type { LoginResponse } from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Keys } from '../../lib/secrets.js';
import { toUserDto } from '../users/users.mapper.js';
import { findUserByEmail, updateUser } from '../users/users.repository.js';
import type { createLoginThrottle } from './login-throttle.js';
import { hashPassword, needsRehash, verifyPassword } from './passwords.js';
import type { AuthContext, SessionStore } from './sessions.js';
import { signAccessToken } from './tokens.js';

const INVALID = 'Credenziali non valide';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  db: Db;
  keys: Keys;
  sessions: SessionStore;
  throttle: ReturnType<typeof createLoginThrottle>;
}) {
  const { db, keys, sessions, throttle } = deps;
  // Unknown emails verify against this hash, so they cost the same time as a wrong password (QUALITY S1).
  const dummyHash = hashPassword('gestcava-dummy-password-for-timing');

  return {
    async login(email: string, password: string, meta: { ip: string; userAgent?: string }): Promise<LoginResponse> {
      await throttle.assertAllowed(email, meta.ip);
      const user = await findUserByEmail(db, email);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
      if (!user || !ok) {
        await throttle.recordFailure(email, meta.ip);
        throw new AppError('UNAUTHORIZED', INVALID, { body: { success: false } });
      }
      if (!user.active) {
        throw new AppError('FORBIDDEN', 'Account disattivato', { body: { success: false } });
      }
      await throttle.clearAccount(email);
      const { sessionId, expiresAt } = await sessions.create(user.id, meta);
      const updated = await updateUser(db, user.id, {
        lastLoginAt: new Date(),
        ...(needsRehash(user.passwordHash) ? { passwordHash: await hashPassword(password) } : {}),
      });
      const accessToken = await signAccessToken(keys.jwt, { userId: user.id, sessionId }, expiresAt);
      return { success: true, user: { ...toUserDto(updated ?? user), accessToken } };
    },

    async logout(auth: AuthContext) {
      await sessions.revoke(auth.sessionId);
    },
  };
}
