import type { ReactNode } from 'react';
import { detailPath, ENTITY_PAGES, FINITURA_LABELS, MOVIMENTO_TIPO_LABELS, SCELTA_LABELS, type PaccoDetail } from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { BackToList, DetailShell } from '@/components/detail/detail-shell';
import { useBackToList } from '@/components/detail/use-back-to-list';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { SectionCard } from '@/components/section-card';
import { RecordLink } from '@/components/record-link';
import { formatArea, formatDateTime, formatEuro, formatInteger, formatWeight } from '@/lib/format';
import { usePacco } from '../api/get-pacco';
import { useMovimenti } from '../api/get-movimenti';
import { useStockHistory } from '../api/get-history';
import { HistorySection } from '@/components/detail/history-section';
import { STOCK_FIELD_LABELS, stockHistoryValue } from './stock-format';
import { ProvenienzaSection } from './provenienza-section';
import { LastraStatoTag } from './lastra-stato';
import './magazzino-lastre.css';

/**
 * A bundle (DESIGN §4 "Magazzino lastre"): its data, where it comes from up to the quarry, its
 * slabs in sawing order, its photos (the photos feature's panel, given by the page) and its ledger.
 */
export function PaccoDetailView({ id, photos }: { id: string; photos?: (pacco: PaccoDetail) => ReactNode }) {
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
          </PageHeader>
          <div className="grid">
            <div className="col-12 xl:col-8">
              <SectionCard titleId="pacco-data-title" title="Dati del pacco">
                <DetailList testId="pacco-data">
                  <Item label="Codice">{p.codice}</Item>
                  <Item label="Materiale">{p.materiale.nome}</Item>
                  <Item label="Spessore">{`${p.spessoreMm} mm`}</Item>
                  <Item label="Finitura">{`${FINITURA_LABELS[p.finitura]}${p.resinatura ? ', resinato' : ''}`}</Item>
                  <Item label="Scelta">{SCELTA_LABELS[p.scelta]}</Item>
                  <Item label="Lastre in giacenza">{formatInteger(p.nLastre)}</Item>
                  <Item label="m² in giacenza">{formatArea(p.mq)}</Item>
                  <Item label="Peso">{formatWeight(p.pesoT)}</Item>
                  <Item label="Ubicazione">{p.ubicazione?.nome}</Item>
                  <Item label="Prezzo di listino">{p.prezzoListino !== null ? `${formatEuro(p.prezzoListino)}/m²` : null}</Item>
                  <Item label="Caricato il">{formatDateTime(p.createdAt)}</Item>
                </DetailList>
              </SectionCard>
              <ProvenienzaSection item={p} />
              <SectionCard titleId="pacco-lastre-title" title={`Lastre (${p.lastre.length})`} icon="pi pi-clone">
                <div className="table-scroll">
                  <table className="pacco-lastre-table" aria-labelledby="pacco-lastre-title" data-testid="pacco-lastre">
                    <thead>
                      <tr>
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
              <MovimentiSection paccoId={p._id} />
              <HistorySection query={history} fieldLabels={STOCK_FIELD_LABELS} formatValue={stockHistoryValue} />
            </div>
          </div>
        </>
      )}
    </DetailShell>
  );
}

/** The bundle's rows of the stock ledger: loads, unloads, adjustments. */
function MovimentiSection({ paccoId }: { paccoId: string }) {
  const movimenti = useMovimenti({ paccoId });
  return (
    <SectionCard titleId="pacco-movimenti-title" title="Movimenti di magazzino" icon="pi pi-history">
      {movimenti.isPending ? (
        <p className="m-0 text-color-secondary">Caricamento…</p>
      ) : movimenti.isError ? (
        <p className="m-0 text-color-secondary">Movimenti non disponibili: {movimenti.error.message}</p>
      ) : movimenti.data.items.length === 0 ? (
        <p className="m-0 text-color-secondary">Nessun movimento.</p>
      ) : (
        <ul className="list-none p-0 m-0 flex flex-column gap-2" data-testid="pacco-movimenti">
          {movimenti.data.items.map((m) => (
            <li key={m._id}>
              <strong>{MOVIMENTO_TIPO_LABELS[m.tipo]}</strong> {formatInteger(m.pezzi)} lastre, {formatArea(m.mq)}
              <br />
              <span className="text-color-secondary text-sm">
                {formatDateTime(m.createdAt)}
                {m.utente ? ` · ${m.utente.name}` : ''}
                {m.causale ? ` · ${m.causale}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
