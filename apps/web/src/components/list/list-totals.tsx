import type { ReactNode } from 'react';
// its own styles: a page may show totals without a ListTable (the giacenze)
import './list-table.css';

/** The totals bar of a list: figures of the whole filtered set (the list's `summary`). */
export function ListTotals({
  items,
  loading,
  label = 'Totali',
}: {
  items: readonly { label: string; value: ReactNode }[];
  loading?: boolean;
  label?: string;
}) {
  return (
    <dl className="list-totals" aria-label={label} aria-busy={loading} data-testid="list-totals">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{loading ? '…' : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
