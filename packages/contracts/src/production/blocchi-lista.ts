import { z } from 'zod';
import { isoDate } from '../fields.js';
import { listQuerySchema } from '../pagination.js';
import { BLOCCO_STATI } from './blocchi-stati.js';
import { CATEGORIE, SCELTE } from './blocchi-voci.js';
import { bloccoSchema } from './blocchi.js';

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
