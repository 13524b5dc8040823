import type { ReactNode } from 'react';
import './detail-list.css';

/** A record's data as label/value pairs in a responsive grid. */
export function DetailList({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <dl className="detail-grid" data-testid={testId}>
      {children}
    </dl>
  );
}

export function DetailItem({ label, children, wide }: { label: string; children?: ReactNode; wide?: boolean }) {
  const empty = children === null || children === undefined || children === '' || children === false;
  return (
    <div className={wide ? 'detail-item detail-item-wide' : 'detail-item'}>
      <dt>{label}</dt>
      <dd>{empty ? <span className="text-color-secondary">—</span> : children}</dd>
    </div>
  );
}
