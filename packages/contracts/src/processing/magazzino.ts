import { z } from 'zod';
import { ddtRefsField } from '../sales/ddt-ref.js';
import { listQuerySchema } from '../pagination.js';

import { BLOCCO_ORIGINI, DIFETTI, SCELTA_LABELS, SCELTE } from '../production/blocchi.js';
import { roundTo } from '../production/quantities.js';
import { FINITURE, anagraficaRef, codiceRef, periodFilters, ref } from './common.js';
import { BORDI } from './lavorazioni-pavimenti.js';

// Magazzino lastre and pavimenti (docs/domain.md): what the sawmill's completions load, as it reads; the
// operations on it (reserve, sell, move, adjust) are in stock.ts.

export const LASTRA_STATI = [
  'disponibile',
  'riservata',
  'venduta',
  'spedita',
  'rotta',
  'in_lavorazione',
] as const;
export type LastraStato = (typeof LASTRA_STATI)[number];
export const LASTRA_STATO_LABELS: Record<LastraStato, string> = {
  disponibile: 'Disponibile',
  riservata: 'Riservata',
  venduta: 'Venduta',
  spedita: 'Spedita',
  rotta: 'Rotta',
  in_lavorazione: 'In lavorazione',
};
/** Slab transitions: manual ones are the stock operations, system ones the pavimenti lavorazione's cutting. */
export const LASTRA_TRANSITIONS: Record<
  LastraStato,
  { manual: readonly LastraStato[]; system: readonly LastraStato[] }
> = {
  disponibile: { manual: ['riservata', 'venduta', 'rotta'], system: ['in_lavorazione'] },
  riservata: { manual: ['disponibile', 'venduta', 'rotta'], system: [] },
  venduta: { manual: ['spedita'], system: [] },
  // back to venduta when its DDT is cancelled
  spedita: { manual: [], system: ['venduta'] },
  rotta: { manual: [], system: [] },
  in_lavorazione: { manual: [], system: ['disponibile'] },
};

export const MOVIMENTO_TIPI = [
  'carico',
  'scarico',
  'rettifica',
  'trasferimento',
  'riserva',
  'rilascio',
  'spedizione',
] as const;
export type MovimentoTipo = (typeof MOVIMENTO_TIPI)[number];
export const MOVIMENTO_TIPO_LABELS: Record<MovimentoTipo, string> = {
  carico: 'Carico',
  scarico: 'Scarico',
  rettifica: 'Rettifica',
  trasferimento: 'Trasferimento',
  riserva: 'Riserva',
  rilascio: 'Rilascio',
  /** Left the yard with a DDT (or came back to sold when it was cancelled): no quantity moves. */
  spedizione: 'Spedizione',
};

/** What a movimento's price is per: m², slab or piece (a sale), or the whole row (a transfer). */
export const UNITA_PREZZO_MOVIMENTO = ['mq', 'lastra', 'pezzo', 'totale'] as const;
export type UnitaPrezzoMovimento = (typeof UNITA_PREZZO_MOVIMENTO)[number];
export const UNITA_PREZZO_MOVIMENTO_LABELS: Record<UnitaPrezzoMovimento, string> = {
  mq: '€/m²',
  lastra: '€/lastra',
  pezzo: '€/pezzo',
  totale: '€',
};

/**
 * A movimento's amount in €: its unit price times the m², slabs or pieces that moved, rounded to the
 * cent (a total of several rows is the sum of these); a `totale` price is the amount itself.
 */
export function importoMovimento(m: {
  prezzo: number | null;
  unitaPrezzo: string | null;
  pezzi: number;
  mq: number;
}): number | null {
  if (m.prezzo === null || m.unitaPrezzo === null) return null;
  if (m.unitaPrezzo === 'totale') return m.prezzo;
  const quantita = m.unitaPrezzo === 'mq' ? Math.abs(m.mq) : Math.abs(m.pezzi);
  return roundTo(quantita * m.prezzo, 2);
}

const blocco = codiceRef.extend({ origine: z.enum(BLOCCO_ORIGINI) });
/**
 * Of an item received from a group company: the sender and the code of the block it came from there.
 * The receiver sees the code and the company only, never the sender's rows (docs/domain.md).
 */
const trasferitoDa = z.object({ ditta: z.string(), blocco: z.string().nullable() }).nullable();
/**
 * Where a stock item comes from, up to the quarry face: blocco, then bancata and cava for an own block.
 * An item received from a group company names only this company's rows: its copy of the block, or none,
 * and no sawing (it happened at the sender's); `trasferitoDa` says where it came from.
 */
const provenienza = {
  blocco: blocco.nullable(),
  bancata: codiceRef.nullable(),
  cava: ref.nullable(),
  lavorazione: codiceRef.nullable(),
  trasferitoDa,
};

