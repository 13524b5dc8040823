import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetPasswordResponseSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { invalidateUsers } from './keys';

/**
 * POST /api/users/:id/reset-password (admin): a temporary password, shown once; the user must
 * replace it at the next login, and every session of theirs ends now.
 */
export async function resetPassword(id: string): Promise<string> {
  const { temporaryPassword } = await api.post(`/api/users/${encodeURIComponent(id)}/reset-password`, undefined, {
    schema: resetPasswordResponseSchema,
  });
  return temporaryPassword;
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetPassword, onSuccess: () => invalidateUsers(queryClient) });
}
