import type { AccessRule } from '@gestcava/contracts';
import { canAny, idSchema } from '@gestcava/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { companies } from '../db/schema/index.js';
import type { Actor } from '../lib/actor.js';
import { AppError, forbidden, unauthorized } from '../lib/app-error.js';
import type { Keys } from '../lib/secrets.js';
import { CSRF_COOKIE, CSRF_HEADER, verifyCsrfToken } from '../lib/auth/csrf.js';
import { assertMayAct, type AuthContext, type SessionStore } from '../lib/auth/sessions.js';
import { verifyAccessToken } from '../lib/auth/tokens.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The one access rule every route declares (docs/api.md "Who may call what"). */
    access?: AccessRule;
    /** Only the login call accepts an anonymous anti-forgery token. */
    csrf?: 'anonymous';
    /** Open to a user who must still replace a temporary password (with a bearer, even on a public route). */
    duringPasswordChange?: true;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The company the request acts for: the user's, or an admin's `X-Company-Id`. */
    companyId: string | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const csrfError = () =>
  new AppError('CSRF_INVALID', 'Token di sicurezza non valido o scaduto: riprova', {
    body: { tokenRefreshRequired: true },
  });

export interface AuthPluginOptions {
  db: Db;
  keys: Keys;
  sessions: SessionStore;
}

/** Requires an authenticated request inside a handler (narrows the type). */
export function requireAuth(request: FastifyRequest): AuthContext & { companyId: string } {
  if (!request.auth || !request.companyId) throw unauthorized();
  return { ...request.auth, companyId: request.companyId };
}

export function actorOf(request: FastifyRequest): Actor {
  const auth = requireAuth(request);
  return { userId: auth.user.id, companyId: auth.companyId, isAdmin: auth.user.role === 'admin' };
}

/**
 * Authentication, anti-forgery, the access rule and the company scope, in that order,
 * in `onRequest`: before a body is read or anything is written.
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app: FastifyInstance, { db, keys, sessions }) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('companyId', null);

    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (header?.startsWith('Bearer ')) {
        const claims = await verifyAccessToken(keys.jwt, header.slice(7).trim());
        request.auth = claims ? await sessions.resolve(claims.sessionId, claims.userId) : null;
      }

      const access = request.routeOptions.config.access;
      if (!access) {
        // The not-found handler has no rule; any other route without one is refused (fail closed),
        // behind the test that walks every route.
        if (request.is404) return;
        throw forbidden('Operazione non disponibile');
      }

      // A dead session answers 401 before the anti-forgery check, so the client goes to log in
      // instead of refreshing a token that can never be valid.
      if (access !== 'public' && !request.auth) throw unauthorized();
      if (!SAFE_METHODS.has(request.method)) checkAntiForgery(request, keys);

      const auth = request.auth;
      if (!auth) return;
      // every route a bearer reaches, public ones included (a download that also takes a signed link)
      if (!request.routeOptions.config.duringPasswordChange) assertMayAct(auth.user);
      checkAccess(request, access, auth.user);
      request.companyId = await companyOfRequest(request, db, auth.user);
    });
  },
);

/** The double-submit token (header equal to cookie) signed for this session, or anonymous for the login. */
function checkAntiForgery(request: FastifyRequest, keys: Keys) {
  const sent = request.headers[CSRF_HEADER];
  const cookie = request.cookies[CSRF_COOKIE];
  const token = typeof sent === 'string' ? sent : undefined;
  const sessionId = request.auth?.sessionId ?? null;
  const valid =
    token !== undefined &&
    cookie !== undefined &&
    token === cookie &&
    (verifyCsrfToken(keys.csrf, token, sessionId) ||
      (request.routeOptions.config.csrf === 'anonymous' &&
        verifyCsrfToken(keys.csrf, token, null)));
  if (!valid) {
    request.log.warn({ url: request.url }, 'token anti-falsificazione non valido');
    throw csrfError();
  }
}

/** The route's access rule against the signed-in user (docs/api.md "Who may call what"). */
function checkAccess(request: FastifyRequest, access: AccessRule, user: AuthContext['user']) {
  const isAdmin = user.role === 'admin';
  if (access === 'public' || access === 'authenticated') {
    // nothing more than a live session (when there is one)
  } else if (access === 'admin') {
    if (!isAdmin) throw forbidden('Operazione riservata agli amministratori');
  } else if (access === 'selfOrAdmin') {
    const id = (request.params as { id?: string }).id;
    if (!isAdmin && id !== user.id) throw forbidden();
  } else {
    const pages = typeof access.page === 'string' ? [access.page] : access.page;
    if (!canAny(user, pages, access.mode)) throw forbidden();
  }
}

/** The user's company, or the one an admin names in `X-Company-Id` (which must exist). */
async function companyOfRequest(request: FastifyRequest, db: Db, user: AuthContext['user']) {
  const requested = request.headers['x-company-id'];
  if (requested === undefined || requested === '') return user.companyId;
  if (user.role !== 'admin')
    throw forbidden("Solo un amministratore può operare per un'altra azienda");
  const parsed = idSchema.safeParse(requested);
  const [company] = parsed.success
    ? await db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, parsed.data))
        .limit(1)
    : [];
  if (!company) throw new AppError('VALIDATION', 'Azienda selezionata non valida');
  return company.id;
}