/** The code of the block an item comes from: its own row's, or the one the sender named (code only). */
export function bloccoCodiceOf(item: {
  blocco: { codice: string } | null;
  trasferitoDa: { blocco: string | null } | null;
}): string | null {
  return item.blocco?.codice ?? item.trasferitoDa?.blocco ?? null;
}

export const paccoSchema = z.object({
  _id: z.string(),
  codice: z.string(),
  companyId: z.string(),
  ...provenienza,
  materiale: ref,
  spessoreMm: z.number(),
  finitura: z.enum(FINITURE),
  resinatura: z.boolean(),
  /** The grade the bundle was made with; its slabs may have been re-graded one by one since (`scelte`). */
  scelta: z.enum(SCELTE),
  /** The grades of its slabs on hand, with how many of each, in the order of SCELTE: "3 prima · 1 seconda". */
  scelte: z.array(z.object({ scelta: z.enum(SCELTE), lastre: z.number().int() })),
  /** On hand: slabs still in the bundle and their m² (the ledger's sum). */
  nLastre: z.number().int(),
  mq: z.number(),
  pesoT: z.number(),
  /** Slabs of the bundle free to reserve or sell now (an expired reservation counts as free). */
  lastreDisponibili: z.number().int(),
  ubicazione: ref.nullable(),
  prezzoListino: z.number().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** The version an offline action's `If-Match` names (docs/offline.md). */
  updatedAt: z.string(),
  ddt: ddtRefsField,
});
export type Pacco = z.infer<typeof paccoSchema>;

/**
 * A bundle's grade as it stands: its one grade ("Prima"), or the grades of a mixed bundle with their
 * slabs ("3 prima · 1 seconda"); an emptied bundle says the grade it was made with.
 */
export function scelteText(p: Pick<Pacco, 'scelta' | 'scelte'>): string {
  if (p.scelte.length === 0) return SCELTA_LABELS[p.scelta];
  if (p.scelte.length === 1) return SCELTA_LABELS[p.scelte[0]!.scelta];
  return p.scelte.map((s) => `${s.lastre} ${SCELTA_LABELS[s.scelta].toLowerCase()}`).join(' · ');
}

export const lastraSchema = z.object({
  _id: z.string(),
  codice: z.string(),
  companyId: z.string(),
  pacco: codiceRef,
  ...provenienza,
  materiale: ref,
  progressivo: z.number().int(),
  lunghezzaMm: z.number(),
  altezzaMm: z.number(),
  spessoreMm: z.number(),
  finitura: z.enum(FINITURE),
  mq: z.number(),
  scelta: z.enum(SCELTE),
  difetti: z.array(z.enum(DIFETTI)),
  ubicazione: ref.nullable(),
  /** The cliente it is reserved for or sold to. */
  cliente: anagraficaRef.nullable(),
  /** Last day of the reservation (an expired one reads as disponibile, without cliente). */
  scadenzaRiserva: z.string().nullable(),
  stato: z.enum(LASTRA_STATI),
  createdAt: z.string(),
  /** The version an offline action's `If-Match` names (docs/offline.md). */
  updatedAt: z.string(),
  ddt: ddtRefsField,
});
export type Lastra = z.infer<typeof lastraSchema>;

/** A bundle with its slabs in sawing order. */
export const paccoDetailSchema = paccoSchema.extend({
  lastre: z.array(
    lastraSchema.omit({
      blocco: true,
      bancata: true,
      cava: true,
      lavorazione: true,
      trasferitoDa: true,
      materiale: true,
      companyId: true,
    }),
  ),
});
export type PaccoDetail = z.infer<typeof paccoDetailSchema>;

export const lottoSchema = z.object({
  _id: z.string(),
  codice: z.string(),
  companyId: z.string(),
  ...provenienza,
  materiale: ref,
  lunghezzaMm: z.number(),
  larghezzaMm: z.number(),
  spessoreMm: z.number(),
  finitura: z.enum(FINITURE),
  bordo: z.enum(BORDI),
  calibrato: z.boolean(),
  scelta: z.enum(SCELTE),
  /** On hand (the ledger's sum); casse counts the last, partial box. */
  pezzi: z.number().int(),
  mq: z.number(),
  pezziPerCassa: z.number().int(),
  casse: z.number().int(),
  /** Sold by the box: a sale or reservation in m² takes whole boxes. */
  vendutoACasse: z.boolean(),
  /** Pieces under active reservations, and what is left to reserve or sell. */
  pezziRiservati: z.number().int(),
  pezziDisponibili: z.number().int(),
  ubicazione: ref.nullable(),
  prezzoListino: z.number().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** The version an offline action's `If-Match` names (docs/offline.md). */
  updatedAt: z.string(),
  /** The DDTs its sales left with. */
  ddt: ddtRefsField,
});
export type Lotto = z.infer<typeof lottoSchema>;

