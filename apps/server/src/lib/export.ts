import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { todayInRome } from './dates.js';

export type CellValue = string | number | boolean | Date | null;

export interface ExportColumn<T> {
  header: string;
  value: (row: T) => CellValue;
  width?: number;
  /** Excel number format of the column, e.g. '0.000' for m³. */
  numFmt?: string;
}

export interface ExportStream {
  stream: Readable;
  contentType: string;
  fileName: string;
}

export interface ExportOptions<T> {
  format: 'csv' | 'xlsx';
  sheet: string;
  baseName: string;
  columns: ExportColumn<T>[];
  /** The rows in batches (keyset pages), so a large list never sits in memory whole. */
  batches: AsyncIterable<T[]>;
  onError?: (error: unknown) => void;
}

const CSV_NUMBER = new Intl.NumberFormat('it-IT', { useGrouping: false, maximumFractionDigits: 6 });
const pad = (n: number) => String(n).padStart(2, '0');

/** Text a spreadsheet would run as a formula (OWASP "CSV injection"): `=`, `+`, `-`, `@`, tab, CR first. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A formula start after anything a reader might split a cell on: our `;`, the `,` of a comma-locale
 * spreadsheet or of LibreOffice's guess, a tab, a line break (spaces and quotes between are skipped,
 * as a trimming reader would). Such a reader would make it a cell of its own.
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])([\s"]*)(?=[=+\-@])/g;

/**
 * CSV for Italian Excel: `;` between cells, decimal comma, dates dd/MM/yyyy, a BOM for UTF-8.
 * Every text cell is quoted (RFC 4180), so a reader that honours quotes keeps it whole whatever it
 * splits on; text that would start a formula, at its start or after a separator, gets a `'` before
 * it (docs/quality.md S16), so `Rossi SRL,=1+2*3` reads `Rossi SRL,'=1+2*3` even to a reader that splits
 * on commas. Numbers are written by us and stay numbers, negative ones included.
 */
function csvCell(value: CellValue): string {
  if (value === null) return '';
  if (value instanceof Date)
    return `${pad(value.getDate())}/${pad(value.getMonth() + 1)}/${value.getFullYear()}`;
  if (typeof value === 'number') return CSV_NUMBER.format(value);
  if (typeof value === 'boolean') return value ? 'Sì' : 'No';
  const text = (FORMULA_START.test(value) ? `'${value}` : value).replace(
    FORMULA_AFTER_SEPARATOR,
    "$1$2'",
  );
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * The one way to export a list (docs/screens.md): XLSX with typed cells (dates as dates, numbers as numbers)
 * through exceljs's streaming writer, or CSV; both written batch by batch to a stream the reply sends.
 * The first batch is read before anything is sent, so a failing query is still an ordinary error answer.
 */
export async function streamExport<T>(opts: ExportOptions<T>): Promise<ExportStream> {
  const iterator = opts.batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const batches: AsyncIterable<T[]> = {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next())
        yield next.value;
    },
  };
  return writeExport({ ...opts, batches });
}

function writeExport<T>(opts: ExportOptions<T>): ExportStream {
  const out = new PassThrough();
  const stamp = todayInRome();
  const fail = (error: unknown) => {
    opts.onError?.(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  };

  if (opts.format === 'csv') {
    (async () => {
      out.write('\uFEFF' + opts.columns.map((c) => csvCell(c.header)).join(';') + '\r\n');
      for await (const batch of opts.batches) {
        const text = batch
          .map((row) => opts.columns.map((c) => csvCell(c.value(row))).join(';'))
          .join('\r\n');
        if (text && !out.write(text + '\r\n'))
          await new Promise((resolve) => out.once('drain', resolve));
      }
      out.end();
    })().catch(fail);
    return {
      stream: out,
      contentType: 'text/csv; charset=utf-8',
      fileName: `${opts.baseName}-${stamp}.csv`,
    };
  }

  (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const sheet = workbook.addWorksheet(opts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = opts.columns.map((c) => ({
      header: c.header,
      width: c.width ?? 18,
      style: c.numFmt ? { numFmt: c.numFmt } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const batch of opts.batches) {
      for (const row of batch) sheet.addRow(opts.columns.map((c) => c.value(row))).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch(fail);
  return {
    stream: out,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${opts.baseName}-${stamp}.xlsx`,
  };
}

/** A whole small list as one batch. */
/**
 * A paged list's pages one after another, as an export's batches: `page(n, size)` reads page `n`
 * (from 1) of `size` rows; a short page is the last. For lists without a keyset reader of their own.
 */
export async function* exportPages<T>(
  size: number,
  page: (n: number, size: number) => Promise<T[]>,
): AsyncIterable<T[]> {
  for (let n = 1; ; n++) {
    const items = await page(n, size);
    if (items.length) yield items;
    if (items.length < size) return;
  }
}

export async function* oneBatch<T>(rows: Promise<T[]>): AsyncIterable<T[]> {
  yield await rows;
}
