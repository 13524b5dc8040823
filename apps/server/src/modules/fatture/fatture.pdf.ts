import {
  FATTURA_TIPO_LABELS,
  MODALITA_PAGAMENTO_LABELS,
  type Fattura,
  type FatturaRiga,
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

export interface FatturaPdfInput {
  fattura: Fattura;
  company: PdfCompany & { iban: string | null; regimeFiscale: string; rea: string | null };
}

/** The document worker's entry (lib/render-pool.ts). */
export const render = renderFattura;

const euro = (n: number) => `${numero(n, 2)} €`;
const NON_FISCALE =
  "Documento privo di valenza fiscale: l'originale è il file XML trasmesso al Sistema di Interscambio";

const COLUMNS: Column<FatturaRiga>[] = [
  { title: 'N.', width: 22, align: 'right', cell: (r) => String(r.numeroLinea) },
  { title: 'Descrizione', width: 205, align: 'left', cell: (r) => r.descrizione },
  {
    title: 'Quantità',
    width: 62,
    align: 'right',
    cell: (r) =>
      r.quantita != null ? `${numero(r.quantita, 3, 'it', true)} ${r.unitaMisura ?? ''}` : '—',
  },
  { title: 'Prezzo', width: 62, align: 'right', cell: (r) => numero(r.prezzoUnitario, 2) },
  {
    title: 'Sconto',
    width: 38,
    align: 'right',
    cell: (r) => (r.scontoPercentuale ? `${numero(r.scontoPercentuale, 2)}%` : ''),
  },
  { title: 'Importo', width: 68, align: 'right', cell: (r) => numero(r.prezzoTotale, 2) },
  {
    title: 'IVA',
    width: 38,
    align: 'right',
    cell: (r) => (r.natura ? r.natura : `${numero(r.aliquotaIva, 0)}%`),
  },
];

/**
 * The copia di cortesia on A4: the issuer and the cliente with their tax data, number and date, the
 * DDTs, the lines, the VAT summary, the total, the payment with IBAN and due dates, and the notice that
 * the XML is the original. BOZZA across a draft. Pure: every byte it needs comes in.
 */
export async function renderFattura({ fattura: f, company }: FatturaPdfInput): Promise<Buffer> {
  const tipo = FATTURA_TIPO_LABELS[f.tipoDocumento];
  const titolo = f.numeroDocumento ? `${tipo} ${f.numeroDocumento}` : `${tipo} in bozza`;
  const { doc, bytes } = createPdf({ title: titolo, author: company.name, lang: 'it-IT' });
  companyHeader(
    doc,
    company,
    tipo,
    f.numeroDocumento
      ? `N. ${f.numeroDocumento} del ${dataIt(f.data)}`
      : `Bozza, non ancora numerata (${dataIt(f.data)})`,
  );
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(GREY)
    .text(
      [`Regime fiscale ${company.regimeFiscale}`, company.rea].filter(Boolean).join(' · '),
      MARGIN,
      doc.y,
      { width: WIDTH, align: 'right' },
    );
  cliente(doc, f);
  riferimenti(doc, f);
  sectionTitle(doc, 'Righe');
  table(doc, COLUMNS, f.righe);
  riepilogo(doc, f);
  pagamento(doc, f, company.iban);
  chiusura(doc, f);
  finishPages(doc, titolo, { watermark: f.stato === 'bozza' ? 'BOZZA' : null });
  doc.end();
  return bytes;
}

/** The DDTs, the corrected invoice and the reason, those the invoice has. */
function riferimenti(doc: Doc, f: Fattura) {
  const righe: Array<[string, string | null]> = [
    [
      'DDT',
      f.ddt.length
        ? f.ddt.map((d) => `${d.numero}/${d.anno} del ${dataIt(d.data)}`).join(', ')
        : null,
    ],
    [
      'Fattura collegata',
      f.fatturaCollegata
        ? `${f.fatturaCollegata.numeroDocumento} del ${dataIt(f.fatturaCollegata.data)}`
        : null,
    ],
    ['Causale', f.causale],
  ];
  facts(
    doc,
    MARGIN,
    WIDTH,
    righe.filter(([, v]) => v),
  );
}

/** The notes, and the notice that the XML sent to the SDI is the original. */
function chiusura(doc: Doc, f: Fattura) {
  if (f.note) {
    sectionTitle(doc, 'Note', 12);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#000')
      .text(f.note, MARGIN, doc.y, { width: WIDTH });
  }
  ensure(doc, 30);
  doc.y += 10;
  doc
    .font('Helvetica-Oblique')
    .fontSize(8)
    .fillColor(GREY)
    .text(NON_FISCALE, MARGIN, doc.y, { width: WIDTH });
}

function cliente(doc: Doc, f: Fattura) {
  doc.y += 6;
  const top = doc.y;
  const c = f.cessionario;
  const lines = [
    c.ragioneSociale,
    c.partitaIva ? `P.IVA ${c.partitaIva}` : '',
    c.codiceFiscale ? `C.F. ${c.codiceFiscale}` : '',
    indirizzo(c) ?? '',
    c.nazione,
    c.codiceSdi ? `Codice SDI ${c.codiceSdi}` : c.pec ? `PEC ${c.pec}` : '',
  ].filter(Boolean);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(GREY)
    .text('Cliente (cessionario)', MARGIN + 6, top + 5);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#000')
    .text(lines[0]!, MARGIN + 6, doc.y + 1);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(lines.slice(1).join('\n'), MARGIN + 6, doc.y, {
      width: WIDTH / 2,
      lineGap: 1,
    });
  const bottom = doc.y + 5;
  doc
    .rect(MARGIN, top, WIDTH / 2 + 12, bottom - top)
    .lineWidth(0.6)
    .strokeColor('#000')
    .stroke();
  doc.y = bottom + 8;
}

function riepilogo(doc: Doc, f: Fattura) {
  ensure(doc, 40 + f.riepilogo.length * 14);
  sectionTitle(doc, 'Riepilogo IVA', 12);
  for (const r of f.riepilogo) {
    const y = doc.y;
    const label = r.natura
      ? `${r.natura}${r.riferimentoNormativo ? ` – ${r.riferimentoNormativo}` : ''}`
      : `IVA ${numero(r.aliquotaIva, 0)}%`;
    doc.font('Helvetica').fontSize(8.5).fillColor('#000').text(label, MARGIN, y, { width: 300 });
    doc.text(`Imponibile ${euro(r.imponibile)}`, MARGIN + 300, y, { width: 110, align: 'right' });
    doc.text(`Imposta ${euro(r.imposta)}`, MARGIN + 410, y, { width: WIDTH - 410, align: 'right' });
    doc.y = Math.max(doc.y, y + 12);
  }
  const lines: Array<[string, string]> = [
    ['Imponibile', euro(f.imponibile)],
    ['IVA', euro(f.imposta)],
    ...(f.bollo && !f.bollo.addebitato
      ? [['Imposta di bollo assolta', euro(f.bollo.importo)] as [string, string]]
      : []),
    ['Totale documento', euro(f.totale)],
  ];
  doc.y += 6;
  const x = MARGIN + WIDTH - 230;
  for (const [label, value] of lines) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(9).text(label, x, y, { width: 110 });
    doc.font('Helvetica-Bold').text(value, x + 110, y, { width: 120, align: 'right' });
    doc.y = y + 14;
  }
}

function pagamento(doc: Doc, f: Fattura, iban: string | null) {
  const p = f.pagamento;
  if (!p) return;
  ensure(doc, 40 + p.scadenze.length * 12);
  sectionTitle(doc, 'Pagamento', 12);
  facts(doc, MARGIN, WIDTH, [
    ['Modalità', MODALITA_PAGAMENTO_LABELS[p.modalita]],
    ['IBAN', p.iban ?? iban],
    ['Scadenze', p.scadenze.map((s) => `${dataIt(s.data)}: ${euro(s.importo)}`).join('\n')],
  ]);
}
