import { z } from 'zod';
import { listQuerySchema } from '../pagination.js';
import { updateShapeOf } from '../schema-utils.js';
import { mm, optionalText } from '../fields.js';
import { BLOCCO_ORIGINI } from '../production/blocchi.js';
import {
  FINITURE,
  LASTRA_MAX_MM,
  anagraficaRef,
  codiceRef,
  difettiList,
  periodFilters,
  ref,
  sceltaEnum,
  spessoreMm,
  statoNota,
} from './common.js';
import { MAX_LASTRE_PER_BLOCCO } from './quantities.js';

export const LAVORAZIONE_LASTRE_STATI = [
  'pianificata',
  'in_segagione',
  'completata',
  'annullata',
] as const;
export type LavorazioneLastreStato = (typeof LAVORAZIONE_LASTRE_STATI)[number];
export const LAVORAZIONE_LASTRE_STATO_LABELS: Record<LavorazioneLastreStato, string> = {
  pianificata: 'Pianificata',
  in_segagione: 'In segagione',
  completata: 'Completata',
  annullata: 'Annullata',
};

/**
 * The transition table of a sawing (docs/domain.md). `manual` moves go through `POST …/:id/stato`;
 * `completata` only through `POST …/:id/completa`, which also loads the stock.
 */
export const LAVORAZIONE_LASTRE_TRANSITIONS: Record<
  LavorazioneLastreStato,
  { manual: readonly LavorazioneLastreStato[]; system: readonly LavorazioneLastreStato[] }
> = {
  pianificata: { manual: ['in_segagione', 'annullata'], system: [] },
  in_segagione: { manual: ['annullata'], system: ['completata'] },
  completata: { manual: [], system: [] },
  annullata: { manual: [], system: [] },
};

const planFields = {
  macchinaId: z.uuid({ error: 'Scegli la macchina' }),
  spessoreMm,
  finitura: z.enum(FINITURE, { error: 'Finitura non valida' }).default('grezzo'),
  resinatura: z.boolean().default(false),
  contoTerzi: z.boolean().default(false),
  terzistaId: z.uuid({ error: 'Scegli il terzista' }).nullish(),
  note: optionalText(2000),
};

function terzistaWhenContoTerzi(
  body: { contoTerzi?: boolean; terzistaId?: string | null },
  ctx: z.RefinementCtx,
) {
  if (body.contoTerzi && !body.terzistaId)
    ctx.addIssue({
      code: 'custom',
      path: ['terzistaId'],
      message: 'Per una lavorazione conto terzi scegli il terzista',
    });
  if (body.contoTerzi === false && body.terzistaId)
    ctx.addIssue({
      code: 'custom',
      path: ['terzistaId'],
      message: 'Il terzista si indica solo per una lavorazione conto terzi',
    });
}

export const lavorazioneLastreCreateSchema = z
  .strictObject({ bloccoId: z.uuid({ error: 'Scegli il blocco da segare' }), ...planFields })
  .superRefine(terzistaWhenContoTerzi);
export type LavorazioneLastreCreate = z.output<typeof lavorazioneLastreCreateSchema>;

/** Editable while `pianificata` (machine, thickness, finish…) and the note at any time. */
export const lavorazioneLastreUpdateSchema = z
  .strictObject(updateShapeOf(planFields))
  .superRefine(terzistaWhenContoTerzi);
export type LavorazioneLastreUpdate = z.output<typeof lavorazioneLastreUpdateSchema>;

export const lavorazioneLastreStatoBodySchema = z.strictObject({
  stato: z.enum(['in_segagione', 'annullata'], {
    error: 'Stato non valido: «in_segagione» o «annullata»',
  }),
  nota: statoNota,
});
export type LavorazioneLastreStatoBody = z.output<typeof lavorazioneLastreStatoBodySchema>;

const lato = (label: string) => mm(label, LASTRA_MAX_MM);

export const lastraMisuraSchema = z.strictObject({
  lunghezzaMm: lato('Lunghezza'),
  altezzaMm: lato('Altezza'),
  scelta: sceltaEnum.optional(),
  difetti: difettiList.optional(),
});
export type LastraMisura = z.output<typeof lastraMisuraSchema>;

const completaCommon = {
  /** Slabs per bundle: one bundle when absent. */
  lastrePerPacco: z
    .number({ error: 'Lastre per pacco: un numero intero' })
    .int({ error: 'Lastre per pacco: un numero intero' })
    .min(1, { error: 'Lastre per pacco: almeno 1' })
    .max(MAX_LASTRE_PER_BLOCCO)
    .optional(),
  ubicazioneId: z.uuid({ error: "Scegli l'ubicazione dei pacchi" }),
};

/**
 * Completion, either slab by slab in sawing order or as a count and an average size. The two
 * shapes are told apart by `lastre` vs `numeroLastre`; both at once is refused.
 */
