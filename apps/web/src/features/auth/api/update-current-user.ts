import { useMutation } from '@tanstack/react-query';
import { userResponseSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { mergeCurrentUser } from '@/lib/session';

export interface UpdateProfileInput {
  name: string;
  email: string;
}

/** PUT /user/update/:id for the current user; the answer is merged into the stored user (SPEC §4). */
export async function updateCurrentUser(id: string, body: UpdateProfileInput) {
  const { user } = await api.put(`/user/update/${encodeURIComponent(id)}`, body, {
    schema: userResponseSchema,
  });
  mergeCurrentUser(user);
  return user;
}

export function useUpdateCurrentUser(id: string) {
  return useMutation({ mutationFn: (body: UpdateProfileInput) => updateCurrentUser(id, body) });
}
