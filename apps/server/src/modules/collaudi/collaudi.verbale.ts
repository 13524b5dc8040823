import type { Collaudo, VerbaleLingua } from '@gestcava/contracts';
import sharp from 'sharp';
import { IMAGE_PIXEL_LIMIT } from '../../lib/images.js';
import {
  companyHeader,
  createPdf,
  dataIt,
  ensure,
  finishPages,
  GREY,
  indirizzo,
  MARGIN,
  sectionTitle,
  table as drawTable,
  WIDTH,
  type Column,
  type PdfCompany,
} from '../../lib/pdf.js';
import { verbaleText, type VerbaleText } from './collaudi.verbale-text.js';

export { numeroIt } from './collaudi.verbale-text.js';

export type VerbaleCompany = PdfCompany;
export interface VerbaleCliente {
  ragioneSociale: string;
  partitaIva: string | null;
  indirizzo: string | null;
  cap: string | null;
  comune: string | null;
  provincia: string | null;
  nazione: string | null;
}
/** Photo bytes per block id (the block's own photos and the collaudo photos tagged with it), at most a few each. */
export type VerbalePhotos = Map<string, Buffer[]>;

export interface VerbaleInput {
  collaudo: Collaudo;
  company: VerbaleCompany;
  cliente: VerbaleCliente;
  photos: VerbalePhotos;
  /** Italian unless asked otherwise: English for a foreign buyer. */
  lingua?: VerbaleLingua;
}

/** The document worker's entry (lib/render-pool.ts): the verbale's PDF and its thumbnails are drawn off the event loop. */
export const render = renderVerbale;

type Riga = Collaudo['righe'][number];
type Doc = PDFKit.PDFDocument;

const THUMB = { w: 120, h: 90, gap: 10, pixels: 300, perBlock: 8 };

// 515 pt of A4 portrait: each column fits its usual content at 7.5 pt, longer text wraps inside its cell.
function columns(x: VerbaleText): Column<Riga>[] {
  const c = x.t.colonne;
  return [
    { title: c.blocco, width: 56, align: 'left', cell: x.blocco },
    { title: c.materiale, width: 50, align: 'left', cell: x.materiale },
    {
      title: c.dichiarate,
      width: 46,
      align: 'left',
      cell: (r) => x.misure(r.blocco.lunghezza, r.blocco.altezza, r.blocco.profondita),
    },
    {
      title: c.rilevate,
      width: 46,
      align: 'left',
      cell: (r) => x.misure(r.lunghezzaRilevata, r.altezzaRilevata, r.profonditaRilevata),
    },
    { title: c.abbuono, width: 46, align: 'left', cell: x.abbuono },
    // what the accepted m³ is computed on: measured (else declared) less a per-side abbuono
    {
      title: c.nette,
      width: 46,
      align: 'left',
      cell: (r) => x.misure(r.lunghezzaNetta, r.altezzaNetta, r.profonditaNetta),
    },
    { title: c.m3, width: 36, align: 'right', cell: (r) => x.numero(r.volumeNettoAccettato, 3) },
    // the weight a per-tonne price is charged on, and whether the weighbridge read it
    {
      title: c.t,
      width: 38,
      align: 'right',
      cell: (r) => `${x.numero(r.peso, 2)} ${x.t.pesoBasi[r.pesoBase]}`,
    },
    { title: c.esito, width: 40, align: 'left', cell: (r) => (r.esito ? x.t.esiti[r.esito] : '—') },
    { title: c.prezzo, width: 58, align: 'right', cell: x.prezzo },
    // only an accepted block is owed: one rejected or not yet examined (a draft, a cancelled
    // collaudo) shows no amount, as the totals leave it out
    {
      title: c.importo,
      width: 53,
      align: 'right',
      cell: (r) =>
        r.importo == null || r.esito == null || r.esito === 'rifiutato'
          ? '—'
          : x.euro(r.importo / 100),
    },
  ];
}

/**
 * The verbale di collaudo: the signed record of a buyer's inspection, one A4 PDF with the
 * seller and the buyer, a row per block as measured and judged, the totals of the accepted blocks,
 * reserves and defects, photos by block and the signatures. Pure: every byte it needs comes in.
 */
