import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type RegisterBody,
  resetPasswordResponseSchema,
  type UpdateUserBody,
  userResponseSchema,
  usersResponseSchema,
} from '@gestcava/contracts';
import { api } from '@/lib/api';

export const usersKeys = {
  all: ['users'] as const,
  list: ['users', 'list'] as const,
};

export function invalidateUsers(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: usersKeys.all });
}

/** POST /companies/associate-user { userId, companyId } (admin): the company a user belongs to. */
export async function associateUser(userId: string, companyId: string) {
  const { user } = await api.post(
    '/companies/associate-user',
    { userId, companyId },
    { schema: userResponseSchema },
  );
  return user;
}

export function useAssociateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: string; companyId: string }) => associateUser(v.userId, v.companyId),
    onSuccess: () => invalidateUsers(queryClient),
  });
}

/** POST /user/register (admin; 201). */
export async function createUser(body: RegisterBody) {
  const { user } = await api.create('/user/register', body, { schema: userResponseSchema });
  return user;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => invalidateUsers(queryClient) });
}

/** DELETE /user/user/:id (admin; 204). 409 for the last admin or a user that recorded data. */
export function deleteUser(id: string) {
  return api.delete<void>(`/user/user/${encodeURIComponent(id)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => invalidateUsers(queryClient) });
}

/** GET /user/users (admin): every user of the group. */
export async function getUsers(signal?: AbortSignal) {
  const { users } = await api.get('/user/users', { schema: usersResponseSchema, signal });
  return users;
}

export const usersQueryOptions = queryOptions({
  queryKey: usersKeys.list,
  queryFn: ({ signal }) => getUsers(signal),
});

export function useUsers() {
  return useQuery(usersQueryOptions);
}

/**
 * POST /api/users/:id/reset-password (admin): a temporary password, shown once; the user must
 * replace it at the next login, and every session of theirs ends now.
 */
export async function resetPassword(id: string): Promise<string> {
  const { temporaryPassword } = await api.post(
    `/api/users/${encodeURIComponent(id)}/reset-password`,
    undefined,
    {
      schema: resetPasswordResponseSchema,
    },
  );
  return temporaryPassword;
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetPassword, onSuccess: () => invalidateUsers(queryClient) });
}

/**
 * PUT /user/update/:id (admin): any of name, email, role, companyId, permissions, active. A
 * change of role, permissions, company or active ends that user's sessions on the server: their
 * next request sends them to log in again with the new rights.
 */
export async function updateUser(id: string, body: UpdateUserBody) {
  const { user } = await api.put(`/user/update/${encodeURIComponent(id)}`, body, {
    schema: userResponseSchema,
  });
  return user;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: UpdateUserBody }) => updateUser(v.id, v.body),
    onSuccess: () => invalidateUsers(queryClient),
  });
}
