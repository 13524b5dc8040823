import { type Collaudo, DIFETTO_LABELS, ESITO_LABELS, UNITA_PREZZO_COLLAUDO_LABELS } from '@gestcava/contracts';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { IMAGE_PIXEL_LIMIT } from '../../lib/images.js';
import { abbuono, blocco, dataIt, euro, indirizzo, materiale, misure, numeroIt } from './collaudi.verbale-text.js';

export { numeroIt } from './collaudi.verbale-text.js';

export interface VerbaleCompany { name: string; partitaIva: string | null; codiceFiscale: string | null; indirizzo: string | null; cap: string | null; comune: string | null; provincia: string | null; telefono: string | null; email: string | null; pec: string | null; logo: Buffer | null }
export interface VerbaleCliente { ragioneSociale: string; partitaIva: string | null; indirizzo: string | null; cap: string | null; comune: string | null; provincia: string | null; nazione: string | null }
/** Photo bytes per block id (the block's own photos and the collaudo photos tagged with it), at most a few each. */
export type VerbalePhotos = Map<string, Buffer[]>;

export interface VerbaleInput {
  collaudo: Collaudo;
  company: VerbaleCompany;
  cliente: VerbaleCliente;
  photos: VerbalePhotos;
}

/** The document worker's entry (lib/render-pool.ts): the verbale's PDF and its thumbnails are drawn off the event loop. */
export const render = renderVerbale;

type Riga = Collaudo['righe'][number];
type Doc = PDFKit.PDFDocument;

const MM = 72 / 25.4;
const MARGIN = 40;
/** Below the flowing content, where "Pagina N di M" goes. */
const BOTTOM = 50;
const WIDTH = 595.28 - 2 * MARGIN;
const GREY = '#555';
const PAD = 3;
const THUMB = { w: 120, h: 90, gap: 10, pixels: 300, perBlock: 8 };


interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell: (r: Riga) => string;
}
// 515 pt of A4 portrait: each column fits its usual content at 7.5 pt, longer text wraps inside its cell.
const COLUMNS: Column[] = [
  { title: 'Blocco', width: 56, align: 'left', cell: blocco },
  { title: 'Materiale e scelta', width: 50, align: 'left', cell: materiale },
  { title: 'Misure dichiarate (cm)', width: 46, align: 'left', cell: (r) => misure(r.blocco.lunghezza, r.blocco.altezza, r.blocco.profondita) },
  { title: 'Misure rilevate (cm)', width: 46, align: 'left', cell: (r) => misure(r.lunghezzaRilevata, r.altezzaRilevata, r.profonditaRilevata) },
  { title: 'Abbuono', width: 46, align: 'left', cell: abbuono },
  // what the accepted m³ is computed on: measured (else declared) less a per-side abbuono
  { title: 'Misure nette (cm)', width: 46, align: 'left', cell: (r) => misure(r.lunghezzaNetta, r.altezzaNetta, r.profonditaNetta) },
  { title: 'm³ netti', width: 36, align: 'right', cell: (r) => numeroIt(r.volumeNettoAccettato, 3) },
  // the weight a per-tonne price is charged on, and whether the weighbridge read it
  { title: 't', width: 38, align: 'right', cell: (r) => `${numeroIt(r.peso, 2)} ${r.pesoBase}` },
  { title: 'Esito', width: 40, align: 'left', cell: (r) => (r.esito ? ESITO_LABELS[r.esito] : '—') },
  { title: 'Prezzo', width: 58, align: 'right', cell: (r) => (r.prezzo == null ? '—' : UNITA_PREZZO_COLLAUDO_LABELS[r.unitaPrezzo].replace('€', euro(r.prezzo))) },
  // a rejected block is not sold: an amount beside it would read as owed
  { title: 'Importo', width: 53, align: 'right', cell: (r) => (r.importo == null || r.esito === 'rifiutato' ? '—' : euro(r.importo / 100)) },
];

/**
 * The verbale di collaudo (issue 14): the signed record of a buyer's inspection, one A4 PDF with the
 * seller and the buyer, a row per block as measured and judged, the totals of the accepted blocks,
 * reserves and defects, photos by block and the signatures. Pure: every byte it needs comes in.
 */
