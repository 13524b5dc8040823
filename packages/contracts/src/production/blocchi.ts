import { z } from 'zod';
import { ddtRefsField } from '../sales/ddt-ref.js';
import { listQuerySchema } from '../pagination.js';
import { can, type PermissionSubject } from '../permissions.js';
import { updateShapeOf } from '../schema-utils.js';
import {
  BLOCCO_MAX_CM,
  BLOCCO_MAX_T,
  cm,
  codiceInModifica,
  euro,
  isoDate,
  optionalText,
  tonnes,
} from '../fields.js';
import { PESO_BASI } from './peso-blocco.js';

export const BLOCCO_ORIGINI = ['interno', 'esterno'] as const;
export type BloccoOrigine = (typeof BLOCCO_ORIGINI)[number];

export const BLOCCO_STATI = [
  'in_piazzale',
  'disponibile',
  'opzionato',
  'in_collaudo',
  'venduto',
  'spedito',
  'in_segagione',
  'segato',
  'scartato',
] as const;
export type BloccoStato = (typeof BLOCCO_STATI)[number];

export const BLOCCO_STATO_LABELS: Record<BloccoStato, string> = {
  in_piazzale: 'In piazzale',
  disponibile: 'Disponibile',
  opzionato: 'Opzionato',
  in_collaudo: 'In collaudo',
  venduto: 'Venduto',
  spedito: 'Spedito',
  in_segagione: 'In segagione',
  segato: 'Segato',
  scartato: 'Scartato',
};

/**
 * The one transition table of a blocco (docs/domain.md). `manual` moves are the user's (`POST …/:id/stato`);
 * the others belong to the modules that cause them (collaudi, lavorazioni) and go through their services.
 */
export const BLOCCO_TRANSITIONS: Record<
  BloccoStato,
  { manual: readonly BloccoStato[]; system: readonly BloccoStato[] }
> = {
  in_piazzale: { manual: ['disponibile', 'scartato'], system: [] },
  // venduto by the system: a transfer to a group company (docs/domain.md "Ditte del gruppo")
  disponibile: {
    manual: ['opzionato', 'scartato'],
    system: ['in_collaudo', 'in_segagione', 'venduto'],
  },
  opzionato: { manual: ['opzionato', 'disponibile', 'scartato'], system: ['in_collaudo'] },
  in_collaudo: { manual: [], system: ['venduto', 'disponibile', 'opzionato'] },
  // spedito by a DDT; back to venduto when the DDT is cancelled
  venduto: { manual: ['spedito'], system: ['spedito'] },
  spedito: { manual: [], system: ['venduto'] },
  in_segagione: { manual: [], system: ['segato', 'disponibile'] },
  segato: { manual: [], system: [] },
  scartato: { manual: [], system: [] },
};

export function canMoveBlocco(
  from: BloccoStato,
  to: BloccoStato,
  by: 'manual' | 'system' = 'manual',
): boolean {
  const t = BLOCCO_TRANSITIONS[from];
  return by === 'manual' ? t.manual.includes(to) : t.manual.includes(to) || t.system.includes(to);
}

/** Optioning, renewing and releasing an option: the moves a sales user makes (docs/permissions.md). */
export function isOptionMove(from: BloccoStato, to: BloccoStato): boolean {
  return to === 'opzionato' || (from === 'opzionato' && to === 'disponibile');
}

/**
 * docs/api.md "Who may call what" amended: optioning is a sales act, so whoever writes `collaudi` may also make the option
 * moves (isOptionMove) on a block they can read, without write access to the block itself.
 */
export function canOptionBlocchi(user: PermissionSubject | null | undefined): boolean {
  return can(user, 'collaudi', 'write');
}

/** States in which the block is still the company's to sell or saw: a declassamento is allowed. */
export const BLOCCO_STATI_DECLASSABILI: readonly BloccoStato[] = [
  'in_piazzale',
  'disponibile',
  'opzionato',
];
/** States in which a block may be deleted (when nothing references it). */
export const BLOCCO_STATI_ELIMINABILI: readonly BloccoStato[] = [
  'in_piazzale',
  'disponibile',
  'scartato',
];

/**
 * Informi are sold and reported by weight (docs/reportistica.md, "Regole delle cifre"): a price per m³
 * on an informe block — its list price, a collaudo row — is refused with this message.
 */
