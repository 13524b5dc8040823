import {
  DDT_CAUSALE_TABLE,
  findCountry,
  PORTO_LABELS,
  TRASPORTO_A_CURA_LABELS,
  type Ddt,
  type DdtRiga,
} from '@gestcava/contracts';
import {
  companyHeader,
  createPdf,
  dataIt,
  ensure,
  facts,
  finishPages,
  GREY,
  indirizzo,
  MARGIN,
  numero,
  sectionTitle,
  table,
  WIDTH,
  type Column,
  type Doc,
  type PdfCompany,
} from '../../lib/pdf.js';

export interface DdtPdfInput {
  ddt: Ddt;
  company: PdfCompany;
}

/** The document worker's entry (lib/render-pool.ts). */
export const render = renderDdt;

/** Date and time in Italy, dd/MM/yyyy HH:mm, whatever zone the server runs in. */
const DATA_ORA = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
export const dataOra = (iso: string) => DATA_ORA.format(new Date(iso)).replace(',', '');

/** What a line carries, in its own unit: m³ for a block, slabs and m² for a bundle, pieces, boxes and m² for tiles. */
export function quantita(r: DdtRiga): string {
  switch (r.entityType) {
    case 'blocco':
      return `${numero(r.m3 ?? 0, 3)} m³`;
    case 'pacco':
      return `${r.pezzi} lastre, ${numero(r.mq ?? 0, 2)} m²`;
    case 'lastra':
      return `${numero(r.mq ?? 0, 2)} m²`;
    case 'lotto':
      return `${r.pezzi} pz, ${r.casse} casse, ${numero(r.mq ?? 0, 2)} m²`;
  }
}

const COLUMNS: Column<DdtRiga>[] = [
  { title: 'Codice', width: 75, align: 'left', cell: (r) => r.codice },
  { title: 'Descrizione', width: 121, align: 'left', cell: (r) => r.descrizione },
  // wide enough for "Commerciale" on one line
  { title: 'Scelta', width: 54, align: 'left', cell: (r) => r.scelta ?? '—' },
  { title: 'Misure', width: 85, align: 'left', cell: (r) => r.misure },
  { title: 'Quantità', width: 85, align: 'right', cell: quantita },
  { title: 'Colli', width: 30, align: 'right', cell: (r) => String(r.colli) },
  // the gross weight and what it was taken on: the weighbridge, the gross volume (stimato), or m² × thickness
  {
    title: 'Peso lordo (kg)',
    width: 65,
    align: 'right',
    cell: (r) => `${numero(r.pesoKg, 0)}\n${r.pesoBase}`,
  },
];

/** A country by its Italian name ("Emirati Arabi Uniti"), the code if unknown. */
const paese = (code: string | null) => (code ? (findCountry(code)?.name ?? code) : '');

/** Italy's P.IVA, or a buyer abroad's own tax identifier. */
const idFiscale = (d: { partitaIva: string | null; nazione: string | null }) =>
  d.partitaIva
    ? !d.nazione || d.nazione === 'IT'
      ? `P.IVA ${d.partitaIva}`
      : `Id. fiscale ${d.partitaIva}`
    : '';

/**
 * The documento di trasporto (D.P.R. 472/1996) on A4: the issuing company, number and date, the
 * receiver and the place of delivery, causale, transport, vettore and targa, porto, aspetto, colli,
 * peso lordo, the start of transport, a row per line, the signatures. BOZZA across a draft, ANNULLATO
 * across a cancelled one. Pure: every byte it needs comes in.
 */
export async function renderDdt({ ddt, company }: DdtPdfInput): Promise<Buffer> {
  const titolo = ddt.numeroDocumento ? `DDT ${ddt.numeroDocumento}` : 'DDT in bozza';
  const { doc, bytes } = createPdf({
    title: `Documento di trasporto ${ddt.numeroDocumento ?? '(bozza)'}`,
    author: company.name,
    lang: 'it-IT',
  });
  companyHeader(
    doc,
    company,
    'Documento di trasporto',
    ddt.numeroDocumento && ddt.data
      ? `N. ${ddt.numeroDocumento} del ${dataIt(ddt.data)}`
      : 'Bozza, non ancora numerato',
  );
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(GREY)
    .text('D.P.R. 14 agosto 1996, n. 472', MARGIN, doc.y, { width: WIDTH, align: 'right' });
  parties(doc, ddt);
  transport(doc, ddt);
  sectionTitle(doc, 'Beni trasportati');
  table(doc, COLUMNS, ddt.righe);
  totals(doc, ddt);
  noteEAnnullamento(doc, ddt);
  signatures(doc);
  finishPages(doc, titolo, {
    watermark: ddt.stato === 'bozza' ? 'BOZZA' : ddt.stato === 'annullato' ? 'ANNULLATO' : null,
  });
  doc.end();
  return bytes;
}

