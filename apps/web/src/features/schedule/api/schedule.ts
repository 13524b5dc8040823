import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

/**
 * Schedule data (docs/api.md "Shape of the API"): a bundled file `/assets/data/scheduleevents.json` whose answer has a
 * field `data` (docs/screens.md: `{ id, title, start, end, allDay, tipo }`). One typed service reads it.
 */
export const SCHEDULE_URL = '/assets/data/scheduleevents.json';
export const SCHEDULE_TIPI = [
  'collaudo',
  'consegna',
  'manutenzione',
  'spedizione',
  'riunione',
] as const;
export type ScheduleTipo = (typeof SCHEDULE_TIPI)[number];

export const TIPO_LABELS: Record<ScheduleTipo, string> = {
  collaudo: 'Collaudo',
  consegna: 'Consegna',
  manutenzione: 'Manutenzione',
  spedizione: 'Spedizione',
  riunione: 'Riunione',
};

const isoDate = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'Data non valida' });

export const scheduleEventSchema = z.object({
  id: z.union([z.number().int(), z.string()]),
  title: z.string().min(1),
  start: isoDate,
  end: isoDate.nullable(),
  allDay: z.boolean(),
  tipo: z.enum(SCHEDULE_TIPI),
  /** the group company whose event it is (its name); none: every company's */
  ditta: z.string().optional(),
});
export type ScheduleEvent = z.infer<typeof scheduleEventSchema>;

export const scheduleResponseSchema = z.object({ data: z.array(scheduleEventSchema) });

export async function getScheduleEvents(signal?: AbortSignal): Promise<ScheduleEvent[]> {
  const response = await fetch(SCHEDULE_URL, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`Agenda non disponibile (${response.status})`);
  const parsed = scheduleResponseSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error('Agenda: formato del file non valido');
  return [...parsed.data.data].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/**
 * The file is one for the whole installation, its events each a company's (docs/dashboard.md
 * "Agenda"): a company sees its own and those of nobody in particular, never another's.
 */
export function eventsOfCompany<E extends { ditta?: string }>(
  events: readonly E[],
  companyName: string | null | undefined,
): E[] {
  return events.filter((e) => e.ditta === undefined || (!!companyName && e.ditta === companyName));
}

/** The next `limit` events from `now` on (those still running included). */
export function upcomingEvents<E extends Pick<ScheduleEvent, 'start' | 'end'>>(
  events: readonly E[],
  now: Date,
  limit = 6,
): E[] {
  const t = now.getTime();
  return events.filter((e) => Date.parse(e.end ?? e.start) >= t).slice(0, limit);
}

export const scheduleQueryOptions = queryOptions({
  queryKey: ['schedule', 'events'],
  queryFn: ({ signal }) => getScheduleEvents(signal),
  staleTime: 10 * 60_000,
});

export function useScheduleEvents() {
  return useQuery(scheduleQueryOptions);
}
