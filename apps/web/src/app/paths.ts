export const LOGIN_PATH = '/auth/login';
export const HOME_AFTER_LOGIN = '/app/dashboard';

/** /auth/login?returnUrl=… (only for app paths). */
export function loginPath(returnUrl?: string | null): string {
  if (!returnUrl || !returnUrl.startsWith('/app')) return LOGIN_PATH;
  return `${LOGIN_PATH}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

/** Only a path of this app: no other origin, no protocol-relative URL, no login loop. */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value) return HOME_AFTER_LOGIN;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return HOME_AFTER_LOGIN;
  if (value.startsWith('/auth')) return HOME_AFTER_LOGIN;
  return value;
}