export const INFORMI_A_PESO = 'Gli informi si vendono a peso: €/t o €/q';
/** True when a price is set per m³ on an informe. */
export function informeAVolume(b: {
  categoria: string;
  unitaPrezzo: string | null | undefined;
  prezzo: number | null | undefined;
}): boolean {
  return b.categoria === 'informe' && b.unitaPrezzo === 'm3' && b.prezzo != null;
}

export const SCELTE = ['prima', 'seconda', 'commerciale'] as const;
export const CATEGORIE = ['squadrato', 'semisquadrato', 'informe'] as const;
export const DIFETTI = ['pelo', 'crepa', 'macchia', 'vena', 'taroli', 'spigolo', 'colore'] as const;
export const UNITA_PREZZO = ['m3', 't', 'q'] as const;
export const UNITA_PREZZO_ACQUISTO = ['totale', 'm3', 't'] as const;

export const SCELTA_LABELS: Record<(typeof SCELTE)[number], string> = {
  prima: 'Prima',
  seconda: 'Seconda',
  commerciale: 'Commerciale',
};
export const CATEGORIA_LABELS: Record<(typeof CATEGORIE)[number], string> = {
  squadrato: 'Squadrato',
  semisquadrato: 'Semisquadrato',
  informe: 'Informe',
};
export const DIFETTO_LABELS: Record<(typeof DIFETTI)[number], string> = {
  pelo: 'Pelo',
  crepa: 'Crepa aperta',
  macchia: 'Macchia',
  vena: 'Vena / madremacchia',
  taroli: 'Taroli / cavità',
  spigolo: 'Rottura spigolo',
  colore: 'Colore fuori tono',
};
export const UNITA_PREZZO_LABELS: Record<(typeof UNITA_PREZZO)[number], string> = {
  m3: '€/m³',
  t: '€/t',
  q: '€/q',
};

const commonFields = {
  codiceTracciabilita: optionalText(60),
  materialeId: z.uuid({ error: 'Scegli il materiale' }),
  scelta: z.enum(SCELTE, { error: 'Scelta non valida' }).default('prima'),
  categoria: z.enum(CATEGORIE, { error: 'Categoria non valida' }).default('squadrato'),
  difettoso: z.boolean().default(false),
  difetti: z
    .array(z.enum(DIFETTI, { error: 'Difetto non valido' }))
    .max(DIFETTI.length)
    .default([]),
  noteDifetti: optionalText(1000),
  lunghezza: cm('Lunghezza', BLOCCO_MAX_CM),
  altezza: cm('Altezza', BLOCCO_MAX_CM),
  profondita: cm('Profondità', BLOCCO_MAX_CM),
  lunghezzaNetta: cm('Lunghezza netta', BLOCCO_MAX_CM).nullish(),
  altezzaNetta: cm('Altezza netta', BLOCCO_MAX_CM).nullish(),
  profonditaNetta: cm('Profondità netta', BLOCCO_MAX_CM).nullish(),
  pesoPesa: tonnes('Peso alla pesa', BLOCCO_MAX_T).nullish(),
  /** The pesata: the day the block crossed the quarry's weighbridge and the ticket's number. */
  dataPesata: isoDate('Data della pesata').nullish(),
  numeroPesata: optionalText(30),
  /** The user confirms a weighbridge reading outside 0,5–1,5 × the gross m³ × density (the history keeps it). */
  pesoFuoriNorma: z.boolean({ error: 'Peso fuori norma: sì o no' }).optional(),
  ubicazioneId: z.uuid({ error: "Scegli l'ubicazione" }),
  prezzoListino: euro('Prezzo di listino').nullish(),
  unitaPrezzo: z.enum(UNITA_PREZZO, { error: 'Unità di prezzo non valida' }).default('m3'),
  note: optionalText(2000),
};

const purchaseFields = {
  fornitoreId: z.uuid({ error: 'Scegli il fornitore' }),
  numeroFornitore: optionalText(60),
  dataAcquisto: isoDate('Data di acquisto'),
  prezzoAcquisto: euro('Prezzo di acquisto'),
  unitaPrezzoAcquisto: z.enum(UNITA_PREZZO_ACQUISTO, {
    error: 'Unità del prezzo di acquisto non valida',
  }),
  costoTrasporto: euro('Costo di trasporto').nullish(),
};

