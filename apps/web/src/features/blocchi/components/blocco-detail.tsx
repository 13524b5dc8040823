import { useState, type ReactNode } from 'react';
import {
  BLOCCO_STATI_DECLASSABILI,
  BLOCCO_STATI_ELIMINABILI,
  type Blocco,
  type BloccoStato,
  type GenealogyNode,
  type HistoryItem,
} from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { DdtRefs } from '@/components/stock/ddt-refs';
import { FattureRefs } from '@/components/fatture/fatture-refs';
import { BackToList, DetailShell } from '@/components/detail/detail-shell';
import { HeaderActions, type HeaderAction } from '@/components/detail/header-actions';
import { HistorySection } from '@/components/detail/history-section';
import { useBackToList } from '@/components/detail/use-back-to-list';
import { useLookups } from '@/lib/lookups';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import {
  useBlocco,
  useBloccoHistory,
  useBloccoGenealogy,
  BLOCCO_KIND_LABELS,
  type BloccoKind,
} from '../api/blocchi';
import { BLOCCO_FIELD_LABELS, bloccoHistoryValue } from './blocco-format';
import { canDeclassare } from './blocco-moves';
import {
  BloccoCodiceDialog,
  BloccoDeclassaDialog,
  BloccoDeleteDialog,
  BloccoEditDialog,
} from './blocco-actions';
import { BloccoStatoSection } from './blocco-stato-section';
import { BloccoQuickActions } from './blocco-quick-actions';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import {
  BloccoAcquistoSection,
  BloccoDataSection,
  BloccoGenealogySection,
  BloccoMisureSection,
} from './blocco-data-sections';
import './blocchi.css';

/** States after which the record is history: no more edits (the server answers 409). */
const FINAL_STATI: readonly BloccoStato[] = ['spedito', 'segato', 'scartato'];

type Query<T> = { data?: T; isPending: boolean; isError: boolean; error: Error | null };

/**
 * A blocco or blocco esterno (docs/screens.md "Detail pages"): data and measures, the manual moves its
 * (effective) state allows, declassamento, genealogy, photos and history. Read-only users see the
 * same page without any action.
 */
export function BloccoDetail({
  kind,
  id,
  photos,
  trasferimenti,
  headerExtra,
  quickPhoto,
}: {
  kind: BloccoKind;
  id: string;
  /** the photos section (the photos feature's panel, composed by the page) */
  photos?: (blocco: Blocco) => ReactNode;
  /** the transfers between group companies (the trasferimenti feature's panel, composed by the page) */
  trasferimenti?: (blocco: Blocco) => ReactNode;
  /** more header buttons from other features (the label's print) */
  headerExtra?: (blocco: Blocco) => ReactNode;
  /** the one-tap camera of the phone's quick actions (the photos feature's button) */
  quickPhoto?: (blocco: Blocco) => ReactNode;
}) {
  const labels = BLOCCO_KIND_LABELS[kind];
  const record = useBlocco(kind, id);
  // asked together with the record, not after it
  const history = useBloccoHistory(kind, id);
  const genealogy = useBloccoGenealogy(kind, id);
  const backTo = useBackToList(labels.base);
  const back = <BackToList to={backTo} label={`Elenco ${labels.plurale.toLowerCase()}`} />;

  return (
    <DetailShell
      query={record}
      title={labels.singolare}
      back={back}
      notFound={{
        title: `${labels.singolare} non trovato`,
        text: 'Il blocco richiesto non esiste, è stato eliminato o appartiene a un altro elenco.',
      }}
    >
      {(b) => (
        <BloccoPage
          kind={kind}
          blocco={b}
          back={back}
          backTo={backTo}
          history={history}
          genealogy={genealogy}
          photos={photos}
          trasferimenti={trasferimenti}
          headerExtra={headerExtra}
          quickPhoto={quickPhoto}
        />
      )}
    </DetailShell>
  );
}

