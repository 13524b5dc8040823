import {
  changePasswordBodySchema,
  csrfTokenResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  successSchema,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import type { Keys } from '../../lib/secrets.js';
import type { UsersService } from '../users/users.service.js';
import type { AuthService } from './auth.service.js';
import { CSRF_COOKIE, issueCsrfToken } from './csrf.js';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; users: UsersService; keys: Keys }> = async (
  app,
  { auth, users, keys },
) => {
  app.post(
    '/user/login',
    {
      config: { access: 'public', csrf: 'anonymous' },
      schema: { tags: ['user'], body: loginBodySchema, response: { 200: loginResponseSchema } },
    },
    async (request) =>
      auth.login(request.body.email, request.body.password, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  );

  app.post(
    '/user/logout',
    { config: { access: 'authenticated', duringPasswordChange: true }, schema: { tags: ['user'], response: { 200: successSchema } } },
    async (request) => {
      await auth.logout(requireAuth(request));
      return { success: true as const };
    },
  );

  app.post(
    '/user/change-password',
    {
      config: { access: 'authenticated', duringPasswordChange: true },
      schema: { tags: ['user'], body: changePasswordBodySchema, response: { 200: successSchema } },
    },
    async (request) => {
      await users.changePassword(requireAuth(request), request.body.currentPassword, request.body.newPassword);
      return { success: true as const, message: 'Password aggiornata' };
    },
  );

  app.get(
    '/api/token',
    {
      config: { access: 'public' },
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
};
