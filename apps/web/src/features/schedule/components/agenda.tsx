import { formatDate, formatTime, toDate } from '@/lib/format';
import { TIPO_LABELS, upcomingEvents, useScheduleEvents, type ScheduleEvent } from '../api/get-schedule-events';
import { SectionCard } from '@/components/section-card';

const TIPO_ICONS: Record<ScheduleEvent['tipo'], string> = {
  collaudo: 'pi pi-check-square',
  consegna: 'pi pi-truck',
  manutenzione: 'pi pi-wrench',
  spedizione: 'pi pi-send',
  riunione: 'pi pi-users',
};

function when(event: ScheduleEvent): string {
  const start = toDate(event.start);
  const end = toDate(event.end);
  if (!start) return '';
  if (event.allDay) {
    // all-day events end at midnight of the day after
    const last = end ? new Date(end.getTime() - 1) : start;
    const a = formatDate(start);
    const b = formatDate(last);
    return a === b ? `${a}, tutto il giorno` : `dal ${a} al ${b}`;
  }
  if (end && formatDate(start) !== formatDate(end)) {
    return `dal ${formatDate(start)} ${formatTime(start)} al ${formatDate(end)} ${formatTime(end)}`;
  }
  return `${formatDate(start)}, ${formatTime(start)}${end ? `–${formatTime(end)}` : ''}`;
}

/** "Agenda": the next events of the schedule file (SPEC §7), until the full dashboard lands. */
export function Agenda({ now = new Date(), limit = 6 }: { now?: Date; limit?: number }) {
  const { data, isPending, isError } = useScheduleEvents();
  return (
    <SectionCard titleId="agenda-title" title="Agenda" icon="pi pi-calendar" className="agenda">
      {isPending && <p className="text-color-secondary">Caricamento dell&apos;agenda...</p>}
      {isError && <p className="text-color-secondary">L&apos;agenda non è disponibile in questo momento.</p>}
      {data &&
        (() => {
          const events = upcomingEvents(data, now, limit);
          if (events.length === 0) return <p className="text-color-secondary">Nessun impegno in programma.</p>;
          return (
            <ul className="agenda-list" data-testid="agenda-list">
              {events.map((e) => (
                <li key={e.id} className={`agenda-item agenda-${e.tipo}`}>
                  <i className={`${TIPO_ICONS[e.tipo]} agenda-icon`} aria-hidden="true" />
                  <div className="agenda-body">
                    <span className="agenda-title">{e.title}</span>
                    <span className="agenda-when">
                      <span className="agenda-tipo">{TIPO_LABELS[e.tipo]}</span> · {when(e)}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          );
        })()}
    </SectionCard>
  );
}
