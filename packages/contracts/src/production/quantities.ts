/**
 * The shared quantity rules (docs/domain.md), used by server and forms alike. Lengths of blocks and
 * bancate in whole cm; slab and tile sizes in whole mm. Each item is rounded before any sum.
 *
 * Rounding is half away from zero ("half up" on the magnitude) on the DECIMAL value, never on the
 * binary float: 202 × 135 × 150 cm is exactly 4.0905 m³, whose nearest double is 4.09049999…, so
 * `Math.round(x * 1000) / 1000` gives 4.090 where the rule says 4.091.
 * - Volumes from cm and areas from mm are an integer over 10^6: they are rounded in integer arithmetic
 *   (`roundScaled`), exact while the integer is safe (999 cm³ is about 10^9, far below 2^53).
 * - Any other figure (m³ × density, price × quantity, ratios) comes out of float arithmetic already
 *   (1.15 × 100 = 114.99999999999999): `roundTo` first reads it back as the decimal it stands for, at
 *   15 significant digits (the digits a double always keeps; PostgreSQL's float8 → numeric does the
 *   same), and rounds that decimal by shifting its exponent in the string, so no product × 10^d is
 *   ever taken in binary. Business figures never carry more than 15 significant digits, so the
 *   15-digit reading loses nothing they mean.
 */
export const DEFAULT_DENSITA = 2.7;

/** `value × 10^exp` computed on the decimal text (mantissa and exponent), so no binary product is taken. */
const shift = (value: number, exp: number): number => {
  const [mantissa, e = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(e) + exp}`);
};

/** Rounds `value` half away from zero to `decimals` on its decimal value (15 significant digits). */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const decimal = Math.abs(Number(value.toPrecision(15)));
  const rounded = shift(Math.round(shift(decimal, decimals)), -decimals);
  // `|| 0`: no -0 for a negative figure that rounds to nothing
  return (value < 0 ? -rounded : rounded) || 0;
}

/**
 * The exact decimal `units × 10^-scale` (an integer count of cm³, mm²…) rounded half away from zero to
 * `decimals`, in integer arithmetic; outside safe integers (never for real sizes) it falls back to `roundTo`.
 */
export function roundScaled(units: number, scale: number, decimals: number): number {
  if (!Number.isSafeInteger(units) || decimals > scale)
    return roundTo(units / 10 ** scale, decimals);
  const step = 10 ** (scale - decimals);
  const rest = Math.abs(units % step);
  const magnitude = (Math.abs(units) - rest) / step + (rest * 2 >= step ? 1 : 0);
  // one correctly rounded division: the double nearest to the decimal result
  return (Math.sign(units) * magnitude) / 10 ** decimals || 0;
}

/** m³ of a block or bancata from cm, 3 decimals. */
export function volumeM3(lunghezzaCm: number, altezzaCm: number, profonditaCm: number): number {
  return roundScaled(lunghezzaCm * altezzaCm * profonditaCm, 6, 3);
}

/** t from m³ and density (t/m³), 2 decimals. */
export function pesoT(volume: number, densita: number = DEFAULT_DENSITA): number {
  return roundTo(volume * densita, 2);
}

/** m² of a slab or tile from mm, 2 decimals. */
export function areaM2(lunghezzaMm: number, larghezzaMm: number): number {
  return roundScaled(lunghezzaMm * larghezzaMm, 6, 2);
}

/**
 * `part` as a percentage of `whole` with one decimal, the one rule for every percentage (yields,
 * shares, changes); null when `whole` is not positive. The server's SQL does the same on numeric
 * (statistiche `ratio`): never an integer division (2 of 3 is 66.7, not 66).
 */
export function percent(part: number, whole: number): number | null {
  if (!(whole > 0)) return null;
  return roundTo((part * 100) / whole, 1);
}

/** The change from `before` to `now` in percent of `before` (one decimal); null without a figure to compare with. */
export function variazionePercent(
  now: number | null | undefined,
  before: number | null | undefined,
): number | null {
  if (now === null || now === undefined || before === null || before === undefined || before === 0)
    return null;
  return percent(now - before, Math.abs(before));
}

/** Bancata yield: Σ net block volume over gross volume, as a percentage with 1 decimal (null without a volume). */
export function resaPercent(volumiNetti: number[], volumeLordo: number): number | null {
  return percent(
    volumiNetti.reduce((a, v) => a + v, 0),
    volumeLordo,
  );
}

/** Sums already-rounded items and rounds the total to the same decimals (no float drift). */
export function sumRounded(values: number[], decimals: number): number {
  return roundTo(
    values.reduce((a, v) => a + v, 0),
    decimals,
  );
}
