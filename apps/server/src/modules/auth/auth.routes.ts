import {
  changePasswordBodySchema,
  csrfTokenResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  successSchema,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import type { ZodApp } from '../../lib/module.js';
import { requireAuth } from '../../plugins/auth.js';
import type { Keys } from '../../lib/secrets.js';
import type { UsersService } from '../users/users.service.js';
import type { AuthService } from './auth.service.js';
import { CSRF_COOKIE, issueCsrfToken } from '../../lib/auth/csrf.js';
import type { LoginThrottle } from './login-throttle.js';

const isWrongCurrentPassword = (error: unknown) =>
  error instanceof AppError &&
  error.code === 'VALIDATION' &&
  error.extra.details?.some((d) => d.path === 'currentPassword') === true;

/** Signing in and out. */
function registerSessionRoutes(app: ZodApp, auth: AuthService) {
  app.post(
    '/user/login',
    {
      config: {
        access: 'public',
        csrf: 'anonymous',
        duringPasswordChange: true,
        holdsSecrets: true,
      },
      schema: { tags: ['user'], body: loginBodySchema, response: { 200: loginResponseSchema } },
    },
    async (request) => {
      try {
        const result = await auth.login(request.body.email, request.body.password, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        request.log.info({ userId: result.user._id }, 'accesso riuscito');
        return result;
      } catch (error) {
        // docs/quality.md S26: the email as typed (pino writes it JSON-escaped, so a CR/LF cannot forge a line).
        const reason = error instanceof AppError ? error.code : 'INTERNAL';
        request.log.warn({ email: request.body.email, reason }, 'accesso non riuscito');
        throw error;
      }
    },
  );

  app.post(
    '/user/logout',
    {
      config: { access: 'authenticated', duringPasswordChange: true },
      schema: { tags: ['user'], response: { 200: successSchema } },
    },
    async (request) => {
      await auth.logout(requireAuth(request));
      return { success: true as const };
    },
  );
}

/** The signed-in user's new password, its wrong current password counted like a failed login. */
function registerChangePasswordRoute(app: ZodApp, users: UsersService, throttle: LoginThrottle) {
  app.post(
    '/user/change-password',
    {
      config: { access: 'authenticated', duringPasswordChange: true, holdsSecrets: true },
      schema: { tags: ['user'], body: changePasswordBodySchema, response: { 200: successSchema } },
    },
    async (request) => {
      const actor = requireAuth(request);
      // A stolen session must not be a free password oracle: wrong current passwords count like logins.
      const attempt = await throttle.begin(actor.user.email, request.ip);
      try {
        await users.changePassword(actor, request.body.currentPassword, request.body.newPassword);
      } catch (error) {
        if (!isWrongCurrentPassword(error)) await attempt.discard();
        throw error;
      }
      await attempt.succeeded();
      return { success: true as const, message: 'Password aggiornata' };
    },
  );
}

/** The anti-forgery token, as an answer and as a cookie. */
function registerCsrfTokenRoute(app: ZodApp, keys: Keys) {
  app.get(
    '/api/token',
    {
      config: { access: 'public', duringPasswordChange: true },
      schema: { tags: ['system'], response: { 200: csrfTokenResponseSchema } },
    },
    async (request, reply) => {
      const csrfToken = issueCsrfToken(keys.csrf, request.auth?.sessionId ?? null);
      reply.header('cache-control', 'no-store');
      reply.setCookie(CSRF_COOKIE, csrfToken, {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
      return { csrfToken };
    },
  );
}

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  users: UsersService;
  keys: Keys;
  throttle: LoginThrottle;
}> = async (app, { auth, users, keys, throttle }) => {
  registerSessionRoutes(app, auth);
  registerChangePasswordRoute(app, users, throttle);
  registerCsrfTokenRoute(app, keys);
};
