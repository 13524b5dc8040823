import { SEGNO_PUNTI, type Punto, type SegnoTipo } from '@gestcava/contracts';

/** Fractions kept to 4 decimals: a tenth of a millimetre on a 2 m block face. */
const round = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10_000) / 10_000;

/**
 * A pointer's position as a fraction of the picture, in a box where the picture is letterboxed
 * as `object-fit: contain` (and the SVG's `meet`) draws it. Outside the picture it is clamped to
 * the edge, so a stroke that runs off the stone ends on its border.
 */
export function toFraction(
  box: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
  width: number,
  height: number,
): Punto {
  const scale = Math.min(box.width / width, box.height / height);
  const shownW = width * scale;
  const shownH = height * scale;
  const left = box.left + (box.width - shownW) / 2;
  const top = box.top + (box.height - shownH) / 2;
  return [round((clientX - left) / shownW), round((clientY - top) / shownH)];
}

/** A finger's jitter: a point closer than this (fraction of the picture) to the last one is skipped. */
export const MIN_STEP = 0.004;

export function farEnough(last: Punto | undefined, next: Punto): boolean {
  if (!last) return true;
  return Math.hypot(next[0] - last[0], next[1] - last[1]) >= MIN_STEP;
}

/** At most the points the contract allows, evenly kept, the first and last always. */
export function thinned(points: Punto[], max: number): Punto[] {
  if (points.length <= max) return points;
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)]!);
}

/** The stroke as a mark's points, or null when it is too short for the kind (a tap while drawing a line). */
export function strokeToPunti(tipo: SegnoTipo, stroke: Punto[]): Punto[] | null {
  const { min, max } = SEGNO_PUNTI[tipo];
  const points = tipo === 'punto' ? stroke.slice(0, 1) : thinned(stroke, max);
  return points.length >= min ? points : null;
}
