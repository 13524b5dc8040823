import {
  registerBodySchema,
  resetPasswordResponseSchema,
  updateUserBodySchema,
  userResponseSchema,
  usersResponseSchema,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodApp } from '../../lib/module.js';
import { requireAuth } from '../../plugins/auth.js';
import { idParams } from '../../plugins/list-routes.js';
import type { UsersService } from './users.service.js';

/** The list of users and one user. */
function registerUserReadRoutes(app: ZodApp, users: UsersService) {
  app.get(
    '/user/users',
    {
      config: { access: 'admin' },
      schema: { tags: ['user'], response: { 200: usersResponseSchema } },
    },
    async () => ({ success: true as const, users: await users.list() }),
  );

  app.get(
    '/user/user/:id',
    {
      config: { access: 'selfOrAdmin', duringPasswordChange: true },
      schema: { tags: ['user'], params: idParams, response: { 200: userResponseSchema } },
    },
    async (request) => ({ success: true as const, user: await users.get(request.params.id) }),
  );
}

/** A user's edit (their own name and email, or an admin's change) and deletion. */
function registerUserEditRoutes(app: ZodApp, users: UsersService) {
  app.put(
    '/user/update/:id',
    {
      config: { access: 'selfOrAdmin', holdsSecrets: true },
      schema: {
        tags: ['user'],
        params: idParams,
        body: updateUserBodySchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      user: await users.update(requireAuth(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/user/user/:id',
    { config: { access: 'admin' }, schema: { tags: ['user'], params: idParams } },
    async (request, reply) => {
      await users.remove(request.params.id);
      return reply.code(204).send();
    },
  );
}

/** An admin creates an account and resets its password. */
function registerUserAccountRoutes(app: ZodApp, users: UsersService) {
  app.post(
    '/user/register',
    {
      config: { access: 'admin', holdsSecrets: true },
      schema: { tags: ['user'], body: registerBodySchema, response: { 201: userResponseSchema } },
    },
    async (request, reply) => {
      const user = await users.register(
        request.body,
        requireAuth(request).companyId,
        'someone-else',
      );
      return reply.code(201).send({ success: true as const, user });
    },
  );

  app.post(
    '/api/users/:id/reset-password',
    {
      config: { access: 'admin', holdsSecrets: true },
      schema: { tags: ['user'], params: idParams, response: { 200: resetPasswordResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      temporaryPassword: await users.resetPassword(request.params.id),
    }),
  );
}

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  registerUserReadRoutes(app, users);
  registerUserEditRoutes(app, users);
  registerUserAccountRoutes(app, users);
};
