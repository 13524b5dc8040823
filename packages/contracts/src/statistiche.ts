import { z } from 'zod';
import { isoDate } from './fields.js';

// Statistiche (docs/domain.md): one answer shape for every section, so the web draws any
// section's chart and table from the same data — the metrics (columns) come with the answer.

export const STATISTICHE_SEZIONI = [
  'produzione',
  'lavorazione',
  'vendite',
  'magazzino',
  'acquisti',
] as const;
export type StatisticheSezione = (typeof STATISTICHE_SEZIONI)[number];
export const STATISTICHE_SEZIONE_LABELS: Record<StatisticheSezione, string> = {
  produzione: 'Produzione',
  lavorazione: 'Lavorazione',
  vendite: 'Vendite',
  magazzino: 'Magazzino',
  acquisti: 'Acquisti',
};

export const STATISTICHE_PER = [
  'mese',
  'materiale',
  'cava',
  'scelta',
  'cliente',
  'macchina',
  'spessore',
  'fornitore',
  'blocco',
] as const;
export type StatistichePer = (typeof STATISTICHE_PER)[number];
export const STATISTICHE_PER_LABELS: Record<StatistichePer, string> = {
  mese: 'Mese',
  materiale: 'Materiale',
  cava: 'Cava',
  scelta: 'Scelta',
  cliente: 'Cliente',
  macchina: 'Macchina',
  spessore: 'Spessore',
  fornitore: 'Fornitore',
  blocco: 'Blocco',
};

/** The groupings each section has (the first is its default): a sale has no cava, a sawing no cliente. */
export const STATISTICHE_PER_SEZIONE: Record<StatisticheSezione, readonly StatistichePer[]> = {
  produzione: ['mese', 'materiale', 'cava', 'scelta'],
  // by block: each sawing's m²/m³ beside its machine's maximum (docs/domain.md)
  lavorazione: ['mese', 'materiale', 'macchina', 'spessore', 'blocco'],
  vendite: ['mese', 'materiale', 'cliente', 'scelta'],
  magazzino: ['materiale', 'scelta', 'mese'],
  acquisti: ['fornitore', 'materiale', 'mese'],
};

/** What a figure measures; the web formats by it (m³ with 3 decimals, € as money…). */
export const STATISTICHE_UNITA = [
  'n',
  'm3',
  't',
  'm2',
  'eur',
  'pct',
  'm2m3',
  'eurm3',
  'eurt',
  'giorni',
] as const;
export type StatisticheUnita = (typeof STATISTICHE_UNITA)[number];

/** A period longer than this is refused: ten years of months is already a long table. */
export const STATISTICHE_MAX_GIORNI = 3660;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
const isoOfDay = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Days from `dal` to `al`, both included. */
export function giorniPeriodo(dal: string, al: string): number {
  return dayNumber(al) - dayNumber(dal) + 1;
}

/** The same calendar day a year earlier; 29 February becomes the 28th. */
export function annoPrima(iso: string): string {
  const y = Number(iso.slice(0, 4)) - 1;
  const md = iso.slice(5);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return `${String(y).padStart(4, '0')}-${md === '02-29' && !leap ? '02-28' : md}`;
}

export interface Periodo {
  dal: string;
  al: string;
}

/**
 * The two periods a statistic is compared with: the one of equal length just before, and the same
 * dates a year earlier (so "this year to date" meets "last year to the same day").
 */
export function periodiConfronto({ dal, al }: Periodo): { previous: Periodo; lastYear: Periodo } {
  const days = giorniPeriodo(dal, al);
  return {
    previous: { dal: isoOfDay(dayNumber(dal) - days), al: isoOfDay(dayNumber(dal) - 1) },
    lastYear: { dal: annoPrima(dal), al: annoPrima(al) },
  };
}

