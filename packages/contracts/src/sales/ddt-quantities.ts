import { pesoBlocco, type PesoBloccoInput } from '../production/peso-blocco.js';
import { roundTo } from '../production/quantities.js';
import type { DdtPesoBase, DdtRigaTipo } from './ddt.js';

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

/** The DDT's number as printed: "12/2026". */
export function numeroDdt(numero: number, anno: number): string {
  return `${numero}/${anno}`;
}
