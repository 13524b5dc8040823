import { z } from 'zod';
import { isoDate, optionalText, requiredText } from '../fields.js';
import { listQuerySchema } from '../pagination.js';
import { anagraficaRef } from '../processing/common.js';
import { DDT_RIGA_TIPI } from './ddt.js';
import {
  CONDIZIONI_PAGAMENTO,
  FATTURA_ESITI,
  FATTURA_STATI,
  FATTURA_TIPI,
  MODALITA_PAGAMENTO,
  NATURE_IVA,
} from './fatture-codes.js';

export * from './fatture-codes.js';

// The electronic invoice (FatturaPA, docs/fatture.md): a draft is edited freely; emitting numbers
// it (one series per company and year, no gap), marks the DDT lines it covers as invoiced and names
// its XML file; the SDI's outcome is then recorded on it.

const positive = (label: string, max: number) =>
  z
    .number({ error: `${label}: un numero` })
    .finite({ error: `${label}: un numero` })
    .min(-max, { error: `${label}: troppo piccolo` })
    .max(max, { error: `${label}: al massimo ${max}` });

/**
 * A free line (TD01, TD04, or added to a TD24: transport, a service). A rate of 0 needs a nature and a
 * nature needs rate 0; without either the cliente's VAT case applies (docs/fatture.md "IVA").
 */
export const fatturaRigaInputSchema = z
  .strictObject({
    descrizione: requiredText(1000, 'Descrizione della riga obbligatoria'),
    quantita: positive('Quantità', 1_000_000)
      .refine((v) => v > 0, { error: 'Quantità: maggiore di zero' })
      .nullish(),
    unitaMisura: optionalText(10),
    prezzoUnitario: positive('Prezzo unitario', 100_000_000),
    scontoPercentuale: z
      .number({ error: 'Sconto: una percentuale' })
      .min(0, { error: 'Sconto: non negativo' })
      .max(100, { error: 'Sconto: al massimo 100%' })
      .nullish(),
    aliquotaIva: z
      .number({ error: 'Aliquota IVA: una percentuale' })
      .min(0, { error: 'Aliquota IVA: non negativa' })
      .max(100, { error: 'Aliquota IVA: al massimo 100%' })
      .nullish(),
    natura: z.enum(NATURE_IVA, { error: 'Natura IVA non valida' }).nullish(),
  })
  .superRefine((r, ctx) => {
    if (r.aliquotaIva === 0 && !r.natura)
      ctx.addIssue({
        code: 'custom',
        path: ['natura'],
        message: 'Aliquota IVA 0: indica la natura (es. N3.2)',
      });
    if (r.natura && r.aliquotaIva != null && r.aliquotaIva > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['aliquotaIva'],
        message: "Con una natura IVA l'aliquota è 0",
      });
  });
export type FatturaRigaInput = z.output<typeof fatturaRigaInputSchema>;

export const scadenzaSchema = z.strictObject({
  data: isoDate('Scadenza'),
  importo: z
    .number({ error: 'Importo della scadenza: un numero' })
    .positive({ error: 'Importo della scadenza: maggiore di zero' })
    .max(100_000_000),
});
export type Scadenza = z.output<typeof scadenzaSchema>;

export const pagamentoFatturaInputSchema = z.strictObject({
  condizioni: z.enum(CONDIZIONI_PAGAMENTO, { error: 'Condizioni: TP01 (rate) o TP02 (completo)' }),
  modalita: z.enum(MODALITA_PAGAMENTO, { error: 'Modalità di pagamento non valida' }),
  /** Without them: one due date from the cliente's terms (giorni, fine mese) for the whole total. */
  scadenze: z.array(scadenzaSchema).max(24, { error: 'Al massimo 24 scadenze' }).optional(),
});
export type PagamentoFatturaInput = z.output<typeof pagamentoFatturaInputSchema>;

