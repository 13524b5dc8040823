import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type LoginBody,
  loginResponseSchema,
  successSchema,
  userResponseSchema,
} from '@gestcava/contracts';
import { api, refreshCsrfToken } from '@/lib/api';
import { mergeCurrentUser, setSession } from '@/lib/session';

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

/**
 * POST /user/login. A 401 here is a wrong password, not an expired session: the client does not
 * redirect, the form shows the server's message. Login fails unless the answer says success.
 */
export async function login(body: LoginBody, forgetCachedData: () => void) {
  const { user } = await api.post('/user/login', body, {
    handleUnauthorized: false,
    schema: loginResponseSchema,
  });
  // Nothing an earlier session left cached in this tab is shown in this one: a logout in another
  // tab ends this tab's session without a request of its own (docs/web-shell.md "Transport rules").
  forgetCachedData();
  setSession(user, user.accessToken);
  // The anti-forgery token is bound to the session: the anonymous one is good only for login.
  try {
    await refreshCsrfToken();
  } catch {
    // the next unsafe request fetches one itself
  }
  return user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: LoginBody) => login(body, () => queryClient.clear()) });
}

export interface UpdateProfileInput {
  name: string;
  email: string;
}

/** PUT /user/update/:id for the current user; the answer is merged into the stored user (docs/api.md "Sessions and anti-forgery"). */
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