export async function renderVerbale(input: VerbaleInput): Promise<Buffer> {
  const { collaudo, company, cliente } = input;
  const x = verbaleText(input.lingua ?? 'it');
  const { t } = x;
  // sharp is asynchronous and pdfkit draws synchronously: the thumbnails are ready before the first page
  const thumbnails = await thumbnailsByBlock(collaudo.righe, input.photos);
  const { doc, bytes } = createPdf({
    title: `${t.titolo} ${collaudo.codice}`,
    author: company.name,
    lang: t.lang,
  });
  header(doc, x, collaudo, company);
  parties(doc, x, collaudo, cliente);
  table(doc, x, collaudo.righe);
  totals(doc, x, collaudo);
  remarks(doc, x, collaudo.righe);
  clausola(doc, x);
  photoSection(doc, x, thumbnails);
  signatures(doc, x);
  finishPages(doc, `${t.titolo} ${collaudo.codice}`, { pagina: t.pagina });
  doc.end();
  return bytes;
}

function header(doc: Doc, { t }: VerbaleText, collaudo: Collaudo, company: VerbaleCompany) {
  companyHeader(doc, company, t.titolo, collaudo.codice, 16);
  if (collaudo.stato !== 'confermato') {
    // only a confirmed collaudo sold its blocks: anything else must not pass for the final record
    const stato = collaudo.stato === 'annullato' ? t.annullato : t.bozza;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('#b42318')
      .text(stato, MARGIN, doc.y, { width: WIDTH, align: 'center' });
    doc.y += 6;
  }
}

/** The collaudo's facts beside the cliente: when, where, who inspected, the order and its terms. */
function collaudoFacts({ t }: VerbaleText, collaudo: Collaudo): Array<[string, string | null]> {
  return [
    // dd/MM/yyyy in both languages: what a British or a German reader writes too
    [t.data, dataIt(collaudo.data)],
    [t.luogo, collaudo.luogo],
    [
      t.ispettore,
      [collaudo.ispettore, collaudo.ispettoreSocieta].filter(Boolean).join(', ') || null,
    ],
    [t.riferimentoOrdine, collaudo.riferimentoOrdine],
    // the terms the amounts are agreed on; the figures are in euro, the only currency the app keeps
    [t.resa, collaudo.resa],
    [t.carico, collaudo.carico],
    [t.pagamento, collaudo.pagamento],
    [t.valuta, 'EUR'],
  ];
}

/** Label and value pairs in the right half of the page, from `top`. */
function factColumn(doc: Doc, top: number, facts: Array<[string, string | null]>) {
  const half = WIDTH / 2 - 10;
  const x = MARGIN + WIDTH / 2 + 10;
  doc.y = top;
  for (const [label, value] of facts) {
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GREY)
      .text(label, x, y + 1, { width: 80 });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#000')
      .text(value || '—', x + 85, y, { width: half - 85 });
    doc.y += 2;
  }
}

function parties(doc: Doc, x: VerbaleText, collaudo: Collaudo, cliente: VerbaleCliente) {
  const { t } = x;
  const top = doc.y;
  const half = WIDTH / 2 - 10;
  doc.font('Helvetica').fontSize(8).fillColor(GREY).text(t.cliente, MARGIN, top, { width: half });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#000')
    .text(cliente.ragioneSociale, { width: half });
  const clienteLines = [
    cliente.partitaIva && `${t.partitaIva} ${cliente.partitaIva}`,
    indirizzo(cliente),
    cliente.nazione,
  ].filter(Boolean);
  doc.font('Helvetica').fontSize(9).text(clienteLines.join('\n'), { width: half, lineGap: 1 });
  const leftBottom = doc.y;

  factColumn(doc, top, collaudoFacts(x, collaudo));
  doc.y = Math.max(leftBottom, doc.y);
  if (collaudo.note) {
    sectionTitle(doc, t.note, 12);
    // a long note flows on, pdfkit opening pages as it needs them
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#000')
      .text(collaudo.note, MARGIN, doc.y, { width: WIDTH });
  }
}

function table(doc: Doc, x: VerbaleText, righe: Riga[]) {
  sectionTitle(doc, x.t.blocchiEsaminati);
  if (righe.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(GREY)
      .text(x.t.nessunBlocco, MARGIN, doc.y, { width: WIDTH });
    return;
  }
  drawTable(doc, columns(x), righe);
}

