import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import {
  ANAGRAFICA_ENTITY_TYPES,
  ANAGRAFICA_KIND_LABELS,
  ENTITY_PAGES,
  ANAGRAFICA_LABELS,
  type Anagrafica,
  type AnagraficaKind,
  type HistoryItem,
} from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { BackToList, DetailShell } from '@/components/detail/detail-shell';
import { HistorySection } from '@/components/detail/history-section';
import { useBackToList } from '@/components/detail/use-back-to-list';
import {
  ConfirmDialog,
  DeleteConfirmDialog,
  DeleteConflictDialog,
} from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import {
  useAnagrafica,
  useAnagraficaHistory,
  useUpdateAnagrafica,
  useDeleteAnagrafica,
} from '../api/anagrafica';
import { AnagraficaFormDialog } from './anagrafica-form';
import { AnagraficaDataSection } from './anagrafica-data-section';
import { formatHistoryValue } from './anagrafica-format';
import './anagrafica.css';

type Pending = 'delete' | 'deactivate' | 'reactivate' | 'conflict' | null;

/**
 * A cliente or fornitore (docs/screens.md "Detail pages"): data, actions, history; `extra` is what other
 * features show of it (a cliente's collaudi), given by the route.
 */
export function AnagraficaDetail({
  kind,
  id,
  extra,
}: {
  kind: AnagraficaKind;
  id: string;
  extra?: (record: Anagrafica) => ReactNode;
}) {
  const labels = ANAGRAFICA_KIND_LABELS[kind];
  const record = useAnagrafica(kind, id);
  // asked together with the record, not after it
  const history = useAnagraficaHistory(kind, id);
  const backTo = useBackToList(ENTITY_PAGES[ANAGRAFICA_ENTITY_TYPES[kind]].path);
  const back = <BackToList to={backTo} label={`Elenco ${labels.plurale.toLowerCase()}`} />;

  return (
    <DetailShell
      query={record}
      title={labels.singolare}
      back={back}
      notFound={{
        title: `${labels.singolare} non trovato`,
        text: `Il ${labels.singolare.toLowerCase()} richiesto non esiste o è stato eliminato.`,
      }}
    >
      {(r) => (
        <AnagraficaPage
          kind={kind}
          record={r}
          back={back}
          backTo={backTo}
          history={history}
          extra={extra?.(r)}
        />
      )}
    </DetailShell>
  );
}

