import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userResponseSchema, type RegisterBody } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { invalidateUsers } from './keys';

/** POST /user/register (admin; 201). */
export async function createUser(body: RegisterBody) {
  const { user } = await api.create('/user/register', body, { schema: userResponseSchema });
  return user;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => invalidateUsers(queryClient) });
}
