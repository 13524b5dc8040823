// The demo's prices, shared by the seeds of blocks and of stock (docs/screens.md "What the demo's
// figures obey").

/**
 * List prices as Carrara's market has them, € per tonne of a prima block (docs/screens.md "What the
 * demo's figures obey"): Statuario and Calacatta in the thousands, Bianco Carrara below a thousand, the
 * grey and veined stones less. Seconda and commerciale, and informi, are shares of it that never overlap.
 */
export const PREZZO_PRIMA_T: Record<string, number> = {
  'Bianco Carrara': 800,
  Statuario: 6000,
  Calacatta: 4500,
  Arabescato: 1800,
  Bardiglio: 600,
  'Cremo Delicato': 1000,
  Zebrino: 550,
};
/** [from, to] share of the prima price, by scelta; informi well under any squared block of their stone. */
const QUOTA = {
  squadrato: { prima: [0.85, 1.15], seconda: [0.55, 0.7], commerciale: [0.35, 0.45] },
  informe: { prima: [0.2, 0.26], seconda: [0.15, 0.18], commerciale: [0.1, 0.13] },
} as const;
type Scelta = keyof (typeof QUOTA)['squadrato'];

/** A block's list price from one draw `u` in [0, 1): € per m³ (to the ten) for a squared one, € per q for an informe. */
export function prezzoListinoDemo(
  materiale: { nome: string; densita: number },
  scelta: Scelta,
  informe: boolean,
  u: number,
) {
  const [from, to] = QUOTA[informe ? 'informe' : 'squadrato'][scelta];
  const perT = (PREZZO_PRIMA_T[materiale.nome] ?? 800) * (from + u * (to - from));
  return informe
    ? { prezzo: Math.round(perT / 10), unita: 'q' as const }
    : { prezzo: Math.round((perT * materiale.densita) / 10) * 10, unita: 'm3' as const };
}

/** Finishing a slab costs on top of the sawn one, € per m². */
const FINITURA_M2: Record<string, number> = { grezzo: 0, levigato: 15, lucidato: 25 };

/**
 * A bundle's or a tile lot's list price per m²: the stone's tonne price at its scelta (the middle of
 * its share) over the slab's weight per m², about three times over for the sawing and the yield, plus
 * the finish; so a Statuario slab lists in the hundreds and a Bianco one under 150 €.
 */
export function prezzoLastreDemo(
  materiale: { nome: string; densita: number },
  scelta: Scelta,
  spessoreMm: number,
  finitura: string,
) {
  const [from, to] = QUOTA.squadrato[scelta];
  const perT = (PREZZO_PRIMA_T[materiale.nome] ?? 800) * ((from + to) / 2);
  return Math.round(
    perT * materiale.densita * (spessoreMm / 1000) * 3 + (FINITURA_M2[finitura] ?? 0),
  );
}
