import type { ReactNode } from 'react';
import type { DdtRef } from '@gestcava/contracts';
import { DdtRefs } from './ddt-refs';
import { FattureRefs } from '@/components/fatture/fatture-refs';
import { PageHeader } from '@/components/page-header';
import { BackToList, DetailShell, type RecordQuery } from '@/components/detail/detail-shell';
import { HistorySection } from '@/components/detail/history-section';
import { useBackToList } from '@/components/detail/use-back-to-list';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';

/** The parts of a stock item's page that come from other features, given by the route. */
export interface StockItemSlots<T> {
  /** the photos panel */
  photos?: (item: T) => ReactNode;
  /** more header buttons (the label's print) */
  headerExtra?: (item: T) => ReactNode;
  /** transfers to group companies */
  trasferimenti?: (item: T) => ReactNode;
  /** the one-tap camera of the phone's quick actions */
  quickPhoto?: (item: T) => ReactNode;
}

/**
 * The page of a slab, bundle or tile lot (docs/domain.md "Magazzino"): header with the back link, on a
 * phone the quick actions, then the item's own sections (data, provenance, its actions) and the DDTs
 * it left with, beside its photos, transfers, ledger and history.
 */
export function StockItemDetail<T extends { codice: string; ddt?: readonly DdtRef[] }>({
  query,
  noun,
  icon,
  list,
  notFoundText,
  slots,
  quickActions,
  ledger,
  history,
  children,
}: {
  query: RecordQuery<T>;
  /** «Pacco», «Lotto», «Lastra»: the header's word */
  noun: string;
  icon: string;
  /** the list it came from: its path and the back link's words */
  list: { path: string; label: string };
  notFoundText: { title: string; text: string };
  slots: StockItemSlots<T>;
  /** the phone's quick actions (move, photo), when the user may use them on this item */
  quickActions: (item: T) => ReactNode;
  /** its stock movements */
  ledger: (item: T) => ReactNode;
  history: Parameters<typeof HistorySection>[0];
  /** the main column's sections */
  children: (item: T) => ReactNode;
}) {
  const phone = useMediaQuery(CARDS_QUERY);
  const backTo = useBackToList(list.path);
  const back = <BackToList to={backTo} label={list.label} />;
  return (
    <DetailShell query={query} title={noun} back={back} notFound={notFoundText}>
      {(item) => (
        <>
          <PageHeader title={`${noun} ${item.codice}`} icon={icon}>
            {back}
            {slots.headerExtra?.(item)}
          </PageHeader>
          {phone && quickActions(item)}
          <div className="grid">
            <div className="col-12 xl:col-8">
              {children(item)}
              <DdtRefs ddt={item.ddt} />
              <FattureRefs ddt={item.ddt} />
            </div>
            <div className="col-12 xl:col-4">
              {slots.photos?.(item)}
              {slots.trasferimenti?.(item)}
              {ledger(item)}
              <HistorySection {...history} />
            </div>
          </div>
        </>
      )}
    </DetailShell>
  );
}
