import { z } from 'zod';
import { BLOCCO_MAX_CM, BLOCCO_MAX_T, cm, euro, isoDate, optionalText, tonnes } from '../fields.js';
import { listQuerySchema } from '../pagination.js';
import { anagraficaRef, codiceRef, difettiList, ref, sceltaEnum } from '../processing/common.js';
import { BLOCCO_ORIGINI, BLOCCO_STATI, DIFETTI, SCELTE } from '../production/blocchi.js';
import { PESO_BASI } from '../production/peso-blocco.js';
import { ABBUONO_CM, ABBUONO_TIPI, ESITI, UNITA_PREZZO_COLLAUDO } from './collaudi-quantities.js';

// The buyer's inspection of blocks (docs/domain.md "Collaudo", docs/domain.md, §2.10): blocks are added
// as rows, measured and judged one by one, and the confirmation sells the accepted ones in one step.

export const COLLAUDO_STATI = [
  'programmato',
  'in_corso',
  'eseguito',
  'confermato',
  'annullato',
] as const;
export type CollaudoStato = (typeof COLLAUDO_STATI)[number];
export const COLLAUDO_STATO_LABELS: Record<CollaudoStato, string> = {
  programmato: 'Programmato',
  in_corso: 'In corso',
  eseguito: 'Eseguito',
  confermato: 'Confermato',
  annullato: 'Annullato',
};
/** `eseguito → in_corso` reopens the rows for a correction before the sale is confirmed. */
export const COLLAUDO_TRANSITIONS: Record<CollaudoStato, readonly CollaudoStato[]> = {
  programmato: ['in_corso', 'annullato'],
  in_corso: ['eseguito', 'annullato'],
  eseguito: ['confermato', 'in_corso', 'annullato'],
  confermato: [],
  annullato: [],
};
/** While the inspection is open its rows can be added, measured, judged and removed. */
export const COLLAUDO_STATI_MODIFICABILI: readonly CollaudoStato[] = ['programmato', 'in_corso'];
/** The states that hold their blocks `in_collaudo`. */
export const COLLAUDO_STATI_APERTI: readonly CollaudoStato[] = [
  'programmato',
  'in_corso',
  'eseguito',
];

const headerFields = {
  data: isoDate('Data'),
  luogo: optionalText(200),
  ispettore: optionalText(200),
  /** The company the inspector works for (the buyer's, or a surveyor's). */
  ispettoreSocieta: optionalText(200),
  /** Delivery basis, e.g. "Franco cava", "FOB Marina di Carrara" (RESE_SUGGERITE). */
  resa: optionalText(100),
  carico: optionalText(200),
  pagamento: optionalText(200),
  riferimentoOrdine: optionalText(100),
  note: optionalText(2000),
};
/** What the form offers for the delivery basis; any other text is allowed. */
export const RESE_SUGGERITE = [
  'Franco cava',
  'Franco piazzale',
  'FOB Marina di Carrara',
  'FOB La Spezia',
  'FCA Carrara',
] as const;

export const collaudoCreateSchema = z.strictObject({
  ...headerFields,
  clienteId: z.uuid({ error: 'Scegli il cliente' }),
});
export type CollaudoCreate = z.output<typeof collaudoCreateSchema>;
export type CollaudoCreateInput = z.input<typeof collaudoCreateSchema>;

/** The cliente changes only while no block is in the collaudo (its blocks may be optioned for that cliente). */
export const collaudoUpdateSchema = z.strictObject({
  data: headerFields.data.optional(),
  luogo: headerFields.luogo.optional(),
  ispettore: headerFields.ispettore.optional(),
  ispettoreSocieta: headerFields.ispettoreSocieta.optional(),
  resa: headerFields.resa.optional(),
  carico: headerFields.carico.optional(),
  pagamento: headerFields.pagamento.optional(),
  riferimentoOrdine: headerFields.riferimentoOrdine.optional(),
  note: headerFields.note.optional(),
  clienteId: z.uuid({ error: 'Cliente non valido' }).optional(),
});
export type CollaudoUpdate = z.output<typeof collaudoUpdateSchema>;

