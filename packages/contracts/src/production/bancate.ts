import { z } from 'zod';
import { listQuerySchema } from '../pagination.js';
import { updateShapeOf } from '../schema-utils.js';

export const BANCATA_STATI = ['pianificata', 'in_taglio', 'ribaltata', 'in_riquadratura', 'chiusa', 'annullata'] as const;
export type BancataStato = (typeof BANCATA_STATI)[number];

export const BANCATA_STATO_LABELS: Record<BancataStato, string> = {
  pianificata: 'Pianificata',
  in_taglio: 'In taglio',
  ribaltata: 'Ribaltata',
  in_riquadratura: 'In riquadratura',
  chiusa: 'Chiusa',
  annullata: 'Annullata',
};

/** The one transition table of a bancata (DESIGN §4): any other move answers 409. */
export const BANCATA_TRANSITIONS: Record<BancataStato, readonly BancataStato[]> = {
  pianificata: ['in_taglio', 'annullata'],
  in_taglio: ['ribaltata', 'annullata'],
  ribaltata: ['in_riquadratura', 'annullata'],
  in_riquadratura: ['chiusa'],
  chiusa: [],
  annullata: [],
};

/** Blocchi are squared from a bancata once it lies on its bed. */
export const BANCATA_STATI_CON_BLOCCHI: readonly BancataStato[] = ['ribaltata', 'in_riquadratura'];

export const METODI_TAGLIO = ['filo_diamantato', 'catena', 'misto'] as const;
export const METODO_TAGLIO_LABELS: Record<(typeof METODI_TAGLIO)[number], string> = {
  filo_diamantato: 'Filo diamantato',
  catena: 'Tagliatrice a catena',
  misto: 'Misto',
};

const date = (label: string) =>
  z.iso.date({ error: `${label}: data non valida (AAAA-MM-GG)` });
const cm = (label: string) =>
  z
    // empty is not a wrong number: say what is missing
    .number({ error: (iss) => (iss.input == null ? `${label}: obbligatorio` : `${label}: un numero intero di cm`) })
    .int({ error: `${label}: un numero intero di cm` })
    .min(1, { error: `${label}: almeno 1 cm` })
    .max(5000, { error: `${label}: al massimo 5000 cm` });
const tonnes = (label: string) =>
  z
    .number({ error: `${label}: un numero di tonnellate` })
    .min(0, { error: `${label}: non può essere negativo` })
    .max(100_000)
    .transform((v) => Math.round(v * 100) / 100);
const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Al massimo ${max} caratteri` })
    .nullish()
    .transform((v) => (v ? v : null));

const bancataFields = {
  cavaId: z.uuid({ error: 'Scegli la cava' }),
  fronte: optText(80),
  materialeId: z.uuid({ error: 'Scegli il materiale' }),
  dataTaglio: date('Data di taglio'),
  dataRibaltamento: date('Data di ribaltamento').nullish(),
  lunghezza: cm('Lunghezza'),
  altezza: cm('Altezza'),
  profondita: cm('Profondità'),
  metodoTaglio: z.enum(METODI_TAGLIO, { error: 'Metodo di taglio non valido' }).nullish(),
  informiT: tonnes('Informi').nullish(),
  scaglieT: tonnes('Scaglie').nullish(),
  terreT: tonnes('Terre').nullish(),
  note: optText(2000),
};

export const bancataCreateSchema = z.strictObject(bancataFields);
export type BancataCreate = z.output<typeof bancataCreateSchema>;
export type BancataCreateInput = z.input<typeof bancataCreateSchema>;

/** Any subset; `codice` may be corrected by an admin only (the server checks). */
export const bancataUpdateSchema = z.strictObject(updateShapeOf({ ...bancataFields, codice: z.string().trim().min(3).max(30) }));
export type BancataUpdate = z.output<typeof bancataUpdateSchema>;

export const bancataStatoBodySchema = z.strictObject({
  stato: z.enum(BANCATA_STATI, { error: 'Stato non valido' }),
  nota: optText(500),
});

const ref = z.object({ _id: z.string(), nome: z.string() });
export const bancataSchema = z.object({
  _id: z.string(),
  codice: z.string(),
  companyId: z.string(),
  cava: ref,
  fronte: z.string().nullable(),
  materiale: ref.extend({ densita: z.number() }),
  dataTaglio: z.string(),
  dataRibaltamento: z.string().nullable(),
  lunghezza: z.number(),
  altezza: z.number(),
  profondita: z.number(),
  volumeLordo: z.number(),
  pesoStimato: z.number(),
  metodoTaglio: z.enum(METODI_TAGLIO).nullable(),
  informiT: z.number().nullable(),
  scaglieT: z.number().nullable(),
  terreT: z.number().nullable(),
  note: z.string().nullable(),
  stato: z.enum(BANCATA_STATI),
  /** Σ volume netto of its blocchi ÷ volume lordo, %; frozen when the bancata is closed. */
  resa: z.number().nullable(),
  blocchi: z.object({ count: z.number().int(), volumeLordo: z.number(), volumeNetto: z.number(), pesoT: z.number() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Bancata = z.infer<typeof bancataSchema>;

export const BANCATA_SORT_FIELDS = ['codice', 'dataTaglio', 'volumeLordo', 'stato', 'createdAt'] as const;

const bancataFilters = {
  q: z.string().trim().max(100).optional(),
  stato: z.enum(BANCATA_STATI, { error: 'Stato non valido' }).optional(),
  cavaId: z.uuid().optional(),
  materialeId: z.uuid().optional(),
  dal: date('Dal').optional(),
  al: date('Al').optional(),
};
export const bancataFilterSchema = z.object(bancataFilters);
export type BancataFilter = z.output<typeof bancataFilterSchema>;
export const bancataListQuerySchema = listQuerySchema.extend({
  ...bancataFilters,
  sort: z.enum([...BANCATA_SORT_FIELDS, ...BANCATA_SORT_FIELDS.map((f) => `-${f}` as const)]).optional(),
});
export type BancataListQuery = z.output<typeof bancataListQuerySchema>;

export const bancataSummarySchema = z.object({
  count: z.number().int(),
  volumeLordo: z.number(),
  pesoStimato: z.number(),
});
export type BancataSummary = z.infer<typeof bancataSummarySchema>;

/** A bancata a new blocco may come from, for the blocco form's picker (served under the blocchi permission). */
export const bancataPickerItemSchema = z.object({
  _id: z.string(),
  codice: z.string(),
  stato: z.enum(BANCATA_STATI),
  cava: z.object({ nome: z.string() }),
  materiale: z.object({ _id: z.string(), nome: z.string(), densita: z.number() }),
});
export type BancataPickerItem = z.infer<typeof bancataPickerItemSchema>;
