import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  totalsOf,
  withSubtotals,
  type Cell,
  type ReportDocument,
  type ReportInput,
  type ColumnKind,
  NUM_FMT,
} from './reportistica.rows.js';
import { reportPdf } from './reportistica.render-pdf.js';

export type { Cell, ColumnKind, ReportColumnSpec, ReportInput } from './reportistica.rows.js';
export { cellText } from './reportistica.rows.js';
export { ROWS_PER_PAGE } from './reportistica.render-pdf.js';

/**
 * The document worker's entry (lib/render-pool.ts `stream`): exceljs and pdfkit draw off the event loop,
 * from the cells of each batch of rows the main thread reads and sends.
 */
export function render(input: ReportInput, rows: AsyncIterable<Cell[][]>): Readable {
  const doc = { ...input, rows };
  return input.formato === 'xlsx' ? reportXlsx(doc) : reportPdf(doc);
}

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