export const lavorazioneLastreCompletaSchema = z.union(
  [
    z.strictObject({
      lastre: z
        .array(lastraMisuraSchema, { error: 'Indica le lastre' })
        .min(1, { error: 'Indica almeno una lastra' })
        .max(MAX_LASTRE_PER_BLOCCO, {
          error: `Al massimo ${MAX_LASTRE_PER_BLOCCO} lastre per blocco`,
        }),
      ...completaCommon,
    }),
    z.strictObject({
      numeroLastre: z
        .number({ error: 'Numero di lastre: un numero intero' })
        .int({ error: 'Numero di lastre: un numero intero' })
        .min(1, { error: 'Numero di lastre: almeno 1' })
        .max(MAX_LASTRE_PER_BLOCCO, {
          error: `Numero di lastre: al massimo ${MAX_LASTRE_PER_BLOCCO}`,
        }),
      lunghezzaMm: lato('Lunghezza media'),
      altezzaMm: lato('Altezza media'),
      ...completaCommon,
    }),
  ],
  {
    error:
      'Indica le lastre una per una (lastre) oppure numero e misura media (numeroLastre, lunghezzaMm, altezzaMm)',
  },
);
export type LavorazioneLastreCompleta = z.output<typeof lavorazioneLastreCompletaSchema>;

export const lavorazioneLastreSchema = z.object({
  _id: z.string(),
  codice: z.string(),
  companyId: z.string(),
  blocco: z.object({
    _id: z.string(),
    codice: z.string(),
    origine: z.enum(BLOCCO_ORIGINI),
    volumeNetto: z.number(),
    lunghezzaNetta: z.number(),
    altezzaNetta: z.number(),
    profonditaNetta: z.number(),
  }),
  materiale: ref,
  macchina: ref.extend({ kerfMm: z.number(), rifiloMm: z.number() }),
  spessoreMm: z.number(),
  finitura: z.enum(FINITURE),
  resinatura: z.boolean(),
  contoTerzi: z.boolean(),
  terzista: anagraficaRef.nullable(),
  /** YYYY-MM-DD (Italy) when sawing started and ended. */
  dataInizio: z.string().nullable(),
  dataFine: z.string().nullable(),
  numeroLastre: z.number().nullable(),
  mqTotali: z.number().nullable(),
  /** m²/m³ of the block's net volume. */
  resa: z.number().nullable(),
  /** The most this block can give at this thickness on this machine, m²/m³ (`resaTeorica`): planned across its largest face, set on completion across the depth it was sawn. */
  resaTeorica: z.number(),
  pacchi: z.array(codiceRef.extend({ nLastre: z.number(), mq: z.number() })),
  stato: z.enum(LAVORAZIONE_LASTRE_STATI),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LavorazioneLastre = z.infer<typeof lavorazioneLastreSchema>;

export const lavorazioneLastreListItemSchema = lavorazioneLastreSchema.omit({
  pacchi: true,
  companyId: true,
  note: true,
  updatedAt: true,
});
export type LavorazioneLastreListItem = z.infer<typeof lavorazioneLastreListItemSchema>;

export const LAVORAZIONE_LASTRE_SORT_FIELDS = [
  'codice',
  'createdAt',
  'dataInizio',
  'mqTotali',
  'resa',
  'stato',
] as const;
const lavorazioneLastreFilters = {
  /** Matches the lavorazione's code and its block's code. */
  q: z.string().trim().max(100).optional(),
  stato: z.enum(LAVORAZIONE_LASTRE_STATI, { error: 'Stato non valido' }).optional(),
  macchinaId: z.uuid({ error: 'Macchina non valida' }).optional(),
  materialeId: z.uuid({ error: 'Materiale non valido' }).optional(),
  bloccoId: z.uuid({ error: 'Blocco non valido' }).optional(),
  ...periodFilters,
};
export const lavorazioneLastreFilterSchema = z.object(lavorazioneLastreFilters);
export const lavorazioneLastreListQuerySchema = listQuerySchema.extend({
  ...lavorazioneLastreFilters,
  sort: z
    .enum([
      ...LAVORAZIONE_LASTRE_SORT_FIELDS,
      ...LAVORAZIONE_LASTRE_SORT_FIELDS.map((f) => `-${f}` as const),
    ])
    .optional(),
});
export type LavorazioneLastreListQuery = z.output<typeof lavorazioneLastreListQuerySchema>;

/** The list as a CSV or Excel file: its filters and its order. */
export const lavorazioneLastreExportQuerySchema = lavorazioneLastreFilterSchema.extend({
  sort: lavorazioneLastreListQuerySchema.shape.sort,
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
});

export const lavorazioneLastreSummarySchema = z.object({
  /** Every sawing the filters match; the figures below are of the completed ones only. */
  count: z.number().int(),
  numeroLastre: z.number().int(),
  mqTotali: z.number(),
  /** m³ of the blocks sawn (net), completed sawings only: mqTotali ÷ volumeBlocchi = resaMedia. */
  volumeBlocchi: z.number(),
  /** Σ m² / Σ m³ of the completed ones. */
  resaMedia: z.number().nullable(),
});
export type LavorazioneLastreSummary = z.infer<typeof lavorazioneLastreSummarySchema>;

/** A block the sawmill may plan: `disponibile`, own or bought-in. */
export const bloccoSegabileSchema = z.object({
  _id: z.string(),
  codice: z.string(),
  origine: z.enum(BLOCCO_ORIGINI),
  materiale: ref,
  lunghezzaNetta: z.number(),
  altezzaNetta: z.number(),
  profonditaNetta: z.number(),
  volumeNetto: z.number(),
  scelta: sceltaEnum,
});
export type BloccoSegabile = z.infer<typeof bloccoSegabileSchema>;
export const bloccoSegabileQuerySchema = z.object({ q: z.string().trim().max(100).optional() });

export const macchinaPickerSchema = z.object({
  _id: z.string(),
  nome: z.string(),
  tipo: z.string(),
  kerfMm: z.number(),
  rifiloMm: z.number(),
});
export type MacchinaPicker = z.infer<typeof macchinaPickerSchema>;
