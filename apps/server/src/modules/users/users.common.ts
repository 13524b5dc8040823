import crypto from 'node:crypto';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../lib/auth/passwords.js';
import type { SessionStore } from '../../lib/auth/sessions.js';
import { companyExists } from '../../lib/companies.js';

// What the users' operation files share: the factory's dependencies, the messages, the checks.

export interface UsersDeps {
  db: Db;
  sessions: SessionStore;
}

export const NOT_FOUND = 'Utente non trovato';
export const EMAIL_TAKEN = 'Esiste già un utente con questa email';
export const LAST_ADMIN = "Non è possibile: è l'ultimo amministratore attivo";
// No 0/O or 1/l/I: the admin reads it out or writes it down.
const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/** Three groups of four unambiguous characters (about 71 bits), e.g. `Kp7w-Rt2M-x9Qa`. */
export function generateTemporaryPassword(): string {
  const chars = Array.from(
    { length: 12 },
    () => TEMP_ALPHABET[crypto.randomInt(TEMP_ALPHABET.length)],
  );
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8, 12)]
    .map((g) => g.join(''))
    .join('-');
}

export function assertNotCommon(password: string, field: string) {
  if (isCommonPassword(password)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, [{ path: field, message: COMMON_PASSWORD_MESSAGE }]);
  }
}

export async function assertCompanyExists(db: Db, companyId: string) {
  if (!(await companyExists(db, companyId)))
    throw badRequest('Azienda non valida', [{ path: 'companyId', message: 'Azienda non valida' }]);
}
