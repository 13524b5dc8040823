import { Link } from 'react-router';
import type { Dashboard } from '@gestcava/contracts';
import { formatDateTime } from '@/lib/format';

/** "Ultime attività": the newest audit rows the user may read, each linked to its record. */
export function LatestActivity({ items }: { items: Dashboard['attivita'] }) {
  if (items.length === 0)
    return <p className="text-color-secondary m-0">Nessuna attività recente.</p>;
  return (
    <ul className="activity-list" data-testid="activity-list">
      {items.map((a) => {
        const what = `${a.entityLabel}${a.codice ? ` ${a.codice}` : ''}`;
        return (
          <li key={a._id} className="activity-item">
            <span className="activity-what">
              {a.path ? <Link to={a.path}>{what}</Link> : <span>{what}</span>}{' '}
              <span className="activity-action">{a.descrizione}</span>
            </span>
            <span className="activity-meta">
              {a.utente ?? 'Sistema'} · {formatDateTime(a.at)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
