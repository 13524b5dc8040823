/** VAT numbers: the Italian partita IVA or a foreign one, by nazione. */
import { euVatPrefixOf, isEuVatPrefix } from '../../countries/countries.js';
import { ok, fail, compact, countryLabel, type CheckResult } from './check.js';
import { validatePartitaIva } from './partita-iva.js';

const VAT_BODY = /^[A-Z0-9]{2,13}$/;

/**
 * VAT number of a subject outside Italy, for the given nazione (ISO code). Spaces, dots and
 * dashes are removed, letters upper-cased.
 * - EU member state: its VIES prefix (Greece `EL`) followed by 2–13 letters or digits. The prefix
 *   may be left out (it is added); another country's prefix is refused.
 * - United Kingdom: either `XI` (Northern Ireland) + 2–13 letters or digits, or as outside the EU.
 * - Outside the EU: 2–13 letters or digits, and not starting with an EU VAT prefix.
 * Value: the compact number, with its prefix for the EU.
 */
export function validateForeignVat(input: string, nazione: string): CheckResult {
  const country = nazione.trim().toUpperCase();
  const value = input.replace(/[\s.\-/]+/g, '').toUpperCase();
  if (value === '') return fail('Partita IVA mancante');
  if (!/^[A-Z0-9]+$/.test(value)) {
    return fail(
      'Partita IVA estera non valida: solo lettere e cifre (spazi, punti e trattini sono ignorati)',
    );
  }
  const head = value.slice(0, 2);
  const euPrefix = euVatPrefixOf(country);
  const prefix = euPrefix ?? (country === 'GB' && head === 'XI' ? 'XI' : undefined);
  if (prefix) {
    let body = value;
    if (head === prefix) {
      body = value.slice(2);
    } else if (/^[A-Z]{2}$/.test(head) && (isEuVatPrefix(head) || head === country)) {
      return fail(
        `Partita IVA estera non valida: per ${countryLabel(country)} il prefisso IVA è ${prefix}, non ${head}`,
      );
    }
    if (!VAT_BODY.test(body)) {
      return fail(
        `Partita IVA estera non valida: dopo il prefisso ${prefix} servono da 2 a 13 lettere o cifre (ne ha ${body.length})`,
      );
    }
    return ok(prefix + body);
  }
  if (/^[A-Z]{2}$/.test(head) && isEuVatPrefix(head)) {
    return fail(
      `Partita IVA estera non valida: ${head} è un prefisso IVA dell'Unione europea, non di ${countryLabel(country)}; scegliere la nazione giusta`,
    );
  }
  if (!VAT_BODY.test(value)) {
    return fail(
      `Partita IVA estera non valida: deve avere da 2 a 13 lettere o cifre (ne ha ${value.length})`,
    );
  }
  return ok(value);
}

/**
 * The partita IVA field for a subject of the given nazione: the Italian rules when it is `IT`
 * (with a clear message when an EU prefix of another country was typed), otherwise the foreign
 * ones.
 */
export function validateVatNumber(input: string, nazione: string): CheckResult {
  const country = nazione.trim().toUpperCase();
  if (country !== 'IT') return validateForeignVat(input, country);
  const head = compact(input).slice(0, 2).toUpperCase();
  if (head !== 'IT' && /^[A-Z]{2}$/.test(head) && isEuVatPrefix(head)) {
    return fail(
      `Partita IVA non valida: il prefisso ${head} non è italiano; per un soggetto estero scegliere la sua nazione`,
    );
  }
  return validatePartitaIva(input);
}
