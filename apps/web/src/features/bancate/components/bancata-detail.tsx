import { useMemo, type ReactNode } from 'react';
import { ENTITY_PAGES, type Bancata, type Blocco, type HistoryItem } from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { BackToList, DetailShell } from '@/components/detail/detail-shell';
import { HistorySection } from '@/components/detail/history-section';
import { useBackToList } from '@/components/detail/use-back-to-list';
import { useLookups } from '@/lib/lookups';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useBancata, useBancataHistory, useBancataBlocchi } from '../api/bancate';
import { BANCATA_FIELD_LABELS, bancataHistoryValue } from './bancata-format';
import { BancataCodiceAction, BancataDeleteAction, BancataEditAction } from './bancata-actions';
import { BancataStatoSection } from './bancata-stato-section';
import { BancataBlocchiSection } from './bancata-blocchi-section';
import { BancataDataSection, BancataSottoprodottiSection } from './bancata-data-sections';

type Query<T> = { data?: T; isPending: boolean; isError: boolean; error: Error | null };

/**
 * A bancata (docs/screens.md "Detail pages"): its data, the state moves its table allows, its blocchi
 * with totals and resa, by-products, photos and history. `newBlocco` is the page's way to add a
 * blocco (the blocchi feature's form), offered while the bancata is being squared; `photos` its
 * photos panel (the photos feature's).
 */
export function BancataDetail({
  id,
  newBlocco,
  photos,
  headerExtra,
}: {
  id: string;
  /** the "Nuovo blocco" action, when the user may write blocchi */
  newBlocco?: (bancata: Bancata) => ReactNode;
  /** the photos section (the photos feature's panel, composed by the page) */
  photos?: (bancata: Bancata) => ReactNode;
  /** more header buttons from other features (the label's print) */
  headerExtra?: (bancata: Bancata) => ReactNode;
}) {
  const record = useBancata(id);
  // asked together with the record, not after it
  const history = useBancataHistory(id);
  const blocchi = useBancataBlocchi(id);
  const backTo = useBackToList(ENTITY_PAGES.bancata.path);
  const back = <BackToList to={backTo} label="Elenco bancate" />;

  return (
    <DetailShell
      query={record}
      title="Bancata"
      back={back}
      notFound={{
        title: 'Bancata non trovata',
        text: 'La bancata richiesta non esiste o è stata eliminata.',
      }}
    >
      {(b) => (
        <BancataPage
          bancata={b}
          back={back}
          backTo={backTo}
          history={history}
          blocchi={blocchi}
          newBlocco={newBlocco}
          photos={photos}
          headerExtra={headerExtra}
        />
      )}
    </DetailShell>
  );
}

function BancataPage({
  bancata: b,
  back,
  backTo,
  history,
  blocchi,
  newBlocco,
  photos,
  headerExtra,
}: {
  bancata: Bancata;
  back: ReactNode;
  backTo: string;
  history: Query<HistoryItem[]>;
  blocchi: Query<Blocco[]>;
  newBlocco?: (bancata: Bancata) => ReactNode;
  photos?: (bancata: Bancata) => ReactNode;
  headerExtra?: (bancata: Bancata) => ReactNode;
}) {
  const { user } = useSession();
  const writable = can(user, 'bancate', 'write');
  const cave = useLookups('cave');
  const materiali = useLookups('materiali');
  const names = useMemo(
    () => new Map([...(cave.data ?? []), ...(materiali.data ?? [])].map((r) => [r._id, r.nome])),
    [cave.data, materiali.data],
  );

  return (
    <>
      <PageHeader title={`Bancata ${b.codice}`} icon="pi pi-th-large">
        {back}
        {headerExtra?.(b)}
        {writable && b.stato !== 'annullata' && <BancataEditAction bancata={b} />}
        {writable && user?.role === 'admin' && <BancataCodiceAction bancata={b} />}
        {writable && b.stato === 'pianificata' && (
          <BancataDeleteAction bancata={b} backTo={backTo} />
        )}
      </PageHeader>

      <div className="grid">
        <div className="col-12 xl:col-8">
          <BancataStatoSection bancata={b} writable={writable} />
          <BancataDataSection bancata={b} />
          <BancataBlocchiSection bancata={b} blocchi={blocchi} newBlocco={newBlocco?.(b)} />
          <BancataSottoprodottiSection bancata={b} />
        </div>

        <div className="col-12 xl:col-4">
          {photos?.(b)}
          <HistorySection
            query={history}
            fieldLabels={BANCATA_FIELD_LABELS}
            formatValue={bancataHistoryValue(names)}
          />
        </div>
      </div>
    </>
  );
}
