/** Checks of create-admin's input, light enough to run before the password prompt appears. */
import { emailSchema, passwordSchema } from '@gestcava/contracts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../lib/auth/passwords.js';
import { CliError } from './common.js';

type Parser<T> = {
  safeParse(
    v: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
};

/** The first message of a failed zod check, in Italian as the contracts write it. */
export function check<T>(schema: Parser<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new CliError(r.error.issues[0]?.message ?? 'Valore non valido');
  return r.data;
}

export function validateEmail(email: string | undefined): string {
  if (!email) throw new CliError("Manca --email: l'email del nuovo amministratore");
  return check(emailSchema, email);
}

/** The same password rules as the web app: 10–128 characters and not one of the most common. */
export function validatePassword(password: string): string {
  check(passwordSchema, password);
  if (isCommonPassword(password)) throw new CliError(COMMON_PASSWORD_MESSAGE);
  return password;
}