export const collaudoStatoBodySchema = z.strictObject({
  stato: z.enum(COLLAUDO_STATI, { error: 'Stato non valido' }),
  nota: optionalText(500),
});
export type CollaudoStatoBody = z.output<typeof collaudoStatoBodySchema>;

export const collaudoRigaCreateSchema = z.strictObject({
  bloccoId: z.uuid({ error: 'Scegli il blocco' }),
});
export type CollaudoRigaCreate = z.output<typeof collaudoRigaCreateSchema>;

const abbuonoValore = z
  .number({ error: 'Abbuono: un numero' })
  .min(0, { error: 'Abbuono: non può essere negativo' })
  .max(100_000, { error: 'Abbuono: troppo grande' });

/** Every field may be sent alone; null clears it. */
export const collaudoRigaUpdateSchema = z
  .strictObject({
    lunghezzaRilevata: cm('Lunghezza rilevata', BLOCCO_MAX_CM).nullable().optional(),
    altezzaRilevata: cm('Altezza rilevata', BLOCCO_MAX_CM).nullable().optional(),
    profonditaRilevata: cm('Profondità rilevata', BLOCCO_MAX_CM).nullable().optional(),
    abbuonoTipo: z
      .enum(ABBUONO_TIPI, { error: 'Tipo di abbuono non valido' })
      .nullable()
      .optional(),
    abbuonoValore: abbuonoValore.nullable().optional(),
    sceltaAssegnata: sceltaEnum.nullable().optional(),
    difettiRiscontrati: difettiList.optional(),
    esito: z.enum(ESITI, { error: 'Esito non valido' }).nullable().optional(),
    prezzo: euro('Prezzo').nullable().optional(),
    unitaPrezzo: z
      .enum(UNITA_PREZZO_COLLAUDO, { error: 'Unità del prezzo: €/m³ o €/t' })
      .optional(),
    pesoRilevato: tonnes('Peso rilevato', BLOCCO_MAX_T).nullable().optional(),
    note: optionalText(1000).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.abbuonoTipo === 'percentuale' && b.abbuonoValore != null && b.abbuonoValore > 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['abbuonoValore'],
        message: 'Abbuono: al massimo 100%',
      });
    }
    // the invoice carries it as the line's discount, which the FatturaPA schema takes with two decimals
    // (docs/fatture.md "Righe dai DDT")
    if (
      b.abbuonoTipo === 'percentuale' &&
      b.abbuonoValore != null &&
      Math.abs(b.abbuonoValore * 100 - Math.round(b.abbuonoValore * 100)) > 1e-9
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['abbuonoValore'],
        message: 'Abbuono: al massimo due decimali',
      });
    }
    if (
      b.abbuonoTipo &&
      ABBUONO_CM.includes(b.abbuonoTipo) &&
      b.abbuonoValore != null &&
      !Number.isInteger(b.abbuonoValore)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['abbuonoValore'],
        message: 'Abbuono: un numero intero di cm',
      });
    }
  });
export type CollaudoRigaUpdate = z.output<typeof collaudoRigaUpdateSchema>;
/** What a row's inspection records, in the order the tablet shows it (the body's fields, the history's). */
export const COLLAUDO_RIGA_FIELDS = [
  'lunghezzaRilevata',
  'altezzaRilevata',
  'profonditaRilevata',
  'abbuonoTipo',
  'abbuonoValore',
  'sceltaAssegnata',
  'difettiRiscontrati',
  'esito',
  'prezzo',
  'unitaPrezzo',
  'pesoRilevato',
  'note',
] as const satisfies ReadonlyArray<keyof CollaudoRigaUpdate>;
export type CollaudoRigaUpdateInput = z.input<typeof collaudoRigaUpdateSchema>;

