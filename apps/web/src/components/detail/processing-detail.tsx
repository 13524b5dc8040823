import { useState, type ComponentType, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { ENTITY_PAGES } from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { BackToList, DetailShell, type RecordQuery } from './detail-shell';
import { HistorySection } from './history-section';
import { StateActions } from './state-actions';
import { StateMoveSection } from './state-move-section';
import { useBackToList } from './use-back-to-list';
import { dangerOutlined, useStateMove, type StateMoveMutation } from './use-state-move';

type HistoryQuery = Parameters<typeof HistorySection>[0]['query'];

/** A kind of processing (a sawing, a tile cut) as its detail page names it and moves its states. */
export interface ProcessingKind<S extends string, T> {
  /** names the test ids (`${name}-stato`, `${name}-completa`, `confirm-${name}-annulla`, `${name}-move-nota`) */
  name: string;
  /** the record's entity: its list (the back link) and the page whose write access allows the moves and edits */
  entity: 'lavorazione-lastre' | 'lavorazione-pavimenti';
  listLabel: string;
  /** the header's title while the record loads */
  title: string;
  /** the header's title once the record is there, before its code */
  heading: string;
  icon: string;
  notFound: { title: string; text: string };
  fieldLabels: Readonly<Record<string, string>>;
  labels: Readonly<Record<S, string>>;
  moves: Readonly<Record<S, { label: string; icon: string; severity?: 'danger' }>>;
  transitions: Readonly<Record<S, { manual: readonly S[] }>>;
  /** the state in which the processing is under way and can be completed */
  running: S;
  StatoTag: ComponentType<{ stato: S; testId?: string }>;
  /** the completion: its button, its dialog, and the toast once it is saved */
  complete: {
    label: string;
    Dialog: ComponentType<{ lavorazione: T; onClose: () => void; onDone: (saved: T) => void }>;
    summary: string;
    detail: (saved: T) => string;
  };
  /** the cancellation's question and what it undoes */
  cancel: { title: string; body: (record: T) => string };
}

/**
 * A processing's detail page (docs/domain.md): the shell with the back link to its list, the header,
 * the page's sections in the main column and the history beside them.
 */
export function ProcessingDetail<S extends string, T extends { codice: string }>({
  kind,
  query,
  history,
  headerActions,
  formatValue,
  children,
}: {
  kind: ProcessingKind<S, T>;
  query: RecordQuery<T>;
  history: HistoryQuery;
  headerActions?: (record: T, writable: boolean) => ReactNode;
  formatValue: (record: T) => (field: string, value: unknown) => string;
  /** the main column's sections */
  children: (record: T, writable: boolean) => ReactNode;
}) {
  const { user } = useSession();
  const writable = can(user, kind.entity, 'write');
  const backTo = useBackToList(ENTITY_PAGES[kind.entity].path);
  const back = <BackToList to={backTo} label={kind.listLabel} />;
  return (
    <DetailShell query={query} title={kind.title} back={back} notFound={kind.notFound}>
      {(record) => (
        <>
          <PageHeader title={`${kind.heading} ${record.codice}`} icon={kind.icon}>
            {back}
            {headerActions?.(record, writable)}
          </PageHeader>
          <div className="grid">
            <div className="col-12 xl:col-8">{children(record, writable)}</div>
            <div className="col-12 xl:col-4">
              <HistorySection
                query={history}
                fieldLabels={kind.fieldLabels}
                formatValue={formatValue(record)}
              />
            </div>
          </div>
        </>
      )}
    </DetailShell>
  );
}

/**
 * A processing's "Stato" section: its tag with the day it started or ended, the completion's button
 * while it runs, the transition table's moves, and the cancellation that asks first with a note.
 */
export function ProcessingStatoSection<
  S extends string,
  M extends S,
  T extends { codice: string; stato: S; dataInizio: string | null; dataFine: string | null },
>({
  kind,
  record,
  writable,
  mutation,
}: {
  kind: ProcessingKind<S, T>;
  record: T;
  writable: boolean;
  mutation: StateMoveMutation<M>;
}) {
  // every processing's states end in 'completata' or 'annullata' (the contracts' transition tables)
  const annullata = 'annullata' as S;
  const { name, moves, complete } = kind;
  const move = useStateMove({
    mutation,
    codice: record.codice,
    labels: kind.labels,
    confirm: [annullata],
  });
  const [completing, setCompleting] = useState(false);

  const actions = writable && (
    <div className="flex flex-wrap gap-2">
      {record.stato === kind.running && (
        <Button
          type="button"
          label={complete.label}
          icon="pi pi-check-square"
          onClick={() => setCompleting(true)}
          data-testid={`${name}-completa`}
        />
      )}
      <StateActions
        name={name}
        moves={kind.transitions[record.stato].manual}
        moveOf={(to) => dangerOutlined(moves[to])}
        onMove={move.onMove}
        busy={move.busy}
        sending={move.sending}
      />
    </div>
  );

  return (
    <StateMoveSection
      name={name}
      move={move}
      actions={actions}
      confirmation={() => ({
        title: kind.cancel.title,
        confirmLabel: moves[annullata].label,
        confirmIcon: moves[annullata].icon,
        danger: true,
        testId: `confirm-${name}-annulla`,
        body: <p className="mt-0">{kind.cancel.body(record)}</p>,
        note: { id: `${name}-move-nota`, label: 'Nota (facoltativa)' },
      })}
      dialogs={
        completing && (
          <complete.Dialog
            lavorazione={record}
            onClose={() => setCompleting(false)}
            onDone={(saved) => {
              setCompleting(false);
              notify({
                severity: 'success',
                summary: complete.summary,
                detail: complete.detail(saved),
              });
            }}
          />
        )
      }
    >
      <kind.StatoTag stato={record.stato} testId={`${name}-stato`} />
      {record.stato === kind.running && record.dataInizio && (
        <span className="text-color-secondary">dal {formatDate(record.dataInizio)}</span>
      )}
      {record.stato === ('completata' as S) && record.dataFine && (
        <span className="text-color-secondary">il {formatDate(record.dataFine)}</span>
      )}
    </StateMoveSection>
  );
}
