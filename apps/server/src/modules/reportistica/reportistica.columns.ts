import { CATEGORIA_LABELS, SCELTA_LABELS, TARIFFA_CATEGORIA_LABELS } from '@gestcava/contracts';
import type * as repo from './reportistica.repository.js';
import type { Cell, ReportColumnSpec } from './reportistica.render.js';

/** The reports' columns: how each cell is computed from a row, and the values its PDF column must hold whole. */

/** A column of a report: how its cell is computed from a row, here; how it is drawn, in the worker. */
export interface ReportColumn<T> extends ReportColumnSpec {
  value: (row: T) => Cell;
  /** The company's names this column prints (its cave, materiali…): the PDF column fits the longest. */
  lookup?: keyof repo.LookupNames;
}

/** The enums' labels, every one a column may print. */
export const SCELTE = Object.values(SCELTA_LABELS);
export const CATEGORIE = Object.values(CATEGORIA_LABELS);
export const CODICE = ['BL-2026-00000'];
export const MISURE = '999×999×999';
export const TIPI = ['Blocchi', 'Lastre', 'Pavimenti', 'Bancata', 'Segagione'];

export const scelta = (s: string | null) =>
  s ? (SCELTA_LABELS[s as keyof typeof SCELTA_LABELS] ?? s) : null;
export const categoria = (c: string | null) =>
  c ? (CATEGORIA_LABELS[c as keyof typeof CATEGORIA_LABELS] ?? c) : null;

/**
 * A row's pieces in the column of its kind: blocks, slabs and tile pieces are different things, so the
 * totals line adds each kind on its own and never one "pezzi" figure across them.
 */
export const pezziPerTipo: ReportColumn<{ tipo: string; pezzi: number }>[] = [
  {
    header: 'Blocchi (n)',
    kind: 'int',
    value: (r) => (r.tipo === 'Blocchi' ? r.pezzi : null),
    width: 0.8,
    total: true,
  },
  {
    header: 'Lastre (n)',
    kind: 'int',
    value: (r) => (r.tipo === 'Lastre' ? r.pezzi : null),
    width: 0.8,
    total: true,
  },
  {
    header: 'Pezzi pavimento',
    kind: 'int',
    value: (r) => (r.tipo === 'Pavimenti' ? r.pezzi : null),
    width: 0.9,
    total: true,
  },
];

export const registroColumns: ReportColumn<repo.RegistroRow>[] = [
  { header: 'Data', kind: 'date', value: (r) => r.data, width: 0.95 },
  // on paper a bancata's row is the one without a block
  { header: 'Tipo', kind: 'text', value: (r) => r.tipo, pdf: false },
  { header: 'Bancata', kind: 'text', value: (r) => r.bancata, samples: CODICE, width: 1.15 },
  { header: 'Cava', kind: 'text', value: (r) => r.cava, pdf: false },
  {
    header: 'Materiale',
    kind: 'text',
    value: (r) => r.materiale,
    lookup: 'materiale',
    width: 1.05,
  },
  { header: 'Blocco', kind: 'text', value: (r) => r.blocco, samples: CODICE, width: 1.15 },
  {
    header: 'Lordo L×H×P (cm)',
    pdfHeader: 'Lordo L×H×P',
    kind: 'text',
    value: (r) => r.lordo,
    samples: [MISURE],
    width: 1.2,
  },
  { header: 'm³ bancata', kind: 'm3', value: (r) => r.volumeBancata, width: 1, total: true },
  { header: 'm³ lordi', kind: 'm3', value: (r) => r.volumeLordo, width: 0.9, total: true },
  {
    header: 'Netto L×H×P (cm)',
    pdfHeader: 'Netto L×H×P',
    kind: 'text',
    value: (r) => r.netto,
    samples: [MISURE],
    width: 1.2,
  },
  { header: 'm³ netti', kind: 'm3', value: (r) => r.volumeNetto, width: 0.9, total: true },
  { header: 't blocchi', kind: 't', value: (r) => r.peso, width: 0.9, total: true },
  {
    header: 'Peso',
    kind: 'text',
    value: (r) => r.base,
    samples: ['teorico', 'pesato'],
    width: 0.75,
  },
  { header: 'Informi t', kind: 't', value: (r) => r.informi, width: 0.9, total: true },
  {
    header: 'Scaglie bianche t',
    pdfHeader: 'Scaglie b. t',
    kind: 't',
    value: (r) => r.scaglie,
    width: 1,
    total: true,
  },
  {
    header: 'Scaglie scure t',
    pdfHeader: 'Scaglie s. t',
    kind: 't',
    value: (r) => r.scaglieScure,
    width: 1,
    total: true,
  },
  { header: 'Scogliere t', kind: 't', value: (r) => r.scogliere, width: 1, total: true },
  { header: 'Terre t', kind: 't', value: (r) => r.terre, width: 0.8, total: true },
  { header: 'Scelta', kind: 'text', value: (r) => scelta(r.scelta), samples: SCELTE, width: 1.05 },
  {
    header: 'Categoria',
    kind: 'text',
    value: (r) => categoria(r.categoria),
    samples: CATEGORIE,
    width: 1.2,
  },
  {
    header: 'Tracciabilità',
    kind: 'text',
    value: (r) => r.tracciabilita,
    samples: ['CARRARA-173-99999'],
    width: 1.75,
  },
  { header: 'Uscita', kind: 'date', value: (r) => r.uscita, width: 1 },
  { header: 'DDT', kind: 'text', value: (r) => r.ddt, samples: ['999/2026'], width: 0.75 },
];