/** Create, and PUT on a draft (the whole draft again). */
export const fatturaCreateSchema = z
  .strictObject({
    clienteId: z.uuid({ error: 'Cliente non valido' }),
    tipoDocumento: z.enum(FATTURA_TIPI, { error: 'Tipo documento: TD24, TD01 o TD04' }),
    data: isoDate('Data'),
    ddtIds: z
      .array(z.uuid({ error: 'DDT non valido' }))
      .max(100, { error: 'Al massimo 100 DDT per fattura' })
      .optional(),
    righe: z
      .array(fatturaRigaInputSchema)
      .max(500, { error: 'Al massimo 500 righe libere' })
      .optional(),
    fatturaCollegataId: z.uuid({ error: 'Fattura collegata non valida' }).optional(),
    pagamento: pagamentoFatturaInputSchema.optional(),
    /** The company charges the stamp duty to the cliente: a line of its own (N1). */
    addebitaBollo: z.boolean({ error: 'Addebito del bollo: sì o no' }).optional(),
    causale: optionalText(200),
    note: optionalText(2000),
  })
  .superRefine((b, ctx) => {
    const ddt = b.ddtIds?.length ?? 0;
    const righe = b.righe?.length ?? 0;
    if (b.tipoDocumento === 'TD24' && ddt === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['ddtIds'],
        message: 'Una fattura differita indica almeno un DDT',
      });
    if (b.tipoDocumento !== 'TD24' && ddt > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['ddtIds'],
        message: 'I DDT si fatturano con una fattura differita (TD24)',
      });
    if (b.tipoDocumento !== 'TD24' && righe === 0)
      ctx.addIssue({ code: 'custom', path: ['righe'], message: 'Indica almeno una riga' });
    if (b.tipoDocumento === 'TD04' && !b.fatturaCollegataId)
      ctx.addIssue({
        code: 'custom',
        path: ['fatturaCollegataId'],
        message: 'Una nota di credito indica la fattura che corregge',
      });
    if (b.tipoDocumento !== 'TD04' && b.fatturaCollegataId)
      ctx.addIssue({
        code: 'custom',
        path: ['fatturaCollegataId'],
        message: 'Solo una nota di credito indica una fattura collegata',
      });
    if (b.tipoDocumento === 'TD04')
      b.righe?.forEach((r, i) => {
        if (r.prezzoUnitario < 0)
          ctx.addIssue({
            code: 'custom',
            path: ['righe', i, 'prezzoUnitario'],
            message: 'Le righe di una nota di credito sono importi positivi',
          });
      });
    if (new Set(b.ddtIds ?? []).size !== ddt)
      ctx.addIssue({ code: 'custom', path: ['ddtIds'], message: 'DDT indicato due volte' });
  });
export type FatturaCreate = z.output<typeof fatturaCreateSchema>;
export type FatturaCreateInput = z.input<typeof fatturaCreateSchema>;
export const fatturaUpdateSchema = fatturaCreateSchema;
export type FatturaUpdate = FatturaCreate;

/** A line as the invoice holds it; `prezzoTotale` = quantità × prezzo less the discount, half-up to the cent. */
export const fatturaRigaSchema = z.object({
  numeroLinea: z.number().int(),
  /** The DDT and DDT line it invoices (TD24), else null. */
  ddtId: z.string().nullable(),
  ddtRigaId: z.string().nullable(),
  entityType: z.enum(DDT_RIGA_TIPI).nullable(),
  /** The block, bundle or slab; for `lotto` the tile sale. */
  entityId: z.string().nullable(),
  codice: z.string().nullable(),
  descrizione: z.string(),
  quantita: z.number().nullable(),
  unitaMisura: z.string().nullable(),
  prezzoUnitario: z.number(),
  scontoPercentuale: z.number().nullable(),
  prezzoTotale: z.number(),
  aliquotaIva: z.number(),
  natura: z.enum(NATURE_IVA).nullable(),
});
export type FatturaRiga = z.infer<typeof fatturaRigaSchema>;

