import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, clearCsrfToken, refreshCsrfToken } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

/**
 * Logout for real: POST /user/logout revokes the session on the server, then token, user and
 * cached data go, and a fresh (anonymous) anti-forgery token is fetched.
 */
export async function logout(): Promise<void> {
  try {
    await api.post('/user/logout', undefined, { handleUnauthorized: false });
  } catch {
    // already expired or offline: the local session goes anyway
  }
  clearSession();
  clearCsrfToken();
  try {
    await refreshCsrfToken();
  } catch {
    // logged by the client; the login page fetches one again
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.clear(),
  });
}
