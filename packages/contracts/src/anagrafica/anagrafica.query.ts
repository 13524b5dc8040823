import { z } from 'zod';
import { listQuerySchema } from '../pagination.js';

/** Columns a list of clienti or fornitori may be sorted by (`sort=-ragioneSociale` for descending). */
export const ANAGRAFICA_SORT_FIELDS = [
  'ragioneSociale',
  'comune',
  'provincia',
  'nazione',
  'createdAt',
] as const;

const filters = {
  /** Matches ragione sociale, partita IVA and comune. */
  q: z.string().trim().max(200).optional(),
  nazione: z
    .string()
    .trim()
    .toUpperCase()
    .length(2, { error: 'Nazione: codice di 2 lettere' })
    .optional(),
  provincia: z
    .string()
    .trim()
    .toUpperCase()
    .max(2, { error: 'Provincia: sigla di 2 lettere' })
    .optional(),
  attivo: z
    .enum(['true', 'false'], { error: 'Attivo: true o false' })
    .transform((v) => v === 'true')
    .optional(),
};

export const anagraficaFilterSchema = z.object(filters);
export type AnagraficaFilter = z.output<typeof anagraficaFilterSchema>;

export const anagraficaListQuerySchema = listQuerySchema.extend({
  ...filters,
  sort: z
    .enum([...ANAGRAFICA_SORT_FIELDS, ...ANAGRAFICA_SORT_FIELDS.map((f) => `-${f}` as const)])
    .optional(),
});
export type AnagraficaListQuery = z.output<typeof anagraficaListQuerySchema>;

export const anagraficaExportQuerySchema = anagraficaFilterSchema.extend({
  format: z.enum(['csv', 'xlsx'], { error: 'Formato: csv o xlsx' }).default('xlsx'),
});

/** Totals of the filtered set, fetched once per filter change. */
export const anagraficaSummarySchema = z.object({
  totale: z.number().int(),
  attivi: z.number().int(),
  nonAttivi: z.number().int(),
  italiani: z.number().int(),
  esteri: z.number().int(),
  pubblicaAmministrazione: z.number().int(),
});
export type AnagraficaSummary = z.infer<typeof anagraficaSummarySchema>;

export type AnagraficaKind = 'clienti' | 'fornitori';
export const ANAGRAFICA_KIND_LABELS: Record<
  AnagraficaKind,
  { singolare: string; plurale: string }
> = {
  clienti: { singolare: 'Cliente', plurale: 'Clienti' },
  fornitori: { singolare: 'Fornitore', plurale: 'Fornitori' },
};
/** The entity type of a record of each kind (history, pages table). */
export const ANAGRAFICA_ENTITY_TYPES = {
  clienti: 'cliente',
  fornitori: 'fornitore',
} as const satisfies Record<AnagraficaKind, string>;

/**
 * A cliente or fornitore in a picker of another module (docs/api.md "Shape of the API" "Pickers"): the few fields a
 * choice needs, served under that module's own permission.
 */
export const anagraficaPickerItemSchema = z.object({
  _id: z.string(),
  ragioneSociale: z.string(),
  partitaIva: z.string().nullable(),
  comune: z.string(),
  nazione: z.string(),
});
export type AnagraficaPickerItem = z.infer<typeof anagraficaPickerItemSchema>;
export const pickerQuerySchema = z.object({ q: z.string().trim().max(100).optional() });
