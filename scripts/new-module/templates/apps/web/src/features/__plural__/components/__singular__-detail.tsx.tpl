import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { ENTITY_PAGES, __SINGULAR___LABELS, type __Singular__ } from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { BackToList, DetailShell } from '@/components/detail/detail-shell';
import { HistorySection } from '@/components/detail/history-section';
import { useBackToList } from '@/components/detail/use-back-to-list';
import { DeleteConfirmDialog } from '@/components/confirm-dialog';
import { StatusTag } from '@/components/status-tag';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { formatDateTime } from '@/lib/format';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import {
  useRemove__Singular__,
  use__Singular__,
  use__Singular__History,
} from '../api/__plural__';
import { __Singular__FormDialog } from './__singular__-form';

/** One record (docs/screens.md "How pages behave"): its data, edit and delete, its history. */
export function __Singular__Detail({ id }: { id: string }) {
  const record = use__Singular__(id);
  // asked together with the record, not after it
  const history = use__Singular__History(id);
  const backTo = useBackToList(ENTITY_PAGES['__singular__'].path);
  const back = <BackToList to={backTo} label="Elenco __labelLower__" />;
  return (
    <DetailShell
      query={record}
      title="__labelSingular__"
      back={back}
      notFound={{
        title: '__labelSingular__ non __trovato__',
        text: 'Il dato richiesto non esiste o è stato eliminato.',
      }}
    >
      {(r) => (
        <>
          <__Singular__Page record={r} back={back} backTo={backTo} />
          <HistorySection query={history} fieldLabels={__SINGULAR___LABELS} />
        </>
      )}
    </DetailShell>
  );
}

function __Singular__Page({
  record: r,
  back,
  backTo,
}: {
  record: __Singular__;
  back: ReactNode;
  backTo: string;
}) {
  const navigate = useNavigate();
  const { user } = useSession();
  const writable = can(user, '__plural__', 'write');
  const remove = useRemove__Singular__(r._id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const doDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notify({ severity: 'success', summary: 'Eliminato', detail: r.nome });
        void navigate(backTo, { replace: true });
      },
      onError: (error) => {
        setDeleting(false);
        notify({ severity: 'error', summary: 'Eliminazione non riuscita', detail: error.message });
      },
    });

  return (
    <>
      <PageHeader title={r.nome} icon="pi pi-list">
        {back}
        {writable && (
          <>
            <Button
              type="button"
              label="Modifica"
              icon="pi pi-pencil"
              onClick={() => setEditing(true)}
              data-testid="__singular__-edit"
            />
            <Button
              type="button"
              label="Elimina"
              icon="pi pi-trash"
              outlined
              severity="danger"
              onClick={() => setDeleting(true)}
              data-testid="__singular__-delete"
            />
          </>
        )}
      </PageHeader>
      <section className="card" aria-labelledby="__singular__-data-title">
        <div className="flex align-items-center justify-content-between gap-2 mb-3">
          <h2 id="__singular__-data-title" className="card-title m-0">
            Dati
          </h2>
          <StatusTag active={r.attivo} />
        </div>
        <DetailList testId="__singular__-data">
          <Item label={__SINGULAR___LABELS.nome} wide>
            {r.nome}
          </Item>
          <Item label={__SINGULAR___LABELS.note} wide>
            {r.note && <span className="pre-line">{r.note}</span>}
          </Item>
          <Item label="Creato il">{formatDateTime(r.createdAt)}</Item>
          <Item label="Ultima modifica">{formatDateTime(r.updatedAt)}</Item>
        </DetailList>
      </section>
      {editing && (
        <__Singular__FormDialog
          record={r}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            notify({ severity: 'success', summary: 'Modifiche salvate' });
          }}
        />
      )}
      <DeleteConfirmDialog
        visible={deleting}
        title={`Eliminare ${r.nome}?`}
        loading={remove.isPending}
        onConfirm={doDelete}
        onCancel={() => setDeleting(false)}
        testId="confirm-delete"
      >
        <p className="m-0">
          <strong>{r.nome}</strong> sarà eliminato definitivamente; se altri dati lo usano non si
          può eliminare, ma puoi disattivarlo.
        </p>
      </DeleteConfirmDialog>
    </>
  );
}
