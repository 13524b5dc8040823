import { z } from 'zod';
import { idSchema } from '../auth.js';
import { isoDate, optionalText } from '../fields.js';
import { PESO_BASI } from '../production/peso-blocco.js';
import { segnoSavedSchema } from '../segni.js';

/** A link that shows a buyer some blocks (docs/condivisioni.md). */
export const CONDIVISIONE_LINGUE = ['it', 'en'] as const;
export type CondivisioneLingua = (typeof CONDIVISIONE_LINGUE)[number];
export const CONDIVISIONE_STATI = ['attiva', 'scaduta', 'revocata'] as const;
export type CondivisioneStato = (typeof CONDIVISIONE_STATI)[number];
export const CONDIVISIONE_STATO_LABELS: Record<CondivisioneStato, string> = {
  attiva: 'Attiva',
  scaduta: 'Scaduta',
  revocata: 'Revocata',
};
export const RISPOSTE = ['interessato', 'richiesta_opzione', 'non_interessato'] as const;
export type Risposta = (typeof RISPOSTE)[number];
export const RISPOSTA_LABELS: Record<Risposta, string> = {
  interessato: 'Interessato',
  richiesta_opzione: "Richiesta d'opzione",
  non_interessato: 'Non interessato',
};
/** The longest a link may live, in days from today (Rome). */
export const CONDIVISIONE_MAX_GIORNI = 30;
export const CONDIVISIONE_MAX_BLOCCHI = 50;

export const condivisioneCreateSchema = z.strictObject({
  clienteId: idSchema,
  blocchi: z
    .array(idSchema)
    .min(1, { error: 'Scegli almeno un blocco' })
    .max(CONDIVISIONE_MAX_BLOCCHI, {
      error: `Al massimo ${CONDIVISIONE_MAX_BLOCCHI} blocchi per link`,
    }),
  scadenza: isoDate('Scadenza'),
  lingua: z.enum(CONDIVISIONE_LINGUE, { error: 'Lingua non valida' }),
  mostraPrezzi: z.boolean({ error: 'Indica se mostrare i prezzi' }),
  messaggio: optionalText(2000),
});
export type CondivisioneCreate = z.input<typeof condivisioneCreateSchema>;

export const condivisioneBloccoRefSchema = z.object({
  _id: z.string(),
  codice: z.string(),
  stato: z.string(),
});

export const condivisioneRispostaSchema = z.object({
  _id: z.string(),
  bloccoId: z.string(),
  codice: z.string(),
  risposta: z.enum(RISPOSTE),
  nota: z.string().nullable(),
  at: z.string(),
});
export type CondivisioneRisposta = z.infer<typeof condivisioneRispostaSchema>;

export const condivisioneSchema = z.object({
  _id: z.string(),
  cliente: z.object({ _id: z.string(), ragioneSociale: z.string() }),
  creataDa: z.object({ _id: z.string(), name: z.string() }).nullable(),
  blocchi: z.array(condivisioneBloccoRefSchema),
  scadenza: z.string(),
  lingua: z.enum(CONDIVISIONE_LINGUE),
  mostraPrezzi: z.boolean(),
  messaggio: z.string().nullable(),
  stato: z.enum(CONDIVISIONE_STATI),
  visite: z.number().int(),
  ultimaVisita: z.string().nullable(),
  risposte: z.array(condivisioneRispostaSchema),
  revocataIl: z.string().nullable(),
  createdAt: z.string(),
});
export type Condivisione = z.infer<typeof condivisioneSchema>;

/** The creation's answer: the only one that carries the link (only its hash is kept). */
export const condivisioneCreatedSchema = condivisioneSchema.extend({ url: z.string() });
export type CondivisioneCreated = z.infer<typeof condivisioneCreatedSchema>;

export const condivisioneAccessoSchema = z.object({
  at: z.string(),
  /** The address truncated to its /24 (IPv4) or /48 (IPv6). */
  indirizzo: z.string(),
  browser: z.string(),
});
export const condivisioneDetailSchema = condivisioneSchema.extend({
  accessi: z.array(condivisioneAccessoSchema),
});
export type CondivisioneDetail = z.infer<typeof condivisioneDetailSchema>;

