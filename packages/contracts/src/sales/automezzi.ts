import { z } from 'zod';
import { kg, requiredText, tonnes } from '../fields.js';
import { listQuerySchema } from '../pagination.js';
import { updateShapeOf } from '../schema-utils.js';

// A company's trucks (the module recipe's proof): the vettore's truck a DDT names.

/** The heaviest load a road truck carries in Italy (a 44 t articulated lorry carries about 30 t); 60 t catches kg typed as t. */
export const AUTOMEZZO_PORTATA_MAX_T = 60;
/** A tare above the road limit itself is a typo (a tractor with its semitrailer weighs 14–16 t empty). */
export const AUTOMEZZO_TARA_MAX_KG = 40_000;

/**
 * A plate as stored: capitals, no spaces or dashes (`ab 123 cd` → `AB123CD`), so one truck has one
 * spelling and the unique index sees it.
 */
export function normalizeTarga(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '');
}

/** A stored plate as printed on it: `AB123CD` → `AB 123 CD` (anything else as it is). */
export function formatTarga(targa: string): string {
  const m = /^([A-Z]{2})(\d{3})([A-Z]{2})$/.exec(targa);
  return m ? `${m[1]} ${m[2]} ${m[3]}` : targa;
}

/** Italian plates since 1994, trailers' `X…` series too: two letters, three digits, two letters, never I, O, Q or U. */
const TARGA_ITALIANA = /^[A-HJ-NPR-TV-Z]{2}\d{3}[A-HJ-NPR-TV-Z]{2}$/;
const TARGA_MESSAGE =
  'Targa non valida: due lettere, tre cifre e due lettere (es. AB 123 CD; le lettere I, O, Q e U non si usano)';

const targa = z
  .string({ error: 'La targa è obbligatoria' })
  .transform(normalizeTarga)
  .pipe(
    z
      .string()
      .min(1, { error: 'La targa è obbligatoria' })
      .regex(TARGA_ITALIANA, { error: TARGA_MESSAGE }),
  );

const shape = {
  targa,
  /** Make, model and body, e.g. "Scania R 580 — bilico con semirimorchio ribassato". */
  descrizione: requiredText(120, 'La descrizione è obbligatoria'),
  portataT: tonnes('Portata', AUTOMEZZO_PORTATA_MAX_T).refine((t) => t > 0, {
    error: 'Portata: deve essere maggiore di 0 t',
  }),
  /**
   * The truck empty, in kg (tractor and trailer together for a bilico): tare + load is the gross
   * mass the DDT's preview holds against the road limit; none when unknown.
   */
  taraKg: kg('Tara', AUTOMEZZO_TARA_MAX_KG).nullable().default(null),
  attivo: z.boolean({ error: 'Attivo: sì o no' }).default(true),
};

export const automezzoCreateSchema = z.object(shape);
export type AutomezzoCreate = z.output<typeof automezzoCreateSchema>;
export type AutomezzoCreateInput = z.input<typeof automezzoCreateSchema>;
/** Any of the fields; `{ attivo: false }` takes a truck out of the DDT's choice. */
export const automezzoUpdateSchema = z.object(updateShapeOf(shape));
export type AutomezzoUpdate = z.output<typeof automezzoUpdateSchema>;

export const automezzoSchema = z.object({
  _id: z.string(),
  targa: z.string(),
  descrizione: z.string(),
  portataT: z.number(),
  taraKg: z.number().int().nullable(),
  attivo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Automezzo = z.infer<typeof automezzoSchema>;

/** The fields in the forms, exports and history, with their Italian names. */
export const AUTOMEZZO_LABELS = {
  targa: 'Targa',
  descrizione: 'Descrizione',
  portataT: 'Portata (t)',
  taraKg: 'Tara (kg)',
  attivo: 'Attivo',
} as const;

/** Columns the list may be sorted by (`sort=-portataT` for descending). */
export const AUTOMEZZI_SORT_FIELDS = ['targa', 'descrizione', 'portataT', 'createdAt'] as const;

const filters = {
  /** Matches targa (with or without spaces) and descrizione. */
  q: z.string().trim().max(200).optional(),
  /** `attivo=true`: the trucks a DDT may name. */
  attivo: z
    .enum(['true', 'false'], { error: 'Attivo: true o false' })
    .transform((v) => v === 'true')
    .optional(),
};
export const automezziFilterSchema = z.object(filters);
export type AutomezziFilter = z.output<typeof automezziFilterSchema>;

export const automezziListQuerySchema = listQuerySchema.extend({
  ...filters,
  sort: z
    .enum([...AUTOMEZZI_SORT_FIELDS, ...AUTOMEZZI_SORT_FIELDS.map((f) => `-${f}` as const)])
    .optional(),
  // a company has a few trucks: the DDT's choice takes them all in one page
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export type AutomezziListQuery = z.output<typeof automezziListQuerySchema>;

export const automezziExportQuerySchema = automezziFilterSchema.extend({
  format: z.enum(['csv', 'xlsx'], { error: 'Formato: csv o xlsx' }).default('xlsx'),
});

/** Totals of the filtered set: how many trucks, and what the active ones carry together. */
export const automezziSummarySchema = z.object({
  totale: z.number().int(),
  attivi: z.number().int(),
  nonAttivi: z.number().int(),
  portataAttiviT: z.number(),
});
export type AutomezziSummary = z.infer<typeof automezziSummarySchema>;
