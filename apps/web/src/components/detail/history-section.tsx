import { Skeleton } from 'primereact/skeleton';
import type { HistoryItem } from '@gestcava/contracts';
import { HistoryTimeline } from '@/components/history-timeline';

/**
 * A record's history beside its detail: a skeleton while it loads, a line when it cannot be
 * read (the page stays usable), the timeline otherwise.
 */
export function HistorySection({
  query,
  fieldLabels,
  formatValue,
}: {
  query: {
    data?: readonly HistoryItem[];
    isPending: boolean;
    isError: boolean;
    error: Error | null;
  };
  fieldLabels: Readonly<Record<string, string>>;
  formatValue?: (field: string, value: unknown) => string;
}) {
  if (query.isPending) {
    return (
      <section className="card" aria-busy="true" aria-label="Storico">
        <Skeleton width="100%" height="6rem" />
      </section>
    );
  }
  if (query.isError || !query.data) {
    return (
      <section className="card">
        <p className="m-0 text-color-secondary">Storico non disponibile: {query.error?.message}</p>
      </section>
    );
  }
  return <HistoryTimeline items={query.data} fieldLabels={fieldLabels} formatValue={formatValue} />;
}