export async function renderVerbale(input: VerbaleInput): Promise<Buffer> {
  const { collaudo, company, cliente } = input;
  // sharp is asynchronous and pdfkit draws synchronously: the thumbnails are ready before the first page
  const thumbnails = await thumbnailsByBlock(collaudo.righe, input.photos);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM },
    bufferPages: true,
    lang: 'it-IT',
    info: { Title: `Verbale di collaudo ${collaudo.codice}`, Author: company.name, Producer: 'GestCava' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  header(doc, collaudo, company);
  parties(doc, collaudo, cliente);
  table(doc, collaudo.righe);
  totals(doc, collaudo);
  remarks(doc, collaudo.righe);
  clausola(doc);
  photoSection(doc, thumbnails);
  signatures(doc);
  pageNumbers(doc, collaudo.codice);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A new page when fewer than `height` points are left above the page number; true if one was added. */
function ensure(doc: Doc, height: number): boolean {
  if (doc.y + height <= doc.page.maxY()) return false;
  doc.addPage();
  return true;
}

function sectionTitle(doc: Doc, title: string, following = 40) {
  ensure(doc, 16 + following);
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(10).fillColor('#000').text(title, MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.2);
}

function header(doc: Doc, collaudo: Collaudo, company: VerbaleCompany) {
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
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#000').text(company.name, x, MARGIN, { width: dataWidth });
  const fiscale = [company.partitaIva && `P.IVA ${company.partitaIva}`, company.codiceFiscale && `C.F. ${company.codiceFiscale}`];
  const contatti = [company.telefono && `Tel. ${company.telefono}`, company.email];
  const lines = [fiscale.filter(Boolean).join(' · '), indirizzo(company), contatti.filter(Boolean).join(' · '), company.pec && `PEC ${company.pec}`].filter(Boolean);
  doc.font('Helvetica').fontSize(8).fillColor(GREY).text(lines.join('\n'), x, doc.y + 2, { width: dataWidth, lineGap: 1 });
  const below = Math.max(doc.y, MARGIN + 16 * MM);

  const right = { x: MARGIN + 310, width: WIDTH - 310 };
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#000').text('Verbale di collaudo', right.x, MARGIN, { ...right, align: 'right' });
  doc.font('Helvetica').fontSize(11).text(collaudo.codice, right.x, doc.y + 2, { ...right, align: 'right' });
  doc.y = Math.max(below, doc.y) + 8;
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + WIDTH, doc.y).lineWidth(0.8).strokeColor('#000').stroke();
  doc.y += 8;
  if (collaudo.stato !== 'confermato') {
    // only a confirmed collaudo sold its blocks: anything else must not pass for the final record
    const stato = collaudo.stato === 'annullato' ? 'ANNULLATO – collaudo annullato, il verbale non ha valore' : 'BOZZA – collaudo non ancora confermato';
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#b42318').text(stato, MARGIN, doc.y, { width: WIDTH, align: 'center' });
    doc.y += 6;
  }
}

function parties(doc: Doc, collaudo: Collaudo, cliente: VerbaleCliente) {
  const top = doc.y;
  const half = WIDTH / 2 - 10;
  doc.font('Helvetica').fontSize(8).fillColor(GREY).text('Cliente', MARGIN, top, { width: half });
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#000').text(cliente.ragioneSociale, { width: half });
  const clienteLines = [cliente.partitaIva && `P.IVA ${cliente.partitaIva}`, indirizzo(cliente), cliente.nazione].filter(Boolean);
  doc.font('Helvetica').fontSize(9).text(clienteLines.join('\n'), { width: half, lineGap: 1 });
  const leftBottom = doc.y;

  const facts: Array<[string, string | null]> = [
    ['Data', dataIt(collaudo.data)],
    ['Luogo', collaudo.luogo],
    ['Ispettore', [collaudo.ispettore, collaudo.ispettoreSocieta].filter(Boolean).join(', ') || null],
    ['Riferimento ordine', collaudo.riferimentoOrdine],
    // the terms the amounts are agreed on; the figures are in euro, the only currency the app keeps
    ['Resa', collaudo.resa],
    ['Carico', collaudo.carico],
    ['Pagamento', collaudo.pagamento],
    ['Valuta', 'EUR'],
  ];
  const x = MARGIN + WIDTH / 2 + 10;
  doc.y = top;
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(8).fillColor(GREY).text(label, x, y + 1, { width: 80 });
    doc.font('Helvetica').fontSize(9).fillColor('#000').text(value || '—', x + 85, y, { width: half - 85 });
    doc.y += 2;
  }
  doc.y = Math.max(leftBottom, doc.y);
  if (collaudo.note) {
    sectionTitle(doc, 'Note', 12);
    // a long note flows on, pdfkit opening pages as it needs them
    doc.font('Helvetica').fontSize(9).fillColor('#000').text(collaudo.note, MARGIN, doc.y, { width: WIDTH });
  }
}

