import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import {
  ANAGRAFICA_ENTITY_TYPES,
  ANAGRAFICA_KIND_LABELS,
  ENTITY_PAGES,
  ANAGRAFICA_LABELS,
  type Anagrafica,
  type AnagraficaKind,
  type HistoryItem,
  MODALITA_PAGAMENTO_LABELS,
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
import { StatusTag } from '@/components/status-tag';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { isApiError } from '@/lib/api';
import { formatDate, formatDateTime } from '@/lib/format';
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
import { countryName, formatTelefono } from './anagrafica-format';
import './anagrafica.css';

function formatHistoryValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'sì' : 'no';
  if (field === 'nazione' && typeof value === 'string') return countryName(value);
  if (field === 'telefono' && typeof value === 'string') return formatTelefono(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

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

  const L = ANAGRAFICA_LABELS;
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
          <section className="card" aria-labelledby="anagrafica-data-title">
            <div className="flex align-items-center justify-content-between gap-2 mb-3">
              <h2 id="anagrafica-data-title" className="card-title m-0">
                Dati {labels.singolare === 'Cliente' ? 'del cliente' : 'del fornitore'}
              </h2>
              <span className="flex gap-2">
                {r.pubblicaAmministrazione && (
                  <Tag value="Pubblica amministrazione" severity="info" />
                )}
                <StatusTag active={r.attivo} testId="anagrafica-status" />
              </span>
            </div>
            <DetailList testId="anagrafica-data">
              <Item label={L.ragioneSociale} wide>
                {r.ragioneSociale}
              </Item>
              <Item label={L.partitaIva}>{r.partitaIva}</Item>
              <Item label={L.codiceFiscale}>{r.codiceFiscale}</Item>
              <Item label={L.indirizzo} wide>
                {[
                  r.indirizzo,
                  [r.cap, r.comune, r.provincia ? `(${r.provincia})` : '']
                    .filter(Boolean)
                    .join(' '),
                ].join(', ')}
              </Item>
              <Item label={L.nazione}>{`${countryName(r.nazione)} (${r.nazione})`}</Item>
              <Item label={L.telefono}>
                {r.telefono && <a href={`tel:${r.telefono}`}>{formatTelefono(r.telefono)}</a>}
              </Item>
              <Item label={L.email}>{r.email && <a href={`mailto:${r.email}`}>{r.email}</a>}</Item>
              <Item label={L.pec}>{r.pec && <a href={`mailto:${r.pec}`}>{r.pec}</a>}</Item>
              <Item label={L.referente}>{r.referente}</Item>
              <Item label={L.codiceSdi}>{r.codiceSdi}</Item>
              <Item label={L.iban}>{r.iban}</Item>
              <Item label={L.condizioniPagamento} wide>
                {r.condizioniPagamento}
              </Item>
              {r.pagamento && (
                <Item label={L.pagamento}>
                  {`${MODALITA_PAGAMENTO_LABELS[r.pagamento.modalita]} a ${r.pagamento.giorni} giorni${r.pagamento.fineMese ? ' fine mese' : ''}`}
                </Item>
              )}
              {r.dichiarazioneIntento && (
                <Item label={L.dichiarazioneIntento}>
                  {`Protocollo ${r.dichiarazioneIntento.protocollo} del ${formatDate(r.dichiarazioneIntento.data)}`}
                </Item>
              )}
              <Item label={L.note} wide>
                {r.note && <span className="pre-line">{r.note}</span>}
              </Item>
              <Item label="Creato il">{formatDateTime(r.createdAt)}</Item>
              <Item label="Ultima modifica">{formatDateTime(r.updatedAt)}</Item>
            </DetailList>
          </section>
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
