import { useState, type ReactNode } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { detailPath, ENTITY_PAGES, FINITURA_LABELS, SCELTA_LABELS, scelteText, type PaccoDetail } from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { BackToList, DetailShell } from '@/components/detail/detail-shell';
import { useBackToList } from '@/components/detail/use-back-to-list';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { SectionCard } from '@/components/section-card';
import { RecordLink } from '@/components/record-link';
import { formatArea, formatDateTime, formatEuro, formatInteger, formatWeight } from '@/lib/format';
import { usePacco, useStockHistory, useMovimenti, usePaccoOperation } from '../api/magazzino-lastre';
import { HistorySection } from '@/components/detail/history-section';
import { STOCK_FIELD_LABELS, stockHistoryValue } from './stock-format';
import { ProvenienzaSection } from './provenienza-section';
import { LastraStatoTag } from './lastra-stato';
import { MovimentiSection } from '@/components/stock/movimenti-section';
import { PaccoActions } from './pacco-actions';
import { StockQuickActions } from '@/components/stock/stock-quick-actions';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';

/** Slabs an operation can take: in stock, free or reserved. */
const IN_GIACENZA: readonly string[] = ['disponibile', 'riservata'];
import './magazzino-lastre.css';

/**
 * A bundle (DESIGN §4 "Magazzino lastre"): its data, where it comes from up to the quarry, its
 * slabs in sawing order, its photos (the photos feature's panel, given by the page) and its ledger.
 */
export function PaccoDetailView({
  id,
  photos,
  headerExtra,
  trasferimenti,
  quickPhoto,
}: {
  id: string;
  photos?: (pacco: PaccoDetail) => ReactNode;
  /** more header buttons from other features (the label's print) */
  headerExtra?: (pacco: PaccoDetail) => ReactNode;
  /** transfers to group companies (the trasferimenti feature's panel) */
  trasferimenti?: (pacco: PaccoDetail) => ReactNode;
  /** the one-tap camera of the phone's quick actions (the photos feature's button) */
  quickPhoto?: (pacco: PaccoDetail) => ReactNode;
}) {
  const phone = useMediaQuery(CARDS_QUERY);
  const { user } = useSession();
  const writable = can(user, 'magazzino-lastre', 'write');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const record = usePacco(id);
  const history = useStockHistory('pacchi', id);
  const backTo = useBackToList(ENTITY_PAGES.pacco.path);
  const back = <BackToList to={backTo} label="Elenco pacchi" />;
  return (
    <DetailShell query={record} title="Pacco" back={back} notFound={{ title: 'Pacco non trovato', text: 'Il pacco richiesto non esiste o appartiene a un’altra ditta.' }}>
      {(p) => (
        <>
          <PageHeader title={`Pacco ${p.codice}`} icon="pi pi-box">
            {back}
            {headerExtra?.(p)}
          </PageHeader>
          {phone && writable && p.nLastre > 0 && <PaccoQuickActions pacco={p} photo={quickPhoto?.(p)} />}
          <div className="grid">
            <div className="col-12 xl:col-8">
              <SectionCard titleId="pacco-data-title" title="Dati del pacco">
                <DetailList testId="pacco-data">
                  <Item label="Codice">{p.codice}</Item>
                  <Item label="Materiale">{p.materiale.nome}</Item>
                  <Item label="Spessore">{`${p.spessoreMm} mm`}</Item>
                  <Item label="Finitura">{`${FINITURA_LABELS[p.finitura]}${p.resinatura ? ', resinato' : ''}`}</Item>
                  <Item label="Scelta">{scelteText(p)}</Item>
                  <Item label="Lastre in giacenza">{formatInteger(p.nLastre)}</Item>
                  <Item label="m² in giacenza">{formatArea(p.mq)}</Item>
                  <Item label="Peso">{formatWeight(p.pesoT)}</Item>
                  <Item label="Ubicazione">{p.ubicazione?.nome}</Item>
                  <Item label="Prezzo di listino">{p.prezzoListino !== null ? `${formatEuro(p.prezzoListino)}/m²` : null}</Item>
                  <Item label="Note">{p.note}</Item>
                  <Item label="Caricato il">{formatDateTime(p.createdAt)}</Item>
                </DetailList>
              </SectionCard>
              <ProvenienzaSection item={p} />
              <SectionCard titleId="pacco-lastre-title" title={`Lastre (${p.lastre.length})`} icon="pi pi-clone">
                <p className="mt-0 text-color-secondary" data-testid="pacco-disponibili">
                  {formatInteger(p.lastreDisponibili)} di {formatInteger(p.nLastre)} in giacenza libere; le lastre sono in ordine di segagione (macchiate a libro).
                </p>
                {writable && (
                  <PaccoActions
                    pacco={p}
                    selected={p.lastre.filter((l) => selected.has(l._id))}
                    onDone={() => setSelected(new Set())}
                  />
                )}
                <div className="table-scroll mt-3">
                  <table className="pacco-lastre-table" aria-labelledby="pacco-lastre-title" data-testid="pacco-lastre">
                    <thead>
                      <tr>
                        {writable && (
                          <th scope="col">
                            <span className="sr-only">Scegli</span>
                          </th>
                        )}
                        <th scope="col">N°</th>
                        <th scope="col">Lastra</th>
                        <th scope="col">Misure (mm)</th>
                        <th scope="col" className="col-number">
                          m²
                        </th>
                        <th scope="col">Scelta</th>
                        <th scope="col">Stato</th>
                      </tr>
                    </thead>
                    <tbody>
                      {p.lastre.map((l) => (
                        <tr key={l._id}>
                          {writable && (
                            <td>
                              {IN_GIACENZA.includes(l.stato) && (
                                <Checkbox
                                  inputId={`scegli-${l._id}`}
                                  checked={selected.has(l._id)}
                                  onChange={(e) =>
                                    setSelected((s) => {
                                      const next = new Set(s);
                                      if (e.checked) next.add(l._id);
                                      else next.delete(l._id);
                                      return next;
                                    })
                                  }
                                  aria-label={`Scegli ${l.codice}`}
                                />
                              )}
                            </td>
                          )}
                          <td>{l.progressivo}</td>
                          <td>
                            <RecordLink to={detailPath('lastra', l._id)}>{l.codice}</RecordLink>
                          </td>
                          <td>{`${formatInteger(l.lunghezzaMm)} × ${formatInteger(l.altezzaMm)}`}</td>
                          <td className="col-number">{formatArea(l.mq)}</td>
                          <td>{SCELTA_LABELS[l.scelta]}</td>
                          <td>
                            <LastraStatoTag stato={l.stato} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </SectionCard>
            </div>
            <div className="col-12 xl:col-4">
              {photos?.(p)}
              {trasferimenti?.(p)}
              <StockLedger paccoId={p._id} />
              <HistorySection query={history} fieldLabels={STOCK_FIELD_LABELS} formatValue={stockHistoryValue} />
            </div>
          </div>
        </>
      )}
    </DetailShell>
  );
}

function StockLedger({ paccoId }: { paccoId: string }) {
  return <MovimentiSection query={useMovimenti({ paccoId })} unit="lastre" testId="pacco-movimenti" />;
}

function PaccoQuickActions({ pacco: p, photo }: { pacco: PaccoDetail; photo: ReactNode }) {
  const operation = usePaccoOperation(p._id);
  return (
    <StockQuickActions
      codice={p.codice}
      current={p.ubicazione?.nome}
      photo={photo}
      movedLabel="Pacco spostato"
      onMove={(ubicazioneId) => operation.mutateAsync({ op: 'sposta', body: { ubicazioneId } })}
    />
  );
}
