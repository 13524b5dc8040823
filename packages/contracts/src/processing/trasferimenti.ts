import { z } from 'zod';
import { euro, optionalText } from '../fields.js';
import { listQuerySchema } from '../pagination.js';
import { periodFilters } from './common.js';

// Transfers between group companies (docs/domain.md "Ditte del gruppo"): a sale between two legal entities
// of the installation. The source items become `venduto` to the receiving company; the receiving
// company gets its own rows with the same codes and a link back to the source rows.

const itemId = z.uuid({ error: 'Identificativo non valido' });
/** The item's price in € (the whole block, bundle, or the lot's pieces sent): the receiver's purchase price. */
const prezzo = euro('Prezzo');

export const trasferimentoCreateSchema = z
  .object({
    destinazioneCompanyId: z.uuid({ error: 'Scegli la ditta di destinazione' }),
    blocchi: z
      .array(z.object({ id: itemId, prezzo }))
      .max(200, { error: 'Al massimo 200 blocchi per trasferimento' })
      .default([]),
    pacchi: z
      .array(z.object({ id: itemId, prezzo }))
      .max(200, { error: 'Al massimo 200 pacchi per trasferimento' })
      .default([]),
    lotti: z
      .array(
        z.object({
          id: itemId,
          pezzi: z
            .number({ error: 'Pezzi: un numero intero' })
            .int({ error: 'Pezzi: un numero intero' })
            .positive({ error: 'Pezzi: almeno 1' }),
          prezzo,
        }),
      )
      .max(200, { error: 'Al massimo 200 lotti per trasferimento' })
      .default([]),
    /** Where the items arrive: one of the receiving company's locations (default: its first yard). */
    ubicazioneId: z.uuid({ error: 'Ubicazione non valida' }).optional(),
    /** The sale's own reference (an order, a fattura): optional, since the goods leave with a DDT GestCava issues. */
    documento: optionalText(100),
    note: optionalText(1000),
  })
  .superRefine((body, ctx) => {
    if (body.blocchi.length + body.pacchi.length + body.lotti.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['blocchi'],
        message: 'Scegli almeno un blocco, un pacco o un lotto da trasferire',
      });
    for (const key of ['blocchi', 'pacchi', 'lotti'] as const) {
      const ids = body[key].map((i) => i.id);
      if (new Set(ids).size !== ids.length)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'Lo stesso elemento compare due volte',
        });
    }
  });
export type TrasferimentoCreateInput = z.input<typeof trasferimentoCreateSchema>;
export type TrasferimentoCreate = z.output<typeof trasferimentoCreateSchema>;

export const TRASFERIMENTO_ITEM_TIPI = ['blocco', 'pacco', 'lotto'] as const;
export type TrasferimentoItemTipo = (typeof TRASFERIMENTO_ITEM_TIPI)[number];

const company = z.object({ _id: z.string(), name: z.string() });

/** One item of a transfer, as each side sees it: the code, and the id of its own row when it has one. */
export const trasferimentoRigaSchema = z.object({
  tipo: z.enum(TRASFERIMENTO_ITEM_TIPI),
  /** The page kind of the caller's row (`detailPath(kind, itemId)`): a block is own or bought-in. */
  kind: z.enum(['blocco', 'blocco-esterno', 'pacco', 'lotto']),
  codice: z.string(),
  /** The row in the caller's company (source or destination). */
  itemId: z.string(),
  pezzi: z.number().int(),
  mq: z.number(),
  prezzo: z.number(),
  /** Of a lot, in the answer that made the transfer: the sale of its pieces, the `lotto` line of the DDT that ships them. */
  venditaId: z.string().optional(),
});

export const trasferimentoSchema = z.object({
  _id: z.string(),
  /** The caller's side: `uscita` from the source company, `entrata` into the destination. */
  direzione: z.enum(['uscita', 'entrata']),
  origine: company,
  destinazione: company,
  documento: z.string().nullable(),
  note: z.string().nullable(),
  righe: z.array(trasferimentoRigaSchema),
  totale: z.number(),
  utente: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Trasferimento = z.infer<typeof trasferimentoSchema>;

export const trasferimentoListQuerySchema = listQuerySchema.extend({
  direzione: z.enum(['uscita', 'entrata'], { error: 'Direzione: uscita o entrata' }).optional(),
  /** Transfers that carried this block, bundle or lot (its id in the caller's company). */
  itemId: z.uuid().optional(),
  ...periodFilters,
});
export type TrasferimentoListQuery = z.output<typeof trasferimentoListQuerySchema>;

/** A group company a transfer can go to. */
export const dittaDestinazioneSchema = z.object({ _id: z.string(), name: z.string() });
