import { roundTo } from '../production/quantities.js';
import { mqPavimenti } from './quantities.js';

/**
 * How many tiles a source can physically give (docs/reportistica.md, "Regole delle cifre"): one rule
 * for the server, which refuses an impossible completion, and for the completion screen.
 *
 * Tiles packed in a rectangle can always be pushed towards one corner until each touches the edge or
 * another tile; then every tile's far side sits at a sum of whole tile sides. So no tile reaches past
 * L′ (the longest sum of a's and b's that fits the length) nor past H′, and the tiles' area is at most
 * L′ × H′: at most ⌊L′ × H′ / (a × b)⌋ tiles, whatever the arrangement.
 */

/** The longest length made of whole `a`s and `b`s (any mix, none allowed) that fits in `limite`; integers, mm. */
export function lunghezzaUtile(limite: number, a: number, b: number): number {
  if (limite <= 0) return 0;
  const [grande, piccolo] = a >= b ? [a, b] : [b, a];
  let migliore = 0;
  for (let i = 0; i * grande <= limite; i++) {
    const resto = limite - i * grande;
    const totale = i * grande + Math.floor(resto / piccolo) * piccolo;
    if (totale > migliore) migliore = totale;
    if (migliore === limite) break;
  }
  return migliore;
}

export interface FormatoPiastrella {
  lunghezzaMm: number;
  larghezzaMm: number;
}

/** At most ⌊L′ × H′ / (a × b)⌋ tiles a × b from a slab L × H (mm). */
export function piastrelleMassimeLastra(
  lastra: { lunghezzaMm: number; altezzaMm: number },
  f: FormatoPiastrella,
): number {
  const { lunghezzaMm: a, larghezzaMm: b } = f;
  const lUtile = lunghezzaUtile(lastra.lunghezzaMm, a, b);
  const hUtile = lunghezzaUtile(lastra.altezzaMm, a, b);
  return Math.floor((lUtile * hUtile) / (a * b));
}

/** A block's net measures, cm. */
export interface BloccoMisure {
  lunghezzaNetta: number;
  altezzaNetta: number;
  profonditaNetta: number;
}

export interface LimitePiastrelle {
  pezziMassimi: number;
  /** The source's area: the slabs' m², or the block's face × the slices of the tile's thickness it holds. */
  mqOrigine: number;
}

/**
 * A block is sliced at the tile's thickness across one of its faces (any orientation), and each slice
 * gives what a slab of that face gives: ⌊depth / spessore⌋ × the face's bound. The orientation that
 * gives most is the bound; its slices' area is the source's m².
 */
export function limitePiastrelleBlocco(
  b: BloccoMisure,
  f: FormatoPiastrella & { spessoreMm: number },
): LimitePiastrelle {
  const [x, y, z] = [b.lunghezzaNetta * 10, b.altezzaNetta * 10, b.profonditaNetta * 10];
  const orientamenti: Array<[number, number, number]> = [
    [x, y, z],
    [x, z, y],
    [y, z, x],
  ];
  let migliore: LimitePiastrelle = { pezziMassimi: 0, mqOrigine: 0 };
  for (const [l, h, profondita] of orientamenti) {
    const fette = Math.floor(profondita / f.spessoreMm);
    const pezzi = fette * piastrelleMassimeLastra({ lunghezzaMm: l, altezzaMm: h }, f);
    const mqOrigine = roundTo((fette * l * h) / 1_000_000, 2);
    if (
      pezzi > migliore.pezziMassimi ||
      (pezzi === migliore.pezziMassimi && mqOrigine > migliore.mqOrigine)
    )
      migliore = { pezziMassimi: pezzi, mqOrigine };
  }
  return migliore;
}

/** Slabs: the sum of each slab's bound (a tile is never cut across two slabs); their m² as stored. */
export function limitePiastrelleLastre(
  lastre: readonly { lunghezzaMm: number; altezzaMm: number; mq: number }[],
  f: FormatoPiastrella,
): LimitePiastrelle {
  let pezziMassimi = 0;
  let mq = 0;
  for (const l of lastre) {
    pezziMassimi += piastrelleMassimeLastra(l, f);
    mq += Math.round(l.mq * 100);
  }
  return { pezziMassimi, mqOrigine: mq / 100 };
}

const INTERO = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 });

export type VerificaPiastrelle =
  | { ok: true; pezziMassimi: number; mqProdotti: number; scartoMq: number }
  | { ok: false; pezziMassimi: number; message: string };

/**
 * Whether `pezzi` tiles can come from the source; if so, the m² made and the waste (the source's m²
 * less the tiles', never below 0, 2 decimals). `fonte` names the source in the message ("dal blocco …").
 */
export function verificaPiastrelle(
  limite: LimitePiastrelle,
  f: FormatoPiastrella,
  pezzi: number,
  fonte: string,
): VerificaPiastrelle {
  if (pezzi > limite.pezziMassimi) {
    return {
      ok: false,
      pezziMassimi: limite.pezziMassimi,
      message: `Al massimo ${INTERO.format(limite.pezziMassimi)} piastrelle ${f.lunghezzaMm}×${f.larghezzaMm} mm ${fonte}, non ${INTERO.format(pezzi)}`,
    };
  }
  const mqProdotti = mqPavimenti(pezzi, f.lunghezzaMm, f.larghezzaMm);
  return {
    ok: true,
    pezziMassimi: limite.pezziMassimi,
    mqProdotti,
    scartoMq: Math.max(0, roundTo(limite.mqOrigine - mqProdotti, 2)),
  };
}
