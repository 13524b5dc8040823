import { historyActionIcon, historyActionLabel, type HistoryItem } from '@gestcava/contracts';
import { formatDateTime } from '@/lib/format';
import { formatHistoryValue } from './history-value';
import './history-timeline.css';

/**
 * The history of a record (docs/domain.md "Audit"): who, when, what, and each changed field with its
 * Italian label, from → to (ids by the names the server sent). Newest first.
 */
export function HistoryTimeline({
  items,
  fieldLabels,
  formatValue = (_field, value) => formatHistoryValue(value),
  title = 'Storico',
}: {
  items: readonly HistoryItem[];
  fieldLabels: Readonly<Record<string, string>>;
  formatValue?: (field: string, value: unknown) => string;
  title?: string;
}) {
  const sorted = [...items].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <section className="card" aria-labelledby="history-title" data-testid="history">
      <h2 id="history-title" className="card-title">
        <i className="pi pi-history mr-2" aria-hidden="true" />
        {title}
      </h2>
      {sorted.length === 0 ? (
        <p className="text-color-secondary m-0">Nessuna modifica registrata.</p>
      ) : (
        <ol className="history-list">
          {sorted.map((item) => {
            const fields = Object.entries(item.changes);
            // An id the server named (a cliente no longer on the record) reads as its name.
            const show = (field: string, value: unknown) =>
              (typeof value === 'string' && item.names?.[value]) || formatValue(field, value);
            return (
              <li key={item._id} className="history-item" data-testid="history-item">
                <span className="history-icon" aria-hidden="true">
                  <i className={historyActionIcon(item.action)} />
                </span>
                <div className="history-body">
                  <p className="history-head">
                    <strong>{historyActionLabel(item.action)}</strong>
                    <span className="history-meta">
                      <time dateTime={item.at}>{formatDateTime(item.at)}</time>
                      {' · '}
                      {item.user?.name ?? 'sistema'}
                    </span>
                  </p>
                  {item.note && <p className="history-note">{item.note}</p>}
                  {fields.length > 0 && item.action !== 'create' && (
                    <dl className="history-changes">
                      {fields.map(([field, change]) => (
                        <div key={field}>
                          <dt>{fieldLabels[field] ?? field}</dt>
                          <dd>
                            <span className="history-from">{show(field, change.from)}</span>
                            <i className="pi pi-arrow-right" aria-hidden="true" />
                            <span className="p-hidden-accessible">diventa</span>
                            <span className="history-to">{show(field, change.to)}</span>
                          </dd>
                        </div>
                      ))}
                    </dl>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