/** Net measures are each at most the gross one. */
function netWithinGross(
  body: {
    lunghezza?: number;
    altezza?: number;
    profondita?: number;
    lunghezzaNetta?: number | null;
    altezzaNetta?: number | null;
    profonditaNetta?: number | null;
  },
  ctx: z.RefinementCtx,
) {
  for (const [gross, net, label] of [
    ['lunghezza', 'lunghezzaNetta', 'Lunghezza netta'],
    ['altezza', 'altezzaNetta', 'Altezza netta'],
    ['profondita', 'profonditaNetta', 'Profondità netta'],
  ] as const) {
    const g = body[gross];
    const n = body[net];
    if (g !== undefined && n !== undefined && n !== null && n > g) {
      ctx.addIssue({
        code: 'custom',
        path: [net],
        message: `${label}: non può superare la misura lorda (${g} cm)`,
      });
    }
  }
}

/**
 * An own block's production date (docs/domain.md): the day it was squared, which every production figure
 * counts by. Optional: the server defaults it to the day the block is entered (Rome).
 */
const dataRiquadratura = isoDate('Data riquadratura');

/** "Disponibile subito": an own block skips `in_piazzale` (a bought-in block always starts available). */
const startStato = z
  .literal('disponibile', { error: 'Un blocco nuovo può essere solo «Disponibile» subito' })
  .optional();

export const bloccoInternoCreateSchema = z
  .strictObject({
    ...commonFields,
    bancataId: z.uuid({ error: 'Scegli la bancata' }),
    materialeId: commonFields.materialeId.optional(),
    dataRiquadratura: dataRiquadratura.optional(),
    stato: startStato,
  })
  .superRefine(netWithinGross);
export const bloccoEsternoCreateSchema = z
  .strictObject({ ...commonFields, ...purchaseFields, stato: startStato })
  .superRefine(netWithinGross);
export type BloccoInternoCreate = z.output<typeof bloccoInternoCreateSchema>;
export type BloccoEsternoCreate = z.output<typeof bloccoEsternoCreateSchema>;
export type BloccoCreate = BloccoInternoCreate | BloccoEsternoCreate;

export const bloccoInternoUpdateSchema = z
  .strictObject(
    updateShapeOf({ ...commonFields, dataRiquadratura, codice: codiceInModifica(3, 30) }),
  )
  .superRefine(netWithinGross);
export const bloccoEsternoUpdateSchema = z
  .strictObject(
    updateShapeOf({ ...commonFields, ...purchaseFields, codice: codiceInModifica(3, 30) }),
  )
  .superRefine(netWithinGross);
/** Either route's edit; the production date is an own block's only. */
export type BloccoUpdate = z.output<typeof bloccoEsternoUpdateSchema> &
  Partial<Pick<z.output<typeof bloccoInternoUpdateSchema>, 'dataRiquadratura'>>;

export const bloccoStatoBodySchema = z
  .strictObject({
    stato: z.enum(BLOCCO_STATI, { error: 'Stato non valido' }),
    clienteId: z.uuid({ error: 'Scegli il cliente' }).optional(),
    /** The last day of the option, a calendar date in Italy (valid through that whole day). */
    opzioneScadenza: isoDate("Scadenza dell'opzione").optional(),
    nota: optionalText(500),
  })
  .superRefine((body, ctx) => {
    if (body.stato !== 'opzionato') return;
    if (!body.clienteId)
      ctx.addIssue({
        code: 'custom',
        path: ['clienteId'],
        message: 'Per opzionare un blocco serve il cliente',
      });
    if (!body.opzioneScadenza)
      ctx.addIssue({
        code: 'custom',
        path: ['opzioneScadenza'],
        message: "Per opzionare un blocco serve la scadenza dell'opzione",
      });
  });
export type BloccoStatoBody = z.output<typeof bloccoStatoBodySchema>;

