import { z } from 'zod';
import { euro, isoDate, optionalText, requiredText } from '../fields.js';
import { anagraficaRef, codiceRef, difettiList, ref, sceltaEnum } from './common.js';
import { lottoSchema, paccoDetailSchema } from './magazzino.js';

// Operations on stock (docs/domain.md "Magazzino lastre", "Magazzino pavimenti", "Stock ledger"): reserve,
// release, sell, ship, break, move, adjust. Every one is a guarded update and a movimento.

const clienteId = z.uuid({ error: 'Scegli il cliente' });
const ubicazioneId = z.uuid({ error: "Scegli l'ubicazione" });
/** A reservation holds through its expiry day (Rome); the server refuses a day already past. */
const scadenza = isoDate('Scadenza della riserva');
const documento = requiredText(100, 'Documento: obbligatorio (numero del DDT o della fattura)');
/** A sale's own reference (an order, a fattura): optional, since the goods leave with a DDT GestCava issues. */
const documentoVendita = optionalText(100);
const prezzo = euro('Prezzo');

export const UNITA_PREZZO_LASTRA = ['mq', 'lastra'] as const;
export const UNITA_PREZZO_LOTTO = ['mq', 'pezzo'] as const;
export const UNITA_PREZZO_VENDITA_LABELS: Record<'mq' | 'lastra' | 'pezzo', string> = {
  mq: '€/m²',
  lastra: '€/lastra',
  pezzo: '€/pezzo',
};

/** A reservation lasts at most this long (days from today). */
export const RISERVA_MAX_GIORNI = 365;

export const riservaLastraSchema = z.object({ clienteId, scadenza });
export type RiservaLastraInput = z.infer<typeof riservaLastraSchema>;
export const rilasciaLastraSchema = z.object({ nota: optionalText(500) });
export const vendiLastraSchema = z.object({
  clienteId,
  prezzo,
  unita: z.enum(UNITA_PREZZO_LASTRA, { error: 'Unità del prezzo: €/m² o €/lastra' }),
  documento: documentoVendita,
});
export type VendiLastraInput = z.infer<typeof vendiLastraSchema>;
export const spedisciLastraSchema = z.object({ documento });
export const rottaLastraSchema = z.object({ nota: requiredText(500, 'Scrivi come si è rotta') });
export const spostaSchema = z.object({ ubicazioneId });
/** Re-grading one slab of a bundle. */
export const lastraUpdateSchema = z.object({ scelta: sceltaEnum, difetti: difettiList.optional() });
export type LastraUpdateInput = z.infer<typeof lastraUpdateSchema>;

/** What a bundle operation did: the bundle now, and how many of its slabs it acted on. */
export const paccoOperazioneSchema = z.object({
  pacco: paccoDetailSchema,
  lastre: z.number().int(),
});
export type PaccoOperazione = z.infer<typeof paccoOperazioneSchema>;

/** The list-price fields of a bundle or lot (the giacenze's value depends on them). */
export const stockItemUpdateSchema = z.object({
  prezzoListino: euro('Prezzo di listino').nullable(),
  scelta: sceltaEnum,
  note: optionalText(1000),
});
export type StockItemUpdateInput = z.infer<typeof stockItemUpdateSchema>;
/** A lot's also says whether it is sold by the box (absent: unchanged). */
export const lottoUpdateSchema = stockItemUpdateSchema.extend({
  vendutoACasse: z.boolean().optional(),
});
export type LottoUpdateInput = z.infer<typeof lottoUpdateSchema>;

const pezziInt = (label: string) =>
  z
    .number({ error: `${label}: un numero intero` })
    .int({ error: `${label}: un numero intero` })
    .positive({ error: `${label}: almeno 1` })
    .max(10_000_000, { error: `${label}: troppi` });

/** Exactly one of pezzi, casse, m² (m² round up to whole pieces, boxes count pezziPerCassa each). */
const quantita = {
  pezzi: pezziInt('Pezzi').optional(),
  casse: pezziInt('Casse').optional(),
  mq: z
    .number({ error: 'm²: un numero' })
    .positive({ error: 'm²: più di zero' })
    .max(1_000_000, { error: 'm²: troppi' })
    .optional(),
};
function exactlyOneQuantity(
  body: { pezzi?: number; casse?: number; mq?: number },
  ctx: z.RefinementCtx,
) {
  const given = [body.pezzi, body.casse, body.mq].filter((v) => v !== undefined).length;
  if (given !== 1)
    ctx.addIssue({
      code: 'custom',
      path: ['pezzi'],
      message: 'Indica la quantità in uno solo tra pezzi, casse e m²',
    });
}

export const riservaLottoSchema = z
  .object({ ...quantita, clienteId, scadenza })
  .superRefine(exactlyOneQuantity);
export type RiservaLottoInput = z.infer<typeof riservaLottoSchema>;
export const rilasciaLottoSchema = z.object({
  riservaId: z.uuid({ error: 'Riserva non valida' }).optional(),
});
export const vendiLottoSchema = z
  .object({
    ...quantita,
    clienteId,
    prezzo,
    unita: z.enum(UNITA_PREZZO_LOTTO, { error: 'Unità del prezzo: €/m² o €/pezzo' }),
    documento: documentoVendita,
  })
  .superRefine(exactlyOneQuantity);
