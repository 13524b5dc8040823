import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  BLOCCO_STATI_DECLASSABILI,
  BLOCCO_STATI_ELIMINABILI,
  BLOCCO_STATO_LABELS,
  CATEGORIA_LABELS,
  DIFETTO_LABELS,
  SCELTA_LABELS,
  type Blocco,
  type BloccoStato,
  type GenealogyNode,
  type PageKey,
} from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { HistoryTimeline } from '@/components/history-timeline';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CodiceDialog } from '@/components/codice-dialog';
import { GenealogyLinks } from '@/components/genealogy-links';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { BloccoStatoTag } from '@/components/stato-tag';
import { isApiError } from '@/lib/api';
import { formatDate, formatDateTime, formatEuro, formatNumber, formatVolume, formatWeight } from '@/lib/format';
import { formatDims } from '@/lib/production-format';
import { useLookups } from '@/lib/lookups';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useBlocco } from '../api/get-blocco';
import { useBloccoHistory } from '../api/get-blocco-history';
import { useBloccoGenealogy } from '../api/get-blocco-genealogy';
import { useChangeBloccoStato } from '../api/change-blocco-stato';
import { useUpdateBlocco } from '../api/update-blocco';
import { useDeleteBlocco } from '../api/delete-blocco';
import { BLOCCO_KIND_LABELS, type BloccoKind } from '../api/keys';
import { BLOCCO_FIELD_LABELS, bloccoHistoryValue, formatPrezzo, formatPrezzoAcquisto } from './blocco-format';
import { BloccoFormDialog } from './blocco-form';
import { BloccoStatoActions } from './blocco-stato-actions';
import { bloccoMoveOf, canDeclassare } from './blocco-moves';
import { OpzioneDialog } from './opzione-dialog';
import { DeclassaDialog } from './declassa-dialog';
import './blocchi.css';

/** States after which the record is history: no more edits (the server answers 409). */
const FINAL_STATI: readonly BloccoStato[] = ['spedito', 'segato', 'scartato'];

/** The page each genealogy node opens, to link only what the user may see. */
const NODE_PAGE: Record<string, PageKey> = {
  bancata: 'bancate',
  fornitore: 'fornitori',
  cliente: 'clienti',
  collaudo: 'collaudi',
  lavorazione: 'lavorazione-lastre',
  lastra: 'magazzino-lastre',
  pacco: 'magazzino-lastre',
  lotto: 'magazzino-pavimenti',
};

type Ask = 'scartato' | 'delete' | 'opzione' | 'declassa' | 'edit' | 'codice' | null;

/**
 * A blocco or blocco esterno (DESIGN §5 "Detail pages"): data and measures, the manual moves its
 * (effective) state allows, declassamento, genealogy, photos and history. Read-only users see the
 * same page without any action.
 */
