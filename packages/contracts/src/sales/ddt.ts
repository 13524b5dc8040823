import { z } from 'zod';
import { isoDate, optionalText, requiredText } from '../fields.js';
import { listQuerySchema } from '../pagination.js';
import { anagraficaRef } from '../processing/common.js';

// The documento di trasporto (D.P.R. 472/1996; docs/domain.md "Spedizione (DDT)"): what is sold leaves the
// yard with it. A draft is edited freely; emitting numbers it (per company and year, no gap, no
// repeat) and ships its items in one transaction; cancelling keeps the number and gives the items back.

import {
  DDT_CAUSALE_TABLE,
  DDT_CAUSALI,
  DDT_PESO_BASI,
  DDT_RIGA_TIPI,
  DDT_STATI,
  PORTI,
  TRASPORTO_A_CURA,
  ddtIndirizzoSchema,
  luogoPartenzaSchema,
  vettoreSchema,
} from './ddt-voci.js';

export * from './ddt-voci.js';

/**
 * One line to ship: `id` is the block's, the bundle's or the slab's id; for `lotto` it is the tile
 * sale's id (`/api/ddt/da-spedire` lists them), and `pezzi` ships part of it (default: all not shipped).
 */
export const ddtRigaInputSchema = z.strictObject({
  entityType: z.enum(DDT_RIGA_TIPI, { error: 'Tipo di riga non valido' }),
  id: z.uuid({ error: 'Elemento non valido' }),
  pezzi: z
    .number({ error: 'Pezzi: un numero intero' })
    .int({ error: 'Pezzi: un numero intero' })
    .min(1, { error: 'Pezzi: almeno 1' })
    .max(1_000_000)
    .optional(),
});
export type DdtRigaInput = z.output<typeof ddtRigaInputSchema>;

