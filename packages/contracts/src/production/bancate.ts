import { z } from 'zod';
import { listQuerySchema } from '../pagination.js';
import { updateShapeOf } from '../schema-utils.js';
import { bilancioMassaSchema } from './bilancio-massa.js';
import {
  BANCATA_MAX_CM,
  BANCATA_MAX_T,
  cm,
  codiceInModifica,
  isoDate,
  optionalText,
  tonnes,
} from '../fields.js';

export const BANCATA_STATI = [
  'pianificata',
  'in_taglio',
  'ribaltata',
  'in_riquadratura',
  'chiusa',
  'annullata',
] as const;
export type BancataStato = (typeof BANCATA_STATI)[number];

export const BANCATA_STATO_LABELS: Record<BancataStato, string> = {
  pianificata: 'Pianificata',
  in_taglio: 'In taglio',
  ribaltata: 'Ribaltata',
  in_riquadratura: 'In riquadratura',
  chiusa: 'Chiusa',
  annullata: 'Annullata',
};

/** The one transition table of a bancata (docs/domain.md): any other move answers 409. */
export const BANCATA_TRANSITIONS: Record<BancataStato, readonly BancataStato[]> = {
  pianificata: ['in_taglio', 'annullata'],
  in_taglio: ['ribaltata', 'annullata'],
  ribaltata: ['in_riquadratura', 'annullata'],
  in_riquadratura: ['chiusa'],
  chiusa: [],
  annullata: [],
};

/**
 * A bancata actually cut: the wire has freed it and it has been toppled (a planned one, or one still
 * being cut, is not production yet). Production figures count these only (lib/bancata-stato.ts).
 */
export const BANCATA_STATI_TAGLIATE: readonly BancataStato[] = [
  'ribaltata',
  'in_riquadratura',
  'chiusa',
];

/** Blocchi are squared from a bancata once it lies on its bed. */
export const BANCATA_STATI_CON_BLOCCHI: readonly BancataStato[] = ['ribaltata', 'in_riquadratura'];

export const METODI_TAGLIO = ['filo_diamantato', 'catena', 'misto'] as const;
export const METODO_TAGLIO_LABELS: Record<(typeof METODI_TAGLIO)[number], string> = {
  filo_diamantato: 'Filo diamantato',
  catena: 'Tagliatrice a catena',
  misto: 'Misto',
};

const bancataFields = {
  cavaId: z.uuid({ error: 'Scegli la cava' }),
  fronte: optionalText(80),
  materialeId: z.uuid({ error: 'Scegli il materiale' }),
  dataTaglio: isoDate('Data di taglio'),
  dataRibaltamento: isoDate('Data di ribaltamento').nullish(),
  lunghezza: cm('Lunghezza', BANCATA_MAX_CM),
  altezza: cm('Altezza', BANCATA_MAX_CM),
  profondita: cm('Profondità', BANCATA_MAX_CM),
  metodoTaglio: z.enum(METODI_TAGLIO, { error: 'Metodo di taglio non valido' }).nullish(),
  informiT: tonnes('Informi', BANCATA_MAX_T).nullish(),
  scaglieT: tonnes('Scaglie bianche', BANCATA_MAX_T).nullish(),
  scaglieScureT: tonnes('Scaglie scure', BANCATA_MAX_T).nullish(),
  scogliereT: tonnes('Scogliere', BANCATA_MAX_T).nullish(),
  terreT: tonnes('Terre', BANCATA_MAX_T).nullish(),
  note: optionalText(2000),
};

export const bancataCreateSchema = z.strictObject(bancataFields);
export type BancataCreate = z.output<typeof bancataCreateSchema>;
export type BancataCreateInput = z.input<typeof bancataCreateSchema>;

/** Any subset; `codice` may be corrected by an admin only (the server checks). */
export const bancataUpdateSchema = z.strictObject(
  updateShapeOf({ ...bancataFields, codice: codiceInModifica(3, 30) }),
);
export type BancataUpdate = z.output<typeof bancataUpdateSchema>;

export const bancataStatoBodySchema = z.strictObject({
  stato: z.enum(BANCATA_STATI, { error: 'Stato non valido' }),
  nota: optionalText(500),
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
  /** Scaglie bianche, t (each kind of by-product has its own estrazione tariff). */
  scaglieT: z.number().nullable(),
  scaglieScureT: z.number().nullable(),
  scogliereT: z.number().nullable(),
  terreT: z.number().nullable(),
  note: z.string().nullable(),
  stato: z.enum(BANCATA_STATI),
  /** Σ volume netto of its blocchi (informi excluded) ÷ volume lordo, %; frozen when the bancata is closed. */
  resa: z.number().nullable(),
  /** Its squared blocks (squadrati and semisquadrati); t by the weight rule (weighbridge, else net m³ × density). */
  blocchi: z.object({
    count: z.number().int(),
    volumeLordo: z.number(),
    volumeNetto: z.number(),
    pesoT: z.number(),
  }),
  /** Its blocks of categoria `informe`: counted by weight, not in the squared m³ or the yield. */
  blocchiInformi: z.object({ count: z.number().int(), pesoT: z.number() }),
  bilancioMassa: bilancioMassaSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Bancata = z.infer<typeof bancataSchema>;

export const BANCATA_SORT_FIELDS = [
  'codice',
  'dataTaglio',
  'volumeLordo',
  'stato',
  'createdAt',
] as const;

const bancataFilters = {
  q: z.string().trim().max(100).optional(),
  stato: z.enum(BANCATA_STATI, { error: 'Stato non valido' }).optional(),
  cavaId: z.uuid().optional(),
  materialeId: z.uuid().optional(),
  dal: isoDate('Dal').optional(),
  al: isoDate('Al').optional(),
};
export const bancataFilterSchema = z.object(bancataFilters);
export type BancataFilter = z.output<typeof bancataFilterSchema>;
export const bancataListQuerySchema = listQuerySchema.extend({
  ...bancataFilters,
  sort: z
    .enum([...BANCATA_SORT_FIELDS, ...BANCATA_SORT_FIELDS.map((f) => `-${f}` as const)])
    .optional(),
});
export type BancataListQuery = z.output<typeof bancataListQuerySchema>;
/** The export follows the list: its filters and its order. */
export const bancataExportQuerySchema = bancataFilterSchema.extend({
  sort: bancataListQuerySchema.shape.sort,
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
});

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
