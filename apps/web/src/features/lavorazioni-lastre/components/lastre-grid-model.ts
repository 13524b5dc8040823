import { LASTRA_MAX_MM, mqLastre, type LastraMisura, type SCELTE } from '@gestcava/contracts';
import { readNumberInput } from '@/components/form/number-text';
import { formatInteger } from '@/lib/format';

/**
 * The slab-by-slab grid of a completion, as plain data: each row is one slab in sawing order, its
 * sizes kept as typed (Italian numbers) so a half-typed value is not lost on re-render.
 */
export type Scelta = (typeof SCELTE)[number];
export const GRID_COLUMNS = ['lunghezza', 'altezza', 'scelta'] as const;
export type GridColumn = (typeof GRID_COLUMNS)[number];

export interface GridRow {
  /** stable React key (rows are inserted and deleted) */
  key: number;
  lunghezza: string;
  altezza: string;
  /** '' = the block's grade (the server's default) */
  scelta: Scelta | '';
}

let nextKey = 1;
export function gridRow(from?: Partial<Omit<GridRow, 'key'>>): GridRow {
  return {
    key: nextKey++,
    lunghezza: from?.lunghezza ?? '',
    altezza: from?.altezza ?? '',
    scelta: from?.scelta ?? '',
  };
}

/** A new last row repeating the last one's size and grade: a gang saw's slabs are mostly alike. */
export function appendRow(rows: readonly GridRow[]): GridRow[] {
  const last = rows.at(-1);
  return [
    ...rows,
    gridRow(
      last ? { lunghezza: last.lunghezza, altezza: last.altezza, scelta: last.scelta } : undefined,
    ),
  ];
}

/** "Come sopra": the row takes the size and grade of the one above it (the first has none above). */
export function copyAbove(rows: readonly GridRow[], index: number): GridRow[] {
  const above = rows[index - 1];
  const row = rows[index];
  if (!above || !row) return [...rows];
  return rows.map((r, i) =>
    i === index
      ? { ...r, lunghezza: above.lunghezza, altezza: above.altezza, scelta: above.scelta }
      : r,
  );
}

/** Deleting a row renumbers the ones after it; the grid keeps at least one row. */
export function removeRow(rows: readonly GridRow[], index: number): GridRow[] {
  const kept = rows.filter((_, i) => i !== index);
  return kept.length > 0 ? kept : [gridRow()];
}

export function updateRow(
  rows: readonly GridRow[],
  index: number,
  change: Partial<Omit<GridRow, 'key'>>,
): GridRow[] {
  return rows.map((r, i) => (i === index ? { ...r, ...change } : r));
}

/** A side in whole mm, 1 to LASTRA_MAX_MM; null when empty or not such a number. */
export function readMm(text: string): number | null {
  const n = readNumberInput(text);
  return n !== null && Number.isInteger(n) && n >= 1 && n <= LASTRA_MAX_MM ? n : null;
}

/** Why a side is not acceptable, in Italian; null when it is. */
export function mmError(text: string, label: string): string | null {
  if (text.trim() === '') return `${label}: obbligatoria`;
  const n = readNumberInput(text);
  if (n === null || Number.isNaN(n)) return `${label}: un numero`;
  if (!Number.isInteger(n)) return `${label}: un numero intero di mm`;
  if (n < 1) return `${label}: almeno 1 mm`;
  if (n > LASTRA_MAX_MM) return `${label}: al massimo ${formatInteger(LASTRA_MAX_MM)} mm`;
  return null;
}

export interface RowErrors {
  lunghezza: string | null;
  altezza: string | null;
}

export function rowErrors(row: GridRow): RowErrors {
  return {
    lunghezza: mmError(row.lunghezza, 'Lunghezza'),
    altezza: mmError(row.altezza, 'Altezza'),
  };
}

/** The slabs the rows describe, in order; null while any row is incomplete or wrong. */
export function rowsToLastre(rows: readonly GridRow[]): LastraMisura[] | null {
  const lastre: LastraMisura[] = [];
  for (const row of rows) {
    const l = readMm(row.lunghezza);
    const h = readMm(row.altezza);
    if (l === null || h === null) return null;
    lastre.push(
      row.scelta
        ? { lunghezzaMm: l, altezzaMm: h, scelta: row.scelta }
        : { lunghezzaMm: l, altezzaMm: h },
    );
  }
  return lastre;
}

/** m² of the rows already complete (the live total while typing), as the server sums them. */
export function gridMq(rows: readonly GridRow[]): number {
  const complete = rows.flatMap((r) => {
    const l = readMm(r.lunghezza);
    const h = readMm(r.altezza);
    return l !== null && h !== null ? [{ lunghezzaMm: l, altezzaMm: h }] : [];
  });
  return mqLastre(complete);
}

/** m² of a count of slabs of one average size, summed as the server sums them (each slab rounded). */
export function averageMq(numero: number, lunghezzaMm: number, altezzaMm: number): number {
  return mqLastre(Array.from({ length: numero }, () => ({ lunghezzaMm, altezzaMm })));
}

/** How the slabs fall into bundles: `lastrePerPacco` each, the last one with the rest. */
export function pacchiOf(numeroLastre: number, lastrePerPacco: number | null): number[] {
  if (numeroLastre <= 0) return [];
  const per = lastrePerPacco && lastrePerPacco > 0 ? lastrePerPacco : numeroLastre;
  const sizes: number[] = [];
  for (let left = numeroLastre; left > 0; left -= per) sizes.push(Math.min(per, left));
  return sizes;
}