function row(doc: Doc, cells: string[], bold: boolean, fill: string | null) {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
  const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: COLUMNS[i]!.width - 2 * PAD }))) + 2 * PAD;
  return {
    height,
    draw(y: number) {
      if (fill) doc.rect(MARGIN, y, WIDTH, height).fill(fill);
      let x = MARGIN;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5).fillColor('#000');
      cells.forEach((c, i) => {
        const col = COLUMNS[i]!;
        doc.text(c, x + PAD, y + PAD, { width: col.width - 2 * PAD, align: col.align });
        x += col.width;
      });
      doc.moveTo(MARGIN, y + height).lineTo(MARGIN + WIDTH, y + height).lineWidth(0.4).strokeColor('#bbb').stroke();
      doc.y = y + height;
    },
  };
}

function table(doc: Doc, righe: Riga[]) {
  sectionTitle(doc, 'Blocchi esaminati');
  if (righe.length === 0) {
    doc.font('Helvetica').fontSize(9).fillColor(GREY).text('Nessun blocco nel collaudo.', MARGIN, doc.y, { width: WIDTH });
    return;
  }
  const head = row(doc, COLUMNS.map((c) => c.title), true, '#e8eaed');
  ensure(doc, head.height + 20);
  head.draw(doc.y);
  righe.forEach((r, n) => {
    const line = row(doc, COLUMNS.map((c) => c.cell(r)), false, n % 2 ? '#f6f7f8' : null);
    // the header row again on each page the table continues on
    if (ensure(doc, line.height)) head.draw(doc.y);
    line.draw(doc.y);
  });
}

function totals(doc: Doc, collaudo: Collaudo) {
  const t = collaudo.totali;
  const lines: Array<[string, string]> = [
    ['Blocchi accettati', `${t.blocchiAccettati} di ${collaudo.righe.length}`],
    ['Volume netto', `${numeroIt(t.volumeNetto, 3)} m³`],
    ['Peso', `${numeroIt(t.peso, 2)} t`],
    ['Importo totale', euro(t.importo / 100)],
  ];
  ensure(doc, lines.length * 14 + 16);
  doc.y += 10;
  const x = MARGIN + WIDTH - 230;
  for (const [label, value] of lines) {
    const y = doc.y;
    const bold = label === 'Importo totale';
    doc.font('Helvetica').fontSize(9).fillColor('#000').text(label, x, y, { width: 110 });
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9).text(value, x + 110, y, { width: 120, align: 'right' });
    doc.y = y + 14;
  }
}

/** Reserves, reasons of a rejection, other notes and defects, by block: what the buyer signs for. */
function remarks(doc: Doc, righe: Riga[]) {
  const lines: string[] = [];
  for (const r of righe) {
    const codice = r.blocco.codice;
    if (r.note) {
      const kind = r.esito === 'accettato_con_riserva' ? 'Riserva su' : r.esito === 'rifiutato' ? 'Rifiuto di' : 'Nota su';
      lines.push(`${kind} ${codice}: ${r.note}`);
    }
    if (r.blocco.difettiDichiarati.length || r.difettiRiscontrati.length) {
      const elenco = (d: Riga['difettiRiscontrati']) => (d.length ? d.map((x) => DIFETTO_LABELS[x]).join(', ') : 'nessuno');
      lines.push(`Difetti di ${codice}: dichiarati ${elenco(r.blocco.difettiDichiarati)}; riscontrati ${elenco(r.difettiRiscontrati)}`);
    }
  }
  if (lines.length === 0) return;
  sectionTitle(doc, 'Riserve, difetti e note', 12);
  doc.font('Helvetica').fontSize(9).fillColor('#000');
  for (const line of lines) doc.text(line, MARGIN, doc.y, { width: WIDTH, paragraphGap: 3 });
}

/**
 * The acceptance of visible defects (art. 1491 c.c.): what the buyer saw at the inspection and accepted
 * cannot later be claimed as a defect; hidden ones stay under the seller's warranty (artt. 1490, 1495 c.c.).
 */
