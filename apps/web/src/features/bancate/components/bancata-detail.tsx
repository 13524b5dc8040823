import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { InputTextarea } from 'primereact/inputtextarea';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import {
  BANCATA_STATI_CON_BLOCCHI,
  BANCATA_STATO_LABELS,
  CATEGORIA_LABELS,
  METODO_TAGLIO_LABELS,
  SCELTA_LABELS,
  type Bancata,
  type BancataStato,
  type Blocco,
} from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { HistoryTimeline } from '@/components/history-timeline';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CodiceDialog } from '@/components/codice-dialog';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { BancataStatoTag, BloccoStatoTag } from '@/components/stato-tag';
import { ListTotals } from '@/components/list/list-totals';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { isApiError } from '@/lib/api';
import { formatDate, formatDateTime, formatInteger, formatNumber, formatVolume, formatWeight } from '@/lib/format';
import { formatDims, formatPercentValue } from '@/lib/production-format';
import { useLookups } from '@/lib/lookups';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useBancata } from '../api/get-bancata';
import { useBancataHistory } from '../api/get-bancata-history';
import { useBancataBlocchi } from '../api/get-bancata-blocchi';
import { useChangeBancataStato } from '../api/change-bancata-stato';
import { useUpdateBancata } from '../api/update-bancata';
import { useDeleteBancata } from '../api/delete-bancata';
import { BANCATA_FIELD_LABELS, bancataHistoryValue } from './bancata-format';
import { BancataFormDialog } from './bancata-form';
import { BancataStatoActions } from './bancata-stato-actions';
import { BANCATA_MOVE_LABELS, BANCATA_MOVES_TO_CONFIRM } from './bancata-moves';
import { BANCATE_BASE } from './bancate-list';

const BLOCCHI_BASE = '/app/pages/blocchi';

/**
 * A bancata (DESIGN §5 "Detail pages"): its data, the state moves its table allows, its blocchi
 * with totals and resa, by-products, photos and history. `newBlocco` is the page's way to add a
 * blocco (the blocchi feature's form), offered while the bancata is being squared; `photos` its
 * photos panel (the photos feature's).
 */
