/** E-mail and PEC addresses. */
import { z } from 'zod';
import { ok, fail, type CheckResult } from './check.js';

/** An address: the local part, `@`, a domain with a dot. Trimmed, lower-cased. */
function validateMailAddress(input: string, label: string): CheckResult {
  const value = input.trim().toLowerCase();
  if (value === '') return fail(`${label} mancante`);
  if (value.length > 254) return fail(`${label} non valida: al massimo 254 caratteri`);
  if (/\s/.test(value)) return fail(`${label} non valida: non può contenere spazi`);
  if (!z.regexes.email.test(value)) {
    return fail(`${label} non valida: formato atteso nome@dominio.it`);
  }
  return ok(value);
}

/** E-mail address: trimmed, lower-cased, `nome@dominio.tld`. */
export function validateEmail(input: string): CheckResult {
  return validateMailAddress(input, 'Email');
}

/** PEC (posta elettronica certificata): an e-mail address (its provider cannot be checked). */
export function validatePec(input: string): CheckResult {
  return validateMailAddress(input, 'PEC');
}
