import { PassThrough, type Readable } from 'node:stream';
import { roundTo } from '@gestcava/contracts';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';

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
   * its unit's (KIND_SAMPLES).
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

type ReportDocument = Omit<ReportInput, 'formato'> & { rows: AsyncIterable<Cell[][]> };

/**
 * The document worker's entry (lib/render-pool.ts `stream`): exceljs and pdfkit draw off the event loop,
 * from the cells of each batch of rows the main thread reads and sends.
 */
export function render(input: ReportInput, rows: AsyncIterable<Cell[][]>): Readable {
  const doc = { ...input, rows };
  return input.formato === 'xlsx' ? reportXlsx(doc) : reportPdf(doc);
}

const DECIMALS: Partial<Record<ColumnKind, number>> = {
  m3: 3,
  t: 2,
  m2: 2,
  eur: 2,
  pct: 1,
  ratio: 2,
};
/** Excel's codes are locale-free: an Italian Excel shows '#,##0.000' as 1.234,567. */
const NUM_FMT: Partial<Record<ColumnKind, string>> = {
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

const numberIt = (decimals: number) =>
  new Intl.NumberFormat('it-IT', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: 'always',
  });
const FORMATS = Object.fromEntries(
  Object.entries(DECIMALS).map(([k, d]) => [k, numberIt(d)]),
) as Record<string, Intl.NumberFormat>;
const INT = numberIt(0);

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
function totalsOf(columns: ReportColumnSpec[]) {
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

const MESI = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];

/**
 * The rows with a subtotal row after each group (input.subtotals): the sums of the group's rounded rows
 * in the totalled columns, the label in the first cell. Both formats draw what this yields.
 */
