import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config.js';

/** Separate keys derived from one secret, so a leak of one use does not forge another. */
export interface Keys {
  jwt: Uint8Array;
  csrf: Buffer;
  signedUrl: Buffer;
  /** The idempotency store's fingerprints of requests. */
  idempotency: Buffer;
}

export function deriveKeys(secret: string): Keys {
  const derive = (label: string) => crypto.createHmac('sha256', secret).update(label).digest();
  return {
    jwt: new Uint8Array(derive('jwt')),
    csrf: derive('csrf'),
    signedUrl: derive('signed-url'),
    idempotency: derive('idempotency'),
  };
}

/**
 * JWT_SECRET in production (several instances must share it). Outside production a random secret
 * is kept in DATA_DIR so sessions survive a restart.
 */
export function loadSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.join(config.dataDir, '.secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * This instance's id, kept in its DATA_DIR (each instance has its own): what it wrote ahead of a row
 * and never settled is a crash of its own, swept at its next start whatever its age (docs/quality.md R7).
 */
export function loadInstanceId(config: Config): string {
  const file = path.join(config.dataDir, '.instance-id');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const id = crypto.randomUUID();
    fs.writeFileSync(file, id);
    return id;
  }
}

export function hmac(key: Buffer, value: string): string {
  return crypto.createHmac('sha256', key).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && crypto.timingSafeEqual(ba, bb);
}
