import { MESI, roundTo } from '@gestcava/contracts';

// The report's rows as both formats write them: the columns' kinds, their text, totals and subtotals.

/** How a column's values are written: the unit decides the decimals, the Excel format and the PDF text. */
export type ColumnKind =
  'text' | 'int' | 'cm' | 'm3' | 't' | 'm2' | 'eur' | 'pct' | 'ratio' | 'date';

/** A column as the worker draws it: plain data, the cells come computed (the service's `ReportColumn`). */
export interface ReportColumnSpec {
  header: string;
  /** The header on paper, where the full one does not fit a narrow column of a wide report. */
  pdfHeader?: string;
  kind: ColumnKind;
  /** Relative share of the PDF's room left once every column holds its longest value (1 = a short number). */
  width?: number;
  /**
   * The longest values the column realistically holds ("Commerciale", "Fossa degli Angeli"): the PDF's
   * column is at least as wide as the widest of them, so they print whole. A number or date column has
   * its unit's (KIND_SAMPLES in reportistica.pdf-widths.ts).
   */
  samples?: string[];
  /** Summed into the totals row. */
  total?: boolean;
  /** Left out of the PDF (a wide report's XLSX keeps every column; the A4 page keeps what fits). */
  pdf?: false;
}

export type Cell = string | number | null;

/** What the report's worker gets (structured-cloned): everything but the rows, which come in batches. */
export interface ReportInput {
  formato: 'pdf' | 'xlsx';
  title: string;
  sheet: string;
  /** "dal 01/01/2026 al 24/11/2026", or "al 24/11/2026" for a picture of today. */
  periodo: string;
  company: { name: string; logo: Buffer | null };
  columns: ReportColumnSpec[];
  /** How many rows will come: the PDF numbers its pages "Pagina N di M" without holding them. */
  count: number;
  /** What the figures are taken on, said on the report (at most two short lines under the title). */
  notes?: string[];
  /**
   * A subtotal row wherever the value of these columns changes (the rows come sorted by them): by
   * month of a date column (`mese`), or by the values themselves. `groups` is how many there will be.
   */
  subtotals?: { by: number[]; label: 'mese' | 'valore'; groups: number };
}

export type ReportDocument = Omit<ReportInput, 'formato'> & { rows: AsyncIterable<Cell[][]> };
export const DECIMALS: Partial<Record<ColumnKind, number>> = {
  m3: 3,
  t: 2,
  m2: 2,
  eur: 2,
  pct: 1,
  ratio: 2,
};
/** Excel's codes are locale-free: an Italian Excel shows '#,##0.000' as 1.234,567. */
export const NUM_FMT: Partial<Record<ColumnKind, string>> = {
  int: '#,##0',
  cm: '0',
  m3: '#,##0.000',
  t: '#,##0.00',
  m2: '#,##0.00',
  eur: '€ #,##0.00',
  pct: '0.0',
  ratio: '0.00',
  date: 'dd/mm/yyyy',
};

export const numberIt = (decimals: number) =>
  new Intl.NumberFormat('it-IT', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: 'always',
  });
export const FORMATS = Object.fromEntries(
  Object.entries(DECIMALS).map(([k, d]) => [k, numberIt(d)]),
) as Record<string, Intl.NumberFormat>;
export const INT = numberIt(0);

/** The text a PDF cell shows. */
export function cellText(kind: ColumnKind, value: string | number | null): string {
  if (value === null || value === '') return '—';
  if (kind === 'date' && typeof value === 'string') return value.split('-').reverse().join('/');
  if (typeof value !== 'number') return String(value);
  if (kind === 'eur') return `€ ${FORMATS.eur!.format(value)}`;
  if (kind === 'int') return INT.format(value);
  if (kind === 'cm') return String(value);
  return FORMATS[kind]?.format(value) ?? String(value);
}

/** The sums of the totalled columns; a column none of the rows filled stays empty, not 0. */
export function totalsOf(columns: ReportColumnSpec[]) {
  let sums: Array<number | null> = columns.map(() => null);
  return {
    reset() {
      sums = columns.map(() => null);
    },
    add(row: Cell[]) {
      columns.forEach((c, i) => {
        const v = row[i];
        if (c.total && typeof v === 'number') sums[i] = (sums[i] ?? 0) + v;
      });
    },
    values: () =>
      columns.map((c, i) => {
        const sum = sums[i] ?? null;
        if (!c.total || sum === null) return null;
        return roundTo(sum, DECIMALS[c.kind] ?? 0);
      }),
  };
}

/**
 * The rows with a subtotal row after each group (input.subtotals): the sums of the group's rounded rows
 * in the totalled columns, the label in the first cell. Both formats draw what this yields.
 */
export async function* withSubtotals(
  doc: ReportDocument,
): AsyncGenerator<{ cells: Cell[]; subtotal: boolean }> {
  const sub = doc.subtotals;
  const group = sub && totalsOf(doc.columns);
  const keyOf = (row: Cell[]) =>
    sub!.by
      .map((i) => (sub!.label === 'mese' ? String(row[i] ?? '').slice(0, 7) : String(row[i] ?? '')))
      .join(' · ');
  const labelOf = (key: string) => {
    if (sub!.label !== 'mese') return `Totale ${key}`;
    const [year, month] = key.split('-');
    return `Totale ${MESI[Number(month) - 1] ?? ''} ${year}`;
  };
  let current: string | null = null;
  const close = () => ({
    cells: group!.values().map((v, i) => (i === 0 ? labelOf(current!) : v)),
    subtotal: true,
  });
  for await (const batch of doc.rows) {
    for (const cells of batch) {
      if (group) {
        const key = keyOf(cells);
        if (current !== null && key !== current) {
          yield close();
          group.reset();
        }
        current = key;
        group.add(cells);
      }
      yield { cells, subtotal: false };
    }
  }
  if (group && current !== null) yield close();
}

/**
 * XLSX through exceljs's streaming writer: typed cells (numbers stay numbers, dates are dates) with the
 * unit's format, a bold frozen header with an autofilter, the totals last, and a second sheet saying
 * what the report is, for whom and for when.
 */
