import { z } from 'zod';
import { ddtRefsField } from '../sales/ddt-ref.js';
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

import { BLOCCO_ORIGINI, BLOCCO_STATI } from './blocchi-stati.js';
import { CATEGORIE, DIFETTI, SCELTE, UNITA_PREZZO, UNITA_PREZZO_ACQUISTO } from './blocchi-voci.js';

export * from './blocchi-stati.js';
export * from './blocchi-voci.js';

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