export const CLAUSOLA_1491 =
  'Ai sensi dell’art. 1491 c.c. l’acquirente, che ha esaminato i blocchi, dichiara di accettarli nello stato in cui si trovano: ' +
  'non potrà far valere i vizi e i difetti visibili al collaudo, salvo quelli annotati in questo verbale. ' +
  'Restano salvi i vizi occulti, da denunciare nei termini dell’art. 1495 c.c.';

function clausola(doc: Doc) {
  sectionTitle(doc, 'Accettazione', 24);
  doc.font('Helvetica').fontSize(8.5).fillColor('#000').text(CLAUSOLA_1491, MARGIN, doc.y, { width: WIDTH, lineGap: 1 });
}

interface BlockThumbnails {
  codice: string;
  images: Buffer[];
}

/** Each block's photos as small JPEGs (pdfkit embeds only JPEG and PNG; phones send WebP too); unreadable bytes are left out. */
async function thumbnailsByBlock(righe: Riga[], photos: VerbalePhotos): Promise<BlockThumbnails[]> {
  const out: BlockThumbnails[] = [];
  for (const r of righe) {
    const images: Buffer[] = [];
    // one at a time: sharp shares libuv's few threads with the requests being served
    for (const bytes of (photos.get(r.bloccoId) ?? []).slice(0, THUMB.perBlock)) {
      try {
        const jpeg = await sharp(bytes, { limitInputPixels: IMAGE_PIXEL_LIMIT })
          .rotate()
          .resize({ width: THUMB.pixels, height: THUMB.pixels, fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 75 })
          .toBuffer();
        images.push(jpeg);
      } catch {
        // a damaged photo must not cost the buyer the verbale
      }
    }
    if (images.length) out.push({ codice: r.blocco.codice, images });
  }
  return out;
}

function photoSection(doc: Doc, blocks: BlockThumbnails[]) {
  if (blocks.length === 0) return;
  sectionTitle(doc, 'Fotografie', THUMB.h + 16);
  const perLine = Math.floor((WIDTH + THUMB.gap) / (THUMB.w + THUMB.gap));
  for (const block of blocks) {
    ensure(doc, THUMB.h + 18);
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor('#000').text(block.codice, MARGIN, doc.y + 4, { width: WIDTH });
    block.images.forEach((image, n) => {
      if (n % perLine === 0) {
        if (n > 0) doc.y += THUMB.h + THUMB.gap;
        ensure(doc, THUMB.h);
      }
      const x = MARGIN + (n % perLine) * (THUMB.w + THUMB.gap);
      doc.image(image, x, doc.y + 2, { fit: [THUMB.w, THUMB.h], align: 'center', valign: 'center' });
    });
    doc.y += THUMB.h + 6;
  }
}

function signatures(doc: Doc) {
  // the whole block on one page (24 + 34 + 60 pt): a signature must not be parted from what it signs
  ensure(doc, 120);
  doc.y += 24;
  const top = doc.y;
  const width = WIDTH / 2 - 20;
  const line = (x: number, y: number, w: number) => doc.moveTo(x, y).lineTo(x + w, y).lineWidth(0.6).strokeColor('#000').stroke();
  doc.font('Helvetica').fontSize(9).fillColor('#000').text('Luogo e data', MARGIN, top, { width });
  line(MARGIN + 60, top + 9, width - 60);
  const y = top + 34;
  for (const [n, label] of ['Per il venditore', "Per l'acquirente"].entries()) {
    const x = MARGIN + n * (WIDTH / 2 + 20);
    doc.text(label, x, y, { width });
    line(x, y + 44, width);
    doc.fontSize(7.5).fillColor(GREY).text('timbro e firma', x, y + 47, { width }).fontSize(9).fillColor('#000');
  }
  doc.y = y + 60;
}

/** "Pagina N di M" on every page, written once the total is known (bufferPages keeps them open). */
function pageNumbers(doc: Doc, codice: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // text below the bottom margin would make pdfkit open another page
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 30;
    doc.font('Helvetica').fontSize(7.5).fillColor(GREY);
    doc.text(`Verbale di collaudo ${codice}`, MARGIN, y, { width: WIDTH / 2, lineBreak: false });
    doc.text(`Pagina ${i + 1} di ${range.count}`, MARGIN + WIDTH / 2, y, { width: WIDTH / 2, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}