export type VendiLottoInput = z.infer<typeof vendiLottoSchema>;
export const rettificaLottoSchema = z.object({
  pezzi: z
    .number({ error: 'Pezzi contati: un numero intero' })
    .int({ error: 'Pezzi contati: un numero intero' })
    .min(0, { error: 'Pezzi contati: non può essere negativo' })
    .max(10_000_000),
  motivo: requiredText(500, 'Scrivi il motivo della rettifica'),
});
export const spostaLottoSchema = z.object({ ubicazioneId, pezzi: pezziInt('Pezzi').optional() });

export const RISERVA_STATI = ['attiva', 'rilasciata', 'scaduta', 'evasa'] as const;
export type RiservaStato = (typeof RISERVA_STATI)[number];
export const riservaSchema = z.object({
  _id: z.string(),
  cliente: anagraficaRef,
  pezzi: z.number().int(),
  mq: z.number(),
  scadenza: z.string(),
  stato: z.enum(RISERVA_STATI),
  utente: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Riserva = z.infer<typeof riservaSchema>;

/** What a lot operation did: the lot now, the pieces and m² it took, and the new lot of a partial move. */
export const lottoOperazioneSchema = z.object({
  lotto: lottoSchema,
  pezzi: z.number().int(),
  mq: z.number(),
  riserva: riservaSchema.optional(),
  nuovoLotto: lottoSchema.optional(),
  /** Of a sale: its id, the `lotto` line of the DDT that ships it (`/api/ddt/da-spedire` lists it so). */
  venditaId: z.string().optional(),
});
export type LottoOperazione = z.infer<typeof lottoOperazioneSchema>;

/** Stock on hand grouped the way the yard thinks of it, valued at list price. */
export const giacenzaRigaSchema = z.object({
  tipo: z.enum(['lastre', 'pavimenti']),
  materiale: ref,
  spessoreMm: z.number().int(),
  finitura: z.string(),
  scelta: z.string(),
  ubicazione: ref.nullable(),
  pezzi: z.number().int(),
  mq: z.number(),
  pesoT: z.number(),
  /** € at the list price of the bundles and lots (those without a price count 0). */
  valore: z.number(),
  senzaPrezzo: z.number().int(),
});
export const riservaInScadenzaSchema = z.object({
  tipo: z.enum(['lastra', 'lotto']),
  item: codiceRef,
  cliente: anagraficaRef,
  pezzi: z.number().int(),
  scadenza: z.string(),
});
export const giacenzeSchema = z.object({
  righe: z.array(giacenzaRigaSchema),
  inScadenza: z.array(riservaInScadenzaSchema),
});
export type Giacenze = z.infer<typeof giacenzeSchema>;
/** "In scadenza": a reservation whose last day is within this many days from today (Rome). */
export const RISERVA_IN_SCADENZA_GIORNI = 7;

/** What a quantity of a lot converts with: its format, its box, whether it is sold by the box. */
export interface LottoQuantita {
  lunghezzaMm: number;
  larghezzaMm: number;
  pezziPerCassa: number;
  vendutoACasse?: boolean;
}

/**
 * Pieces a quantity in pezzi, casse or m² stands for. m² round up to whole pieces, but less than one
 * piece is 0 pieces (the server answers 400: a sale of 0,0001 m² is not a sale of one tile). A piece's
 * area written with the 2 decimals the m² are typed in (0,09 for 305×305 = 0,093025) still counts as one.
 * A lot sold by the box (`vendutoACasse`) takes m² in whole boxes: the pieces rounded up to the next
 * whole box (10 m² of 305×305 in boxes of 11 are 108 pieces, 9,8 boxes: 10 boxes, 110 pieces), and
 * less than one box is 0 pieces, as less than one piece is.
 */
export function pezziOf(
  q: { pezzi?: number; casse?: number; mq?: number },
  lotto: LottoQuantita,
): number {
  if (q.pezzi !== undefined) return q.pezzi;
  if (q.casse !== undefined) return q.casse * lotto.pezziPerCassa;
  const mq = q.mq ?? 0;
  const piece = (lotto.lunghezzaMm * lotto.larghezzaMm) / 1e6;
  const least = lotto.vendutoACasse ? piece * lotto.pezziPerCassa : piece;
  if (mq < least - Math.min(0.005, least / 2)) return 0;
  // 1e-9 keeps 0.093025 m² = 1 piece of 305×305 from becoming 2 through float noise
  if (!lotto.vendutoACasse) return Math.max(1, Math.ceil(mq / piece - 1e-9));
  // m² typed with 2 decimals may pass whole boxes by up to 0,005 (2 boxes of 1,023275 m² typed 2,05): no box more
  return Math.max(1, Math.ceil((mq - 0.005) / least - 1e-9)) * lotto.pezziPerCassa;
}
