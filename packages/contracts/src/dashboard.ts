import { z } from 'zod';

/**
 * GET /api/dashboard: what a manager reads every morning, in one answer. Every section is null when
 * the user may not read the page that explains it (the tile is then not shown at all), so the
 * server, not the web, decides what a user sees.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const month = z.string().regex(/^\d{4}-\d{2}$/);

/**
 * Own blocks squared (net m³, informi excluded) by their production date `dataRiquadratura`, per Rome
 * month (page `blocchi`); informi apart, in tonnes.
 */
export const dashboardProduzioneSchema = z.object({
  /** YYYY-MM of this month, of the previous one and of the same month last year. */
  mese: month,
  m3Mese: z.number(),
  m3MesePrecedente: z.number(),
  m3StessoMeseAnnoScorso: z.number(),
  /** Informi squared this month, t (by weight, never in the m³). */
  tInformiMese: z.number(),
  /** The bancate cut this month (toppled, by their cut date): gross m³, a figure of its own; null without page `bancate`. */
  bancateMese: z.object({ m3: z.number(), bancate: z.number().int() }).nullable(),
  /** The last 12 months, this one included, oldest first; months without blocks are 0. */
  serie: z.array(
    z.object({ mese: month, m3: z.number(), blocchi: z.number().int(), tInformi: z.number() }),
  ),
});

/** Blocks in the yard by effective state (an option past its day counts as disponibile). */
export const dashboardBlocchiOrigineSchema = z.object({
  disponibili: z.number().int(),
  opzionati: z.number().int(),
  /** Options whose last day is today or within the next 7 days. */
  opzioniInScadenza: z.number().int(),
  inCollaudo: z.number().int(),
});

export const dashboardSchema = z.object({
  /** The Rome day the figures refer to. */
  oggi: day,
  produzione: dashboardProduzioneSchema.nullable(),
  /** Own blocks (page `blocchi`) and bought-in ones (page `blocchi-esterni`), each null without its page. */
  blocchi: z.object({
    interni: dashboardBlocchiOrigineSchema.nullable(),
    esterni: dashboardBlocchiOrigineSchema.nullable(),
  }),
  /** Slabs in stock (disponibili and riservate), page `magazzino-lastre`. */
  lastre: z.object({ mq: z.number(), pezzi: z.number().int() }).nullable(),
  /** Tile lots in stock, page `magazzino-pavimenti`. */
  pavimenti: z.object({ mq: z.number(), pezzi: z.number().int() }).nullable(),
  /** Collaudi still programmati whose date falls in this week (Monday to Sunday), page `collaudi`. */
  collaudi: z.object({ programmatiSettimana: z.number().int(), dal: day, al: day }).nullable(),
  /** The yield (blocks' net m³ ÷ bancata m³, %) of the newest closed bancate, page `bancate`. */
  rese: z
    .object({
      /** Volume-weighted over `ultime`; null when no bancata is closed yet. */
      resaMedia: z.number().nullable(),
      ultime: z.array(
        z.object({ _id: z.string(), codice: z.string(), dataTaglio: day, resa: z.number() }),
      ),
    })
    .nullable(),
  /** The newest audit rows of the kinds the user may read. */
  attivita: z.array(
    z.object({
      _id: z.string(),
      at: z.string(),
      utente: z.string().nullable(),
      entityType: z.string(),
      entityLabel: z.string(),
      codice: z.string().nullable(),
      action: z.string(),
      /** The change in words ("creato", "stato: disponibile → opzionato"). */
      descrizione: z.string(),
      path: z.string().nullable(),
    }),
  ),
  /** Agenda events the app derives, shaped like the schedule file's (docs/api.md "Shape of the API") plus a link. */
  agenda: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      start: day,
      /** All-day events end at midnight of the day after, as the schedule's do. */
      end: day,
      allDay: z.literal(true),
      tipo: z.enum(['collaudo', 'scadenza']),
      path: z.string(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardBlocchiOrigine = z.infer<typeof dashboardBlocchiOrigineSchema>;
export type DashboardEvent = Dashboard['agenda'][number];