export const bloccoDeclassaBodySchema = z
  .strictObject({
    scelta: z.enum(SCELTE).optional(),
    categoria: z.enum(CATEGORIE).optional(),
    unitaPrezzo: z.enum(UNITA_PREZZO).optional(),
    nota: z
      .string({ error: 'Spiega il motivo del declassamento' })
      .trim()
      .min(3, { error: 'Spiega il motivo del declassamento' })
      .max(500),
  })
  .refine((b) => b.scelta !== undefined || b.categoria !== undefined, {
    message: 'Indica la nuova scelta o la nuova categoria',
    path: ['scelta'],
  });
export type BloccoDeclassaBody = z.output<typeof bloccoDeclassaBodySchema>;

const ref = z.object({ _id: z.string(), nome: z.string() });
const codiceRef = z.object({ _id: z.string(), codice: z.string() });
export const bloccoSchema = z.object({
  _id: z.string(),
  codice: z.string(),
  companyId: z.string(),
  origine: z.enum(BLOCCO_ORIGINI),
  bancata: codiceRef.nullable(),
  cava: ref.nullable(),
  fornitore: z.object({ _id: z.string(), ragioneSociale: z.string() }).nullable(),
  numeroFornitore: z.string().nullable(),
  dataAcquisto: z.string().nullable(),
  prezzoAcquisto: z.number().nullable(),
  unitaPrezzoAcquisto: z.enum(UNITA_PREZZO_ACQUISTO).nullable(),
  costoTrasporto: z.number().nullable(),
  codiceTracciabilita: z.string().nullable(),
  materiale: ref.extend({ densita: z.number() }),
  scelta: z.enum(SCELTE),
  categoria: z.enum(CATEGORIE),
  difettoso: z.boolean(),
  difetti: z.array(z.enum(DIFETTI)),
  noteDifetti: z.string().nullable(),
  lunghezza: z.number(),
  altezza: z.number(),
  profondita: z.number(),
  lunghezzaNetta: z.number(),
  altezzaNetta: z.number(),
  profonditaNetta: z.number(),
  volumeLordo: z.number(),
  volumeNetto: z.number(),
  pesoPesa: z.number().nullable(),
  dataPesata: z.iso.date().nullable(),
  numeroPesata: z.string().nullable(),
  pesoTeorico: z.number(),
  /** The block's weight by the one rule (`pesoBlocco`: the weighbridge, else net m³ × density), t, and its basis. */
  peso: z.object({ t: z.number(), base: z.enum(PESO_BASI) }),
  ubicazione: ref.nullable(),
  prezzoListino: z.number().nullable(),
  unitaPrezzo: z.enum(UNITA_PREZZO),
  cliente: z.object({ _id: z.string(), ragioneSociale: z.string() }).nullable(),
  /** The option's last day (YYYY-MM-DD, Italy's calendar); null without a live option. */
  opzioneScadenza: z.iso.date().nullable(),
  /** The production date (YYYY-MM-DD, Rome): the day an own block was squared; a bought-in block's is the day it was entered. */
  dataRiquadratura: z.iso.date(),
  /** Effective state: an option past its expiry reads as `disponibile`. */
  stato: z.enum(BLOCCO_STATI),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ddt: ddtRefsField,
});
export type Blocco = z.infer<typeof bloccoSchema>;

/**
 * A row of the blocchi lists: what the list, its cards and its filters show. The detail answers
 * the whole `Blocco`; a list row half as wide is half the work for the embedded database, which
 * decodes every field in JavaScript (docs/performance.md, docs/quality.md P1).
 */
export const bloccoListItemSchema = bloccoSchema.pick({
  _id: true,
  codice: true,
  origine: true,
  bancata: true,
  cava: true,
  fornitore: true,
  numeroFornitore: true,
  dataAcquisto: true,
  materiale: true,
  scelta: true,
  categoria: true,
  difettoso: true,
  lunghezzaNetta: true,
  altezzaNetta: true,
  profonditaNetta: true,
  volumeLordo: true,
  volumeNetto: true,
  peso: true,
  // the weighbridge reading with its ticket, or none (docs/ddt.md "La pesata")
  pesoPesa: true,
  dataPesata: true,
  numeroPesata: true,
  ubicazione: true,
  prezzoListino: true,
  unitaPrezzo: true,
  cliente: true,
  opzioneScadenza: true,
  stato: true,
  createdAt: true,
});
export type BloccoListItem = z.infer<typeof bloccoListItemSchema>;

