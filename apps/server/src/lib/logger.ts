import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config.js';

/** Values hidden whole: passwords and cookies never appear, not even a prefix. */
const HIDDEN_KEYS = new Set(['password', 'currentPassword', 'newPassword', 'temporaryPassword', 'cookie', 'set-cookie']);

/** SPEC §9: a token appears in logs only as its first 10 characters; passwords and cookies never. */
function censor(value: unknown, path: string[]): string {
  if (typeof value !== 'string' || HIDDEN_KEYS.has(path[path.length - 1] ?? '')) return '[nascosto]';
  const token = value.replace(/^Bearer\s+/i, '');
  return `${token.slice(0, 10)}…`;
}

export const REDACT_PATHS = [
  // request and reply headers, logged at the top or one level down (`req`, `res`, `request`, …)
  ...['headers', '*.headers'].flatMap((h) => [
    `${h}.authorization`,
    `${h}.cookie`,
    `${h}["x-csrf-token"]`,
    `${h}["set-cookie"]`,
  ]),
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.temporaryPassword',
  '*.accessToken',
  '*.csrfToken',
];

/** Where log lines go instead of stdout (the logging tests read them). */
export interface LogDestination {
  write(line: string): void;
}

/** The production logger options; in tests no logger, unless a test passes a destination to read. */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>,
  destination?: LogDestination,
): FastifyServerOptions['logger'] {
  if (config.NODE_ENV === 'test' && !destination) return false;
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor },
    serializers: {
      // A signed file URL is a credential for its lifetime: its signature never reaches the log.
      req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(/([?&]sig=)[^&]*/g, '$1[nascosto]'),
        host: req.hostname,
        remoteAddress: req.ip,
      }),
    },
    ...(destination ? { stream: destination } : {}),
  };
}
