import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userResponseSchema, type UpdateUserBody } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { invalidateUsers } from './keys';

/**
 * PUT /user/update/:id (admin): any of name, email, role, companyId, permissions, active. A
 * change of role, permissions, company or active ends that user's sessions on the server: their
 * next request sends them to log in again with the new rights.
 */
export async function updateUser(id: string, body: UpdateUserBody) {
  const { user } = await api.put(`/user/update/${encodeURIComponent(id)}`, body, { schema: userResponseSchema });
  return user;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: UpdateUserBody }) => updateUser(v.id, v.body),
    onSuccess: () => invalidateUsers(queryClient),
  });
}
