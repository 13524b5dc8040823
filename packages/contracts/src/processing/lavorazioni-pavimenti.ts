import { z } from 'zod';
import { listQuerySchema } from '../pagination.js';
import { updateShapeOf } from '../schema-utils.js';
import { mm, optionalText } from '../fields.js';
import { BLOCCO_ORIGINI } from '../production/blocchi.js';
import { FINITURE, codiceRef, periodFilters, ref, spessoreMm, statoNota } from './common.js';

export const LAVORAZIONE_PAVIMENTI_STATI = [
  'pianificata',
  'in_lavorazione',
  'completata',
  'annullata',
] as const;
export type LavorazionePavimentiStato = (typeof LAVORAZIONE_PAVIMENTI_STATI)[number];
export const LAVORAZIONE_PAVIMENTI_STATO_LABELS: Record<LavorazionePavimentiStato, string> = {
  pianificata: 'Pianificata',
  in_lavorazione: 'In lavorazione',
  completata: 'Completata',
  annullata: 'Annullata',
};
export const LAVORAZIONE_PAVIMENTI_TRANSITIONS: Record<
  LavorazionePavimentiStato,
  { manual: readonly LavorazionePavimentiStato[]; system: readonly LavorazionePavimentiStato[] }
> = {
  pianificata: { manual: ['in_lavorazione', 'annullata'], system: [] },
  in_lavorazione: { manual: ['annullata'], system: ['completata'] },
  completata: { manual: [], system: [] },
  annullata: { manual: [], system: [] },
};

/** Tile formats offered first, mm (docs/domain.md); any other size may be typed. */
export const FORMATI_PAVIMENTI = [
  { lunghezzaMm: 305, larghezzaMm: 305 },
  { lunghezzaMm: 400, larghezzaMm: 400 },
  { lunghezzaMm: 600, larghezzaMm: 300 },
  { lunghezzaMm: 600, larghezzaMm: 600 },
  { lunghezzaMm: 610, larghezzaMm: 305 },
] as const;
export const TILE_MAX_MM = 1500;
export function formatoLabel(f: { lunghezzaMm: number; larghezzaMm: number }): string {
  return `${f.lunghezzaMm}×${f.larghezzaMm}`;
}

export const BORDI = ['vivo', 'bisellato'] as const;
export const BORDO_LABELS: Record<(typeof BORDI)[number], string> = {
  vivo: 'Spigolo vivo',
  bisellato: 'Bisellato',
};

export const ORIGINI_PAVIMENTI = ['blocco', 'lastre'] as const;
export type OriginePavimenti = (typeof ORIGINI_PAVIMENTI)[number];

const planFields = {
  lunghezzaMm: mm('Lunghezza del formato', TILE_MAX_MM),
  larghezzaMm: mm('Larghezza del formato', TILE_MAX_MM),
  spessoreMm,
  finitura: z.enum(FINITURE, { error: 'Finitura non valida' }).default('levigato'),
  bordo: z.enum(BORDI, { error: 'Bordo non valido' }).default('vivo'),
  calibrato: z.boolean().default(true),
  note: optionalText(2000),
};

/** The origin is whichever is given: a block (`bloccoId`) or slabs (`lastraIds`), never both. */
export const lavorazionePavimentiCreateSchema = z
  .strictObject({
    bloccoId: z.uuid({ error: 'Blocco non valido' }).optional(),
    lastraIds: z
      .array(z.uuid({ error: 'Lastra non valida' }))
      .min(1, { error: 'Scegli almeno una lastra' })
      .max(500)
      .optional(),
    ...planFields,
  })
  .superRefine((b, ctx) => {
    if (!b.bloccoId && !b.lastraIds)
      ctx.addIssue({
        code: 'custom',
        path: ['bloccoId'],
        message: 'Scegli il blocco o le lastre da cui tagliare',
      });
    if (b.bloccoId && b.lastraIds)
      ctx.addIssue({
        code: 'custom',
        path: ['lastraIds'],
        message: 'Si taglia da un blocco oppure da lastre, non da entrambi',
      });
    if (b.lastraIds && new Set(b.lastraIds).size !== b.lastraIds.length)
      ctx.addIssue({
        code: 'custom',
        path: ['lastraIds'],
        message: 'Una lastra è indicata due volte',
      });
  });
export type LavorazionePavimentiCreate = z.output<typeof lavorazionePavimentiCreateSchema>;

export const lavorazionePavimentiUpdateSchema = z.strictObject(updateShapeOf(planFields));
export type LavorazionePavimentiUpdate = z.output<typeof lavorazionePavimentiUpdateSchema>;

export const lavorazionePavimentiStatoBodySchema = z.strictObject({
  stato: z.enum(['in_lavorazione', 'annullata'], {
    error: 'Stato non valido: «in_lavorazione» o «annullata»',
  }),
  nota: statoNota,
});
export type LavorazionePavimentiStatoBody = z.output<typeof lavorazionePavimentiStatoBodySchema>;

