/** CAP (postal code). */
import { ok, fail, compact, type CheckResult } from './check.js';

/** CAP: 5 digits in Italy; abroad up to 12 letters, digits, spaces or dashes. */
export function validateCap(input: string, nazione: string): CheckResult {
  const trimmed = input.trim();
  if (nazione.trim().toUpperCase() === 'IT') {
    const cap = compact(trimmed);
    if (cap === '') return fail('CAP mancante: in Italia servono 5 cifre');
    if (!/^\d{5}$/.test(cap)) return fail('CAP non valido: in Italia deve avere 5 cifre');
    return ok(cap);
  }
  const cap = trimmed.replace(/\s+/g, ' ').toUpperCase();
  if (cap === '') return fail('CAP mancante');
  if (cap.length > 12 || !/^[A-Z0-9](?:[A-Z0-9 -]*[A-Z0-9])?$/.test(cap)) {
    return fail('CAP non valido: al massimo 12 lettere, cifre, spazi o trattini');
  }
  return ok(cap);
}
