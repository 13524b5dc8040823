import { pesoT } from './quantities.js';

/**
 * The one rule for a block's weight (docs/domain.md "Weight"), wherever it is shown, valued or charged:
 * the weighbridge where there is one — a collaudo row's `pesoRilevato`, else the block's `pesoPesa` —
 * else the theoretical weight of the net volume. Goods sold by weight are paid on the weighbridge.
 * The server's aggregate queries use the same rule in SQL (apps/server/src/lib/peso-blocco.ts).
 */
export const PESO_BASI = ['pesato', 'teorico'] as const;
export type PesoBase = (typeof PESO_BASI)[number];

export interface PesoBloccoInput {
  /** t read at the collaudo's weighbridge, if typed. */
  pesoRilevato?: number | null;
  /** t read at the weighbridge when the block was registered. */
  pesoPesa: number | null;
  /** m³ the theoretical weight is taken of (the block's net volume, or a collaudo row's accepted one). */
  volumeNettoM3: number;
  /** t/m³ of the block's material. */
  densita: number;
}

/** t (2 decimals) and the basis it was taken on. */
export function pesoBlocco(b: PesoBloccoInput): { t: number; base: PesoBase } {
  const pesato = b.pesoRilevato ?? b.pesoPesa;
  return pesato != null
    ? { t: pesato, base: 'pesato' }
    : { t: pesoT(b.volumeNettoM3, b.densita), base: 'teorico' };
}

const TONNES = new Intl.NumberFormat('it-IT', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A weight with its basis as labels print it: "15,08 t pesato", "13,07 t teorico". */
export function pesoText(p: { t: number; base: PesoBase }): string {
  return `${TONNES.format(p.t)} t ${p.base}`;
}
