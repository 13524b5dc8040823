import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config.js';

/** SPEC §9: a token appears in logs only as its first 10 characters; passwords and cookies never. */
function censor(value: unknown): string {
  if (typeof value !== 'string') return '[nascosto]';
  const token = value.replace(/^Bearer\s+/i, '');
  return `${token.slice(0, 10)}…`;
}

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.accessToken',
  '*.csrfToken',
];

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): FastifyServerOptions['logger'] {
  if (config.NODE_ENV === 'test') return false;
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor },
  };
}
