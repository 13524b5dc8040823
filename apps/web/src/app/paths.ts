import { sessionEndedByLogout } from '@/lib/session';

export const LOGIN_PATH = '/auth/login';
export const HOME_AFTER_LOGIN = '/app/dashboard';

/**
 * /auth/login?returnUrl=… (only for app paths, and not after the user's own logout: the guard
 * that sees the token gone must not turn a logout into "come back here").
 */
export function loginPath(returnUrl?: string | null): string {
  if (!returnUrl || !returnUrl.startsWith('/app') || sessionEndedByLogout()) return LOGIN_PATH;
  return `${LOGIN_PATH}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

/** Only a path of this app: no other origin, no protocol-relative URL, no login loop. */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value) return HOME_AFTER_LOGIN;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return HOME_AFTER_LOGIN;
  if (value.startsWith('/auth')) return HOME_AFTER_LOGIN;
  return value;
}

/** Router state of the redirect to / from a page the user may not open (docs/api.md "Who may call what"): the landing says why. */
export interface NoAccessState {
  noAccess: string;
}

export function isNoAccessState(state: unknown): state is NoAccessState {
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof (state as NoAccessState).noAccess === 'string'
  );
}