/** The notes, and a cancelled DDT's date and reason. */
function noteEAnnullamento(doc: Doc, ddt: Ddt) {
  if (ddt.note) {
    sectionTitle(doc, 'Note', 12);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#000')
      .text(ddt.note, MARGIN, doc.y, { width: WIDTH });
  }
  if (ddt.stato === 'annullato') {
    sectionTitle(doc, 'Annullato', 12);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#b42318')
      .text(
        `Annullato il ${ddt.annullatoAt ? dataOra(ddt.annullatoAt) : '—'}: ${ddt.annullatoMotivo ?? ''}`,
        MARGIN,
        doc.y,
        { width: WIDTH },
      );
  }
}

function box(doc: Doc, x: number, y: number, width: number, title: string, lines: string[]) {
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(GREY)
    .text(title, x + 6, y + 5, { width: width - 12 });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#000')
    .text(lines[0] ?? '', x + 6, doc.y + 1, { width: width - 12 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(lines.slice(1).join('\n'), x + 6, doc.y, { width: width - 12, lineGap: 1 });
  return doc.y + 5;
}

function parties(doc: Doc, ddt: Ddt) {
  doc.y += 6;
  const top = doc.y;
  const half = WIDTH / 2 - 5;
  const d = ddt.destinatario;
  const left = box(
    doc,
    MARGIN,
    top,
    half,
    'Destinatario (cessionario)',
    [d.ragioneSociale, idFiscale(d), indirizzo(d) ?? '', paese(d.nazione)].filter(Boolean),
  );
  const dest = ddt.destinazione;
  const right = box(
    doc,
    MARGIN + half + 10,
    top,
    half,
    'Luogo di destinazione',
    [indirizzo(dest) ?? '', paese(dest.nazione)].filter(Boolean),
  );
  const bottom = Math.max(left, right);
  doc
    .rect(MARGIN, top, half, bottom - top)
    .lineWidth(0.6)
    .strokeColor('#000')
    .stroke();
  doc.rect(MARGIN + half + 10, top, half, bottom - top).stroke();
  doc.y = bottom + 6;
}

function transport(doc: Doc, ddt: Ddt) {
  const top = doc.y;
  const half = WIDTH / 2 - 5;
  const v = ddt.vettore;
  const p = ddt.luogoPartenza;
  facts(doc, MARGIN, half, [
    [
      'Luogo di partenza',
      p && [indirizzo(p), p.nazione === 'IT' ? '' : paese(p.nazione)].filter(Boolean).join(', '),
    ],
    ['Causale del trasporto', DDT_CAUSALE_TABLE[ddt.causale].label],
    ['Trasporto a cura del', TRASPORTO_A_CURA_LABELS[ddt.trasportoACura]],
    [
      'Vettore',
      v
        ? [
            [v.ragioneSociale, v.partitaIva && `P.IVA ${v.partitaIva}`].filter(Boolean).join(', '),
            v.indirizzo,
          ]
            .filter(Boolean)
            .join('\n')
        : null,
    ],
    ['Targa', v?.targa ?? null],
    ['Porto', PORTO_LABELS[ddt.porto]],
  ]);
  const leftBottom = doc.y;
  doc.y = top;
  facts(
    doc,
    MARGIN + half + 10,
    half,
    [
      ['Aspetto esteriore dei beni', ddt.aspetto],
      ['Numero colli', String(ddt.colli)],
      ['Peso lordo', `${numero(ddt.pesoKg, 0)} kg`],
      ['Peso netto', `${numero(ddt.pesoNettoKg, 0)} kg`],
      ['Inizio trasporto', ddt.inizioTrasporto ? dataOra(ddt.inizioTrasporto) : null],
    ],
    100,
  );
  doc.y = Math.max(leftBottom, doc.y);
}

function totals(doc: Doc, ddt: Ddt) {
  const lines: Array<[string, string]> = [
    ['Colli', String(ddt.colli)],
    ...(ddt.m3 > 0 ? [['Volume', `${numero(ddt.m3, 3)} m³`] as [string, string]] : []),
    ...(ddt.mq > 0 ? [['Superficie', `${numero(ddt.mq, 2)} m²`] as [string, string]] : []),
    ['Peso lordo', `${numero(ddt.pesoKg, 0)} kg`],
    ['Peso netto', `${numero(ddt.pesoNettoKg, 0)} kg`],
  ];
  ensure(doc, lines.length * 14 + 12);
  doc.y += 8;
  const x = MARGIN + WIDTH - 230;
  for (const [label, value] of lines) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(9).fillColor('#000').text(label, x, y, { width: 110 });
    doc.font('Helvetica-Bold').text(value, x + 110, y, { width: 120, align: 'right' });
    doc.y = y + 14;
  }
}

function signatures(doc: Doc) {
  // the whole block on one page: a signature must not be parted from what it signs
  ensure(doc, 90);
  doc.y += 20;
  const y = doc.y;
  const width = WIDTH / 3 - 14;
  for (const [n, label] of [
    'Firma del mittente',
    'Firma del conducente',
    'Firma del destinatario',
  ].entries()) {
    const x = MARGIN + n * (WIDTH / 3 + 7);
    doc.rect(x, y, width, 54).lineWidth(0.6).strokeColor('#000').stroke();
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GREY)
      .text(label, x + 5, y + 4, { width: width - 10 });
  }
  doc.y = y + 60;
}
