import type { ColumnKind, ReportColumnSpec } from './reportistica.rows.js';

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
 * the page gets a smaller type (`fontSize` scaled down) rather than cut values (docs/reportistica.md,
 * "Cells print whole"). Pure, so it is tested with pdfkit's own measures.
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
