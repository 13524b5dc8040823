import { Link } from 'react-router';
import { formatDate, formatTime, toDate } from '@/lib/format';
import {
  eventsOfCompany,
  TIPO_LABELS,
  upcomingEvents,
  useScheduleEvents,
  type ScheduleEvent,
  type ScheduleTipo,
} from '../api/schedule';
import { SectionCard } from '@/components/section-card';

/**
 * An agenda line: the schedule file's events (docs/api.md "Shape of the API") and the ones the app derives from its data
 * (GET /api/dashboard: collaudi programmati, options and reservations running out), which carry a
 * link to their record and the extra kind `scadenza`.
 */
export type AgendaEvent = Omit<ScheduleEvent, 'tipo'> & {
  tipo: ScheduleTipo | 'scadenza';
  path?: string;
};

const TIPO_ICONS: Record<AgendaEvent['tipo'], string> = {
  collaudo: 'pi pi-check-square',
  consegna: 'pi pi-truck',
  manutenzione: 'pi pi-wrench',
  spedizione: 'pi pi-send',
  riunione: 'pi pi-users',
  scadenza: 'pi pi-hourglass',
};

const LABELS: Record<AgendaEvent['tipo'], string> = { ...TIPO_LABELS, scadenza: 'Scadenza' };

function when(event: AgendaEvent): string {
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

/** "Agenda": the next events of the schedule file (docs/api.md "Shape of the API") merged with `derived` ones, soonest first. */
export function Agenda({
  now = new Date(),
  limit = 8,
  derived = [],
  companyName,
}: {
  now?: Date;
  limit?: number;
  derived?: readonly AgendaEvent[];
  /** the company the user works for: the file's events of other companies stay out */
  companyName: string | null | undefined;
}) {
  const { data, isPending, isError } = useScheduleEvents();
  // A dozen events at most: sorting them on each render costs nothing worth memoising.
  const merged = [...eventsOfCompany(data ?? [], companyName), ...derived].sort(
    (a, b) => Date.parse(a.start) - Date.parse(b.start),
  );
  const events = upcomingEvents<AgendaEvent>(merged, now, limit);
  // The file failing does not hide what the app itself knows.
  const fileMissing = isError && derived.length === 0;
  return (
    <SectionCard titleId="agenda-title" title="Agenda" icon="pi pi-calendar" className="agenda">
      {isPending && derived.length === 0 && (
        <p className="text-color-secondary">Caricamento dell&apos;agenda...</p>
      )}
      {fileMissing && (
        <p className="text-color-secondary">L&apos;agenda non è disponibile in questo momento.</p>
      )}
      {!fileMissing && !(isPending && derived.length === 0) && events.length === 0 && (
        <p className="text-color-secondary">Nessun impegno in programma.</p>
      )}
      {events.length > 0 && (
        <ul className="agenda-list" data-testid="agenda-list">
          {events.map((e) => (
            <li key={e.id} className={`agenda-item agenda-${e.tipo}`}>
              <i className={`${TIPO_ICONS[e.tipo]} agenda-icon`} aria-hidden="true" />
              <div className="agenda-body">
                <span className="agenda-title">
                  {e.path ? <Link to={e.path}>{e.title}</Link> : e.title}
                </span>
                <span className="agenda-when">
                  <span className="agenda-tipo">{LABELS[e.tipo]}</span> · {when(e)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