export const condivisioniQuerySchema = z
  .object({ clienteId: idSchema.optional(), bloccoId: idSchema.optional() })
  .refine((q) => q.clienteId || q.bloccoId, { error: 'Indica il cliente o il blocco' });
export const condivisioniListSchema = z.object({ items: z.array(condivisioneSchema) });

/** An answer a buyer gave on one of the caller's links, not read yet: the maker's notification. */
export const condivisioneNotificaSchema = z.object({
  _id: z.string(),
  condivisioneId: z.string(),
  bloccoId: z.string(),
  codice: z.string(),
  /** Which block page opens it: `blocchi` or `blocchi-esterni`. */
  origine: z.enum(['interno', 'esterno']),
  cliente: z.string(),
  risposta: z.enum(RISPOSTE),
  nota: z.string().nullable(),
  at: z.string(),
});
export type CondivisioneNotifica = z.infer<typeof condivisioneNotificaSchema>;
/** The newest unread answers first, at most `CONDIVISIONE_NOTIFICHE_MAX`; `nonLette` counts them all. */
export const condivisioniNotificheSchema = z.object({
  nonLette: z.number().int(),
  /** The links with unread answers. */
  condivisioni: z.array(z.string()),
  risposte: z.array(condivisioneNotificaSchema),
});
export type CondivisioniNotifiche = z.infer<typeof condivisioniNotificheSchema>;
export const CONDIVISIONE_NOTIFICHE_MAX = 50;
/** Marks answers read: the ones named, or every unread answer of the caller's links. */
export const condivisioniNotificheLettiSchema = z.strictObject({
  risposte: z.array(idSchema).max(CONDIVISIONE_NOTIFICHE_MAX).optional(),
});
export type CondivisioniNotificheLetti = z.input<typeof condivisioniNotificheLettiSchema>;

// ---- the public side: what a buyer sees (never an internal note, cost, supplier or history)

const misureSchema = z.object({
  lunghezza: z.number(),
  altezza: z.number(),
  profondita: z.number(),
});
export const pubblicoBloccoSchema = z.object({
  _id: z.string(),
  codice: z.string(),
  /** false: sold or optioned to someone else since the link was made (no photos then). */
  disponibile: z.boolean(),
  materiale: z.string(),
  scelta: z.string(),
  categoria: z.string(),
  misureLorde: misureSchema,
  misureNette: misureSchema,
  volumeNetto: z.number(),
  peso: z.object({ t: z.number(), base: z.enum(PESO_BASI) }),
  difetti: z.array(z.string()),
  noteDifetti: z.string().nullable(),
  foto: z.array(
    z.object({
      _id: z.string(),
      /** the preview's size, so the page draws the marks over it before it loads */
      width: z.number().int(),
      height: z.number().int(),
      segni: z.array(segnoSavedSchema),
    }),
  ),
  prezzo: z.object({ importo: z.number(), unita: z.string() }).nullable().optional(),
});
export type PubblicoBlocco = z.infer<typeof pubblicoBloccoSchema>;

export const pubblicoCondivisioneSchema = z.object({
  azienda: z.object({ nome: z.string(), logoUrl: z.string().nullable() }),
  cliente: z.object({ ragioneSociale: z.string() }),
  messaggio: z.string().nullable(),
  scadenza: z.string(),
  lingua: z.enum(CONDIVISIONE_LINGUE),
  blocchi: z.array(pubblicoBloccoSchema),
  risposte: z.array(z.object({ bloccoId: z.string(), risposta: z.enum(RISPOSTE), at: z.string() })),
});
export type PubblicoCondivisione = z.infer<typeof pubblicoCondivisioneSchema>;

export const pubblicoRispostaCreateSchema = z.strictObject({
  bloccoId: idSchema,
  risposta: z.enum(RISPOSTE, { error: 'Risposta non valida' }),
  nota: optionalText(1000),
});
export type PubblicoRispostaCreate = z.input<typeof pubblicoRispostaCreateSchema>;
export const pubblicoRispostaSchema = z.object({
  _id: z.string(),
  bloccoId: z.string(),
  risposta: z.enum(RISPOSTE),
  at: z.string(),
});

/** A token as it travels in the url: 32 bytes, base64url (43 characters). */
export const condivisioneTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
