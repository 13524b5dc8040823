import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config.js';

/** Values hidden whole: passwords and cookies never appear, not even a prefix. */
const HIDDEN_KEYS = new Set([
  'password',
  'currentPassword',
  'newPassword',
  'temporaryPassword',
  'cookie',
  'set-cookie',
]);

/** Query parameters that carry a credential, by name: their values never reach a log, not even a prefix. */
const CREDENTIAL_PARAM =
  /^(.*token|.*sig|signature|.*key|.*password|.*secret|auth.*|jwt|session.*|csrf.*|code)$/i;

/** A URL fit for a log line: every credential-looking query value replaced (a `?token=<JWT>` stays out). */
export function safeUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((param) => {
      const eq = param.indexOf('=');
      const name = eq < 0 ? param : param.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is judged as written
      }
      return eq >= 0 && CREDENTIAL_PARAM.test(decoded) ? `${name}=[nascosto]` : param;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}

/** docs/domain.md "Constants and limits": a token appears in logs only as its first 10 characters; passwords and cookies never. */
function censor(value: unknown, path: string[]): string {
  if (path[path.length - 1] === 'url')
    return typeof value === 'string' ? safeUrl(value) : '[nascosto]';
  if (typeof value !== 'string' || HIDDEN_KEYS.has(path[path.length - 1] ?? ''))
    return '[nascosto]';
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
  // any URL logged, by the request serializer or a log call: never raw (see `safeUrl`)
  'url',
  '*.url',
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
      // A signed file URL or a `?token=` is a credential for its lifetime: never in the log.
      req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: req.method,
        url: safeUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
      }),
    },
    ...(destination ? { stream: destination } : {}),
  };
}
