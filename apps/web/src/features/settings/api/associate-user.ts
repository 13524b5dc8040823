import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userResponseSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { invalidateUsers } from './keys';

/** POST /companies/associate-user { userId, companyId } (admin): the company a user belongs to. */
export async function associateUser(userId: string, companyId: string) {
  const { user } = await api.post('/companies/associate-user', { userId, companyId }, { schema: userResponseSchema });
  return user;
}

export function useAssociateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: string; companyId: string }) => associateUser(v.userId, v.companyId),
    onSuccess: () => invalidateUsers(queryClient),
  });
}
