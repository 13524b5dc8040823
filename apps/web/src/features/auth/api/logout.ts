import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, clearCsrfToken, refreshCsrfToken } from '@/lib/api';
import { wipeDeviceData } from '@/lib/offline/device-data';
import { clearSession, getSession, startLogout } from '@/lib/session';

/**
 * Logout, apart from ./auth.ts so the login page does not load the device's data code (IndexedDB,
 * docs/quality.md P9): the shell and the change-password page use it.
 */

/** POST /user/logout: the server revokes the session. Failure (already expired, offline) is ignored. */
export async function revokeSession(): Promise<void> {
  try {
    await api.post('/user/logout', undefined, { handleUnauthorized: false });
  } catch {
    // the local session goes anyway
  }
}

/**
 * Token, user, anti-forgery token and cached data go, in memory and on the device (every gestcava-*
 * database); a new anonymous anti-forgery token is fetched.
 */
export async function clearLocalSession(
  clearCache: () => void,
  userId: string | undefined,
): Promise<void> {
  clearSession('logout');
  clearCsrfToken();
  clearCache();
  try {
    await refreshCsrfToken();
  } catch {
    // logged by the client; the login page fetches one again
  }
  await wipeDeviceData(userId);
}

/**
 * Logout for real (docs/api.md "Sessions and anti-forgery"): revoke on the server, go to /auth/login, clear everything (the device's
 * gestcava-* databases too). The whole sequence lives in the mutation function, so it
 * completes even though the top bar that started it unmounts on the way.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // offline too (TanStack would pause it until the network returns): the revoke fails, the rest is local
    networkMode: 'always',
    mutationFn: async () => {
      // read before the revoke's round trip: a 401 meanwhile (a refetch, the queue's tick) clears the session
      const userId = getSession().user?._id;
      startLogout();
      try {
        await revokeSession();
        await navigate('/auth/login', { replace: true });
      } finally {
        // whatever happened on the way, this device forgets the session
        await clearLocalSession(() => queryClient.clear(), userId);
      }
    },
  });
}
