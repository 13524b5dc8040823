import { z } from 'zod';
import { updateShapeOf } from '../schema-utils.js';
import { codice, codiceInModifica, optionalText, requiredText } from '../fields.js';

const nome = requiredText(120, 'Il nome è obbligatorio');

export const MATERIALE_TIPI = ['marmo', 'granito', 'travertino', 'pietra', 'onice'] as const;
export const UBICAZIONE_TIPI = [
  'piazzale_cava',
  'piazzale_segheria',
  'cavalletto',
  'scaffale',
  'terzista',
  'cliente',
] as const;
export const MACCHINA_TIPI = ['telaio', 'multifilo', 'monolama', 'tagliablocchi', 'altro'] as const;

export const UBICAZIONE_TIPO_LABELS: Record<(typeof UBICAZIONE_TIPI)[number], string> = {
  piazzale_cava: 'Piazzale cava',
  piazzale_segheria: 'Piazzale segheria',
  cavalletto: 'Cavalletto',
  scaffale: 'Scaffale',
  terzista: 'Presso terzista',
  cliente: 'Presso cliente',
};
export const MACCHINA_TIPO_LABELS: Record<(typeof MACCHINA_TIPI)[number], string> = {
  telaio: 'Telaio multilama',
  multifilo: 'Multifilo',
  monolama: 'Monolama',
  tagliablocchi: 'Tagliablocchi',
  altro: 'Altro',
};

const cavaShape = {
  codice: codice(1, 30, 'Il codice cava è obbligatorio'),
  nome,
  comune: optionalText(80),
  bacino: optionalText(80),
  concessione: optionalText(120),
  attiva: z.boolean().default(true),
};
const materialeShape = {
  nome,
  tipo: z.enum(MATERIALE_TIPI, { error: 'Tipo di materiale non valido' }).default('marmo'),
  densita: z
    .number({ error: 'Densità: un numero in t/m³' })
    .min(1.5, { error: 'Densità: almeno 1,5 t/m³' })
    .max(3.5, { error: 'Densità: al massimo 3,5 t/m³' })
    .default(2.7),
  attivo: z.boolean().default(true),
};
const ubicazioneShape = {
  nome,
  tipo: z.enum(UBICAZIONE_TIPI, { error: 'Tipo di ubicazione non valido' }),
  attiva: z.boolean().default(true),
};
const macchinaShape = {
  nome,
  tipo: z.enum(MACCHINA_TIPI, { error: 'Tipo di macchina non valido' }),
  kerfMm: z.number({ error: 'Spessore taglio (kerf) in mm' }).min(0).max(20).default(5),
  rifiloMm: z.number({ error: 'Rifilo in mm' }).min(0).max(200).default(20),
  attiva: z.boolean().default(true),
};

export const cavaBodySchema = z.strictObject(cavaShape);
export const materialeBodySchema = z.strictObject(materialeShape);
export const ubicazioneBodySchema = z.strictObject(ubicazioneShape);
export const macchinaBodySchema = z.strictObject(macchinaShape);
// an existing quarry keeps its code as it was (the form sends every field): the server checks a changed one
export const cavaUpdateSchema = z.strictObject(
  updateShapeOf({ ...cavaShape, codice: codiceInModifica(1, 30, 'Il codice cava è obbligatorio') }),
);
export const materialeUpdateSchema = z.strictObject(updateShapeOf(materialeShape));
export const ubicazioneUpdateSchema = z.strictObject(updateShapeOf(ubicazioneShape));
export const macchinaUpdateSchema = z.strictObject(updateShapeOf(macchinaShape));

const withId = { _id: z.string(), createdAt: z.string() };
export const cavaSchema = z.object({
  ...withId,
  codice: z.string(),
  nome: z.string(),
  comune: z.string().nullable(),
  bacino: z.string().nullable(),
  concessione: z.string().nullable(),
  attiva: z.boolean(),
});
export const materialeSchema = z.object({
  ...withId,
  nome: z.string(),
  tipo: z.enum(MATERIALE_TIPI),
  densita: z.number(),
  attivo: z.boolean(),
});
export const ubicazioneSchema = z.object({
  ...withId,
  nome: z.string(),
  tipo: z.enum(UBICAZIONE_TIPI),
  attiva: z.boolean(),
});
export const macchinaSchema = z.object({
  ...withId,
  nome: z.string(),
  tipo: z.enum(MACCHINA_TIPI),
  kerfMm: z.number(),
  rifiloMm: z.number(),
  attiva: z.boolean(),
});

export type Cava = z.infer<typeof cavaSchema>;
export type Materiale = z.infer<typeof materialeSchema>;
export type Ubicazione = z.infer<typeof ubicazioneSchema>;
export type Macchina = z.infer<typeof macchinaSchema>;

/** The four lookups, by their plural (`/api/cave`, `/api/materiali`, …). */
export const LOOKUP_KINDS = ['cave', 'materiali', 'ubicazioni', 'macchine'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];
export const LOOKUP_LABELS: Record<LookupKind, { singolare: string; plurale: string }> = {
  cave: { singolare: 'Cava', plurale: 'Cave' },
  materiali: { singolare: 'Materiale', plurale: 'Materiali' },
  ubicazioni: { singolare: 'Ubicazione', plurale: 'Ubicazioni' },
  macchine: { singolare: 'Macchina', plurale: 'Macchine' },
};