async function* withSubtotals(
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
function reportXlsx(doc: ReportDocument): Readable {
  const out = new PassThrough();
  (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    workbook.creator = doc.company.name;
    workbook.title = doc.title;
    const sheet = workbook.addWorksheet(doc.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = doc.columns.map((c) => ({
      header: c.header,
      width: Math.max(10, Math.round((c.width ?? 1) * 11)),
      style: NUM_FMT[c.kind] ? { numFmt: NUM_FMT[c.kind] } : {},
    }));
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: doc.columns.length } };
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    const totals = totalsOf(doc.columns);
    for await (const { cells, subtotal } of withSubtotals(doc)) {
      if (!subtotal) totals.add(cells);
      const row = sheet.addRow(doc.columns.map((c, i) => xlsxValue(c.kind, cells[i] ?? null)));
      if (subtotal) row.font = { bold: true };
      row.commit();
    }
    if (doc.columns.some((c) => c.total)) {
      const row = sheet.addRow(totals.values().map((v, i) => (i === 0 ? 'Totale' : v)));
      row.font = { bold: true };
      row.commit();
    }
    sheet.commit();
    const info = workbook.addWorksheet('Informazioni');
    for (const line of [
      ['Report', doc.title],
      ['Ditta', doc.company.name],
      ['Periodo', doc.periodo],
      ['Righe', doc.count],
      ...(doc.notes ?? []).map((n) => ['Nota', n]),
    ])
      info.addRow(line).commit();
    info.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

function xlsxValue(kind: ColumnKind, value: string | number | null) {
  // a subtotal's label sits in a date column as text
  if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return new Date(`${value}T00:00:00Z`);
  return value;
}

/** The widest figure each unit's column is made to hold whole (a total of the year included). */
const KIND_SAMPLES: Partial<Record<ColumnKind, string>> = {
  int: '99.999',
  cm: '9999',
  m3: '99.999,999',
  t: '999.999,99',
  m2: '99.999,99',
  eur: '€ 9.999.999,99',
  pct: '100,0',
  ratio: '999,99',
  date: '00/00/0000',
};

/**
 * The PDF columns' widths: each column first gets what its header (bold) and its longest value need on
 * one line, then the room left is shared by the columns' `width`. A report whose columns need more than
 * the page gets a smaller type (`fontSize` scaled down) rather than cut values. Pure, so it is tested
 * with pdfkit's own measures.
 */
export function columnWidths(
  pdf: PDFKit.PDFDocument,
  columns: ReportColumnSpec[],
  innerWidth: number,
  fontSize: number,
  gap: { text: number; number: number },
): { widths: number[]; fontSize: number } {
  const natural = (size: number) =>
    columns.map((c) => {
      const numeric = c.kind !== 'text' && c.kind !== 'date';
      pdf.font('Helvetica-Bold').fontSize(size);
      const header = pdf.widthOfString(c.pdfHeader ?? c.header);
      pdf.font('Helvetica').fontSize(size);
      const values = [...(c.samples ?? []), KIND_SAMPLES[c.kind] ?? ''];
      // a totals row is bold: its figures are measured so
      if (numeric) pdf.font('Helvetica-Bold');
      const longest = Math.max(...values.map((v) => pdf.widthOfString(v)));
      return Math.max(header, longest) + (numeric ? gap.number : gap.text) + 1;
    });
  let size = fontSize;
  let need = natural(size);
  let sum = need.reduce((a, w) => a + w, 0);
  while (sum > innerWidth && size > 4.5) {
    size = Math.max(4.5, Math.floor(size * (innerWidth / sum) * 10) / 10);
    need = natural(size);
    sum = need.reduce((a, w) => a + w, 0);
    if (size === 4.5) break;
  }
  const left = Math.max(0, innerWidth - sum);
  const weight = columns.reduce((a, c) => a + (c.width ?? 1), 0);
  return {
    widths: need.map((w, i) => w + (left * (columns[i]!.width ?? 1)) / weight),
    fontSize: size,
  };
}

const PAGE = { width: 841.89, height: 595.28, margin: 32 };
const ROW_H = 13;
const HEADER_H = 64;
const TABLE_HEAD_H = 16;
const FOOTER_H = 18;
/** Rows on every page: the header block repeats, so each page holds the same number. */
export const ROWS_PER_PAGE = Math.floor(
  (PAGE.height - 2 * PAGE.margin - HEADER_H - TABLE_HEAD_H - FOOTER_H) / ROW_H,
);

/**
 * A4 landscape, streamed page by page: the company header and the period on every page, the table
 * header repeated, fixed one-line rows (long text is cut with an ellipsis) so the page count is known
 * in advance and "Pagina N di M" needs no buffered pages, whatever the number of rows.
 */
function reportPdf(full: ReportDocument): Readable {
  const shown = full.columns.flatMap((c, i) => (c.pdf === false ? [] : [i]));
  const doc: ReportDocument = {
    ...full,
    columns: shown.map((i) => full.columns[i]!),
    subtotals: full.subtotals && {
      ...full.subtotals,
      by: full.subtotals.by.map((i) => shown.indexOf(i)),
    },
    rows: (async function* () {
      for await (const batch of full.rows)
        yield batch.map((row) => shown.map((i) => row[i] ?? null));
    })(),
  };
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PAGE.margin,
    autoFirstPage: false,
    info: { Title: doc.title, Author: doc.company.name },
    lang: 'it-IT',
  });
  const hasTotals = doc.columns.some((c) => c.total);
  const lines = doc.count + (doc.subtotals?.groups ?? 0) + (hasTotals ? 1 : 0);
  const pages = Math.max(1, Math.ceil(lines / ROWS_PER_PAGE));
  const innerWidth = PAGE.width - 2 * PAGE.margin;
  // a wide report (the registro's 23 columns) gets narrower gaps
  const wide = doc.columns.length > 15;
  const pad = wide ? { text: 3, number: 1, width: 5 } : { text: 8, number: 2, width: 10 };
  const fitted = columnWidths(
    pdf,
    doc.columns,
    innerWidth,
    wide ? 5.5 : 7.5,
    // what a cell's text loses to its gaps: the left inset plus the right one
    { text: pad.width, number: pad.width },
  );
  const { widths, fontSize } = fitted;
  const xs = widths.map((_, i) => PAGE.margin + widths.slice(0, i).reduce((a, w) => a + w, 0));
  let page = 0;
  let y = 0;
  let onPage = 0;

  const cells = (texts: string[], top: number, bold: boolean) => {
    const font = bold ? 'Helvetica-Bold' : 'Helvetica';
    // a totals row's label ("Totale marzo 2026") runs on over the empty cells after it
    let span = 1;
    while (bold && span < texts.length && texts[span] === '') span += 1;
    texts.forEach((text, i) => {
      const numeric = doc.columns[i]!.kind !== 'text' && doc.columns[i]!.kind !== 'date';
      const width =
        (i === 0 ? widths.slice(0, span).reduce((a, w) => a + w, 0) : widths[i]!) - pad.width;
      // a value longer than any the column was made for shrinks to fit before it is ever cut
      pdf.font(font).fontSize(fontSize);
      const natural = pdf.widthOfString(text);
      if (natural > width) pdf.fontSize(Math.max(fontSize * 0.7, (fontSize * width) / natural));
      pdf.text(text, xs[i]! + (numeric ? pad.number : pad.text), top + 3, {
        width,
        height: ROW_H,
        lineBreak: false,
        ellipsis: true,
        align: numeric ? 'right' : 'left',
      });
    });
  };

  const newPage = () => {
    pdf.addPage();
    page += 1;
    const top = PAGE.margin;
    let left = PAGE.margin;
    if (doc.company.logo) {
      try {
        pdf.image(doc.company.logo, left, top, { fit: [90, 36] });
        left += 100;
      } catch {
        // a logo pdfkit cannot read is left out, as on the labels
      }
    }
    pdf
      .font('Helvetica-Bold')
      .fontSize(13)
      .fillColor('#111')
      .text(doc.title, left, top, { width: innerWidth - (left - PAGE.margin), lineBreak: false });
    pdf
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#333')
      .text(`${doc.company.name} — ${doc.periodo}`, left, top + 18, {
        width: innerWidth - (left - PAGE.margin),
        lineBreak: false,
        ellipsis: true,
      });
    (doc.notes ?? []).slice(0, 2).forEach((note, i) => {
      pdf
        .fontSize(7)
        .fillColor('#555')
        .text(note, left, top + 32 + i * 10, {
          width: innerWidth - (left - PAGE.margin),
          lineBreak: false,
          ellipsis: true,
        });
    });
    y = top + HEADER_H;
    pdf.rect(PAGE.margin, y, innerWidth, TABLE_HEAD_H).fill('#e8e4dc');
    pdf.fillColor('#111');
    cells(
      doc.columns.map((c) => c.pdfHeader ?? c.header),
      y + 1,
      true,
    );
    y += TABLE_HEAD_H;
    onPage = 0;
    pdf
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555')
      .text(`Pagina ${page} di ${pages}`, PAGE.margin, PAGE.height - PAGE.margin - 10, {
        width: innerWidth,
        align: 'right',
        lineBreak: false,
      });
    pdf.fillColor('#111');
  };

  const row = (texts: string[], bold = false) => {
    if (page === 0 || onPage === ROWS_PER_PAGE) newPage();
    if (onPage % 2 === 1)
      pdf.rect(PAGE.margin, y, innerWidth, ROW_H).fill('#f6f4f0').fillColor('#111');
    cells(texts, y, bold);
    y += ROW_H;
    onPage += 1;
  };

  (async () => {
    const totals = totalsOf(doc.columns);
    let written = 0;
    for await (const { cells: r, subtotal } of withSubtotals(doc)) {
      // never more rows than announced: the page count printed on every page stays true
      if (written === lines - (hasTotals ? 1 : 0)) break;
      if (!subtotal) totals.add(r);
      row(
        doc.columns.map((c, i) => (subtotal && r[i] == null ? '' : cellText(c.kind, r[i] ?? null))),
        subtotal,
      );
      written += 1;
    }
    if (page === 0) newPage();
    if (written === 0)
      pdf
        .font('Helvetica')
        .fontSize(9)
        .text('Nessun dato nel periodo.', PAGE.margin, y + 6);
    if (hasTotals)
      row(
        totals
          .values()
          .map((v, i) =>
            i === 0 ? 'Totale' : v === null ? '' : cellText(doc.columns[i]!.kind, v),
          ),
        true,
      );
    pdf.end();
  })().catch((error: unknown) => {
    pdf.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return pdf;
}
