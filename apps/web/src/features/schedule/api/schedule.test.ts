import { describe, expect, it } from 'vitest';
import scheduleFile from '../../../../public/assets/data/scheduleevents.json';
import {
  eventsOfCompany,
  scheduleResponseSchema,
  upcomingEvents,
  type ScheduleEvent,
} from './schedule';

describe('schedule data (docs/api.md "Shape of the API")', () => {
  it('the bundled file has { data: [{ id, title, start, end, allDay, tipo }] }', () => {
    const parsed = scheduleResponseSchema.safeParse(scheduleFile);
    expect(parsed.success).toBe(true);
    const events = parsed.data?.data ?? [];
    expect(events.length).toBeGreaterThanOrEqual(10);
    expect(new Set(events.map((e) => e.tipo))).toEqual(
      new Set(['collaudo', 'consegna', 'manutenzione', 'spedizione', 'riunione']),
    );
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    for (const e of events)
      if (e.end) expect(Date.parse(e.end)).toBeGreaterThan(Date.parse(e.start));
  });

  it('upcomingEvents keeps running and future events, in order, up to the limit', () => {
    const ev = (id: number, start: string, end: string | null): ScheduleEvent => ({
      id,
      title: `e${id}`,
      start,
      end,
      allDay: false,
      tipo: 'collaudo',
    });
    const list = [
      ev(1, '2026-01-01T08:00:00Z', '2026-01-01T09:00:00Z'),
      ev(2, '2026-01-10T08:00:00Z', '2026-01-20T09:00:00Z'),
      ev(3, '2026-02-01T08:00:00Z', null),
      ev(4, '2026-03-01T08:00:00Z', null),
    ];
    expect(upcomingEvents(list, new Date('2026-01-15T00:00:00Z'), 2).map((e) => e.id)).toEqual([
      2, 3,
    ]);
    expect(upcomingEvents(list, new Date('2027-01-01T00:00:00Z'))).toEqual([]);
  });

  it("a company sees its own events and nobody's in particular, never another group company's", () => {
    const events = scheduleResponseSchema.parse(scheduleFile).data;
    expect(eventsOfCompany(events, 'Segheria Demo S.r.l.')).toEqual([]);
    expect(eventsOfCompany(events, 'Marmi Demo S.r.l.')).toEqual(events);
    const shared = { ...events[0]!, ditta: undefined };
    expect(eventsOfCompany([shared, events[1]!], 'Segheria Demo S.r.l.')).toEqual([shared]);
    expect(eventsOfCompany(events, null)).toEqual([]);
  });
});