export const collaudoRigaSchema = z.object({
  _id: z.string(),
  bloccoId: z.string(),
  blocco: codiceRef.extend({
    origine: z.enum(BLOCCO_ORIGINI),
    stato: z.enum(BLOCCO_STATI),
    materiale: ref,
    /** The quarry the block was cut in (null for a bought-in block) and its certificate code: the buyer's traceability. */
    cava: codiceRef.extend({ nome: z.string() }).nullable(),
    codiceTracciabilita: z.string().nullable(),
    densita: z.number(),
    scelta: z.enum(SCELTE),
    /** The declared net measures, cm, and their m³. */
    lunghezza: z.number(),
    altezza: z.number(),
    profondita: z.number(),
    volume: z.number(),
    pesoTeorico: z.number(),
    /** t read at the weighbridge when the block was registered: a per-tonne price is charged on it. */
    pesoPesa: z.number().nullable(),
    difettiDichiarati: z.array(z.enum(DIFETTI)),
    noteDifetti: z.string().nullable(),
    prezzoListino: z.number().nullable(),
    unitaPrezzoListino: z.string(),
  }),
  /** The block's state before it entered the collaudo, where it goes back if rejected or cancelled. */
  statoPrecedente: z.enum(BLOCCO_STATI),
  lunghezzaRilevata: z.number().nullable(),
  altezzaRilevata: z.number().nullable(),
  profonditaRilevata: z.number().nullable(),
  abbuonoTipo: z.enum(ABBUONO_TIPI).nullable(),
  abbuonoValore: z.number().nullable(),
  sceltaAssegnata: z.enum(SCELTE).nullable(),
  difettiRiscontrati: z.array(z.enum(DIFETTI)),
  esito: z.enum(ESITI).nullable(),
  prezzo: z.number().nullable(),
  unitaPrezzo: z.enum(UNITA_PREZZO_COLLAUDO),
  pesoRilevato: z.number().nullable(),
  note: z.string().nullable(),
  /** The measures the accepted volume is computed on (measured, else declared, after a per-side or one-dimension abbuono), cm. */
  lunghezzaNetta: z.number(),
  altezzaNetta: z.number(),
  profonditaNetta: z.number(),
  /** m³, 3 decimals (collaudi-quantities `calcolaRiga`). */
  volumeNettoAccettato: z.number(),
  /** t, 2 decimals: the weighbridge's, else the theoretical (production/peso-blocco `pesoBlocco`). */
  peso: z.number(),
  /** What `peso` is: `pesato` (the collaudo's or the block's weighbridge) or `teorico` (m³ × density). */
  pesoBase: z.enum(PESO_BASI),
  /** Cents; null until a price is entered. */
  importo: z.number().int().nullable(),
  /** The row's version, which an offline edit's `If-Match` names (docs/offline.md). */
  updatedAt: z.string(),
});
export type CollaudoRiga = z.infer<typeof collaudoRigaSchema>;

export const collaudoTotaliSchema = z.object({
  blocchiAccettati: z.number().int(),
  volumeNetto: z.number(),
  peso: z.number(),
  importo: z.number().int(),
});

