import type { LoginResponse } from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Keys } from '../../lib/secrets.js';
import type { UsersService } from '../users/users.service.js';
import type { createLoginThrottle } from './login-throttle.js';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/auth/passwords.js';
import type { AuthContext, SessionStore } from '../../lib/auth/sessions.js';
import { signAccessToken } from '../../lib/auth/tokens.js';
import { recordSuccessfulLogin } from './login.repository.js';

const INVALID = 'Credenziali non valide';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  db: Db;
  keys: Keys;
  sessions: SessionStore;
  throttle: ReturnType<typeof createLoginThrottle>;
  users: UsersService;
}) {
  const { db, keys, sessions, throttle, users } = deps;
  // Unknown emails verify against this hash, so they cost the same time as a wrong password (docs/quality.md S1).
  const dummyHash = hashPassword('gestcava-dummy-password-for-timing');

  return {
    async login(
      email: string,
      password: string,
      meta: { ip: string; userAgent?: string },
    ): Promise<LoginResponse> {
      // Counted before verifying: a failure unless it turns out right (docs/api.md "Sessions and anti-forgery").
      const attempt = await throttle.begin(email, meta.ip);
      const user = await users.findForLogin(email);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
      if (!user || !ok) {
        throw new AppError('UNAUTHORIZED', INVALID, { body: { success: false } });
      }
      if (!user.active) {
        await attempt.discard();
        throw new AppError('FORBIDDEN', 'Account disattivato', { body: { success: false } });
      }
      const rehashed = needsRehash(user.passwordHash) ? await hashPassword(password) : undefined;
      const session = sessions.newRow(user.id, meta);
      const row = await recordSuccessfulLogin(db, {
        email,
        ip: meta.ip,
        session,
        passwordHash: rehashed,
      });
      // The account was deleted since the lookup.
      if (!row) throw new AppError('UNAUTHORIZED', INVALID, { body: { success: false } });
      const { sessionId, ...loggedIn } = row;
      const accessToken = await signAccessToken(
        keys.jwt,
        { userId: user.id, sessionId },
        session.expiresAt,
      );
      return { success: true, user: { ...users.toDto(loggedIn), accessToken } };
    },

    async logout(auth: AuthContext) {
      await sessions.revoke(auth.sessionId);
    },
  };
}
