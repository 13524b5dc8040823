import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateUsers } from './keys';

/** DELETE /user/user/:id (admin; 204). 409 for the last admin or a user that recorded data. */
export function deleteUser(id: string) {
  return api.delete<void>(`/user/user/${encodeURIComponent(id)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => invalidateUsers(queryClient) });
}
