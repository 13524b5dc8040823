import ExcelJS from 'exceljs';

export interface ExportColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | Date | null;
  width?: number;
}

export interface ExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * One way to write a list as CSV or XLSX, through exceljs: typed cells (dates as dates, numbers as
 * numbers) in XLSX; CSV with `;` and a BOM, which Italian Excel opens correctly.
 */
export async function exportRows<T>(rows: T[], columns: ExportColumn<T>[], opts: { format: 'csv' | 'xlsx'; sheet: string; baseName: string }): Promise<ExportFile> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(opts.sheet);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 20 }));
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  sheet.getRow(1).font = { bold: true };
  const stamp = new Date().toISOString().slice(0, 10);
  if (opts.format === 'xlsx') {
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    return {
      body: Buffer.from(await workbook.xlsx.writeBuffer()),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: `${opts.baseName}-${stamp}.xlsx`,
    };
  }
  const csv = Buffer.from(await workbook.csv.writeBuffer({ formatterOptions: { delimiter: ';' } }));
  return {
    body: Buffer.concat([Buffer.from('\uFEFF'), csv]),
    contentType: 'text/csv; charset=utf-8',
    fileName: `${opts.baseName}-${stamp}.csv`,
  };
}
