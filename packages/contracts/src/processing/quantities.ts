import { areaM2, percent, roundScaled, roundTo, sumRounded } from '../production/quantities.js';

/**
 * The sawmill's numbers (docs/domain.md, docs/domain.md segagione): one place for server and web, so the
 * completion screen shows exactly what the server will store.
 */

/** At most this many slabs per block: the slab code's sequence has three digits. */
export const MAX_LASTRE_PER_BLOCCO = 999;

/** A slab's code: the block's painted code and its three-digit place in sawing order (`BL-2026-0042-007`). */
export function lastraCodice(bloccoCodice: string, progressivo: number): string {
  return `${bloccoCodice}-${String(progressivo).padStart(3, '0')}`;
}

/** m² of slabs, each rounded to 2 decimals before the sum. */
export function mqLastre(lastre: readonly { lunghezzaMm: number; altezzaMm: number }[]): number {
  return sumRounded(
    lastre.map((l) => areaM2(l.lunghezzaMm, l.altezzaMm)),
    2,
  );
}

/** Yield of a sawing: m² of slabs per m³ of the block's net volume, 2 decimals (null without a volume). */
export function resaSegagione(mqTotali: number, volumeNettoM3: number): number | null {
  if (!(volumeNettoM3 > 0)) return null;
  return roundTo(mqTotali / volumeNettoM3, 2);
}

/** m² of a tile lot: pieces × format, rounded once on the total (per piece, 305×305 would lose 3 %). */
export function mqPavimenti(pezzi: number, lunghezzaMm: number, larghezzaMm: number): number {
  return roundScaled(pezzi * lunghezzaMm * larghezzaMm, 6, 2);
}

/** Boxes of a tile lot: the last one may be partial. */
export function casse(pezzi: number, pezziPerCassa: number): number {
  return Math.ceil(pezzi / pezziPerCassa);
}

const INTEGER = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });
const casseWord = (n: number) => `${INTEGER.format(n)} ${n === 1 ? 'cassa' : 'casse'}`;

/**
 * A lot's boxes as they stand, the last partial one apart: 245 pieces 8 to a box are
 * "30 casse da 8 + 1 da 5" (never "31 da 8", which would be 248). The one text for boxes everywhere.
 */
export function casseText(pezzi: number, pezziPerCassa: number): string {
  const full = Math.floor(pezzi / pezziPerCassa);
  const rest = pezzi - full * pezziPerCassa;
  if (rest === 0) return `${casseWord(full)} da ${INTEGER.format(pezziPerCassa)}`;
  if (full === 0) return `1 cassa da ${INTEGER.format(rest)}`;
  return `${casseWord(full)} da ${INTEGER.format(pezziPerCassa)} + 1 da ${INTEGER.format(rest)}`;
}

/** Tiles of a lot per m² of material used, as a yield in % of the material's area (null without material). */
export function resaPavimenti(mqProdotti: number, mqMateriale: number): number | null {
  return percent(mqProdotti, mqMateriale);
}

/** Slab weight in t: m² × thickness × density, 2 decimals. */
export function pesoLastraT(mq: number, spessoreMm: number, densita: number): number {
  return roundTo(mq * (spessoreMm / 1000) * densita, 2);
}
