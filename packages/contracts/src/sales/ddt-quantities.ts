import { casse as casseOf, mqPavimenti } from '../processing/quantities.js';
import { roundTo, sumRounded } from '../production/quantities.js';
import type { DdtPesoBase, DdtRigaTipo, FormatoPavimento } from './ddt.js';

/**
 * The figures of a DDT line (docs/ddt.md "Quantità e pesi di una riga"): weights in whole kg, rounded
 * per line (the DDT's totals are sums of its lines), and packages (colli).
 */

export interface PesiBloccoInput {
  /** t read at the collaudo's weighbridge, if typed. */
  pesoRilevato?: number | null;
  /** t read at the weighbridge when the block was registered. */
  pesoPesa: number | null;
  /** The block's gross m³: what the truck carries when nothing weighed it. */
  volumeLordoM3: number;
  /** The m³ sold: accepted at the collaudo (after the abbuoni), else the block's net volume. */
  volumeVendutoM3: number;
  /** t/m³ of the block's material. */
  densita: number;
}

/**
 * A block's gross (transport) and net (sold) kg. The weighbridge weighs the block as it travels and
 * is what a per-tonne sale is paid on, so it is both. Without it the truck still carries the whole
 * block: gross m³ × density, `stimato`; the net is the m³ sold × density. Kg come from m³ × density,
 * never from tonnes already rounded.
 */
export function pesiBlocco(b: PesiBloccoInput): { kg: number; base: DdtPesoBase; nettoKg: number } {
  const pesato = b.pesoRilevato ?? b.pesoPesa;
  if (pesato != null) {
    const kg = roundTo(pesato * 1000, 0);
    return { kg, base: 'pesato', nettoKg: kg };
  }
  return {
    kg: roundTo(b.volumeLordoM3 * b.densita * 1000, 0),
    base: 'stimato',
    nettoKg: roundTo(b.volumeVendutoM3 * b.densita * 1000, 0),
  };
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
  righe: ReadonlyArray<{
    colli: number;
    pesoKg: number;
    pesoNettoKg: number;
    mq: number | null;
    m3: number | null;
  }>,
) {
  return {
    colli: righe.reduce((a, r) => a + r.colli, 0),
    pesoKg: righe.reduce((a, r) => a + r.pesoKg, 0),
    pesoNettoKg: righe.reduce((a, r) => a + r.pesoNettoKg, 0),
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
