/** Codice destinatario SDI (e-invoicing). */
import { ok, fail, compact, type CheckResult } from './check.js';

/** The SDI code of a private Italian recipient that receives by PEC or has no code. */
export const SDI_CODICE_PEC = '0000000';
/** The SDI code of a foreign recipient (FatturaPA). */
export const SDI_CODICE_ESTERO = 'XXXXXXX';

export interface SdiContext {
  /** ISO code of the recipient's country. */
  nazione: string;
  /** A public administration receives on its 6-character codice univoco ufficio (IPA). */
  pubblicaAmministrazione?: boolean;
}

/**
 * Codice destinatario SDI (e-invoicing): for a public administration its 6-character codice
 * univoco ufficio; for an Italian private recipient 7 letters or digits, `0000000` included (with
 * or without a PEC); for a foreign recipient `XXXXXXX`. Upper-cased, spaces removed.
 */
export function validateCodiceSdi(input: string, context: SdiContext): CheckResult {
  const code = compact(input).toUpperCase();
  const foreign = context.nazione.trim().toUpperCase() !== 'IT';
  if (code === '') return fail('Codice SDI mancante');
  if (context.pubblicaAmministrazione) {
    if (foreign) {
      return fail(
        'Codice SDI non valido: il codice univoco ufficio esiste solo per la pubblica amministrazione italiana',
      );
    }
    if (!/^[A-Z0-9]{6}$/.test(code)) {
      return fail(
        `Codice SDI non valido: per una pubblica amministrazione il codice univoco ufficio ha 6 lettere o cifre (ne ha ${code.length})`,
      );
    }
    return ok(code);
  }
  if (foreign) {
    if (code !== SDI_CODICE_ESTERO) {
      return fail(`Codice SDI non valido: per un soggetto estero il codice è ${SDI_CODICE_ESTERO}`);
    }
    return ok(code);
  }
  if (code === SDI_CODICE_ESTERO) {
    return fail(`Codice SDI non valido: ${SDI_CODICE_ESTERO} è riservato ai soggetti esteri`);
  }
  if (!/^[A-Z0-9]{7}$/.test(code)) {
    return fail(
      `Codice SDI non valido: deve avere 7 lettere o cifre, oppure ${SDI_CODICE_PEC} (ne ha ${code.length})`,
    );
  }
  return ok(code);
}
