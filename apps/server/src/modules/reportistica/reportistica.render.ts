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
  kind: ColumnKind;
  /** Relative width in the PDF (1 = a short number). */
  width?: number;
  /** Summed into the totals row. */
  total?: boolean;
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

function totalsOf(columns: ReportColumnSpec[]) {
  const sums = columns.map(() => 0);
  return {
    add(row: Cell[]) {
      columns.forEach((c, i) => {
        const v = row[i];
        if (c.total && typeof v === 'number') sums[i]! += v;
      });
    },
    values: () =>
      columns.map((c, i) =>
        c.total
          ? roundTo(sums[i]!, DECIMALS[c.kind] ?? 0)
          : null,
      ),
  };
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
    for await (const batch of doc.rows) {
      for (const row of batch) {
        totals.add(row);
        sheet.addRow(doc.columns.map((c, i) => xlsxValue(c.kind, row[i] ?? null))).commit();
      }
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
  if (kind === 'date' && typeof value === 'string') return new Date(`${value}T00:00:00Z`);
  return value;
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
function reportPdf(doc: ReportDocument): Readable {
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PAGE.margin,
    autoFirstPage: false,
    info: { Title: doc.title, Author: doc.company.name },
    lang: 'it-IT',
  });
  const hasTotals = doc.columns.some((c) => c.total);
  const pages = Math.max(1, Math.ceil((doc.count + (hasTotals ? 1 : 0)) / ROWS_PER_PAGE));
  const innerWidth = PAGE.width - 2 * PAGE.margin;
  const weight = doc.columns.reduce((a, c) => a + (c.width ?? 1), 0);
  const widths = doc.columns.map((c) => ((c.width ?? 1) / weight) * innerWidth);
  const xs = widths.map((_, i) => PAGE.margin + widths.slice(0, i).reduce((a, w) => a + w, 0));
  let page = 0;
  let y = 0;
  let onPage = 0;

  const cells = (texts: string[], top: number, bold: boolean) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
    texts.forEach((text, i) => {
      const numeric = doc.columns[i]!.kind !== 'text' && doc.columns[i]!.kind !== 'date';
      pdf.text(text, xs[i]! + (numeric ? 2 : 8), top + 3, {
        width: widths[i]! - 10,
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
    y = top + HEADER_H;
    pdf.rect(PAGE.margin, y, innerWidth, TABLE_HEAD_H).fill('#e8e4dc');
    pdf.fillColor('#111');
    cells(
      doc.columns.map((c) => c.header),
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
    for await (const batch of doc.rows) {
      for (const r of batch) {
        // never more rows than announced: the page count printed on every page stays true
        if (written === doc.count) break;
        totals.add(r);
        row(doc.columns.map((c, i) => cellText(c.kind, r[i] ?? null)));
        written += 1;
      }
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