export const STATISTICHE_PRESETS = ['mese', 'anno', 'ultimi12', 'personalizzato'] as const;
export type StatistichePreset = (typeof STATISTICHE_PRESETS)[number];
export const STATISTICHE_PRESET_LABELS: Record<StatistichePreset, string> = {
  mese: 'Questo mese',
  anno: "Quest'anno",
  ultimi12: 'Ultimi 12 mesi',
  personalizzato: 'Personalizzato',
};

/** A preset's dates from today (a Rome calendar day, `YYYY-MM-DD`); the period ends today. */
export function periodoPreset(
  preset: Exclude<StatistichePreset, 'personalizzato'>,
  today: string,
): Periodo {
  if (preset === 'mese') return { dal: `${today.slice(0, 7)}-01`, al: today };
  if (preset === 'anno') return { dal: `${today.slice(0, 4)}-01-01`, al: today };
  // twelve whole months back, this one included: from the first of the month eleven months ago
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 11;
  const start =
    m > 0 ? `${y}-${String(m).padStart(2, '0')}` : `${y - 1}-${String(m + 12).padStart(2, '0')}`;
  return { dal: `${start}-01`, al: today };
}

export const statisticheQuerySchema = z
  .object({
    dal: isoDate('Dal'),
    al: isoDate('Al'),
    per: z.enum(STATISTICHE_PER, { error: 'Raggruppamento non valido' }).optional(),
  })
  .refine((q) => q.dal <= q.al, {
    message: 'La data di inizio viene dopo quella di fine',
    path: ['al'],
  })
  .refine((q) => q.dal > q.al || giorniPeriodo(q.dal, q.al) <= STATISTICHE_MAX_GIORNI, {
    message: 'Periodo troppo lungo: al massimo 10 anni',
    path: ['dal'],
  });
export type StatisticheQuery = z.output<typeof statisticheQuerySchema>;

export const statisticheExportQuerySchema = statisticheQuerySchema.and(
  z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx') }),
);
export type StatisticheExportQuery = z.output<typeof statisticheExportQuerySchema>;

export const statisticheSezioneParamsSchema = z.object({
  section: z.enum(STATISTICHE_SEZIONI, { error: 'Sezione non valida' }),
});

/** One column of the table (and a possible line of the chart). */
export const statisticaMetricaSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.enum(STATISTICHE_UNITA),
  /** what the figure counts, in one line (shown under it) */
  descrizione: z.string(),
  /** drawn in the chart (the section's headline figures) */
  chart: z.boolean(),
  /** shown beside its value for the previous period and last year */
  compare: z.boolean(),
});
export type StatisticaMetrica = z.infer<typeof statisticaMetricaSchema>;

/** metric key → figure; null where it cannot be computed (a ratio over nothing). */
export const statisticaValoriSchema = z.record(z.string(), z.number().nullable());
export type StatisticaValori = z.infer<typeof statisticaValoriSchema>;

export const statisticaRigaSchema = z.object({
  key: z.string(),
  label: z.string(),
  values: statisticaValoriSchema,
  /** the same group in the previous period (null by month: those months are other rows) */
  previous: statisticaValoriSchema.nullable(),
  /** the same group a year earlier (by month: the same month a year before) */
  lastYear: statisticaValoriSchema.nullable(),
});
export type StatisticaRiga = z.infer<typeof statisticaRigaSchema>;

export const statistichePeriodoSchema = z.object({
  dal: z.string(),
  al: z.string(),
  totals: statisticaValoriSchema,
});

export const statisticheSchema = z.object({
  section: z.enum(STATISTICHE_SEZIONI),
  dal: z.string(),
  al: z.string(),
  per: z.enum(STATISTICHE_PER),
  metrics: z.array(statisticaMetricaSchema),
  series: z.array(statisticaRigaSchema),
  totals: statisticaValoriSchema,
  /** null for a snapshot (magazzino: what is on hand today) */
  comparison: z
    .object({ previous: statistichePeriodoSchema, lastYear: statistichePeriodoSchema })
    .nullable(),
  /** how to read the figures, when the section needs it */
  note: z.string().nullable(),
});
export type Statistiche = z.infer<typeof statisticheSchema>;
