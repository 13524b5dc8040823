import type { Ddt } from '@gestcava/contracts';
import {
  companyHeader,
  createPdf,
  dataIt,
  finishPages,
  GREY,
  MARGIN,
  numero,
  table,
  WIDTH,
  type Column,
  type PdfCompany,
} from '../../lib/pdf.js';

export type Lingua = 'it' | 'en';

/** A bundle's slab as the packing list prints it. */
export interface PackingLastra {
  codice: string;
  lunghezzaMm: number;
  altezzaMm: number;
  spessoreMm: number;
  mq: number;
  scelta: string;
  /** m² × thickness × density, in kg: the line of a bundle is the sum of its slabs'. */
  pesoKg: number;
}

export interface PackingInput {
  ddt: Ddt;
  company: PdfCompany;
  lingua: Lingua;
  /** The slabs of each bundle line, by the line's id. */
  lastre: Record<string, PackingLastra[]>;
}

/** The document worker's entry (lib/render-pool.ts). */
export const render = renderPackingList;

const WORDS = {
  it: {
    title: 'Packing list',
    ddt: 'DDT',
    bozza: 'bozza',
    blocco: 'Blocco',
    pacco: 'Pacco',
    lastra: 'Lastra',
    lotto: 'Pavimento',
    totale: 'Totale',
    carico: 'Totale del carico',
    tipo: 'Tipo',
    codice: 'Codice',
    descrizione: 'Descrizione',
    misure: 'Misure',
    lunghezza: 'Lunghezza (mm)',
    altezza: 'Altezza (mm)',
    spessore: 'Spessore o profondità (mm)',
    spessoreDi: 'spessore',
    pezzi: 'Pezzi',
    casse: 'Casse',
    scelta: 'Scelta',
    pesoNetto: 'Peso netto (kg)',
    pesoLordo: 'Peso lordo (kg)',
    destinatario: 'Destinatario',
    data: 'Data',
    colli: 'Colli',
    pagina: (n: number, of: number) => `Pagina ${n} di ${of}`,
  },
  en: {
    title: 'Packing list',
    ddt: 'Delivery note',
    bozza: 'draft',
    blocco: 'Block',
    pacco: 'Bundle',
    lastra: 'Slab',
    lotto: 'Tiles',
    totale: 'Total',
    carico: 'Total of the load',
    tipo: 'Type',
    codice: 'Code',
    descrizione: 'Description',
    misure: 'Dimensions',
    lunghezza: 'Length (mm)',
    altezza: 'Height (mm)',
    spessore: 'Thickness or depth (mm)',
    spessoreDi: 'thickness',
    pezzi: 'Pieces',
    casse: 'Boxes',
    scelta: 'Grade',
    pesoNetto: 'Net weight (kg)',
    pesoLordo: 'Gross weight (kg)',
    destinatario: 'Consignee',
    data: 'Date',
    colli: 'Packages',
    pagina: (n: number, of: number) => `Page ${n} of ${of}`,
  },
} as const;
const SCELTA_EN: Record<string, string> = {
  prima: 'First',
  seconda: 'Second',
  commerciale: 'Commercial',
};

export const packingWords = (lingua: Lingua) => WORDS[lingua];

/** One row of the list: a line's own row, a bundle's slab under it, a line's total or the load's. */
export interface PackingRow {
  kind: 'riga' | 'lastra' | 'totale' | 'carico';
  tipo: string;
  codice: string;
  descrizione: string;
  lunghezzaMm: number | null;
  altezzaMm: number | null;
  spessoreMm: number | null;
  /** Blocks: cm × cm × cm as text (the measures column of the PDF). */
  misure: string;
  pezzi: number | null;
  casse: number | null;
  /** Packages: each line's, and the load's on its row. */
  colli: number | null;
  mq: number | null;
  m3: number | null;
  pesoNettoKg: number | null;
  pesoLordoKg: number | null;
  scelta: string;
}