/** `peso` sorts by the weight the list shows (weighbridge, else theoretical); `pesoTeorico` is kept for old links. */
export const BLOCCO_SORT_FIELDS = [
  'codice',
  'createdAt',
  'volumeLordo',
  'volumeNetto',
  'peso',
  'pesoTeorico',
  'stato',
  'scelta',
] as const;

const bloccoFilters = {
  /** Matches codice, numero fornitore, codice di tracciabilità, note and the material's name. */
  q: z.string().trim().max(100).optional(),
  stato: z.enum(BLOCCO_STATI, { error: 'Stato non valido' }).optional(),
  /**
   * `tutte`: own and bought-in blocks in one list, as the dashboard adds them; it asks
   * for both pages' read permission. Without it each route lists its own origine.
   */
  origine: z.enum(['tutte'], { error: 'Origine non valida' }).optional(),
  cavaId: z.uuid().optional(),
  materialeId: z.uuid().optional(),
  scelta: z.enum(SCELTE).optional(),
  categoria: z.enum(CATEGORIE).optional(),
  bancataId: z.uuid().optional(),
  fornitoreId: z.uuid().optional(),
  ubicazioneId: z.uuid().optional(),
  dal: isoDate('Dal').optional(),
  al: isoDate('Al').optional(),
  /** The customer of a live option, collaudo or sale. */
  clienteId: z.uuid({ error: 'Cliente non valido' }).optional(),
  /** Options expiring within 7 days (Italy's calendar), today included. */
  inScadenza: z.stringbool({ error: 'In scadenza: true o false' }).optional(),
  /** On the net volume, m³. */
  volumeMin: z.coerce
    .number<number>({ error: 'Volume minimo: numero non valido' })
    .min(0, { error: 'Volume minimo: non può essere negativo' })
    .optional(),
  volumeMax: z.coerce
    .number<number>({ error: 'Volume massimo: numero non valido' })
    .min(0, { error: 'Volume massimo: non può essere negativo' })
    .optional(),
  /** On the list price, € (in its own unit). */
  prezzoMin: z.coerce
    .number<number>({ error: 'Prezzo minimo: numero non valido' })
    .min(0, { error: 'Prezzo minimo: non può essere negativo' })
    .optional(),
  prezzoMax: z.coerce
    .number<number>({ error: 'Prezzo massimo: numero non valido' })
    .min(0, { error: 'Prezzo massimo: non può essere negativo' })
    .optional(),
};
export const bloccoFilterSchema = z.object(bloccoFilters);
export type BloccoFilter = z.output<typeof bloccoFilterSchema>;
const bloccoSort = z
  .enum([...BLOCCO_SORT_FIELDS, ...BLOCCO_SORT_FIELDS.map((f) => `-${f}` as const)])
  .optional();
export type BloccoSort = NonNullable<z.output<typeof bloccoSort>>;
export const bloccoListQuerySchema = listQuerySchema.extend({ ...bloccoFilters, sort: bloccoSort });
export type BloccoListQuery = z.output<typeof bloccoListQuerySchema>;
/** The export follows the list: its filters and its order. */
export const bloccoExportQuerySchema = bloccoFilterSchema.extend({
  sort: bloccoSort,
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
});

export const bloccoSummarySchema = z.object({
  count: z.number().int(),
  /** How many of them are informi (counted above, by weight below, never in the m³). */
  informi: z.number().int(),
  /** m³ of the squared blocks: informi count by weight only (docs/domain.md). */
  volumeLordo: z.number(),
  volumeNetto: z.number(),
  /** Theoretical weight of all the blocks, informi included. */
  pesoT: z.number(),
  /** The informi among them, t by the weight rule (weighbridge, else net m³ × density). */
  informiT: z.number(),
});
export type BloccoSummary = z.infer<typeof bloccoSummarySchema>;

/** A node of a block's family tree: cava and bancata (or fornitore) above, lastre, pavimenti, collaudo below. */
export const genealogyNodeSchema = z.object({
  entityType: z.string(),
  _id: z.string(),
  label: z.string(),
  codice: z.string().nullable(),
  relation: z.enum(['origine', 'derivato', 'vendita']),
  path: z.string().nullable(),
});
export type GenealogyNode = z.infer<typeof genealogyNodeSchema>;
