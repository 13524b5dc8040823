/**
 * The shared quantity rules (DESIGN §4), used by server and forms alike. Lengths of blocks and
 * bancate in whole cm; slab and tile sizes in whole mm. Each item is rounded before any sum.
 */
export const DEFAULT_DENSITA = 2.7;

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  // toFixed-free rounding of half away from zero, stable for the values used here
  return Math.round((value + Number.EPSILON * Math.sign(value)) * f) / f;
};

/** m³ of a block or bancata from cm, 3 decimals. */
export function volumeM3(lunghezzaCm: number, altezzaCm: number, profonditaCm: number): number {
  return round((lunghezzaCm * altezzaCm * profonditaCm) / 1e6, 3);
}

/** t from m³ and density (t/m³), 2 decimals. */
export function pesoT(volume: number, densita: number = DEFAULT_DENSITA): number {
  return round(volume * densita, 2);
}

/** m² of a slab or tile from mm, 2 decimals. */
export function areaM2(lunghezzaMm: number, larghezzaMm: number): number {
  return round((lunghezzaMm * larghezzaMm) / 1e6, 2);
}

/** Bancata yield: Σ net block volume over gross volume, as a percentage with 1 decimal (null without a volume). */
export function resaPercent(volumiNetti: number[], volumeLordo: number): number | null {
  if (!(volumeLordo > 0)) return null;
  const sum = volumiNetti.reduce((a, v) => a + v, 0);
  return round((sum / volumeLordo) * 100, 1);
}

/** Sums already-rounded items and rounds the total to the same decimals (no float drift). */
export function sumRounded(values: number[], decimals: number): number {
  return round(values.reduce((a, v) => a + v, 0), decimals);
}

export { round as roundTo };
