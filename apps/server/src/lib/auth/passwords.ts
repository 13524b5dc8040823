import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP's first argon2id profile (docs/quality.md S4): m=19 MiB, t=2, p=1. */
export const ARGON2_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, which isolated modules cannot read)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A hash made with weaker parameters than today's policy is replaced at the next login. */
export function needsRehash(storedHash: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(storedHash);
  if (!m) return true;
  return Number(m[1]) < ARGON2_OPTIONS.memoryCost || Number(m[2]) < ARGON2_OPTIONS.timeCost;
}

let common: Set<string> | undefined;
/** The most common passwords (zxcvbn's list of about 49 000) are refused whatever their length. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE =
  'Questa password è tra le più usate e facili da indovinare: scegline una diversa';
