import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type LoginBody, loginResponseSchema, logoResponseSchema, successSchema, userResponseSchema } from '@gestcava/contracts';
import { api, clearCsrfToken, refreshCsrfToken } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';
import { clearSession, getSession, mergeCurrentUser, setSession } from '@/lib/session';

/** The device's data (IndexedDB) is loaded when a login or logout needs it, not with the login page (QUALITY P9). */
const deviceData = () => import('@/lib/offline/device-data');

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

/** GET /user/logo (public: the primary company's logo on the login page). Failure → null. */
export async function getLogo(): Promise<string | null> {
  try {
    const { logoUrl } = await api.get('/user/logo', { schema: logoResponseSchema, timeoutMs: 10_000 });
    return logoUrl;
  } catch {
    return null;
  }
}

export const logoQueryOptions = queryOptions({
  queryKey: queryRoots.logo,
  queryFn: getLogo,
  staleTime: 5 * 60_000,
});

export function useLogo() {
  return useQuery(logoQueryOptions);
}

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
  // nothing another user opened on this device stays readable (their waiting actions: the queue's call)
  await (await deviceData()).forgetOtherUsers(user._id);
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
export async function clearLocalSession(clearCache: () => void): Promise<void> {
  const userId = getSession().user?._id;
  clearSession('logout');
  clearCsrfToken();
  clearCache();
  await (await deviceData()).wipeDeviceData(userId);
  try {
    await refreshCsrfToken();
  } catch {
    // logged by the client; the login page fetches one again
  }
}

/**
 * Logout for real (SPEC §4): the registered checks first (lib/offline/device-data's onBeforeLogout:
 * the queue asks before its waiting actions are lost), then revoke on the server, go to
 * /auth/login, clear everything. The whole sequence lives in the mutation function, so it
 * completes even though the top bar that started it unmounts on the way.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // fetched while online, so a logout without signal still wipes the device
  useEffect(() => {
    deviceData().catch(() => undefined);
  }, []);
  return useMutation({
    // offline too (TanStack would pause it until the network returns): the revoke fails, the rest is local
    networkMode: 'always',
    mutationFn: async () => {
      if (!(await (await deviceData()).logoutConfirmed())) return;
      await revokeSession();
      await navigate('/auth/login', { replace: true });
      await clearLocalSession(() => queryClient.clear());
    },
  });
}

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