/** Create, and PUT on a draft (the whole draft again). */
export const ddtCreateSchema = z
  .strictObject({
    causale: z.enum(DDT_CAUSALI, { error: 'Causale non valida' }),
    clienteId: z.uuid({ error: 'Cliente non valido' }).optional(),
    destinazioneCompanyId: z.uuid({ error: 'Ditta di destinazione non valida' }).optional(),
    destinazione: ddtIndirizzoSchema.optional(),
    /** Default: the sender's seat, where its goods lie (its quarry yard or its sawmill). */
    luogoPartenza: luogoPartenzaSchema.optional(),
    trasportoACura: z.enum(TRASPORTO_A_CURA, {
      error: 'Trasporto a cura: mittente, destinatario o vettore',
    }),
    vettore: vettoreSchema.optional(),
    porto: z.enum(PORTI, { error: 'Porto: franco o assegnato' }),
    aspetto: optionalText(200),
    inizioTrasporto: z.iso
      .datetime({ offset: true, error: 'Inizio trasporto: data e ora non valide' })
      .nullish(),
    note: optionalText(2000),
    righe: z
      .array(ddtRigaInputSchema)
      .min(1, { error: 'Scegli almeno un elemento da spedire' })
      .max(500, { error: 'Al massimo 500 righe per DDT' }),
  })
  .superRefine((body, ctx) => {
    const party = DDT_CAUSALE_TABLE[body.causale].destinatario;
    if (party === 'cliente' && !body.clienteId)
      ctx.addIssue({
        code: 'custom',
        path: ['clienteId'],
        message: 'Scegli il cliente destinatario',
      });
    if (party === 'cliente' && body.destinazioneCompanyId)
      ctx.addIssue({
        code: 'custom',
        path: ['destinazioneCompanyId'],
        message: 'Una vendita va a un cliente, non a una ditta del gruppo',
      });
    if (party === 'ditta' && !body.destinazioneCompanyId)
      ctx.addIssue({
        code: 'custom',
        path: ['destinazioneCompanyId'],
        message: 'Scegli la ditta del gruppo destinataria',
      });
    if (party === 'ditta' && body.clienteId)
      ctx.addIssue({
        code: 'custom',
        path: ['clienteId'],
        message: 'Un trasferimento va a una ditta del gruppo, non a un cliente',
      });
    if (body.trasportoACura === 'vettore' && !body.vettore)
      ctx.addIssue({
        code: 'custom',
        path: ['vettore'],
        message: 'Con il trasporto a cura del vettore, indica il vettore',
      });
    else if (body.trasportoACura === 'vettore' && !body.vettore?.ragioneSociale)
      ctx.addIssue({
        code: 'custom',
        path: ['vettore', 'ragioneSociale'],
        message: 'Vettore: ragione sociale obbligatoria',
      });
    const seen = new Set<string>();
    body.righe.forEach((r, i) => {
      const key = `${r.entityType}:${r.id.toLowerCase()}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['righe', i, 'id'],
          message: 'Elemento già presente nel DDT',
        });
      seen.add(key);
      if (r.pezzi !== undefined && r.entityType !== 'lotto')
        ctx.addIssue({
          code: 'custom',
          path: ['righe', i, 'pezzi'],
          message: 'I pezzi si indicano solo per i pavimenti',
        });
    });
  });
export type DdtCreate = z.output<typeof ddtCreateSchema>;
export type DdtCreateInput = z.input<typeof ddtCreateSchema>;
export const ddtUpdateSchema = ddtCreateSchema;
export type DdtUpdate = DdtCreate;

export const ddtAnnullaSchema = z.strictObject({
  motivo: requiredText(500, 'Motivo: obbligatorio'),
});
export type DdtAnnulla = z.output<typeof ddtAnnullaSchema>;

/** What a line weighs and counts, as the DDT prints it. */
export const ddtElementoSchema = z.object({
  entityType: z.enum(DDT_RIGA_TIPI),
  /** The block, bundle or slab; for `lotto` the tile sale. */
  _id: z.string(),
  codice: z.string(),
  descrizione: z.string(),
  materiale: z.string(),
  scelta: z.string().nullable(),
  /** "300 × 200 × 180 cm", "20 mm", "610 × 305 × 10 mm". */
  misure: z.string(),
  /** Slabs of a bundle, pieces of tiles, 1 for a block or a slab. */
  pezzi: z.number().int(),
  casse: z.number().int().nullable(),
  mq: z.number().nullable(),
  /** A block's m³ as sold: accepted at its collaudo (after the abbuoni), else its net volume. */
  m3: z.number().nullable(),
  /** Gross kg: what the truck carries (the DDT's "Peso lordo" is their sum). */
  pesoKg: z.number().int(),
  pesoBase: z.enum(DDT_PESO_BASI),
  /** Net kg: the goods as sold (a block: the weighbridge, else its accepted m³ × density). */
  pesoNettoKg: z.number().int(),
  colli: z.number().int(),
  /** For `lotto`: the lot sold from. */
  lottoId: z.string().nullable(),
});
export type DdtElemento = z.infer<typeof ddtElementoSchema>;

/** What a tile sale's figures for part of it are computed from (`figurePavimento`). */
export const formatoPavimentoSchema = z.object({
  lunghezzaMm: z.number().int(),
  larghezzaMm: z.number().int(),
  spessoreMm: z.number(),
  densita: z.number(),
  pezziPerCassa: z.number().int(),
});
export type FormatoPavimento = z.infer<typeof formatoPavimentoSchema>;

const indirizzoOutSchema = z.object({
  indirizzo: z.string(),
  cap: z.string().nullable(),
  comune: z.string(),
  provincia: z.string().nullable(),
  nazione: z.string().nullable(),
});

/** Who receives the goods, as the DDT prints them (the party's data when the draft was saved). */
const destinatarioSchema = z.object({
  ragioneSociale: z.string(),
  partitaIva: z.string().nullable(),
  indirizzo: z.string().nullable(),
  cap: z.string().nullable(),
  comune: z.string().nullable(),
  provincia: z.string().nullable(),
  nazione: z.string().nullable(),
});

export const ddtDaSpedireQuerySchema = z
  .object({
    clienteId: z.uuid({ error: 'Cliente non valido' }).optional(),
    destinazioneCompanyId: z.uuid({ error: 'Ditta non valida' }).optional(),
  })
  .refine((q) => Boolean(q.clienteId) !== Boolean(q.destinazioneCompanyId), {
    error: 'Indica il cliente oppure la ditta del gruppo',
  });
export const ddtDaSpedireSchema = z.object({
  /** the party (its address is the destination unless another is given); null when nothing was ever sold to that group company */
  destinatario: destinatarioSchema.nullable(),
  blocchi: z.array(ddtElementoSchema),
  pacchi: z.array(ddtElementoSchema),
  lastre: z.array(ddtElementoSchema),
  /** each with its format, so part of the sale can be shipped with figures computed as the server will */
  lotti: z.array(ddtElementoSchema.extend({ formato: formatoPavimentoSchema })),
  /** The place of departure a new DDT starts with: the sender's seat, where its goods lie. */
  luogoPartenza: indirizzoOutSchema.nullable(),
});
export type DdtDaSpedire = z.infer<typeof ddtDaSpedireSchema>;

export const ddtRigaSchema = ddtElementoSchema.extend({ rigaId: z.string() });
export type DdtRiga = z.infer<typeof ddtRigaSchema>;

/** What the detail and the list both say of a DDT. */
const ddtTestata = {
  _id: z.string(),
  numero: z.number().int().nullable(),
  anno: z.number().int().nullable(),
  /** "12/2026" once emitted, else null. */
  numeroDocumento: z.string().nullable(),
  /** The day it was emitted (Rome). */
  data: z.string().nullable(),
  stato: z.enum(DDT_STATI),
  causale: z.enum(DDT_CAUSALI),
};

export const ddtSchema = z.object({
  ...ddtTestata,
  cliente: anagraficaRef.nullable(),
  destinazioneCompany: z.object({ _id: z.string(), name: z.string() }).nullable(),
  destinatario: destinatarioSchema,
  destinazione: indirizzoOutSchema,
  /** Null only on DDTs written before the place of departure was kept. */
  luogoPartenza: indirizzoOutSchema.nullable(),
  trasportoACura: z.enum(TRASPORTO_A_CURA),
  vettore: z
    .object({
      ragioneSociale: z.string(),
      partitaIva: z.string().nullable(),
      indirizzo: z.string().nullable(),
      targa: z.string().nullable(),
    })
    .nullable(),
  porto: z.enum(PORTI),
  aspetto: z.string().nullable(),
  inizioTrasporto: z.string().nullable(),
  note: z.string().nullable(),
  righe: z.array(ddtRigaSchema),
  colli: z.number().int(),
  /** Gross kg, the "Peso lordo" printed: the sum of the lines' `pesoKg`. */
  pesoKg: z.number().int(),
  /** Net kg: the sum of the lines' `pesoNettoKg`. */
  pesoNettoKg: z.number().int(),
  mq: z.number(),
  m3: z.number(),
  annullatoMotivo: z.string().nullable(),
  annullatoAt: z.string().nullable(),
  emessoAt: z.string().nullable(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * A draft's warnings as it stands now, in Italian: an item that left meanwhile (the emission would
   * refuse it), a transport starting days after the DDT's date. Empty once emitted.
   */
  avvisi: z.array(z.string()),
});
export type Ddt = z.infer<typeof ddtSchema>;

export const ddtListItemSchema = z.object({
  ...ddtTestata,
  destinatario: z.string(),
  righe: z.number().int(),
  colli: z.number().int(),
  pesoKg: z.number().int(),
  vettore: z.string().nullable(),
  targa: z.string().nullable(),
  createdAt: z.string(),
});
export type DdtListItem = z.infer<typeof ddtListItemSchema>;

export const DDT_SORT_FIELDS = ['numero', 'data', 'stato', 'createdAt'] as const;
const ddtFilters = {
  q: z.string().trim().max(100).optional(),
  stato: z.enum(DDT_STATI, { error: 'Stato non valido' }).optional(),
  causale: z.enum(DDT_CAUSALI, { error: 'Causale non valida' }).optional(),
  clienteId: z.uuid({ error: 'Cliente non valido' }).optional(),
  dal: isoDate('Dal').optional(),
  al: isoDate('Al').optional(),
};
export const ddtFilterSchema = z.object(ddtFilters);
export type DdtFilter = z.output<typeof ddtFilterSchema>;
/**
 * The list's totals: the DDTs that match, and what left the yard with the emitted ones among them
 * (a draft has not left yet, a cancelled one did not travel), in colli and kg.
 */
export const ddtSummarySchema = z.object({
  count: z.number().int(),
  emessi: z.number().int(),
  colli: z.number().int(),
  pesoKg: z.number().int(),
});
export type DdtSummary = z.infer<typeof ddtSummarySchema>;
export const ddtListQuerySchema = listQuerySchema.extend({
  ...ddtFilters,
  sort: z.enum([...DDT_SORT_FIELDS, ...DDT_SORT_FIELDS.map((f) => `-${f}` as const)]).optional(),
});
export type DdtListQuery = z.output<typeof ddtListQuerySchema>;
export const ddtExportQuerySchema = ddtListQuerySchema
  .omit({ page: true, limit: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('xlsx') });
export type DdtExportQuery = z.output<typeof ddtExportQuerySchema>;

export const packingListQuerySchema = z.object({
  formato: z.enum(['pdf', 'xlsx'], { error: 'Formato: pdf o xlsx' }).default('pdf'),
  lingua: z.enum(['it', 'en'], { error: 'Lingua: it o en' }).default('it'),
});
export type PackingListQuery = z.output<typeof packingListQuerySchema>;

/** The documents a signed link opens: the DDT's PDF, or its packing list in a format and language. */
export const DDT_DOCUMENTI = ['ddt', 'packing-list'] as const;
export type DdtDocumento = (typeof DDT_DOCUMENTI)[number];
export const ddtDocumentoLinkQuerySchema = packingListQuerySchema.extend({
  tipo: z.enum(DDT_DOCUMENTI, { error: 'Documento: ddt o packing-list' }).default('ddt'),
});
export type DdtDocumentoLinkQuery = z.output<typeof ddtDocumentoLinkQuerySchema>;
export type DdtDocumentoLinkQueryInput = z.input<typeof ddtDocumentoLinkQuerySchema>;
export const ddtDocumentoLinkSchema = z.object({ url: z.string() });
