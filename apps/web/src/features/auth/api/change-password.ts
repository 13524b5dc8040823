import { useMutation } from '@tanstack/react-query';
import { successSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** POST /user/change-password (the server revokes the user's other sessions). */
export function changePassword(body: ChangePasswordInput) {
  return api.post('/user/change-password', body, { schema: successSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