/** One VAT summary (per rate and nature): the sum of its lines, its tax half-up to the cent. */
export const fatturaRiepilogoSchema = z.object({
  aliquotaIva: z.number(),
  natura: z.enum(NATURE_IVA).nullable(),
  imponibile: z.number(),
  imposta: z.number(),
  riferimentoNormativo: z.string().nullable(),
});
export type FatturaRiepilogo = z.infer<typeof fatturaRiepilogoSchema>;

export const fatturaPagamentoSchema = z.object({
  condizioni: z.enum(CONDIZIONI_PAGAMENTO),
  modalita: z.enum(MODALITA_PAGAMENTO),
  iban: z.string().nullable(),
  scadenze: z.array(z.object({ data: z.string(), importo: z.number() })),
});
export type FatturaPagamento = z.infer<typeof fatturaPagamentoSchema>;

/** Who the invoice is to, as it was when the draft was last saved (refreshed at emission). */
export const cessionarioSchema = z.object({
  ragioneSociale: z.string(),
  partitaIva: z.string().nullable(),
  codiceFiscale: z.string().nullable(),
  indirizzo: z.string().nullable(),
  cap: z.string().nullable(),
  comune: z.string().nullable(),
  provincia: z.string().nullable(),
  nazione: z.string(),
  codiceSdi: z.string().nullable(),
  pec: z.string().nullable(),
});
export type Cessionario = z.infer<typeof cessionarioSchema>;

export const fatturaDdtRefSchema = z.object({
  _id: z.string(),
  numero: z.number().int(),
  anno: z.number().int(),
  data: z.string(),
});

/** An SDI outcome recorded on the invoice, newest last; `notifica` names the uploaded notification file. */
export const fatturaEsitoRecordSchema = z.object({
  esito: z.enum(FATTURA_ESITI),
  data: z.string(),
  note: z.string().nullable(),
  /** The XML file the outcome is about. */
  nomeFile: z.string().nullable(),
  notifica: z.string().nullable(),
  createdAt: z.string(),
});

const fatturaTestata = {
  _id: z.string(),
  tipoDocumento: z.enum(FATTURA_TIPI),
  stato: z.enum(FATTURA_STATI),
  numero: z.number().int().nullable(),
  anno: z.number().int().nullable(),
  /** "12/2026" once emitted, else null. */
  numeroDocumento: z.string().nullable(),
  data: z.string(),
  /** `IT<partita IVA>_<5 characters>.xml`, given at emission (a new one after a correction). */
  nomeFile: z.string().nullable(),
  /** The latest SDI outcome, if any. */
  esito: z.enum(FATTURA_ESITI).nullable(),
  imponibile: z.number(),
  imposta: z.number(),
  totale: z.number(),
};

