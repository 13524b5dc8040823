/**
 * The web app's logger. Tokens never appear whole: only their first 10 characters (docs/domain.md "Constants and limits").
 * Debug lines are printed in development only.
 */
export function maskToken(token: string | null | undefined): string {
  if (!token) return '(nessuno)';
  return `${token.slice(0, 10)}…`;
}

const isDev = import.meta.env.DEV && import.meta.env.MODE !== 'test';

export const log = {
  debug(...args: unknown[]): void {
    if (isDev) console.debug('[GestCava]', ...args);
  },
  warn(...args: unknown[]): void {
    console.warn('[GestCava]', ...args);
  },
  error(...args: unknown[]): void {
    console.error('[GestCava]', ...args);
  },
};
