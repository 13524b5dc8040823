import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, clearCsrfToken, refreshCsrfToken } from '@/lib/api';
import { clearSession } from '@/lib/session';

/** POST /user/logout: the server revokes the session. Failure (already expired, offline) is ignored. */
export async function revokeSession(): Promise<void> {
  try {
    await api.post('/user/logout', undefined, { handleUnauthorized: false });
  } catch {
    // the local session goes anyway
  }
}

/** Token, user, anti-forgery token and cached data go; a new anonymous anti-forgery token is fetched. */
export async function clearLocalSession(clearCache: () => void): Promise<void> {
  clearSession('logout');
  clearCsrfToken();
  clearCache();
  try {
    await refreshCsrfToken();
  } catch {
    // logged by the client; the login page fetches one again
  }
}

/**
 * Logout for real (SPEC §4): revoke on the server, go to /auth/login, clear everything. The
 * whole sequence lives in the mutation function, so it completes even though the top bar that
 * started it unmounts on the way.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await revokeSession();
      await navigate('/auth/login', { replace: true });
      await clearLocalSession(() => queryClient.clear());
    },
  });
}
