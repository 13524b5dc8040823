import { type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { columnWidths } from './reportistica.pdf-widths.js';
import { cellText, totalsOf, withSubtotals, type ReportDocument } from './reportistica.rows.js';

// The report as an A4 landscape PDF, page by page while its rows arrive.

const PAGE = { width: 841.89, height: 595.28, margin: 32 };
const ROW_H = 13;
const HEADER_H = 64;
const TABLE_HEAD_H = 16;
const FOOTER_H = 18;
/** Rows on every page: the header block repeats, so each page holds the same number. */
export const ROWS_PER_PAGE = Math.floor(
  (PAGE.height - 2 * PAGE.margin - HEADER_H - TABLE_HEAD_H - FOOTER_H) / ROW_H,
);

/** Only the columns the PDF shows (`pdf: false` ones are the files' alone), rows and subtotals remapped. */
function pdfColumnsOf(full: ReportDocument): ReportDocument {
  const shown = full.columns.flatMap((c, i) => (c.pdf === false ? [] : [i]));
  return {
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
}

/** The columns' widths and font size, fitted to the page; a wide report gets narrower gaps. */
function layoutOf(pdf: PDFKit.PDFDocument, doc: ReportDocument) {
  const innerWidth = PAGE.width - 2 * PAGE.margin;
  // a wide report (the registro's 23 columns) gets narrower gaps
  const wide = doc.columns.length > 15;
  const pad = wide ? { text: 3, number: 1, width: 5 } : { text: 8, number: 2, width: 10 };
  const { widths, fontSize } = columnWidths(
    pdf,
    doc.columns,
    innerWidth,
    wide ? 5.5 : 7.5,
    // what a cell's text loses to its gaps: the left inset plus the right one
    { text: pad.width, number: pad.width },
  );
  const xs = widths.map((_, i) => PAGE.margin + widths.slice(0, i).reduce((a, w) => a + w, 0));
  return { innerWidth, pad, widths, fontSize, xs };
}
type Layout = ReturnType<typeof layoutOf>;

/** The pages as they are written: where the next row goes, how many the page holds already. */
class PdfPages {
  private page = 0;
  private y = 0;
  private onPage = 0;

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly doc: ReportDocument,
    private readonly layout: Layout,
    private readonly pages: number,
  ) {}

  get started() {
    return this.page > 0;
  }

  get top() {
    return this.y;
  }

  /** One line of cells at `top`: numbers to the right, a value too long shrunk before it is cut. */
  cells(texts: string[], top: number, bold: boolean) {
    const { pdf, doc } = this;
    const { widths, fontSize, pad, xs } = this.layout;
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
  }

  /** The company's logo, the title, the company and period, up to two notes. */
  private header(top: number) {
    const { pdf, doc } = this;
    const { innerWidth } = this.layout;
    let left = PAGE.margin;
    if (doc.company.logo) {
      try {
        pdf.image(doc.company.logo, left, top, { fit: [90, 36] });
        left += 100;
      } catch {
        // a logo pdfkit cannot read is left out, as on the labels
      }
    }
    const width = innerWidth - (left - PAGE.margin);
    pdf
      .font('Helvetica-Bold')
      .fontSize(13)
      .fillColor('#111')
      .text(doc.title, left, top, { width, lineBreak: false });
    pdf
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#333')
      .text(`${doc.company.name} — ${doc.periodo}`, left, top + 18, {
        width,
        lineBreak: false,
        ellipsis: true,
      });
    (doc.notes ?? []).slice(0, 2).forEach((note, i) => {
      pdf
        .fontSize(7)
        .fillColor('#555')
        .text(note, left, top + 32 + i * 10, { width, lineBreak: false, ellipsis: true });
    });
  }

  /** A new page: its header, the table's header, "Pagina N di M" at the foot. */
  newPage() {
    const { pdf, doc } = this;
    const { innerWidth } = this.layout;
    pdf.addPage();
    this.page += 1;
    const top = PAGE.margin;
    this.header(top);
    this.y = top + HEADER_H;
    pdf.rect(PAGE.margin, this.y, innerWidth, TABLE_HEAD_H).fill('#e8e4dc');
    pdf.fillColor('#111');
    this.cells(
      doc.columns.map((c) => c.pdfHeader ?? c.header),
      this.y + 1,
      true,
    );
    this.y += TABLE_HEAD_H;
    this.onPage = 0;
    pdf
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555')
      .text(`Pagina ${this.page} di ${this.pages}`, PAGE.margin, PAGE.height - PAGE.margin - 10, {
        width: innerWidth,
        align: 'right',
        lineBreak: false,
      });
    pdf.fillColor('#111');
  }

  /** One row, on a new page when this one is full, every other one shaded. */
  row(texts: string[], bold = false) {
    if (this.page === 0 || this.onPage === ROWS_PER_PAGE) this.newPage();
    if (this.onPage % 2 === 1)
      this.pdf
        .rect(PAGE.margin, this.y, this.layout.innerWidth, ROW_H)
        .fill('#f6f4f0')
        .fillColor('#111');
    this.cells(texts, this.y, bold);
    this.y += ROW_H;
    this.onPage += 1;
  }
}

/** The rows as they arrive, at most `lines` of them, then the totals row; the document ends. */
async function writeRows(
  pdf: PDFKit.PDFDocument,
  doc: ReportDocument,
  pages: PdfPages,
  lines: number,
  hasTotals: boolean,
) {
  const totals = totalsOf(doc.columns);
  let written = 0;
  for await (const { cells: r, subtotal } of withSubtotals(doc)) {
    // never more rows than announced: the page count printed on every page stays true
    if (written === lines - (hasTotals ? 1 : 0)) break;
    if (!subtotal) totals.add(r);
    pages.row(
      doc.columns.map((c, i) => (subtotal && r[i] == null ? '' : cellText(c.kind, r[i] ?? null))),
      subtotal,
    );
    written += 1;
  }
  if (!pages.started) pages.newPage();
  if (written === 0)
    pdf
      .font('Helvetica')
      .fontSize(9)
      .text('Nessun dato nel periodo.', PAGE.margin, pages.top + 6);
  if (hasTotals)
    pages.row(
      totals
        .values()
        .map((v, i) => (i === 0 ? 'Totale' : v === null ? '' : cellText(doc.columns[i]!.kind, v))),
      true,
    );
  pdf.end();
}

/**
 * A4 landscape, streamed page by page: the company header and the period on every page, the table
 * header repeated, fixed one-line rows (long text is cut with an ellipsis) so the page count is known
 * in advance and "Pagina N di M" needs no buffered pages, whatever the number of rows.
 */
export function reportPdf(full: ReportDocument): Readable {
  const doc = pdfColumnsOf(full);
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
  const pageCount = Math.max(1, Math.ceil(lines / ROWS_PER_PAGE));
  const pages = new PdfPages(pdf, doc, layoutOf(pdf, doc), pageCount);
  writeRows(pdf, doc, pages, lines, hasTotals).catch((error: unknown) => {
    pdf.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return pdf;
}
