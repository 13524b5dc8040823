import { roundTo } from '../production/quantities.js';
import { mqLastre, resaSegagione } from './quantities.js';

/**
 * What a block can give (docs/domain.md, docs/domain.md segagione): one rule for the server, which refuses
 * an impossible completion, and for the completion screen, which says so while the clerk types.
 * A block may be sawn in any orientation: any two of its net dimensions are the face, the third the depth.
 */

/** Slab sides may exceed the block's face by this much: the block is measured in cm, the slabs in mm. */
export const TOLLERANZA_FACCIA = 0.02;

/** How a machine cuts: the slab thickness, the blade or wire's cut (kerf) and the trim lost on each outer side, mm. */
export interface Taglio {
  spessoreMm: number;
  kerfMm: number;
  rifiloMm: number;
}

/** A block's net measures, cm (whole numbers), and its net volume, m³. */
export interface BloccoNetto {
  lunghezzaNetta: number;
  altezzaNetta: number;
  profonditaNetta: number;
  volumeNetto: number;
}

/** Tenths of a millimetre: kerf and trim may have one decimal, and the arithmetic stays on integers. */
const decimi = (mm: number) => Math.round(mm * 10);

/** At most ⌊(depth − 2 × rifilo) / (spessore + kerf)⌋ + 1 slabs across a depth in cm (0 if the trim takes it all). */
export function lastreMassime(profonditaCm: number, t: Taglio): number {
  const utile = profonditaCm * 100 - 2 * decimi(t.rifiloMm);
  if (utile < 0) return 0;
  return Math.floor(utile / (decimi(t.spessoreMm) + decimi(t.kerfMm))) + 1;
}

/**
 * Theoretical yield across a depth, m²/m³, 2 decimals: the most slabs that depth gives, each as large
 * as the face, over the face × depth — `1 / (spessore + kerf)` with the trim applied.
 */
export function resaTeorica(t: Taglio, profonditaCm: number): number {
  return roundTo((lastreMassime(profonditaCm, t) * 100) / profonditaCm, 2);
}

interface Orientamento {
  /** The face, larger side first, cm. */
  faccia: [number, number];
  profonditaCm: number;
}

/** The three ways to saw a block, the thinnest depth (largest face) first. */
function orientamenti(b: Omit<BloccoNetto, 'volumeNetto'>): Orientamento[] {
  const [a, m, c] = [b.lunghezzaNetta, b.altezzaNetta, b.profonditaNetta].sort((x, y) => y - x) as [
    number,
    number,
    number,
  ];
  return [
    { faccia: [a, m], profonditaCm: c },
    { faccia: [a, c], profonditaCm: m },
    { faccia: [m, c], profonditaCm: a },
  ];
}

/** The theoretical yield of a block as usually sawn, across its largest face: what a sawing plans for. */
export function resaTeoricaBlocco(b: Omit<BloccoNetto, 'volumeNetto'>, t: Taglio): number {
  return resaTeorica(t, orientamenti(b)[0]!.profonditaCm);
}

/** A slab fits a face (either way round) within the tolerance; mm against cm, on integers. */
function entra(
  lastra: { lunghezzaMm: number; altezzaMm: number },
  [f1, f2]: [number, number],
): boolean {
  const lato1 = Math.max(lastra.lunghezzaMm, lastra.altezzaMm);
  const lato2 = Math.min(lastra.lunghezzaMm, lastra.altezzaMm);
  const margine = 1000 * (1 + TOLLERANZA_FACCIA); // cm → mm × 100, with the tolerance
  return lato1 * 100 <= f1 * margine && lato2 * 100 <= f2 * margine;
}

const NUMERO = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });
const RESA = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const n = (x: number) => NUMERO.format(x);

export type VerificaSegagione =
  | { ok: true; profonditaCm: number; lastreMassime: number; resaTeorica: number }
  | { ok: false; limite: 'faccia' | 'numero' | 'resa'; message: string };

/**
 * Whether a block can give these slabs: every slab within the face, no more slabs than the depth
 * holds, and a yield not above the theoretical one — in some orientation of the block. The first
 * orientation that allows all three is the one the sawing took; otherwise the Italian message names
 * the limit that the most generous orientation still breaks.
 */
export function verificaSegagione(
  blocco: BloccoNetto,
  taglio: Taglio,
  lastre: readonly { lunghezzaMm: number; altezzaMm: number }[],
): VerificaSegagione {
  const tutti = orientamenti(blocco);
  const facciaMassima = tutti[0]!.faccia; // it holds every other face
  const possibili = tutti.filter((o) => lastre.every((l) => entra(l, o.faccia)));
  if (possibili.length === 0) {
    const fuori = lastre.find((l) => !entra(l, facciaMassima))!;
    return {
      ok: false,
      limite: 'faccia',
      message: `La lastra ${n(fuori.lunghezzaMm)} × ${n(fuori.altezzaMm)} mm non entra nella faccia del blocco (${n(facciaMassima[0])} × ${n(facciaMassima[1])} cm)`,
    };
  }

  const conLimiti = possibili.map((o) => ({
    ...o,
    lastreMassime: lastreMassime(o.profonditaCm, taglio),
    resaTeorica: resaTeorica(taglio, o.profonditaCm),
  }));
  const numeroOk = conLimiti.filter((o) => lastre.length <= o.lastreMassime);
  if (numeroOk.length === 0) {
    const migliore = conLimiti.reduce((a, o) => (o.lastreMassime > a.lastreMassime ? o : a));
    return {
      ok: false,
      limite: 'numero',
      message:
        `Al massimo ${n(migliore.lastreMassime)} lastre da ${n(taglio.spessoreMm)} mm da questo blocco, non ${n(lastre.length)} ` +
        `(profondità ${n(migliore.profonditaCm)} cm, spessore + taglio ${n(taglio.spessoreMm + taglio.kerfMm)} mm, rifilo 2 × ${n(taglio.rifiloMm)} mm)`,
    };
  }

  // the yield as the completion will store it
  const resa = resaSegagione(mqLastre(lastre), blocco.volumeNetto);
  const scelto = numeroOk.find((o) => resa === null || resa <= o.resaTeorica);
  if (!scelto) {
    const massima = Math.max(...numeroOk.map((o) => o.resaTeorica));
    return {
      ok: false,
      limite: 'resa',
      message: `Resa ${RESA.format(resa!)} m²/m³ oltre la resa teorica ${RESA.format(massima)}`,
    };
  }
  return {
    ok: true,
    profonditaCm: scelto.profonditaCm,
    lastreMassime: scelto.lastreMassime,
    resaTeorica: scelto.resaTeorica,
  };
}
