import { z } from 'zod';
import { optionalText, requiredText } from '../fields.js';
import { listQuerySchema } from '../pagination.js';
import { updateShapeOf } from '../schema-utils.js';

// __label__: the contract the routes, the client and the forms share (docs/architecture.md "Recipe").

const shape = {
  nome: requiredText(120, 'Il nome è obbligatorio'),
  note: optionalText(500),
  attivo: z.boolean({ error: 'Attivo: sì o no' }).default(true),
};

export const __singularCamel__CreateSchema = z.object(shape);
export type __Singular__Create = z.output<typeof __singularCamel__CreateSchema>;
export type __Singular__CreateInput = z.input<typeof __singularCamel__CreateSchema>;
/** Any of the fields; `{ attivo: false }` takes one out of use without deleting it. */
export const __singularCamel__UpdateSchema = z.object(updateShapeOf(shape));
export type __Singular__Update = z.output<typeof __singularCamel__UpdateSchema>;

export const __singularCamel__Schema = z.object({
  _id: z.string(),
  nome: z.string(),
  note: z.string().nullable(),
  attivo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type __Singular__ = z.infer<typeof __singularCamel__Schema>;

/** The fields in the forms, exports and history, with their Italian names. */
export const __SINGULAR___LABELS = {
  nome: 'Nome',
  note: 'Note',
  attivo: 'Attivo',
} as const;

/** Columns the list may be sorted by (`sort=-nome` for descending). */
export const __PLURAL___SORT_FIELDS = ['nome', 'createdAt'] as const;

const filters = {
  /** Matches the name and the notes. */
  q: z.string().trim().max(200).optional(),
  attivo: z
    .enum(['true', 'false'], { error: 'Attivo: true o false' })
    .transform((v) => v === 'true')
    .optional(),
};
export const __pluralCamel__FilterSchema = z.object(filters);
export type __Plural__Filter = z.output<typeof __pluralCamel__FilterSchema>;

export const __pluralCamel__ListQuerySchema = listQuerySchema.extend({
  ...filters,
  sort: z
    .enum([...__PLURAL___SORT_FIELDS, ...__PLURAL___SORT_FIELDS.map((f) => `-${f}` as const)])
    .optional(),
});
export type __Plural__ListQuery = z.output<typeof __pluralCamel__ListQuerySchema>;

export const __pluralCamel__ExportQuerySchema = __pluralCamel__FilterSchema.extend({
  format: z.enum(['csv', 'xlsx'], { error: 'Formato: csv o xlsx' }).default('xlsx'),
});

/** Totals of the filtered set. */
export const __pluralCamel__SummarySchema = z.object({
  totale: z.number().int(),
  attivi: z.number().int(),
});
export type __Plural__Summary = z.infer<typeof __pluralCamel__SummarySchema>;
