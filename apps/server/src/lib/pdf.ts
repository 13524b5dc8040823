import PDFDocument from 'pdfkit';
import type { CompanyRow, DatiDitta } from './companies.js';

// The pieces the A4 documents drawn in the render pool share (DDT, packing list): the page, the
// issuing company's header, a table whose header row repeats on each page, a watermark across a
// draft or a cancelled document, and "Pagina N di M".

export type Doc = PDFKit.PDFDocument;

/** The issuing company as a document's header shows it. */
export type PdfCompany = DatiDitta & Pick<CompanyRow, 'telefono'> & { logo: Buffer | null };

const MM = 72 / 25.4;
export const MARGIN = 40;
/** Below the flowing content, where "Pagina N di M" goes. */
const BOTTOM = 50;
export const WIDTH = 595.28 - 2 * MARGIN;
export const GREY = '#555';
const PAD = 3;

const formats = new Map<string, Intl.NumberFormat>();
/** A number in the document's language with exactly `decimals` decimals (or up to them with `upTo`): 1.234,567 (it) or 1,234.567 (en). */
export function numero(
  value: number,
  decimals: number,
  lingua: 'it' | 'en' = 'it',
  upTo = false,
): string {
  const key = `${lingua}${decimals}${upTo}`;
  let f = formats.get(key);
  if (!f) {
    // `useGrouping: 'always'`: it-IT groups only from five digits by default
    f = new Intl.NumberFormat(lingua === 'it' ? 'it-IT' : 'en-GB', {
      minimumFractionDigits: upTo ? 0 : decimals,
      maximumFractionDigits: decimals,
      useGrouping: 'always',
    });
    formats.set(key, f);
  }
  return f.format(value);
}

/** 'YYYY-MM-DD' as dd/MM/yyyy, by its digits (through Date it could shift a day with the time zone). */
export function dataIt(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

export function indirizzo(a: {
  indirizzo: string | null;
  cap: string | null;
  comune: string | null;
  provincia: string | null;
}): string | null {
  const citta = [a.cap, a.comune, a.provincia && `(${a.provincia})`].filter(Boolean).join(' ');
  return [a.indirizzo, citta].filter(Boolean).join(', ') || null;
}

/** An A4 document and the promise of its bytes once `doc.end()` is called. */
export function createPdf(info: { title: string; author: string; lang: string }): {
  doc: Doc;
  bytes: Promise<Buffer>;
} {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM },
    bufferPages: true,
    lang: info.lang,
    info: { Title: info.title, Author: info.author, Producer: 'GestCava' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** A new page when fewer than `height` points are left above the page number; true if one was added. */
export function ensure(doc: Doc, height: number): boolean {
  if (doc.y + height <= doc.page.maxY()) return false;
  doc.addPage();
  return true;
}

export function sectionTitle(doc: Doc, title: string, following = 40) {
  ensure(doc, 16 + following);
  doc
    .moveDown(0.6)
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#000')
    .text(title, MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.2);
}

/** The issuing company (logo, name, fiscal data, address) on the left, the document's title and number on the right. */
export function companyHeader(
  doc: Doc,
  company: PdfCompany,
  title: string,
  subtitle: string,
  titleSize = 14,
) {
  let x = MARGIN;
  if (company.logo) {
    try {
      doc.image(company.logo, MARGIN, MARGIN, { fit: [22 * MM, 16 * MM] });
      x += 25 * MM;
    } catch {
      // a logo pdfkit cannot read leaves the company's name alone
    }
  }
  const dataWidth = 300 - (x - MARGIN);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor('#000')
    .text(company.name, x, MARGIN, { width: dataWidth });
  const fiscale = [
    company.partitaIva && `P.IVA ${company.partitaIva}`,
    company.codiceFiscale && `C.F. ${company.codiceFiscale}`,
  ];
  const contatti = [company.telefono && `Tel. ${company.telefono}`, company.email];
  const lines = [
    fiscale.filter(Boolean).join(' · '),
    indirizzo(company),
    contatti.filter(Boolean).join(' · '),
    company.pec && `PEC ${company.pec}`,
  ].filter(Boolean);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(GREY)
    .text(lines.join('\n'), x, doc.y + 2, { width: dataWidth, lineGap: 1 });
  const below = Math.max(doc.y, MARGIN + 16 * MM);
  const right = { x: MARGIN + 310, width: WIDTH - 310 };
  doc
    .font('Helvetica-Bold')
    .fontSize(titleSize)
    .fillColor('#000')
    .text(title, right.x, MARGIN, { ...right, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(subtitle, right.x, doc.y + 2, { ...right, align: 'right' });
  doc.y = Math.max(below, doc.y) + 8;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + WIDTH, doc.y)
    .lineWidth(0.8)
    .strokeColor('#000')
    .stroke();
  doc.y += 8;
}

export interface Column<R> {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell: (r: R) => string;
}

function row(
  doc: Doc,
  widths: Array<{ width: number; align: 'left' | 'right' }>,
  cells: string[],
  bold: boolean,
  fill: string | null,
) {
  const font = bold ? 'Helvetica-Bold' : 'Helvetica';
  doc.font(font).fontSize(7.5);
  const height =
    Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i]!.width - 2 * PAD }))) +
    2 * PAD;
  return {
    height,
    draw(y: number) {
      if (fill) doc.rect(MARGIN, y, WIDTH, height).fill(fill);
      let x = MARGIN;
      doc.font(font).fontSize(7.5).fillColor('#000');
      cells.forEach((c, i) => {
        doc.text(c, x + PAD, y + PAD, {
          width: widths[i]!.width - 2 * PAD,
          align: widths[i]!.align,
        });
        x += widths[i]!.width;
      });
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(MARGIN + WIDTH, y + height)
        .lineWidth(0.4)
        .strokeColor('#bbb')
        .stroke();
      doc.y = y + height;
    },
  };
}

