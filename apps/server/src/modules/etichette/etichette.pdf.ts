import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/** One label: what it says and where its QR code points. */
export interface Etichetta {
  tipo: string;
  codice: string;
  url: string;
  facts: string[];
}

export interface Ditta {
  name: string;
  logo: Buffer | null;
}

export type FormatoEtichette = 'a4' | '100x150';

const MM = 72 / 25.4;

export interface EtichetteInput {
  items: Etichetta[];
  ditta: Ditta;
  formato: FormatoEtichette;
}

/** The document worker's entry (lib/render-pool.ts): the service renders labels only through the pool. */
export const render = ({ items, ditta, formato }: EtichetteInput) =>
  renderEtichette(items, ditta, formato);

/**
 * Labels as a PDF: on A4 a sheet of 2 × 4 with dashed cut lines; on 100×150 mm one label
 * per page for a thermal printer. Each: the QR code of the item's /c/<codice> address, the code in
 * large type, its key facts, the company's name and logo.
 */
export async function renderEtichette(
  items: Etichetta[],
  ditta: Ditta,
  formato: FormatoEtichette,
): Promise<Buffer> {
  const qr = await Promise.all(
    items.map((i) => QRCode.toBuffer(i.url, { errorCorrectionLevel: 'M', margin: 1, width: 360 })),
  );
  const single = formato === '100x150';
  const page: [number, number] = single ? [100 * MM, 150 * MM] : [210 * MM, 297 * MM];
  const doc = new PDFDocument({
    size: page,
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Etichette GestCava', Producer: 'GestCava' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const perPage = single ? 1 : 8;
  const w = single ? page[0] : page[0] / 2;
  const h = single ? page[1] : page[1] / 4;
  items.forEach((item, n) => {
    const slot = n % perPage;
    if (slot === 0) {
      doc.addPage();
      if (!single) cutLines(doc, page);
    }
    const x = single ? 0 : (slot % 2) * w;
    const y = single ? 0 : Math.floor(slot / 2) * h;
    label(doc, item, qr[n]!, ditta, { x, y, w, h, single });
  });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

function cutLines(doc: PDFKit.PDFDocument, [pw, ph]: [number, number]) {
  doc.save().lineWidth(0.5).strokeColor('#9aa5b1').dash(4, { space: 4 });
  doc
    .moveTo(pw / 2, 0)
    .lineTo(pw / 2, ph)
    .stroke();
  for (let r = 1; r < 4; r++)
    doc
      .moveTo(0, (ph / 4) * r)
      .lineTo(pw, (ph / 4) * r)
      .stroke();
  doc.undash().restore();
}

function label(
  doc: PDFKit.PDFDocument,
  item: Etichetta,
  qr: Buffer,
  ditta: Ditta,
  box: { x: number; y: number; w: number; h: number; single: boolean },
) {
  const pad = (box.single ? 8 : 5) * MM;
  const left = box.x + pad;
  const top = box.y + pad;
  const inner = box.w - 2 * pad;
  if (box.single) {
    // portrait: the QR across the width, the text under it
    const size = inner * 0.8;
    doc.image(qr, box.x + (box.w - size) / 2, top, { width: size });
    let y = top + size + 4 * MM;
    doc
      .font('Helvetica-Bold')
      .fontSize(fitting(doc, item.codice, inner, 28))
      .fillColor('#000')
      .text(item.codice, left, y, { width: inner, align: 'center', lineBreak: false });
    doc.moveDown(0.3);
    y = doc.y + 2 * MM;
    doc
      .font('Helvetica')
      .fontSize(12)
      .text([item.tipo, ...item.facts].join('\n'), left, y, {
        width: inner,
        align: 'center',
        lineGap: 2,
      });
    footer(doc, ditta, left, box.y + box.h - pad - 10 * MM, inner);
    return;
  }
  // landscape slot: the QR on the left (about 38 mm, scanned from a metre away), the text on the right
  const size = Math.min(box.h - 2 * pad, 38 * MM);
  doc.image(qr, left, top, { width: size });
  const tx = left + size + 4 * MM;
  const tw = box.x + box.w - pad - tx;
  doc.font('Helvetica').fontSize(9).fillColor('#333').text(item.tipo, tx, top, { width: tw });
  doc
    .font('Helvetica-Bold')
    .fontSize(fitting(doc, item.codice, tw, 18))
    .fillColor('#000')
    .text(item.codice, tx, doc.y + 1, { width: tw, lineBreak: false });
  doc.moveDown(0.2);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#000')
    .text(item.facts.join('\n'), tx, doc.y + 3, { width: tw, lineGap: 1.5 });
  footer(doc, ditta, tx, box.y + box.h - pad - 8 * MM, tw);
}

/** The largest size up to `max` at which the code stays on one line: it is read from a distance. */
function fitting(doc: PDFKit.PDFDocument, text: string, width: number, max: number): number {
  let size = max;
  while (size > 8 && doc.fontSize(size).widthOfString(text) > width) size -= 1;
  return size;
}

function footer(doc: PDFKit.PDFDocument, ditta: Ditta, x: number, y: number, width: number) {
  let tx = x;
  if (ditta.logo) {
    try {
      doc.image(ditta.logo, x, y, { fit: [8 * MM, 8 * MM] });
      tx = x + 10 * MM;
    } catch {
      // a logo pdfkit cannot read leaves the name alone
    }
  }
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#333')
    .text(ditta.name, tx, y + 2 * MM, {
      width: width - (tx - x),
      lineBreak: false,
      ellipsis: true,
    });
}
