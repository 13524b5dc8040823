import { type Collaudo, DIFETTO_LABELS, ESITO_LABELS, UNITA_PREZZO_COLLAUDO_LABELS } from '@gestcava/contracts';
import sharp from 'sharp';
import { IMAGE_PIXEL_LIMIT } from '../../lib/images.js';
import { companyHeader, createPdf, dataIt, ensure, finishPages, GREY, indirizzo, MARGIN, sectionTitle, table as drawTable, WIDTH, type Column, type PdfCompany } from '../../lib/pdf.js';
import { abbuono, blocco, euro, materiale, misure, numeroIt } from './collaudi.verbale-text.js';

export { numeroIt } from './collaudi.verbale-text.js';

export type VerbaleCompany = PdfCompany;
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

const THUMB = { w: 120, h: 90, gap: 10, pixels: 300, perBlock: 8 };


// 515 pt of A4 portrait: each column fits its usual content at 7.5 pt, longer text wraps inside its cell.
const COLUMNS: Column<Riga>[] = [
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
  const { doc, bytes } = createPdf({ title: `Verbale di collaudo ${collaudo.codice}`, author: company.name, lang: 'it-IT' });
  header(doc, collaudo, company);
  parties(doc, collaudo, cliente);
  table(doc, collaudo.righe);
  totals(doc, collaudo);
  remarks(doc, collaudo.righe);
  clausola(doc);
  photoSection(doc, thumbnails);
  signatures(doc);
  finishPages(doc, `Verbale di collaudo ${collaudo.codice}`);
  doc.end();
  return bytes;
}

function header(doc: Doc, collaudo: Collaudo, company: VerbaleCompany) {
  companyHeader(doc, company, 'Verbale di collaudo', collaudo.codice, 16);
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

function table(doc: Doc, righe: Riga[]) {
  sectionTitle(doc, 'Blocchi esaminati');
  if (righe.length === 0) {
    doc.font('Helvetica').fontSize(9).fillColor(GREY).text('Nessun blocco nel collaudo.', MARGIN, doc.y, { width: WIDTH });
    return;
  }
  drawTable(doc, COLUMNS, righe);
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