const intero = (label: string, min: number, max: number) =>
  z
    .number({
      error: (iss) => (iss.input == null ? `${label}: obbligatorio` : `${label}: un numero intero`),
    })
    .int({ error: `${label}: un numero intero` })
    .min(min, { error: `${label}: almeno ${min}` })
    .max(max, { error: `${label}: al massimo ${max.toLocaleString('it-IT')}` });

export const lavorazionePavimentiCompletaSchema = z.strictObject({
  pezzi: intero('Pezzi', 1, 1_000_000),
  pezziPerCassa: intero('Pezzi per cassa', 1, 1000),
  ubicazioneId: z.uuid({ error: "Scegli l'ubicazione del lotto" }),
});
export type LavorazionePavimentiCompleta = z.output<typeof lavorazionePavimentiCompletaSchema>;

export const lavorazionePavimentiSchema = z.object({
  _id: z.string(),
  codice: z.string(),
  companyId: z.string(),
  origine: z.enum(ORIGINI_PAVIMENTI),
  /** The block cut, or the block the slabs came from. */
  blocco: codiceRef.extend({ origine: z.enum(BLOCCO_ORIGINI) }).nullable(),
  lastre: z.array(codiceRef.extend({ mq: z.number() })),
  materiale: ref,
  lunghezzaMm: z.number(),
  larghezzaMm: z.number(),
  spessoreMm: z.number(),
  finitura: z.enum(FINITURE),
  bordo: z.enum(BORDI),
  calibrato: z.boolean(),
  dataInizio: z.string().nullable(),
  dataFine: z.string().nullable(),
  pezzi: z.number().nullable(),
  mqProdotti: z.number().nullable(),
  scartoMq: z.number().nullable(),
  /** % of the material's area (slabs) or m²/m³ of the block's net volume. */
  resa: z.number().nullable(),
  lotto: codiceRef.nullable(),
  stato: z.enum(LAVORAZIONE_PAVIMENTI_STATI),
  /** The most tiles of the format the source can physically give (see pavimenti-limite). */
  pezziMassimi: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LavorazionePavimenti = z.infer<typeof lavorazionePavimentiSchema>;
export const lavorazionePavimentiListItemSchema = lavorazionePavimentiSchema.omit({
  lastre: true,
  pezziMassimi: true,
  companyId: true,
  note: true,
  updatedAt: true,
});
export type LavorazionePavimentiListItem = z.infer<typeof lavorazionePavimentiListItemSchema>;

export const LAVORAZIONE_PAVIMENTI_SORT_FIELDS = [
  'codice',
  'createdAt',
  'dataInizio',
  'mqProdotti',
  'stato',
] as const;
const lavorazionePavimentiFilters = {
  q: z.string().trim().max(100).optional(),
  stato: z.enum(LAVORAZIONE_PAVIMENTI_STATI, { error: 'Stato non valido' }).optional(),
  materialeId: z.uuid({ error: 'Materiale non valido' }).optional(),
  bloccoId: z.uuid({ error: 'Blocco non valido' }).optional(),
  ...periodFilters,
};
export const lavorazionePavimentiFilterSchema = z.object(lavorazionePavimentiFilters);
export type LavorazionePavimentiFilter = z.output<typeof lavorazionePavimentiFilterSchema>;
export const lavorazionePavimentiListQuerySchema = listQuerySchema.extend({
  ...lavorazionePavimentiFilters,
  sort: z
    .enum([
      ...LAVORAZIONE_PAVIMENTI_SORT_FIELDS,
      ...LAVORAZIONE_PAVIMENTI_SORT_FIELDS.map((f) => `-${f}` as const),
    ])
    .optional(),
});
export type LavorazionePavimentiListQuery = z.output<typeof lavorazionePavimentiListQuerySchema>;
/** The list as a CSV or Excel file: its filters and its order. */
export const lavorazionePavimentiExportQuerySchema = lavorazionePavimentiFilterSchema.extend({
  sort: lavorazionePavimentiListQuerySchema.shape.sort,
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
});
export type LavorazionePavimentiExportQuery = z.output<
  typeof lavorazionePavimentiExportQuerySchema
>;

export const lavorazionePavimentiSummarySchema = z.object({
  count: z.number().int(),
  pezzi: z.number().int(),
  mqProdotti: z.number(),
  scartoMq: z.number(),
});
export type LavorazionePavimentiSummary = z.infer<typeof lavorazionePavimentiSummarySchema>;

/** A slab that may be cut into tiles: `disponibile`, with its bundle. */
export const lastraTagliabileSchema = z.object({
  _id: z.string(),
  codice: z.string(),
  pacco: codiceRef,
  materiale: ref,
  lunghezzaMm: z.number(),
  altezzaMm: z.number(),
  spessoreMm: z.number(),
  mq: z.number(),
});
export type LastraTagliabile = z.infer<typeof lastraTagliabileSchema>;
export const lastraTagliabileQuerySchema = z.object({
  /** Matches the slab's code and its bundle's. */
  q: z.string().trim().max(100).optional(),
  paccoId: z.uuid({ error: 'Pacco non valido' }).optional(),
});
export type LastraTagliabileQuery = z.output<typeof lastraTagliabileQuerySchema>;