const empty = {
  lunghezzaMm: null,
  altezzaMm: null,
  spessoreMm: null,
  pezzi: null,
  casse: null,
  colli: null,
  mq: null,
  m3: null,
  pesoNettoKg: null,
  pesoLordoKg: null,
  scelta: '',
  misure: '',
  descrizione: '',
};

/** A block's "300 × 200 × 180 cm" or tiles' "610 × 305 × 10 mm" as mm, for the list's number columns. */
function misureMm(misure: string): [number, number, number] | null {
  const m = /^(\d+) × (\d+) × (\d+(?:[.,]\d+)?) (cm|mm)$/.exec(misure);
  if (!m) return null;
  const k = m[4] === 'cm' ? 10 : 1;
  return [Number(m[1]) * k, Number(m[2]) * k, Number(m[3]!.replace(',', '.')) * k];
}

type Words = (typeof WORDS)[keyof typeof WORDS];
type Riga = PackingInput['ddt']['righe'][number];
type Slab = PackingInput['lastre'][string][number];

/** A line of the DDT as the list's row, in the list's language (a slab's own measures when loose). */
function rigaRow(
  r: Riga,
  slabs: Slab[],
  w: Words,
  lingua: Lingua,
  scelta: (s: string | null) => string,
): PackingRow {
  const tipo = w[r.entityType];
  const mm = misureMm(r.misure);
  const loose = r.entityType === 'lastra' ? slabs[0] : undefined;
  return {
    ...empty,
    kind: 'riga',
    tipo,
    codice: r.codice,
    descrizione: lingua === 'it' ? r.descrizione : `${tipo}, ${r.materiale}`,
    // a bundle's thickness in the list's language (the DDT's line is written in Italian)
    misure:
      r.entityType === 'pacco' && slabs[0]
        ? `${w.spessoreDi} ${slabs[0].spessoreMm} mm`
        : r.misure.replace(/^spessore\b/, w.spessoreDi),
    lunghezzaMm: loose ? loose.lunghezzaMm : (mm?.[0] ?? null),
    altezzaMm: loose ? loose.altezzaMm : (mm?.[1] ?? null),
    spessoreMm: loose ? loose.spessoreMm : (mm?.[2] ?? null),
    scelta: scelta(r.scelta),
    pezzi: r.pezzi,
    casse: r.casse,
    colli: r.colli,
    mq: r.mq,
    m3: r.m3,
    pesoNettoKg: r.pesoNettoKg,
    pesoLordoKg: r.pesoKg,
  };
}

/** A bundle's slabs, one row each, and the bundle's total. */
function paccoRows(
  r: Riga,
  slabs: Slab[],
  w: Words,
  scelta: (s: string | null) => string,
): PackingRow[] {
  return [
    ...slabs.map((l): PackingRow => ({
      ...empty,
      kind: 'lastra',
      tipo: w.lastra,
      codice: l.codice,
      misure: `${l.lunghezzaMm} × ${l.altezzaMm} × ${l.spessoreMm} mm`,
      lunghezzaMm: l.lunghezzaMm,
      altezzaMm: l.altezzaMm,
      spessoreMm: l.spessoreMm,
      pezzi: 1,
      mq: l.mq,
      pesoNettoKg: l.pesoKg,
      pesoLordoKg: l.pesoKg,
      scelta: scelta(l.scelta),
    })),
    {
      ...empty,
      kind: 'totale',
      tipo: '',
      codice: `${w.totale} ${r.codice}`,
      pezzi: r.pezzi,
      colli: r.colli,
      mq: r.mq,
      pesoNettoKg: r.pesoNettoKg,
      pesoLordoKg: r.pesoKg,
    },
  ];
}