export const fatturaSchema = z.object({
  ...fatturaTestata,
  cliente: anagraficaRef,
  cessionario: cessionarioSchema,
  ddt: z.array(fatturaDdtRefSchema),
  righe: z.array(fatturaRigaSchema),
  riepilogo: z.array(fatturaRiepilogoSchema),
  /** Virtual stamp duty (DatiBollo) when owed; `addebitato` when it is also a line charged to the cliente. */
  bollo: z.object({ importo: z.number(), addebitato: z.boolean() }).nullable(),
  pagamento: fatturaPagamentoSchema.nullable(),
  fatturaCollegata: z
    .object({ _id: z.string(), numeroDocumento: z.string(), data: z.string() })
    .nullable(),
  causale: z.string().nullable(),
  note: z.string().nullable(),
  esiti: z.array(fatturaEsitoRecordSchema),
  emessaAt: z.string().nullable(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Fattura = z.infer<typeof fatturaSchema>;

export const fatturaListItemSchema = z.object({
  ...fatturaTestata,
  cliente: anagraficaRef,
  /** "5/2026, 6/2026": the DDTs it invoices. */
  ddt: z.string(),
  createdAt: z.string(),
});
export type FatturaListItem = z.infer<typeof fatturaListItemSchema>;

export const FATTURA_SORT_FIELDS = ['numero', 'data', 'totale', 'createdAt'] as const;
const fatturaFilters = {
  /** Number ("12/2026"), cliente, DDT number. */
  q: z.string().trim().max(100).optional(),
  tipoDocumento: z.enum(FATTURA_TIPI, { error: 'Tipo documento non valido' }).optional(),
  stato: z.enum(FATTURA_STATI, { error: 'Stato non valido' }).optional(),
  esito: z.enum(FATTURA_ESITI, { error: 'Esito non valido' }).optional(),
  clienteId: z.uuid({ error: 'Cliente non valido' }).optional(),
  /** The invoices of a DDT (a DDT's page, an item's page through its DDTs). */
  ddtId: z.uuid({ error: 'DDT non valido' }).optional(),
  /** The invoices of an item: a block, bundle or slab id, or a tile sale's id. */
  elementoId: z.uuid({ error: 'Elemento non valido' }).optional(),
  dal: isoDate('Dal').optional(),
  al: isoDate('Al').optional(),
};
export const fatturaFilterSchema = z.object(fatturaFilters);
export type FatturaFilter = z.output<typeof fatturaFilterSchema>;
/** Totals of the filtered emitted invoices; a nota di credito is subtracted. */
export const fatturaSummarySchema = z.object({
  count: z.number().int(),
  emesse: z.number().int(),
  imponibile: z.number(),
  imposta: z.number(),
  totale: z.number(),
});
export type FatturaSummary = z.infer<typeof fatturaSummarySchema>;
export const fatturaListQuerySchema = listQuerySchema.extend({
  ...fatturaFilters,
  sort: z
    .enum([...FATTURA_SORT_FIELDS, ...FATTURA_SORT_FIELDS.map((f) => `-${f}` as const)])
    .optional(),
});
export type FatturaListQuery = z.output<typeof fatturaListQuerySchema>;
export const fatturaExportQuerySchema = fatturaListQuerySchema
  .omit({ page: true, limit: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('xlsx') });
export type FatturaExportQuery = z.output<typeof fatturaExportQuerySchema>;

/** `GET /api/fatture/xml?dal=&al=`: the ZIP of a period's emitted XML files. */
export const fatturaZipQuerySchema = z.object({ dal: isoDate('Dal'), al: isoDate('Al') });
export type FatturaZipQuery = z.output<typeof fatturaZipQuerySchema>;

export const daFatturareQuerySchema = z.object({
  clienteId: z.uuid({ error: 'Cliente non valido' }),
});
/** A DDT line not yet invoiced, with the quantity and price it would be invoiced at. */
export const daFatturareRigaSchema = fatturaRigaSchema.omit({
  numeroLinea: true,
  aliquotaIva: true,
  natura: true,
});
export const daFatturareDdtSchema = z.object({
  _id: z.string(),
  numero: z.number().int(),
  anno: z.number().int(),
  /** "5/2026" */
  numeroDocumento: z.string(),
  data: z.string(),
  righe: z.array(daFatturareRigaSchema),
  /** Sum of its lines without VAT. */
  importo: z.number(),
});
export const daFatturareSchema = z.object({
  ddt: z.array(daFatturareDdtSchema),
});
export type DaFatturare = z.infer<typeof daFatturareSchema>;
export type DaFatturareDdt = z.infer<typeof daFatturareDdtSchema>;

export const fatturaEsitoBodySchema = z.strictObject({
  esito: z.enum(FATTURA_ESITI, { error: 'Esito: consegnata, scartata o mancata_consegna' }),
  data: isoDate('Data'),
  note: optionalText(1000),
});
export type FatturaEsitoBody = z.output<typeof fatturaEsitoBodySchema>;

/** What an item's page shows of its invoice. */
export const fatturaRefSchema = z.object({
  _id: z.string(),
  tipoDocumento: z.enum(FATTURA_TIPI),
  numeroDocumento: z.string().nullable(),
  data: z.string(),
  stato: z.enum(FATTURA_STATI),
});
export type FatturaRef = z.infer<typeof fatturaRefSchema>;
