import { casse as casseOf, mqPavimenti } from '../processing/quantities.js';
import { pesoBlocco, type PesoBloccoInput } from '../production/peso-blocco.js';
import { roundTo, sumRounded } from '../production/quantities.js';
import type { DdtPesoBase, DdtRigaTipo, FormatoPavimento } from './ddt.js';

/**
 * The figures of a DDT line (DESIGN §4 "Spedizione (DDT)"): weight in whole kg, rounded per line (the
 * DDT's `pesoKg` is the sum of its lines), and packages (colli).
 */

/** A block: the weighbridge where there is one, else its theoretical weight (DESIGN §4 "Weight"). */
export function pesoKgBlocco(b: PesoBloccoInput): { kg: number; base: DdtPesoBase } {
  const p = pesoBlocco(b);
  return { kg: roundTo(p.t * 1000, 0), base: p.base };
}

/** Slabs and tiles: m² × thickness × density (t/m³ × m³ = t; × 1000 for kg, which cancels the mm). */
export function pesoKgSuperficie(mq: number, spessoreMm: number, densita: number): number {
  return roundTo(mq * spessoreMm * densita, 0);
}

/** A block, a bundle or a loose slab is one collo; tiles travel in their boxes. */
export function colliOf(tipo: DdtRigaTipo, casse: number | null): number {
  return tipo === 'lotto' ? (casse ?? 0) : 1;
}

/**
 * `pezzi` tiles of a sale's format as a DDT line holds them: m², boxes, kg and colli. The server's
 * line and the new-DDT form's figures for part of a sale come from here.
 */
export function figurePavimento(
  f: FormatoPavimento,
  pezzi: number,
): { mq: number; casse: number; pesoKg: number; colli: number } {
  const mq = mqPavimenti(pezzi, f.lunghezzaMm, f.larghezzaMm);
  const casse = casseOf(pezzi, f.pezziPerCassa);
  return {
    mq,
    casse,
    pesoKg: pesoKgSuperficie(mq, f.spessoreMm, f.densita),
    colli: colliOf('lotto', casse),
  };
}

/** A DDT's totals: sums of its lines' rounded figures (the document, and the form while lines are ticked). */
export function totaliDdt(
  righe: ReadonlyArray<{ colli: number; pesoKg: number; mq: number | null; m3: number | null }>,
) {
  return {
    colli: righe.reduce((a, r) => a + r.colli, 0),
    pesoKg: righe.reduce((a, r) => a + r.pesoKg, 0),
    mq: sumRounded(
      righe.map((r) => r.mq ?? 0),
      2,
    ),
    m3: sumRounded(
      righe.map((r) => r.m3 ?? 0),
      3,
    ),
  };
}

/** The DDT's number as printed: "12/2026". */
export function numeroDdt(numero: number, anno: number): string {
  return `${numero}/${anno}`;
}