export const collaudoSchema = z.object({
  _id: z.string(),
  codice: z.string(),
  companyId: z.string(),
  data: z.string(),
  luogo: z.string().nullable(),
  cliente: anagraficaRef,
  ispettore: z.string().nullable(),
  ispettoreSocieta: z.string().nullable(),
  resa: z.string().nullable(),
  carico: z.string().nullable(),
  pagamento: z.string().nullable(),
  riferimentoOrdine: z.string().nullable(),
  note: z.string().nullable(),
  stato: z.enum(COLLAUDO_STATI),
  righe: z.array(collaudoRigaSchema),
  totali: collaudoTotaliSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Collaudo = z.infer<typeof collaudoSchema>;

export const collaudoListItemSchema = z.object({
  _id: z.string(),
  codice: z.string(),
  data: z.string(),
  luogo: z.string().nullable(),
  cliente: anagraficaRef,
  ispettore: z.string().nullable(),
  stato: z.enum(COLLAUDO_STATI),
  blocchi: z.number().int(),
  blocchiAccettati: z.number().int(),
  volumeNetto: z.number(),
  importo: z.number().int(),
  createdAt: z.string(),
});
export type CollaudoListItem = z.infer<typeof collaudoListItemSchema>;

export const COLLAUDO_SORT_FIELDS = ['codice', 'data', 'stato', 'createdAt'] as const;
const collaudoFilters = {
  q: z.string().trim().max(100).optional(),
  stato: z.enum(COLLAUDO_STATI, { error: 'Stato non valido' }).optional(),
  clienteId: z.uuid({ error: 'Cliente non valido' }).optional(),
  bloccoId: z.uuid({ error: 'Blocco non valido' }).optional(),
  dal: isoDate('Dal').optional(),
  al: isoDate('Al').optional(),
};
export const collaudoFilterSchema = z.object(collaudoFilters);
export type CollaudoFilter = z.output<typeof collaudoFilterSchema>;
export type CollaudoFilterInput = z.input<typeof collaudoFilterSchema>;
export const collaudoListQuerySchema = listQuerySchema.extend({
  ...collaudoFilters,
  sort: z
    .enum([...COLLAUDO_SORT_FIELDS, ...COLLAUDO_SORT_FIELDS.map((f) => `-${f}` as const)])
    .optional(),
});
export type CollaudoListQuery = z.output<typeof collaudoListQuerySchema>;
export const collaudoExportQuerySchema = collaudoListQuerySchema
  .omit({ page: true, limit: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('xlsx') });
export type CollaudoExportQuery = z.output<typeof collaudoExportQuerySchema>;

/** Totals of the filtered list; the volumes and amounts are of confirmed collaudi (what was sold). */
export const collaudoSummarySchema = z.object({
  count: z.number().int(),
  perStato: z.record(z.enum(COLLAUDO_STATI), z.number().int()),
  blocchiVenduti: z.number().int(),
  volumeVenduto: z.number(),
  importoVenduto: z.number().int(),
});
export type CollaudoSummary = z.infer<typeof collaudoSummarySchema>;

/** A block that may join this collaudo: `disponibile`, or optioned for its cliente. */
export const bloccoCollaudabileSchema = z.object({
  _id: z.string(),
  codice: z.string(),
  origine: z.enum(BLOCCO_ORIGINI),
  stato: z.enum(BLOCCO_STATI),
  materiale: ref,
  scelta: z.enum(SCELTE),
  lunghezzaNetta: z.number(),
  altezzaNetta: z.number(),
  profonditaNetta: z.number(),
  volumeNetto: z.number(),
  opzioneScadenza: z.string().nullable(),
});
export type BloccoCollaudabile = z.infer<typeof bloccoCollaudabileSchema>;
export const bloccoCollaudabileQuerySchema = z.object({
  collaudoId: z.uuid({ error: 'Collaudo non valido' }),
  q: z.string().trim().max(100).optional(),
});
export type BloccoCollaudabileQuery = z.output<typeof bloccoCollaudabileQuerySchema>;

export const verbaleLinkSchema = z.object({ url: z.string() });
/** The verbale's language: Italian by default, English for a foreign buyer. */
export const VERBALE_LINGUE = ['it', 'en'] as const;
export type VerbaleLingua = (typeof VERBALE_LINGUE)[number];
export const verbaleQuerySchema = z.object({
  lingua: z.enum(VERBALE_LINGUE, { error: 'Lingua del verbale: it o en' }).default('it'),
});
export type VerbaleQuery = z.output<typeof verbaleQuerySchema>;

/** A cliente's page: its collaudi and the blocks it bought. */
export const collaudiOfClienteSchema = z.object({
  collaudi: z.array(collaudoListItemSchema),
  blocchiAcquistati: z.array(
    codiceRef.extend({
      origine: z.enum(BLOCCO_ORIGINI),
      stato: z.enum(BLOCCO_STATI),
      materiale: ref,
      volumeNettoAccettato: z.number(),
      importo: z.number().int().nullable(),
      collaudo: codiceRef.extend({ data: z.string() }),
    }),
  ),
});
export type CollaudiOfCliente = z.infer<typeof collaudiOfClienteSchema>;
