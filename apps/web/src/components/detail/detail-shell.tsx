import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { DeviceCopyMark, PendingOnItem, RecentOnDevice } from '@/components/offline/device-copy';
import { isApiError } from '@/lib/api';
import { isNotOnDevice } from '@/lib/offline/device-copy';

/** What the shell needs of a record's query (TanStack Query's result has it). */
export interface RecordQuery<T> {
  data?: T;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  /** when the data was loaded (a page read offline says so) */
  dataUpdatedAt?: number;
}

/** The header link back to the list, with the list's search kept (see `useBackToList`). */
export function BackToList({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="p-button p-button-text p-component" data-testid="back-to-list">
      <i className="pi pi-arrow-left mr-2" aria-hidden="true" />
      <span className="p-button-label">{label}</span>
    </Link>
  );
}

/**
 * A detail page around its record (docs/screens.md "Detail pages"): the header with the back link and
 * a skeleton while it loads, "not found" for a 404, the server's message and "Riprova" for any
 * other failure; the page itself once the record is there. A kind kept on the device
 * is marked when the page shows the device's copy, and says so when offline without one.
 */
export function DetailShell<T>({
  query,
  title,
  back,
  notFound,
  children,
}: {
  query: RecordQuery<T>;
  /** the header's title until the record is there */
  title: string;
  /** the header's back link (BackToList) */
  back: ReactNode;
  notFound: { title: string; text: string };
  children: (record: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <>
        <PageHeader title={title}>{back}</PageHeader>
        <section className="card" aria-busy="true" aria-label="Caricamento">
          <Skeleton width="40%" height="1.5rem" className="mb-3" />
          <Skeleton width="100%" height="8rem" />
        </section>
      </>
    );
  }
  if (isNotOnDevice(query.error)) {
    return (
      <>
        <PageHeader title={title}>{back}</PageHeader>
        <EmptyState icon="pi pi-wifi" title="Non disponibile offline">
          <p data-testid="not-on-device">{query.error.message}</p>
          <Button
            type="button"
            label="Riprova"
            icon="pi pi-refresh"
            text
            onClick={() => void query.refetch()}
            data-testid="detail-retry"
          />
        </EmptyState>
        <RecentOnDevice />
      </>
    );
  }
  if (query.isError || query.data === undefined) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <>
        <PageHeader title={title}>{back}</PageHeader>
        <EmptyState
          icon="pi pi-exclamation-circle"
          title={missing ? notFound.title : 'Caricamento non riuscito'}
        >
          <p>{missing ? notFound.text : query.error?.message}</p>
          {!missing && (
            <Button
              type="button"
              label="Riprova"
              icon="pi pi-refresh"
              text
              onClick={() => void query.refetch()}
              data-testid="detail-retry"
            />
          )}
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <DeviceCopyMark data={query.data} updatedAt={query.dataUpdatedAt} />
      <PendingOnItem data={query.data} />
      {children(query.data)}
    </>
  );
}