export const estrazioneColumns: ReportColumn<repo.EstrazioneRow>[] = [
  { header: 'N. cava', kind: 'text', value: (r) => r.cavaCodice, width: 0.7 },
  { header: 'Cava', kind: 'text', value: (r) => r.cava, lookup: 'cava', width: 1 },
  {
    header: 'Concessione',
    kind: 'text',
    value: (r) => r.concessione,
    lookup: 'concessione',
    width: 2.1,
  },
  {
    header: 'Voce',
    kind: 'text',
    value: (r) => TARIFFA_CATEGORIA_LABELS[r.voce] ?? r.voce,
    samples: Object.values(TARIFFA_CATEGORIA_LABELS),
    width: 1.3,
  },
  { header: 'Materiale', kind: 'text', value: (r) => r.materiale, lookup: 'materiale', width: 1.1 },
  { header: 'Scelta', kind: 'text', value: (r) => scelta(r.scelta), samples: SCELTE, width: 0.7 },
  {
    header: 'Categoria',
    kind: 'text',
    value: (r) => categoria(r.categoria),
    samples: CATEGORIE,
    width: 0.9,
  },
  { header: 'Pezzi', kind: 'int', value: (r) => r.pezzi, width: 0.6, total: true },
  { header: 'm³ netti', kind: 'm3', value: (r) => r.volume, width: 0.8, total: true },
  { header: 't pesate', kind: 't', value: (r) => r.pesate, width: 0.8, total: true },
  { header: 't teoriche', kind: 't', value: (r) => r.teoriche, width: 0.8, total: true },
  { header: 't dichiarate', kind: 't', value: (r) => r.dichiarate, width: 1.05, total: true },
  { header: 't', kind: 't', value: (r) => r.tonnellate, width: 0.8, total: true },
  { header: 'Tariffa €/t', kind: 'eur', value: (r) => r.tariffa, width: 0.9 },
  { header: 'Contributo', kind: 'eur', value: (r) => r.contributo, width: 1.1, total: true },
];

/** What each tonnage column is taken on, printed on the declaration. */
export const ESTRAZIONE_NOTES = [
  't pesate: alla pesa della cava; t teoriche: m³ netti × densità, per i blocchi non pesati; t dichiarate: informi, scaglie, scogliere e terre indicati sulla bancata, non pesati.',
  'Blocchi usciti dalla cava alla data della pesata (o di riquadratura se mai pesati), anche se poi scartati; esclusi solo quelli ancora in piazzale o scartati in piazzale senza pesata; informi: i blocchi informi a peso più gli informi sfusi dichiarati sulle bancate tagliate.',
];
