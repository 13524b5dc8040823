import { idSchema } from '@gestcava/contracts';
import { z } from 'zod';
import { forbidden } from './app-error.js';
import type { AuthContext, SessionStore } from './auth/sessions.js';
import type { Storage } from './storage.js';

/** The query a session-bound link carries besides its own parameters. */
export interface SessionLinkQuery {
  sid?: string;
  uid?: string;
  exp?: number;
  sig?: string;
}

/**
 * A session-bound link's parameters as a route's querystring takes them, all optional (a bearer calls
 * the same route without them); `companyId` is the company the link was signed for. Routes extend it.
 */
export const sessionLinkQuerySchema = z.object({
  companyId: idSchema.optional(),
  sid: idSchema.optional(),
  uid: idSchema.optional(),
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(100).optional(),
});

export type SessionLinks = ReturnType<typeof createSessionLinks>;

/**
 * Links a browser opens without a bearer token (a document saved like any file) that work only while
 * the session that asked for them lives (issue 23): the signature covers the session and its user, and
 * using the link resolves that session as a request would, so a logout, a revocation or a deactivated
 * user refuses it at once, not when the link expires.
 */
export function createSessionLinks({ storage, sessions }: { storage: Storage; sessions: SessionStore }) {
  const bound = (subject: string, sid: string, uid: string) => `${subject}\n${sid}\n${uid}`;

  return {
    /** The query parameters that sign `subject` for this session, valid at most `ttlSeconds`. */
    sign(subject: string, auth: AuthContext, ttlSeconds: number): Record<string, string> {
      const { exp, sig } = storage.signSubject(bound(subject, auth.sessionId, auth.user.id), ttlSeconds);
      return { sid: auth.sessionId, uid: auth.user.id, exp: String(exp), sig };
    },

    /**
     * The live session the link was made for, still allowed to act for `companyId` (its own company,
     * or any as an admin, as `X-Company-Id`), or 403 with the reason. The caller checks the page's read.
     */
    async verify(subject: string, companyId: string, { sid = '', uid = '', exp = NaN, sig = '' }: SessionLinkQuery): Promise<AuthContext> {
      const verdict = storage.verifySubject(bound(subject, sid, uid), exp, sig);
      if (verdict !== 'ok') throw forbidden(verdict === 'expired' ? 'Collegamento scaduto: ricarica la pagina' : 'Collegamento non valido');
      const auth = await sessions.resolve(sid, uid);
      if (!auth) throw forbidden('Collegamento non più valido: la sessione che lo ha creato è terminata. Accedi e riapri il documento');
      if (auth.user.companyId !== companyId && auth.user.role !== 'admin') throw forbidden();
      return auth;
    },
  };
}