function BloccoPage({
  kind,
  blocco: b,
  back,
  backTo,
  history,
  genealogy,
  photos,
  trasferimenti,
  headerExtra,
  quickPhoto,
}: {
  kind: BloccoKind;
  blocco: Blocco;
  back: ReactNode;
  backTo: string;
  history: Query<HistoryItem[]>;
  genealogy: Query<GenealogyNode[]>;
  photos?: (blocco: Blocco) => ReactNode;
  trasferimenti?: (blocco: Blocco) => ReactNode;
  headerExtra?: (blocco: Blocco) => ReactNode;
  quickPhoto?: (blocco: Blocco) => ReactNode;
}) {
  const labels = BLOCCO_KIND_LABELS[kind];
  const phone = useMediaQuery(CARDS_QUERY);
  const { user } = useSession();
  const writable = can(user, kind, 'write');
  // who sells options blocks (docs/permissions.md: collaudi write), even with the blocchi read-only
  const canOption = can(user, 'collaudi', 'write');
  const materiali = useLookups('materiali');
  const ubicazioni = useLookups('ubicazioni');

  const editable = writable && !FINAL_STATI.includes(b.stato);
  const declassabile = writable && BLOCCO_STATI_DECLASSABILI.includes(b.stato) && canDeclassare(b);
  const eliminabile = writable && BLOCCO_STATI_ELIMINABILI.includes(b.stato);
  const [dialog, setDialog] = useState<'edit' | 'declassa' | 'codice' | 'delete' | null>(null);
  const closeDialog = () => setDialog(null);
  const actions: HeaderAction[] = [
    ...(editable
      ? [
          {
            label: 'Modifica',
            icon: 'pi pi-pencil',
            onClick: () => setDialog('edit'),
            testId: 'blocco-edit',
          },
        ]
      : []),
    ...(declassabile
      ? [
          {
            label: 'Declassa',
            icon: 'pi pi-arrow-down',
            look: 'warning' as const,
            onClick: () => setDialog('declassa'),
            testId: 'blocco-declassa',
          },
        ]
      : []),
    ...(writable && user?.role === 'admin'
      ? [
          {
            label: 'Correggi codice',
            icon: 'pi pi-hashtag',
            look: 'outlined' as const,
            onClick: () => setDialog('codice'),
            testId: 'blocco-codice',
          },
        ]
      : []),
    ...(eliminabile
      ? [
          {
            label: 'Elimina',
            icon: 'pi pi-trash',
            look: 'danger' as const,
            onClick: () => setDialog('delete'),
            testId: 'blocco-delete',
          },
        ]
      : []),
  ];
  const names = new Map<string, string>(
    [...(materiali.data ?? []), ...(ubicazioni.data ?? [])].map((r) => [r._id, r.nome]),
  );
  if (b.fornitore) names.set(b.fornitore._id, b.fornitore.ragioneSociale);
  if (b.cliente) names.set(b.cliente._id, b.cliente.ragioneSociale);

  return (
    <>
      <PageHeader title={`${labels.singolare} ${b.codice}`} icon={labels.icon}>
        {back}
        {headerExtra?.(b)}
        <HeaderActions actions={actions} />
      </PageHeader>
      {dialog === 'edit' && <BloccoEditDialog kind={kind} blocco={b} onClose={closeDialog} />}
      {dialog === 'declassa' && (
        <BloccoDeclassaDialog kind={kind} blocco={b} onClose={closeDialog} />
      )}
      {dialog === 'codice' && <BloccoCodiceDialog kind={kind} blocco={b} onClose={closeDialog} />}
      {dialog === 'delete' && (
        <BloccoDeleteDialog kind={kind} blocco={b} backTo={backTo} onClose={closeDialog} />
      )}

      {phone && (
        <BloccoQuickActions kind={kind} blocco={b} photo={quickPhoto?.(b)} canMove={editable} />
      )}
      <div className="grid">
        <div className="col-12 xl:col-8">
          <BloccoStatoSection kind={kind} blocco={b} writable={writable} canOption={canOption} />
          <DdtRefs ddt={b.ddt} />
          <FattureRefs ddt={b.ddt} />
          <BloccoDataSection blocco={b} />
          <BloccoMisureSection blocco={b} />
          {b.origine === 'esterno' && <BloccoAcquistoSection blocco={b} />}
          <BloccoGenealogySection query={genealogy} />
          {trasferimenti?.(b)}
        </div>

        <div className="col-12 xl:col-4">
          {photos?.(b)}
          <HistorySection
            query={history}
            fieldLabels={BLOCCO_FIELD_LABELS}
            formatValue={bloccoHistoryValue(names)}
          />
        </div>
      </div>
    </>
  );
}