function totals(doc: Doc, { t, numero, euro }: VerbaleText, collaudo: Collaudo) {
  const totali = collaudo.totali;
  const lines: Array<[string, string]> = [
    [t.blocchiAccettati, t.su(totali.blocchiAccettati, collaudo.righe.length)],
    [t.volumeNetto, `${numero(totali.volumeNetto, 3)} m³`],
    [t.peso, `${numero(totali.peso, 2)} t`],
    [t.importoTotale, euro(totali.importo / 100)],
  ];
  ensure(doc, lines.length * 14 + 16);
  doc.y += 10;
  const x = MARGIN + WIDTH - 230;
  for (const [label, value] of lines) {
    const y = doc.y;
    const bold = label === t.importoTotale;
    doc.font('Helvetica').fontSize(9).fillColor('#000').text(label, x, y, { width: 110 });
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 11 : 9)
      .text(value, x + 110, y, { width: 120, align: 'right' });
    doc.y = y + 14;
  }
}

/** Reserves, reasons of a rejection, other notes and defects, by block: what the buyer signs for. */
function remarks(doc: Doc, { t, difetti }: VerbaleText, righe: Riga[]) {
  const lines: string[] = [];
  for (const r of righe) {
    const codice = r.blocco.codice;
    if (r.note) {
      const kind =
        r.esito === 'accettato_con_riserva'
          ? t.riservaSu
          : r.esito === 'rifiutato'
            ? t.rifiutoDi
            : t.notaSu;
      lines.push(`${kind} ${codice}: ${r.note}`);
    }
    if (r.blocco.difettiDichiarati.length || r.difettiRiscontrati.length) {
      lines.push(
        t.difetti(codice, difetti(r.blocco.difettiDichiarati), difetti(r.difettiRiscontrati)),
      );
    }
  }
  if (lines.length === 0) return;
  sectionTitle(doc, t.riserveTitolo, 12);
  doc.font('Helvetica').fontSize(9).fillColor('#000');
  for (const line of lines) doc.text(line, MARGIN, doc.y, { width: WIDTH, paragraphGap: 3 });
}

/** The acceptance of visible defects (art. 1491 c.c., collaudi.verbale-text.ts). */
function clausola(doc: Doc, { t }: VerbaleText) {
  sectionTitle(doc, t.accettazione, 24);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor('#000')
    .text(t.clausola, MARGIN, doc.y, { width: WIDTH, lineGap: 1 });
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
          .resize({
            width: THUMB.pixels,
            height: THUMB.pixels,
            fit: 'inside',
            withoutEnlargement: true,
          })
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

function photoSection(doc: Doc, { t }: VerbaleText, blocks: BlockThumbnails[]) {
  if (blocks.length === 0) return;
  sectionTitle(doc, t.fotografie, THUMB.h + 16);
  const perLine = Math.floor((WIDTH + THUMB.gap) / (THUMB.w + THUMB.gap));
  for (const block of blocks) {
    ensure(doc, THUMB.h + 18);
    doc
      .font('Helvetica-Bold')
      .fontSize(8.5)
      .fillColor('#000')
      .text(block.codice, MARGIN, doc.y + 4, { width: WIDTH });
    block.images.forEach((image, n) => {
      if (n % perLine === 0) {
        if (n > 0) doc.y += THUMB.h + THUMB.gap;
        ensure(doc, THUMB.h);
      }
      const x = MARGIN + (n % perLine) * (THUMB.w + THUMB.gap);
      doc.image(image, x, doc.y + 2, {
        fit: [THUMB.w, THUMB.h],
        align: 'center',
        valign: 'center',
      });
    });
    doc.y += THUMB.h + 6;
  }
}

function signatures(doc: Doc, { t }: VerbaleText) {
  // the whole block on one page (24 + 34 + 60 pt): a signature must not be parted from what it signs
  ensure(doc, 120);
  doc.y += 24;
  const top = doc.y;
  const width = WIDTH / 2 - 20;
  const line = (x: number, y: number, w: number) =>
    doc
      .moveTo(x, y)
      .lineTo(x + w, y)
      .lineWidth(0.6)
      .strokeColor('#000')
      .stroke();
  doc.font('Helvetica').fontSize(9).fillColor('#000').text(t.luogoData, MARGIN, top, { width });
  line(MARGIN + 60, top + 9, width - 60);
  const y = top + 34;
  for (const [n, label] of [t.venditore, t.acquirente].entries()) {
    const x = MARGIN + n * (WIDTH / 2 + 20);
    doc.text(label, x, y, { width });
    line(x, y + 44, width);
    doc
      .fontSize(7.5)
      .fillColor(GREY)
      .text(t.timbro, x, y + 47, { width })
      .fontSize(9)
      .fillColor('#000');
  }
  doc.y = y + 60;
}
