import { Button } from 'primereact/button';
import type { ReactNode } from 'react';

/** A proper empty state: what the page is and what it will hold; never a blank screen. */
export function EmptyState({
  icon,
  title,
  children,
  items,
  note,
}: {
  icon: string;
  title: string;
  children?: ReactNode;
  items?: readonly string[];
  note?: ReactNode;
}) {
  return (
    <section className="card empty-state" aria-labelledby="empty-state-title">
      <i className={`${icon} empty-state-icon`} aria-hidden="true" />
      <h2 id="empty-state-title" className="empty-state-title">
        {title}
      </h2>
      {children && <div className="empty-state-text">{children}</div>}
      {items && items.length > 0 && (
        <ul className="empty-state-list">
          {items.map((item) => (
            <li key={item}>
              <i className="pi pi-check" aria-hidden="true" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      )}
      {note && <p className="empty-state-note">{note}</p>}
    </section>
  );
}

/** A list that could not load: the server's message and a retry button. */
export function LoadFailedState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <EmptyState icon="pi pi-exclamation-circle" title="Caricamento non riuscito">
      <p>{message}</p>
      <Button type="button" label="Riprova" icon="pi pi-refresh" text onClick={onRetry} />
    </EmptyState>
  );
}
