import {
  type RegisterBody,
  resetPasswordResponseSchema,
  type UpdateUserBody,
  userResponseSchema,
  usersResponseSchema,
} from '@gestcava/contracts';
import { api } from '@/lib/api';
import { defineResource } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

/**
 * The users of the group (admin), under ['users']: every write refreshes the list. The user routes
 * keep their historical paths (`/user/…`); the answers wrap the record (`{ user }`).
 */
const users = defineResource({ key: queryRoots.users, base: '/api/users' });
const userOf = <U>({ user }: { user: U }) => user;
const enc = encodeURIComponent;

/** GET /user/users (admin): every user of the group. */
export const useUsers = users.read(() => ({
  key: ['list'],
  load: (signal) =>
    api.get('/user/users', { schema: usersResponseSchema, signal }).then((a) => a.users),
})).use;

/** POST /companies/associate-user { userId, companyId } (admin): the company a user belongs to. */
export const useAssociateUser = () =>
  users.useWrite((v: { userId: string; companyId: string }) =>
    api.post('/companies/associate-user', v, { schema: userResponseSchema }).then(userOf),
  );

/** POST /user/register (admin; 201). */
export const useCreateUser = () =>
  users.useWrite((body: RegisterBody) =>
    api.create('/user/register', body, { schema: userResponseSchema }).then(userOf),
  );

/** DELETE /user/user/:id (admin; 204). 409 for the last admin or a user that recorded data. */
export const useDeleteUser = () =>
  users.useWrite((id: string) => api.delete<void>(`/user/user/${enc(id)}`));

/**
 * POST /api/users/:id/reset-password (admin): a temporary password, shown once; the user must
 * replace it at the next login, and every session of theirs ends now.
 */
export const useResetPassword = () =>
  users.useWrite((id: string) =>
    api
      .post(users.path(id, 'reset-password'), undefined, { schema: resetPasswordResponseSchema })
      .then((a) => a.temporaryPassword),
  );

/**
 * PUT /user/update/:id (admin): any of name, email, role, companyId, permissions, active. A
 * change of role, permissions, company or active ends that user's sessions on the server: their
 * next request sends them to log in again with the new rights.
 */
export const useUpdateUser = () =>
  users.useWrite((v: { id: string; body: UpdateUserBody }) =>
    api.put(`/user/update/${enc(v.id)}`, v.body, { schema: userResponseSchema }).then(userOf),
  );