/** The widest word of a cell (a word with the space pdfkit measures after it): what its column must hold whole. */
function widestWord(doc: Doc, text: string, font: string): number {
  doc.font(font).fontSize(7.5);
  const space = doc.widthOfString(' ');
  return Math.max(0, ...text.split(/\s+/).map((w) => (w ? doc.widthOfString(w) + space : 0)));
}

/**
 * The columns' widths for these cells: each column at least as wide as its widest word (header and
 * cells), the room for it taken from the columns with room to spare in proportion to it, so a cell wraps
 * between words and never inside one ("Commercia-le", "06/02/202-6"). The widths given are the wish;
 * only where every word cannot fit (a table too narrow for its words) a word may still break.
 */
export function fitWidths(
  doc: Doc,
  columns: Array<{ title: string; width: number }>,
  cells: string[][],
): number[] {
  const need = columns.map(
    (c, i) =>
      Math.max(
        widestWord(doc, c.title, 'Helvetica-Bold'),
        ...cells.map((r) => widestWord(doc, r[i]!, 'Helvetica-Bold')),
      ) +
      2 * PAD +
      0.5,
  );
  const widths = columns.map((c) => c.width);
  const short = widths.reduce((a, w, i) => a + Math.max(0, need[i]! - w), 0);
  const room = widths.reduce((a, w, i) => a + Math.max(0, w - need[i]!), 0);
  if (short === 0 || room < short) return widths;
  return widths.map((w, i) => (w < need[i]! ? need[i]! : w - ((w - need[i]!) * short) / room));
}

/** A table: the header row again on each page it continues on; `bold` rows (totals) stand out. */
export function table<R>(
  doc: Doc,
  given: Column<R>[],
  rows: R[],
  bold: (r: R) => boolean = () => false,
) {
  const cells = rows.map((r) => given.map((c) => c.cell(r)));
  const widths = fitWidths(doc, given, cells);
  const columns = given.map((c, i) => ({ ...c, width: widths[i]! }));
  const head = row(
    doc,
    columns,
    columns.map((c) => c.title),
    true,
    '#e8eaed',
  );
  ensure(doc, head.height + 20);
  head.draw(doc.y);
  rows.forEach((r, n) => {
    const line = row(doc, columns, cells[n]!, bold(r), n % 2 ? '#f6f7f8' : null);
    if (ensure(doc, line.height)) head.draw(doc.y);
    line.draw(doc.y);
  });
}

/** Label and value pairs in two columns from `x` (the facts of a header). */
export function facts(
  doc: Doc,
  x: number,
  width: number,
  pairs: Array<[string, string | null]>,
  labelWidth = 85,
) {
  for (const [label, value] of pairs) {
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GREY)
      .text(label, x, y + 1, { width: labelWidth - 5 });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#000')
      .text(value || '—', x + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(doc.y, doc.y) + 2;
  }
}

/**
 * On every page, once the total is known (bufferPages keeps them open): the watermark across it if
 * any (BOZZA, ANNULLATO), and the footer with "Pagina N di M" (or its translation).
 */
export function finishPages(
  doc: Doc,
  footer: string,
  opts: { watermark?: string | null; pagina?: (n: number, of: number) => string } = {},
) {
  const range = doc.bufferedPageRange();
  const pagina = opts.pagina ?? ((n, of) => `Pagina ${n} di ${of}`);
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // text below the bottom margin would make pdfkit open another page
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (opts.watermark) {
      doc.save();
      doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
      doc.font('Helvetica-Bold').fontSize(96).fillColor('#b42318').fillOpacity(0.18);
      doc.text(opts.watermark, 0, doc.page.height / 2 - 48, {
        width: doc.page.width,
        align: 'center',
        lineBreak: false,
      });
      doc.restore();
      doc.fillOpacity(1);
    }
    const y = doc.page.height - 30;
    doc.font('Helvetica').fontSize(7.5).fillColor(GREY);
    doc.text(footer, MARGIN, y, { width: WIDTH / 2, lineBreak: false });
    doc.text(pagina(i + 1, range.count), MARGIN + WIDTH / 2, y, {
      width: WIDTH / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
