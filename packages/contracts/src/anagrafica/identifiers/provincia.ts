/** Provincia: the Italian sigla, or a region abroad. */
import { PROVINCE_ROWS } from '../province.data.js';
import { ok, fail, type CheckResult } from './check.js';

export interface Provincia {
  readonly sigla: string;
  readonly nome: string;
  readonly regione: string;
}

/** The current provinces (and equivalent units), sorted by sigla. */
export const PROVINCE: readonly Provincia[] = Object.freeze(
  PROVINCE_ROWS.map((row): Provincia => Object.freeze({ ...row })),
);

const PROVINCE_BY_SIGLA: ReadonlyMap<string, Provincia> = new Map(
  PROVINCE.map((p) => [p.sigla, p]),
);

/** The province with this sigla (any case), or `undefined`. */
export function findProvincia(sigla: string): Provincia | undefined {
  return PROVINCE_BY_SIGLA.get(sigla.trim().toUpperCase());
}

/**
 * Provincia: in Italy the sigla of a current province, upper-cased (`ms` → `MS`); abroad any
 * region or county name up to 40 characters, as typed.
 */
export function validateProvincia(input: string, nazione: string): CheckResult {
  const trimmed = input.trim().replace(/\s+/g, ' ');
  if (nazione.trim().toUpperCase() === 'IT') {
    const sigla = trimmed.toUpperCase();
    if (sigla === '') return fail('Provincia mancante: indicare la sigla di 2 lettere (es. MS)');
    if (!/^[A-Z]{2}$/.test(sigla)) {
      return fail('Provincia non valida: indicare la sigla di 2 lettere (es. MS)');
    }
    if (!PROVINCE_BY_SIGLA.has(sigla)) {
      return fail(
        `Provincia non valida: ${sigla} non è la sigla di una provincia italiana attuale`,
      );
    }
    return ok(sigla);
  }
  if (trimmed === '') return fail('Provincia mancante');
  if (trimmed.length > 40) return fail('Provincia non valida: al massimo 40 caratteri');
  return ok(trimmed);
}