export function BloccoDetail({
  kind,
  id,
  photos,
}: {
  kind: BloccoKind;
  id: string;
  /** the photos section (the photos feature's panel, composed by the page) */
  photos?: (blocco: Blocco) => ReactNode;
}) {
  const labels = BLOCCO_KIND_LABELS[kind];
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const writable = can(user, kind, 'write');
  const record = useBlocco(kind, id);
  const history = useBloccoHistory(kind, id);
  const genealogy = useBloccoGenealogy(kind, id);
  const move = useChangeBloccoStato(kind, id);
  const update = useUpdateBlocco(kind, id);
  const remove = useDeleteBlocco(kind, id);
  const materiali = useLookups('materiali');
  const ubicazioni = useLookups('ubicazioni');
  const [ask, setAsk] = useState<Ask>(null);
  const [nota, setNota] = useState('');

  const listSearch = (location.state as { listSearch?: unknown } | null)?.listSearch;
  const backTo = `${labels.base}${typeof listSearch === 'string' ? listSearch : ''}`;
  const back = (
    <Link to={backTo} className="p-button p-button-text p-component" data-testid="back-to-list">
      <i className="pi pi-arrow-left mr-2" aria-hidden="true" />
      <span className="p-button-label">Elenco {labels.plurale.toLowerCase()}</span>
    </Link>
  );
  const b = record.data;

  if (record.isPending) {
    return (
      <>
        <PageHeader title={labels.singolare}>{back}</PageHeader>
        <section className="card" aria-busy="true" aria-label="Caricamento">
          <Skeleton width="40%" height="1.5rem" className="mb-3" />
          <Skeleton width="100%" height="8rem" />
        </section>
      </>
    );
  }
  if (record.isError || !b) {
    const notFound = isApiError(record.error) && record.error.status === 404;
    return (
      <>
        <PageHeader title={labels.singolare}>{back}</PageHeader>
        <EmptyState icon="pi pi-exclamation-circle" title={notFound ? `${labels.singolare} non trovato` : 'Caricamento non riuscito'}>
          <p>{notFound ? 'Il blocco richiesto non esiste, è stato eliminato o appartiene a un altro elenco.' : record.error?.message}</p>
        </EmptyState>
      </>
    );
  }

  const closeAsk = () => {
    setAsk(null);
    setNota('');
  };
  const doMove = (to: BloccoStato, note?: string) =>
    move.mutate(
      { stato: to, nota: note?.trim() ? note.trim() : null },
      {
        onSuccess: () => {
          closeAsk();
          notify({ severity: 'success', summary: 'Stato aggiornato', detail: `${b.codice}: ${BLOCCO_STATO_LABELS[to]}` });
        },
        onError: (error) => {
          closeAsk();
          notify({ severity: 'error', summary: 'Cambio di stato non riuscito', detail: error.message });
        },
      },
    );
  const onMove = (to: BloccoStato) => {
    if (to === 'opzionato') setAsk('opzione');
    else if (to === 'scartato') setAsk('scartato');
    else doMove(to);
  };
  const doDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        closeAsk();
        notify({ severity: 'success', summary: 'Blocco eliminato', detail: b.codice });
        void navigate(backTo, { replace: true });
      },
      onError: (error) => {
        closeAsk();
        notify({ severity: 'error', summary: 'Eliminazione non riuscita', detail: error.message });
      },
    });

  const editable = writable && !FINAL_STATI.includes(b.stato);
  const declassabile = writable && BLOCCO_STATI_DECLASSABILI.includes(b.stato) && canDeclassare(b);
  const eliminabile = writable && BLOCCO_STATI_ELIMINABILI.includes(b.stato);
  const canOpenNode = (n: GenealogyNode) => {
    const page = NODE_PAGE[n.entityType];
    return page ? can(user, page, 'read') : true;
  };
  const names = new Map<string, string>([...(materiali.data ?? []), ...(ubicazioni.data ?? [])].map((r) => [r._id, r.nome]));
  if (b.fornitore) names.set(b.fornitore._id, b.fornitore.ragioneSociale);
  if (b.cliente) names.set(b.cliente._id, b.cliente.ragioneSociale);
  const sameNet = b.lunghezzaNetta === b.lunghezza && b.altezzaNetta === b.altezza && b.profonditaNetta === b.profondita;

  return (
    <>
      <PageHeader title={`${labels.singolare} ${b.codice}`} icon={labels.icon}>
        {back}
        {editable && <Button type="button" label="Modifica" icon="pi pi-pencil" onClick={() => setAsk('edit')} data-testid="blocco-edit" />}
        {declassabile && <Button type="button" label="Declassa" icon="pi pi-arrow-down" outlined severity="warning" onClick={() => setAsk('declassa')} data-testid="blocco-declassa" />}
        {writable && user?.role === 'admin' && <Button type="button" label="Correggi codice" icon="pi pi-hashtag" outlined onClick={() => setAsk('codice')} data-testid="blocco-codice" />}
        {eliminabile && <Button type="button" label="Elimina" icon="pi pi-trash" outlined severity="danger" onClick={() => setAsk('delete')} data-testid="blocco-delete" />}
      </PageHeader>

      <div className="grid">
        <div className="col-12 xl:col-8">
          <section className="card" aria-labelledby="blocco-stato-title">
            <h2 id="blocco-stato-title" className="card-title">
              Stato
            </h2>
            <div className="stato-panel">
              <span className="stato-panel-current">
                <BloccoStatoTag stato={b.stato} testId="blocco-stato" />
                {b.cliente && (b.stato === 'opzionato' || b.stato === 'venduto' || b.stato === 'spedito' || b.stato === 'in_collaudo') && (
                  <span className="opzione-info" data-testid="blocco-cliente">
                    <span>per {b.cliente.ragioneSociale}</span>
                    {b.stato === 'opzionato' && b.opzioneScadenza && <span>fino al {formatDate(b.opzioneScadenza)}</span>}
                  </span>
                )}
              </span>
              {writable && <BloccoStatoActions stato={b.stato} onMove={onMove} busy={move.isPending} />}
            </div>
          </section>

          <section className="card" aria-labelledby="blocco-data-title">
            <h2 id="blocco-data-title" className="card-title">
              Dati del blocco
            </h2>
            <DetailList testId="blocco-data">
              <Item label="Codice">{b.codice}</Item>
              <Item label="Materiale">{b.materiale.nome}</Item>
              <Item label="Scelta">{SCELTA_LABELS[b.scelta]}</Item>
              <Item label="Categoria">{CATEGORIA_LABELS[b.categoria]}</Item>
              <Item label="Ubicazione">{b.ubicazione?.nome}</Item>
              <Item label="Codice di tracciabilità">{b.codiceTracciabilita}</Item>
              {b.origine === 'interno' ? (
                <>
                  <Item label="Bancata">{b.bancata && (can(user, 'bancate', 'read') ? <Link to={`/app/bancate/${b.bancata._id}`}>{b.bancata.codice}</Link> : b.bancata.codice)}</Item>
                  <Item label="Cava">{b.cava?.nome}</Item>
                </>
              ) : (
                <>
                  <Item label="Fornitore">{b.fornitore?.ragioneSociale}</Item>
                  <Item label="Numero del fornitore">{b.numeroFornitore}</Item>
                </>
              )}
              <Item label="Prezzo di listino">{formatPrezzo(b.prezzoListino, b.unitaPrezzo)}</Item>
              <Item label="Difetti" wide>
                {b.difettoso ? (
                  <span>
                    {b.difetti.length ? b.difetti.map((d) => DIFETTO_LABELS[d]).join(', ') : 'Difettoso'}
                    {b.noteDifetti && <span className="block pre-line text-color-secondary mt-1">{b.noteDifetti}</span>}
                  </span>
                ) : (
                  'Nessuno (sano)'
                )}
              </Item>
              <Item label="Note" wide>
                {b.note && <span className="pre-line">{b.note}</span>}
              </Item>
              <Item label="Registrato il">{formatDateTime(b.createdAt)}</Item>
              <Item label="Ultima modifica">{formatDateTime(b.updatedAt)}</Item>
            </DetailList>
          </section>

          <section className="card" aria-labelledby="blocco-misure-title">
            <h2 id="blocco-misure-title" className="card-title">
              Misure, volumi e peso
            </h2>
            <DetailList testId="blocco-misure">
              <Item label="Misure lorde (L × H × P)">{formatDims(b.lunghezza, b.altezza, b.profondita)}</Item>
              <Item label="Volume lordo">{formatVolume(b.volumeLordo)}</Item>
              <Item label="Misure nette (L × H × P)">
                {formatDims(b.lunghezzaNetta, b.altezzaNetta, b.profonditaNetta)}
                {sameNet && <span className="text-color-secondary"> (uguali alle lorde)</span>}
              </Item>
              <Item label="Volume netto">{formatVolume(b.volumeNetto)}</Item>
              <Item label={`Peso teorico (${formatNumber(b.materiale.densita, 2)} t/m³)`}>{formatWeight(b.pesoTeorico)}</Item>
              <Item label="Peso alla pesa">{formatWeight(b.pesoPesa)}</Item>
            </DetailList>
          </section>

          {b.origine === 'esterno' && (
            <section className="card" aria-labelledby="blocco-acquisto-title">
              <h2 id="blocco-acquisto-title" className="card-title">
                Acquisto
              </h2>
              <DetailList testId="blocco-acquisto">
                <Item label="Fornitore">{b.fornitore?.ragioneSociale}</Item>
                <Item label="Data di acquisto">{formatDate(b.dataAcquisto)}</Item>
                <Item label="Prezzo di acquisto">{formatPrezzoAcquisto(b)}</Item>
                <Item label="Costo di trasporto">{formatEuro(b.costoTrasporto)}</Item>
              </DetailList>
            </section>
          )}

          <section className="card" aria-labelledby="blocco-genealogia-title">
            <h2 id="blocco-genealogia-title" className="card-title">
              <i className="pi pi-sitemap mr-2" aria-hidden="true" />
              Genealogia
            </h2>
            {genealogy.isPending ? (
              <Skeleton width="60%" height="3rem" />
            ) : genealogy.isError ? (
              <p className="m-0 text-color-secondary">Genealogia non disponibile: {genealogy.error.message}</p>
            ) : (
              <GenealogyLinks nodes={genealogy.data} canOpen={canOpenNode} emptyText="Nessun collegamento registrato." />
            )}
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
            <HistoryTimeline items={history.data} fieldLabels={BLOCCO_FIELD_LABELS} formatValue={bloccoHistoryValue(names)} />
          )}
        </div>
      </div>

      {ask === 'edit' && (
        <BloccoFormDialog
          kind={kind}
          blocco={b}
          onClose={closeAsk}
          onSaved={() => {
            closeAsk();
            notify({ severity: 'success', summary: 'Modifiche salvate' });
          }}
        />
      )}
      {ask === 'codice' && <CodiceDialog current={b.codice} onClose={closeAsk} save={(codice) => update.mutateAsync({ codice })} />}
      {ask === 'opzione' && (
        <OpzioneDialog
          kind={kind}
          blocco={b}
          onClose={closeAsk}
          onDone={(saved) => {
            closeAsk();
            notify({ severity: 'success', summary: 'Blocco opzionato', detail: `${saved.codice} per ${saved.cliente?.ragioneSociale ?? ''}` });
          }}
        />
      )}
      {ask === 'declassa' && (
        <DeclassaDialog
          kind={kind}
          blocco={b}
          onClose={closeAsk}
          onDone={(saved) => {
            closeAsk();
            notify({ severity: 'success', summary: 'Blocco declassato', detail: `${saved.codice}: ${SCELTA_LABELS[saved.scelta]}, ${CATEGORIA_LABELS[saved.categoria]}` });
          }}
        />
      )}

      <ConfirmDialog
        visible={ask === 'scartato'}
        title={`Scartare ${b.codice}?`}
        confirmLabel={bloccoMoveOf(b.stato, 'scartato').label}
        confirmIcon="pi pi-times"
        danger
        loading={move.isPending}
        onConfirm={() => doMove('scartato', nota)}
        onCancel={closeAsk}
        testId="confirm-scarta"
      >
        <p className="mt-0">Un blocco scartato non si vende e non si lavora più: è una scelta definitiva. Per un difetto che ne abbassa solo il valore usa «Declassa».</p>
        <label htmlFor="scarta-nota" className="block mb-1">
          Motivo (facoltativo)
        </label>
        <InputTextarea id="scarta-nota" value={nota} onChange={(e) => setNota(e.target.value)} rows={2} maxLength={500} className="w-full" />
      </ConfirmDialog>

      <ConfirmDialog
        visible={ask === 'delete'}
        title={`Eliminare ${b.codice}?`}
        confirmLabel="Elimina"
        confirmIcon="pi pi-trash"
        danger
        loading={remove.isPending}
        onConfirm={doDelete}
        onCancel={closeAsk}
        testId="confirm-blocco-delete"
      >
        <p className="m-0">
          Il blocco sarà eliminato definitivamente, con il suo storico visibile solo nei registri. Se altri dati lo usano (lavorazioni,
          collaudi) non si può eliminare.
        </p>
      </ConfirmDialog>
    </>
  );
}
