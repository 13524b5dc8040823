import path from 'node:path';
import { z } from 'zod';
import type { S3BackendOptions } from '../lib/object-store/s3.js';

const bool = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'deve iniziare con postgres:// o postgresql://' })
    .optional(),
  JWT_SECRET: z.string().min(32, { error: 'almeno 32 caratteri' }).optional(),
  DEMO_ON_NETWORK: bool,
  PRODUCTION_DOMAIN: z.string().min(1).optional(),
  PUBLIC_HOSTS: z.string().optional(),
  /** The address people open the app at (labels' QR codes point there); default https://PRODUCTION_DOMAIN or the local one. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'un indirizzo http(s)://…' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_MAX_FAILURES_PAIR: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_ACCOUNT: z.coerce.number().int().min(1).default(50),
  LOGIN_MAX_FAILURES_IP: z.coerce.number().int().min(1).default(100),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  // Per-user limits on costly work (docs/operations.md "Limits"), per minute unless named otherwise.
  // generous: a manager downloads the month's reports in a row (docs/security.md, "Download limits")
  RATE_LIMIT_EXPORTS: z.coerce.number().int().min(1).default(60),
  /** Signed links with a bad signature a minute, per address. */
  RATE_LIMIT_BAD_LINKS: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_EXPORTS_AT_ONCE: z.coerce.number().int().min(1).default(2),
  /** Labels a minute: a sheet is charged by its labels (each is a QR code and a drawing), not as one export. */
  RATE_LIMIT_LABELS: z.coerce.number().int().min(1).default(400),
  RATE_LIMIT_UPLOADS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_CHAT_MESSAGES: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_PHOTO_SYNC: z.coerce.number().int().min(1).default(3),
  SOCKETS_PER_USER: z.coerce.number().int().min(1).default(20),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(8),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  TRUST_PROXY: bool,
  REDIS_URL: z.string().optional(),
  /** PostgreSQL connections each instance keeps (docs/performance.md "Fifty connections over two instances"). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** A stored object pending longer than this without its row is a crash's leftover (docs/quality.md R7); longer than any upload takes. */
  STORAGE_PENDING_GRACE_MINUTES: z.coerce.number().min(0).default(60),
  WEB_DIST_DIR: z.string().optional(),
  // Where stored files live (docs/operations.md "Archiviazione dei file").
  STORAGE: z.enum(['filesystem', 's3'], { error: 'filesystem oppure s3' }).default('filesystem'),
  S3_BUCKET: z.string().optional(),
  /** Empty for AWS itself. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'un indirizzo http(s)://… (vuoto per AWS)' })
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  /** 1: downloads answer, after the app's permission check, with a redirect to a presigned bucket URL. */
  S3_PRESIGNED: bool,
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'DATA_DIR'> {
  dataDir: string;
  uploadsDir: string;
  pgliteDir: string;
  isProduction: boolean;
  webDistDir: string;
  /** PUBLIC_HOSTS split: the names (besides loopback and PRODUCTION_DOMAIN) requests may be addressed to. */
  publicHosts: string[];
  /** Where the app is opened, without a trailing slash: never taken from a request's Host header. */
  publicUrl: string;
  /** The bucket to store files in with STORAGE=s3, null with the filesystem. */
  s3: S3BackendOptions | null;
}

export class ConfigError extends Error {}

/** Parses the environment once; a wrong value stops start-up naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // `NAME=` (empty) means unset, as in most .env files.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configurazione non valida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError(
      'Configurazione non valida:\n  JWT_SECRET: obbligatoria in produzione (almeno 32 caratteri)',
    );
  }
  const publicHosts = (e.PUBLIC_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  if (
    ['0.0.0.0', '::', '[::]'].includes(e.HOST) &&
    publicHosts.length === 0 &&
    !e.PRODUCTION_DOMAIN
  ) {
    // Requests are accepted only for the names the instance serves (DNS rebinding): on every
    // interface those names cannot be guessed.
    throw new ConfigError(
      `Configurazione non valida:\n  PUBLIC_HOSTS: obbligatoria con HOST=${e.HOST}: i nomi con cui il server è raggiungibile, separati da virgole (es. gestcava.miacava.it,192.168.1.10), oppure PRODUCTION_DOMAIN`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    ...e,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    pgliteDir: path.join(dataDir, 'pgdata'),
    isProduction: e.NODE_ENV === 'production',
    publicHosts,
    publicUrl: (
      e.PUBLIC_URL ??
      (e.PRODUCTION_DOMAIN ? `https://${e.PRODUCTION_DOMAIN}` : `http://localhost:${e.PORT}`)
    ).replace(/\/+$/, ''),
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(e.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname, '../../../web/dist'),
    s3: s3Options(e),
  };
}

/** With STORAGE=s3 the bucket and its keys are required; the endpoint is checked at start-up. */
function s3Options(e: Env): S3BackendOptions | null {
  if (e.STORAGE !== 's3') {
    if (e.S3_PRESIGNED)
      throw new ConfigError('Configurazione non valida:\n  S3_PRESIGNED: vale solo con STORAGE=s3');
    return null;
  }
  const {
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
  } = e;
  if (!bucket || !accessKeyId || !secretAccessKey) {
    const required = {
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    };
    const missing = Object.entries(required)
      .filter(([, v]) => !v)
      .map(([name]) => `  ${name}: obbligatoria con STORAGE=s3`);
    throw new ConfigError(`Configurazione non valida:\n${missing.join('\n')}`);
  }
  return {
    bucket,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

export function isLoopback(host: string): boolean {
  return (
    host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}