export const movimentoSchema = z.object({
  _id: z.string(),
  tipo: z.enum(MOVIMENTO_TIPI),
  /** Signed changes of the quantity on hand (0 for riserva and rilascio). */
  pezzi: z.number().int(),
  mq: z.number(),
  casse: z.number().int().nullable(),
  blocco: codiceRef.nullable(),
  pacco: codiceRef.nullable(),
  lastra: codiceRef.nullable(),
  lotto: codiceRef.nullable(),
  causale: z.string().nullable(),
  documento: z.string().nullable(),
  cliente: anagraficaRef.nullable(),
  /** The unit price, per `unitaPrezzo`. */
  prezzo: z.number().nullable(),
  unitaPrezzo: z.enum(UNITA_PREZZO_MOVIMENTO).nullable(),
  /** The amount: `importoMovimento` (unit price × what moved, to the cent). */
  importo: z.number().nullable(),
  utente: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Movimento = z.infer<typeof movimentoSchema>;

export const PACCO_SORT_FIELDS = ['codice', 'createdAt', 'mq', 'nLastre', 'spessoreMm'] as const;
const stockFilters = {
  q: z.string().trim().max(100).optional(),
  materialeId: z.uuid({ error: 'Materiale non valido' }).optional(),
  finitura: z.enum(FINITURE, { error: 'Finitura non valida' }).optional(),
  scelta: z.enum(SCELTE, { error: 'Scelta non valida' }).optional(),
  ubicazioneId: z.uuid({ error: 'Ubicazione non valida' }).optional(),
  spessoreMm: z.coerce
    .number<number>({ error: 'Spessore non valido' })
    .int({ error: 'Spessore non valido' })
    .positive({ error: 'Spessore non valido' })
    .optional(),
  bloccoId: z.uuid({ error: 'Blocco non valido' }).optional(),
  /** Include emptied bundles and lots (default: only those with stock on hand). */
  esauriti: z.stringbool({ error: 'Esauriti: true o false' }).optional(),
};
export const paccoListQuerySchema = listQuerySchema.extend({
  ...stockFilters,
  lavorazioneId: z.uuid().optional(),
  sort: z
    .enum([...PACCO_SORT_FIELDS, ...PACCO_SORT_FIELDS.map((f) => `-${f}` as const)])
    .optional(),
});
export type PaccoListQuery = z.output<typeof paccoListQuerySchema>;

export const LASTRA_SORT_FIELDS = ['codice', 'createdAt', 'mq', 'spessoreMm', 'stato'] as const;
export const lastraListQuerySchema = listQuerySchema.extend({
  ...stockFilters,
  paccoId: z.uuid({ error: 'Pacco non valido' }).optional(),
  stato: z.enum(LASTRA_STATI, { error: 'Stato non valido' }).optional(),
  sort: z
    .enum([...LASTRA_SORT_FIELDS, ...LASTRA_SORT_FIELDS.map((f) => `-${f}` as const)])
    .optional(),
});
export type LastraListQuery = z.output<typeof lastraListQuerySchema>;

export const LOTTO_SORT_FIELDS = ['codice', 'createdAt', 'mq', 'pezzi'] as const;
export const lottoListQuerySchema = listQuerySchema.extend({
  ...stockFilters,
  sort: z
    .enum([...LOTTO_SORT_FIELDS, ...LOTTO_SORT_FIELDS.map((f) => `-${f}` as const)])
    .optional(),
});
export type LottoListQuery = z.output<typeof lottoListQuerySchema>;

export const movimentoListQuerySchema = listQuerySchema.extend({
  tipo: z.enum(MOVIMENTO_TIPI, { error: 'Tipo di movimento non valido' }).optional(),
  bloccoId: z.uuid().optional(),
  paccoId: z.uuid().optional(),
  lastraId: z.uuid().optional(),
  lottoId: z.uuid().optional(),
  ...periodFilters,
});
export type MovimentoListQuery = z.output<typeof movimentoListQuerySchema>;

/** A stock list as a CSV or Excel file: its filters and its order. */
const exportFormat = { format: z.enum(['csv', 'xlsx']).default('xlsx') };
export const paccoExportQuerySchema = paccoListQuerySchema
  .omit({ page: true, limit: true })
  .extend(exportFormat);
export const lastraExportQuerySchema = lastraListQuerySchema
  .omit({ page: true, limit: true })
  .extend(exportFormat);
export const lottoExportQuerySchema = lottoListQuerySchema
  .omit({ page: true, limit: true })
  .extend(exportFormat);

/** Totals of a stock list: pieces, m² and t of what the filters select. */
export const stockSummarySchema = z.object({
  count: z.number().int(),
  pezzi: z.number().int(),
  mq: z.number(),
  pesoT: z.number(),
});
export type StockSummary = z.infer<typeof stockSummarySchema>;