function AnagraficaPage({
  kind,
  record: r,
  back,
  backTo,
  history,
  extra,
}: {
  kind: AnagraficaKind;
  record: Anagrafica;
  back: ReactNode;
  backTo: string;
  history: { data?: HistoryItem[]; isPending: boolean; isError: boolean; error: Error | null };
  extra?: ReactNode;
}) {
  const labels = ANAGRAFICA_KIND_LABELS[kind];
  const noun = labels.singolare.toLowerCase();
  const navigate = useNavigate();
  const { user } = useSession();
  const writable = can(user, kind, 'write');
  const update = useUpdateAnagrafica(kind, r._id);
  const remove = useDeleteAnagrafica(kind, r._id);
  const [editing, setEditing] = useState(false);
  const [ask, setAsk] = useState<Pending>(null);
  const [conflictMessage, setConflictMessage] = useState('');

  const setActive = (attivo: boolean) => {
    update.mutate(
      { attivo },
      {
        onSuccess: () => {
          setAsk(null);
          notify({
            severity: 'success',
            summary: attivo ? `${labels.singolare} riattivato` : `${labels.singolare} disattivato`,
          });
        },
        onError: (error) => {
          setAsk(null);
          notify({ severity: 'error', summary: 'Operazione non riuscita', detail: error.message });
        },
      },
    );
  };

  const doDelete = () => {
    remove.mutate(undefined, {
      onSuccess: () => {
        setAsk(null);
        notify({
          severity: 'success',
          summary: `${labels.singolare} eliminato`,
          detail: r.ragioneSociale,
        });
        void navigate(backTo, { replace: true });
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409) {
          setConflictMessage(error.message);
          setAsk('conflict');
        } else {
          setAsk(null);
          notify({
            severity: 'error',
            summary: 'Eliminazione non riuscita',
            detail: error.message,
          });
        }
      },
    });
  };

  return (
    <>
      <PageHeader
        title={r.ragioneSociale}
        icon={kind === 'clienti' ? 'pi pi-users' : 'pi pi-briefcase'}
      >
        {back}
        {writable && (
          <>
            <Button
              type="button"
              label="Modifica"
              icon="pi pi-pencil"
              onClick={() => setEditing(true)}
              data-testid="anagrafica-edit"
            />
            {r.attivo ? (
              <Button
                type="button"
                label="Disattiva"
                icon="pi pi-ban"
                outlined
                severity="warning"
                onClick={() => setAsk('deactivate')}
                data-testid="anagrafica-deactivate"
              />
            ) : (
              <Button
                type="button"
                label="Riattiva"
                icon="pi pi-replay"
                outlined
                severity="success"
                onClick={() => setAsk('reactivate')}
                data-testid="anagrafica-reactivate"
              />
            )}
            <Button
              type="button"
              label="Elimina"
              icon="pi pi-trash"
              outlined
              severity="danger"
              onClick={() => setAsk('delete')}
              data-testid="anagrafica-delete"
            />
          </>
        )}
      </PageHeader>

      <div className="grid">
        <div className="col-12 xl:col-8">
          <AnagraficaDataSection kind={kind} record={r} />
          {extra}
        </div>
        <div className="col-12 xl:col-4">
          <HistorySection
            query={history}
            fieldLabels={ANAGRAFICA_LABELS}
            formatValue={formatHistoryValue}
          />
        </div>
      </div>

      {editing && (
        <AnagraficaFormDialog
          kind={kind}
          record={r}
          visible={editing}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            notify({ severity: 'success', summary: 'Modifiche salvate' });
          }}
        />
      )}

      <DeleteConfirmDialog
        visible={ask === 'delete'}
        title={`Eliminare il ${noun}?`}
        loading={remove.isPending}
        onConfirm={doDelete}
        onCancel={() => setAsk(null)}
        testId="confirm-delete"
      >
        <p className="m-0">
          <strong>{r.ragioneSociale}</strong> sarà eliminato definitivamente. Se è collegato ad
          altri dati (collaudi, vendite, blocchi) non si può eliminare: in quel caso puoi
          disattivarlo.
        </p>
      </DeleteConfirmDialog>

      <DeleteConflictDialog
        visible={ask === 'conflict'}
        message={conflictMessage}
        consequence={`Un ${noun} disattivato resta nello storico e nei documenti, ma non compare più tra le scelte dei nuovi documenti. Potrai riattivarlo quando vuoi.`}
        loading={update.isPending}
        onDeactivate={() => setActive(false)}
        onCancel={() => setAsk(null)}
        testId="confirm-conflict"
      />

      <ConfirmDialog
        visible={ask === 'deactivate' || ask === 'reactivate'}
        title={ask === 'deactivate' ? `Disattivare il ${noun}?` : `Riattivare il ${noun}?`}
        confirmLabel={ask === 'deactivate' ? 'Disattiva' : 'Riattiva'}
        confirmIcon={ask === 'deactivate' ? 'pi pi-ban' : 'pi pi-replay'}
        loading={update.isPending}
        onConfirm={() => setActive(ask === 'reactivate')}
        onCancel={() => setAsk(null)}
        testId="confirm-active"
      >
        <p className="m-0">
          {ask === 'deactivate'
            ? `${r.ragioneSociale} non comparirà più tra le scelte dei nuovi documenti; i dati e lo storico restano.`
            : `${r.ragioneSociale} tornerà disponibile nei nuovi documenti.`}
        </p>
      </ConfirmDialog>
    </>
  );
}
