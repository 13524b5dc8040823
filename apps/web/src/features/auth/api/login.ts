import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type LoginBody } from '@gestcava/contracts';
import { api, refreshCsrfToken } from '@/lib/api';
import { setSession } from '@/lib/session';

/**
 * POST /user/login. A 401 here is a wrong password, not an expired session: the client does not
 * redirect, the form shows the server's message. Login fails unless the answer says success.
 */
export async function login(body: LoginBody) {
  const { user } = await api.post('/user/login', body, {
    handleUnauthorized: false,
    schema: loginResponseSchema,
  });
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
  return useMutation({ mutationFn: login });
}