/** The rows of the packing list, shared by the PDF and the XLSX so both say the same. */
export function packingRows({
  ddt,
  lingua,
  lastre,
}: Pick<PackingInput, 'ddt' | 'lingua' | 'lastre'>): PackingRow[] {
  const w = WORDS[lingua];
  const scelta = (s: string | null) =>
    s ? (lingua === 'en' ? (SCELTA_EN[s.toLowerCase()] ?? s) : s) : '';
  const rows = ddt.righe.flatMap((r) => {
    const slabs = lastre[r.rigaId] ?? [];
    const line = rigaRow(r, slabs, w, lingua, scelta);
    return r.entityType === 'pacco' ? [line, ...paccoRows(r, slabs, w, scelta)] : [line];
  });
  rows.push({
    ...empty,
    kind: 'carico',
    tipo: '',
    codice: w.carico,
    colli: ddt.colli,
    mq: ddt.mq || null,
    m3: ddt.m3 || null,
    pesoNettoKg: ddt.pesoNettoKg,
    pesoLordoKg: ddt.pesoKg,
  });
  return rows;
}

/** The PDF's columns, with numbers in the list's language. */
function packingColumns(w: Words, lingua: Lingua): Column<PackingRow>[] {
  const n = (v: number | null, d: number) => (v == null ? '' : numero(v, d, lingua));
  return [
    { title: w.tipo, width: 38, align: 'left', cell: (r) => r.tipo },
    { title: w.codice, width: 82, align: 'left', cell: (r) => r.codice },
    {
      title: w.descrizione,
      width: 64,
      align: 'left',
      cell: (r) => (r.kind === 'lastra' ? '' : r.descrizione),
    },
    { title: w.misure, width: 72, align: 'left', cell: (r) => r.misure },
    { title: w.scelta, width: 53, align: 'left', cell: (r) => r.scelta },
    {
      title: `${w.pezzi} / ${w.casse}`,
      width: 32,
      align: 'right',
      cell: (r) => [r.pezzi, r.casse].filter((v) => v != null).join(' / '),
    },
    { title: w.colli, width: 34, align: 'right', cell: (r) => n(r.colli, 0) },
    {
      title: 'm² / m³',
      width: 40,
      align: 'right',
      cell: (r) => [n(r.mq, 2), n(r.m3, 3)].filter(Boolean).join('\n'),
    },
    { title: w.pesoNetto, width: 50, align: 'right', cell: (r) => n(r.pesoNettoKg, 0) },
    { title: w.pesoLordo, width: 50, align: 'right', cell: (r) => n(r.pesoLordoKg, 0) },
  ];
}

/**
 * The packing list an importer receives: per block its measures, m³ and weight; per bundle
 * each slab's code, length × height, thickness, m² and grade; per tile line pieces, boxes and m²;
 * totals per line and for the load. Italian or English headings and number formats.
 */
export async function renderPackingList(input: PackingInput): Promise<Buffer> {
  const { ddt, company, lingua } = input;
  const w = WORDS[lingua];
  const riferimento = ddt.numeroDocumento
    ? `${w.ddt} ${ddt.numeroDocumento}`
    : `${w.ddt} (${w.bozza})`;
  const { doc, bytes } = createPdf({
    title: `${w.title} ${riferimento}`,
    author: company.name,
    lang: lingua === 'it' ? 'it-IT' : 'en-GB',
  });
  companyHeader(doc, company, w.title, riferimento);
  doc.font('Helvetica').fontSize(9).fillColor('#000');
  const d = ddt.destinatario;
  doc.text(
    `${w.destinatario}: ${d.ragioneSociale}${d.nazione ? ` (${d.nazione})` : ''}`,
    MARGIN,
    doc.y,
    { width: WIDTH },
  );
  if (ddt.data) doc.text(`${w.data}: ${dataIt(ddt.data)}`, { width: WIDTH });
  doc.moveDown(0.5);
  const columns = packingColumns(w, lingua);
  const rows = packingRows(input);
  table(doc, columns, rows, (r) => r.kind === 'totale' || r.kind === 'carico');
  doc.font('Helvetica').fontSize(7.5).fillColor(GREY);
  finishPages(doc, `${w.title} · ${riferimento}`, {
    watermark: ddt.stato === 'annullato' ? (lingua === 'it' ? 'ANNULLATO' : 'CANCELLED') : null,
    pagina: w.pagina,
  });
  doc.end();
  return bytes;
}