export function BancataDetail({
  id,
  newBlocco,
  photos,
}: {
  id: string;
  /** the "Nuovo blocco" action, when the user may write blocchi */
  newBlocco?: (bancata: Bancata) => ReactNode;
  /** the photos section (the photos feature's panel, composed by the page) */
  photos?: (bancata: Bancata) => ReactNode;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const writable = can(user, 'bancate', 'write');
  const canOpenBlocchi = can(user, 'blocchi', 'read');
  const record = useBancata(id);
  const history = useBancataHistory(id);
  const blocchi = useBancataBlocchi(id);
  const move = useChangeBancataStato(id);
  const update = useUpdateBancata(id);
  const remove = useDeleteBancata(id);
  const cave = useLookups('cave');
  const materiali = useLookups('materiali');
  const cards = useMediaQuery(CARDS_QUERY);
  const [editing, setEditing] = useState(false);
  const [editingCodice, setEditingCodice] = useState(false);
  const [askDelete, setAskDelete] = useState(false);
  const [confirmMove, setConfirmMove] = useState<BancataStato | null>(null);
  const [nota, setNota] = useState('');

  const names = useMemo(() => new Map([...(cave.data ?? []), ...(materiali.data ?? [])].map((r) => [r._id, r.nome])), [cave.data, materiali.data]);
  const listSearch = (location.state as { listSearch?: unknown } | null)?.listSearch;
  const backTo = `${BANCATE_BASE}${typeof listSearch === 'string' ? listSearch : ''}`;
  const back = (
    <Link to={backTo} className="p-button p-button-text p-component" data-testid="back-to-list">
      <i className="pi pi-arrow-left mr-2" aria-hidden="true" />
      <span className="p-button-label">Elenco bancate</span>
    </Link>
  );

  if (record.isPending) {
    return (
      <>
        <PageHeader title="Bancata">{back}</PageHeader>
        <section className="card" aria-busy="true" aria-label="Caricamento">
          <Skeleton width="40%" height="1.5rem" className="mb-3" />
          <Skeleton width="100%" height="8rem" />
        </section>
      </>
    );
  }
  if (record.isError) {
    const notFound = isApiError(record.error) && record.error.status === 404;
    return (
      <>
        <PageHeader title="Bancata">{back}</PageHeader>
        <EmptyState icon="pi pi-exclamation-circle" title={notFound ? 'Bancata non trovata' : 'Caricamento non riuscito'}>
          <p>{notFound ? 'La bancata richiesta non esiste o è stata eliminata.' : record.error.message}</p>
        </EmptyState>
      </>
    );
  }

  const b: Bancata = record.data;
  const doMove = (to: BancataStato, note?: string) =>
    move.mutate(
      { stato: to, nota: note?.trim() ? note.trim() : null },
      {
        onSuccess: () => {
          setConfirmMove(null);
          setNota('');
          notify({ severity: 'success', summary: 'Stato aggiornato', detail: `${b.codice}: ${BANCATA_STATO_LABELS[to]}` });
        },
        onError: (error) => {
          setConfirmMove(null);
          notify({ severity: 'error', summary: 'Cambio di stato non riuscito', detail: error.message });
        },
      },
    );
  const onMove = (to: BancataStato) => {
    if (BANCATA_MOVES_TO_CONFIRM.includes(to)) setConfirmMove(to);
    else doMove(to);
  };
  const doDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setAskDelete(false);
        notify({ severity: 'success', summary: 'Bancata eliminata', detail: b.codice });
        void navigate(backTo, { replace: true });
      },
      onError: (error) => {
        setAskDelete(false);
        notify({ severity: 'error', summary: 'Eliminazione non riuscita', detail: error.message });
      },
    });

  const squaring = BANCATA_STATI_CON_BLOCCHI.includes(b.stato);
  const blocchiRows = blocchi.data ?? [];
  const bloccoLink = (x: Blocco) => (canOpenBlocchi ? <Link to={`${BLOCCHI_BASE}/${x._id}`}>{x.codice}</Link> : <strong>{x.codice}</strong>);

  return (
    <>
      <PageHeader title={`Bancata ${b.codice}`} icon="pi pi-th-large">
        {back}
        {writable && b.stato !== 'annullata' && <Button type="button" label="Modifica" icon="pi pi-pencil" onClick={() => setEditing(true)} data-testid="bancata-edit" />}
        {writable && user?.role === 'admin' && <Button type="button" label="Correggi codice" icon="pi pi-hashtag" outlined onClick={() => setEditingCodice(true)} data-testid="bancata-codice" />}
        {writable && b.stato === 'pianificata' && (
          <Button type="button" label="Elimina" icon="pi pi-trash" outlined severity="danger" onClick={() => setAskDelete(true)} data-testid="bancata-delete" />
        )}
      </PageHeader>

      <div className="grid">
        <div className="col-12 xl:col-8">
          <section className="card" aria-labelledby="bancata-stato-title">
            <h2 id="bancata-stato-title" className="card-title">
              Stato
            </h2>
            <div className="stato-panel">
              <span className="stato-panel-current">
                <BancataStatoTag stato={b.stato} testId="bancata-stato" />
                {b.stato === 'chiusa' && <span className="text-color-secondary">Resa congelata alla chiusura</span>}
              </span>
              {writable && <BancataStatoActions stato={b.stato} onMove={onMove} busy={move.isPending ? (move.variables?.stato ?? null) : null} />}
            </div>
          </section>

          <section className="card" aria-labelledby="bancata-data-title">
            <h2 id="bancata-data-title" className="card-title">
              Dati della bancata
            </h2>
            <DetailList testId="bancata-data">
              <Item label="Codice">{b.codice}</Item>
              <Item label="Cava">{b.cava.nome}</Item>
              <Item label="Fronte / gradone">{b.fronte}</Item>
              <Item label="Materiale">{b.materiale.nome}</Item>
              <Item label="Data di taglio">{formatDate(b.dataTaglio)}</Item>
              <Item label="Data di ribaltamento">{formatDate(b.dataRibaltamento)}</Item>
              <Item label="Metodo di taglio">{b.metodoTaglio ? METODO_TAGLIO_LABELS[b.metodoTaglio] : null}</Item>
              <Item label="Misure (L × H × P)">{formatDims(b.lunghezza, b.altezza, b.profondita)}</Item>
              <Item label="Volume lordo">{formatVolume(b.volumeLordo)}</Item>
              <Item label={`Peso stimato (${formatNumber(b.materiale.densita, 2)} t/m³)`}>{formatWeight(b.pesoStimato)}</Item>
              <Item label="Note" wide>
                {b.note && <span className="pre-line">{b.note}</span>}
              </Item>
              <Item label="Registrata il">{formatDateTime(b.createdAt)}</Item>
              <Item label="Ultima modifica">{formatDateTime(b.updatedAt)}</Item>
            </DetailList>
          </section>

          <section className="card" aria-labelledby="bancata-blocchi-title" data-testid="bancata-blocchi">
            <div className="flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
              <h2 id="bancata-blocchi-title" className="card-title m-0">
                Blocchi ricavati
              </h2>
              {squaring && newBlocco?.(b)}
            </div>
            <ListTotals
              label="Totali dei blocchi della bancata"
              items={[
                { label: 'Blocchi', value: formatInteger(b.blocchi.count) },
                { label: 'Volume lordo', value: formatVolume(b.blocchi.volumeLordo) },
                { label: 'Volume netto', value: formatVolume(b.blocchi.volumeNetto) },
                { label: 'Peso', value: formatWeight(b.blocchi.pesoT) },
                { label: b.stato === 'chiusa' ? 'Resa (alla chiusura)' : 'Resa', value: b.resa !== null ? formatPercentValue(b.resa) : '—' },
              ]}
            />
            {!squaring && b.blocchi.count === 0 && (
              <p className="m-0 text-color-secondary">
                {b.stato === 'pianificata' || b.stato === 'in_taglio'
                  ? 'I blocchi si registrano quando la bancata è ribaltata o in riquadratura.'
                  : 'Nessun blocco registrato.'}
              </p>
            )}
            {blocchi.isError && <p className="m-0 text-color-secondary">Blocchi non disponibili: {blocchi.error.message}</p>}
            {blocchiRows.length > 0 &&
              (cards ? (
                <ul className="list-cards-items" aria-label="Blocchi della bancata">
                  {blocchiRows.map((x) => (
                    <li key={x._id} className="list-card" data-testid="bancata-blocco">
                      <span className="list-card-head">
                        <span className="list-card-title">{bloccoLink(x)}</span>
                        <BloccoStatoTag stato={x.stato} />
                      </span>
                      <span className="list-card-line">
                        {x.materiale.nome} · {SCELTA_LABELS[x.scelta]} · {CATEGORIA_LABELS[x.categoria]}
                      </span>
                      <span className="list-card-line">
                        {formatDims(x.lunghezzaNetta, x.altezzaNetta, x.profonditaNetta)} · {formatVolume(x.volumeNetto)} · {formatWeight(x.pesoTeorico)}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <DataTable value={blocchiRows} dataKey="_id" size="small" stripedRows className="list-table" pt={{ table: { 'aria-label': 'Blocchi della bancata' } }}>
                  <Column header="Codice" body={bloccoLink} className="col-nowrap" />
                  <Column header="Stato" body={(x: Blocco) => <BloccoStatoTag stato={x.stato} />} />
                  <Column header="Scelta" body={(x: Blocco) => `${SCELTA_LABELS[x.scelta]} · ${CATEGORIA_LABELS[x.categoria]}`} />
                  <Column header="Misure nette" body={(x: Blocco) => formatDims(x.lunghezzaNetta, x.altezzaNetta, x.profonditaNetta)} className="col-nowrap" />
                  <Column header="Volume netto" body={(x: Blocco) => formatVolume(x.volumeNetto)} className="col-nowrap col-number" />
                  <Column header="Peso" body={(x: Blocco) => formatWeight(x.pesoTeorico)} className="col-nowrap col-number" />
                </DataTable>
              ))}
          </section>

          <section className="card" aria-labelledby="bancata-sottoprodotti-title">
            <h2 id="bancata-sottoprodotti-title" className="card-title">
              Sottoprodotti
            </h2>
            <DetailList testId="bancata-sottoprodotti">
              <Item label="Informi">{formatWeight(b.informiT)}</Item>
              <Item label="Scaglie">{formatWeight(b.scaglieT)}</Item>
              <Item label="Terre">{formatWeight(b.terreT)}</Item>
            </DetailList>
          </section>
        </div>

        <div className="col-12 xl:col-4">
          {photos?.(b)}
          {history.isPending ? (
            <section className="card" aria-busy="true" aria-label="Storico">
              <Skeleton width="100%" height="6rem" />
            </section>
          ) : history.isError ? (
            <section className="card">
              <p className="m-0 text-color-secondary">Storico non disponibile: {history.error.message}</p>
            </section>
          ) : (
            <HistoryTimeline items={history.data} fieldLabels={BANCATA_FIELD_LABELS} formatValue={bancataHistoryValue(names)} />
          )}
        </div>
      </div>

      {editing && (
        <BancataFormDialog
          bancata={b}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            notify({ severity: 'success', summary: 'Modifiche salvate' });
          }}
        />
      )}
      {editingCodice && <CodiceDialog current={b.codice} onClose={() => setEditingCodice(false)} save={(codice) => update.mutateAsync({ codice })} />}

      <ConfirmDialog
        visible={confirmMove !== null}
        title={confirmMove === 'chiusa' ? 'Chiudere la bancata?' : 'Annullare la bancata?'}
        confirmLabel={confirmMove ? BANCATA_MOVE_LABELS[confirmMove].label : ''}
        confirmIcon={confirmMove ? BANCATA_MOVE_LABELS[confirmMove].icon : undefined}
        danger={confirmMove === 'annullata'}
        loading={move.isPending}
        onConfirm={() => confirmMove && doMove(confirmMove, nota)}
        onCancel={() => {
          setConfirmMove(null);
          setNota('');
        }}
        testId="confirm-bancata-move"
      >
        <p className="mt-0">
          {confirmMove === 'chiusa'
            ? `Chiudi ${b.codice} quando tutti i suoi blocchi sono registrati: la resa (${b.resa !== null ? formatPercentValue(b.resa) : '—'}) resta quella di adesso e non si aggiungono altri blocchi.`
            : `${b.codice} non sarà più lavorata: resta nel registro della cava, con il suo storico.`}
        </p>
        <label htmlFor="bancata-move-nota" className="block mb-1">
          Nota (facoltativa)
        </label>
        <InputTextarea id="bancata-move-nota" value={nota} onChange={(e) => setNota(e.target.value)} rows={2} maxLength={500} className="w-full" />
      </ConfirmDialog>

      <ConfirmDialog
        visible={askDelete}
        title="Eliminare la bancata?"
        confirmLabel="Elimina"
        confirmIcon="pi pi-trash"
        danger
        loading={remove.isPending}
        onConfirm={doDelete}
        onCancel={() => setAskDelete(false)}
        testId="confirm-bancata-delete"
      >
        <p className="m-0">
          <strong>{b.codice}</strong> è solo pianificata: sarà eliminata definitivamente.
        </p>
      </ConfirmDialog>
    </>
  );
}
