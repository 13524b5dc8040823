import { useState, type ReactNode } from 'react';
import { usePacco, useStockHistory, useMovimenti, useSpostaPacco } from '../api/magazzino-lastre';
import { Checkbox } from 'primereact/checkbox';
import {
  detailPath,
  ENTITY_PAGES,
  FINITURA_LABELS,
  SCELTA_LABELS,
  scelteText,
  type PaccoDetail,
} from '@gestcava/contracts';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { SectionCard } from '@/components/section-card';
import { RecordLink } from '@/components/record-link';
import { formatArea, formatDateTime, formatEuro, formatInteger, formatWeight } from '@/lib/format';
import { STOCK_FIELD_LABELS, stockHistoryValue } from './stock-format';
import { ProvenienzaSection } from '@/components/stock/provenienza-section';
import { LastraStatoTag } from './lastra-stato';
import { MovimentiSection } from '@/components/stock/movimenti-section';
import { StockItemDetail, type StockItemSlots } from '@/components/stock/stock-item-detail';
import { PaccoActions } from './pacco-actions';
import { StockQuickActions } from '@/components/stock/stock-quick-actions';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';

/** Slabs an operation can take: in stock, free or reserved. */
const IN_GIACENZA: readonly string[] = ['disponibile', 'riservata'];
import './magazzino-lastre.css';

/**
 * A bundle (docs/domain.md "Magazzino lastre"): its data, where it comes from up to the quarry, its
 * slabs in sawing order, its photos (the photos feature's panel, given by the page) and its ledger.
 */
export function PaccoDetailView({ id, ...slots }: { id: string } & StockItemSlots<PaccoDetail>) {
  const { user } = useSession();
  const writable = can(user, 'magazzino-lastre', 'write');
  const history = useStockHistory('pacchi', id);
  return (
    <StockItemDetail
      query={usePacco(id)}
      noun="Pacco"
      icon="pi pi-box"
      list={{ path: ENTITY_PAGES.pacco.path, label: 'Elenco pacchi' }}
      notFoundText={{
        title: 'Pacco non trovato',
        text: 'Il pacco richiesto non esiste o appartiene a un’altra ditta.',
      }}
      slots={slots}
      quickActions={(p) =>
        writable && p.nLastre > 0 && <PaccoQuickActions pacco={p} photo={slots.quickPhoto?.(p)} />
      }
      ledger={(p) => <StockLedger paccoId={p._id} />}
      history={{ query: history, fieldLabels: STOCK_FIELD_LABELS, formatValue: stockHistoryValue }}
    >
      {(p) => (
        <>
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
              <Item label="Prezzo di listino">
                {p.prezzoListino !== null ? `${formatEuro(p.prezzoListino)}/m²` : null}
              </Item>
              <Item label="Note">{p.note}</Item>
              <Item label="Caricato il">{formatDateTime(p.createdAt)}</Item>
            </DetailList>
          </SectionCard>
          <ProvenienzaSection item={p} />
          <LastreSection pacco={p} writable={writable} />
        </>
      )}
    </StockItemDetail>
  );
}

/** The bundle's slabs in sawing order; a writer ticks some to act on them alone. */
function LastreSection({ pacco: p, writable }: { pacco: PaccoDetail; writable: boolean }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return (
    <SectionCard
      titleId="pacco-lastre-title"
      title={`Lastre (${p.lastre.length})`}
      icon="pi pi-clone"
    >
      <p className="mt-0 text-color-secondary" data-testid="pacco-disponibili">
        {formatInteger(p.lastreDisponibili)} di {formatInteger(p.nLastre)} in giacenza libere; le
        lastre sono in ordine di segagione (macchiate a libro).
      </p>
      {writable && (
        <PaccoActions
          pacco={p}
          selected={p.lastre.filter((l) => selected.has(l._id))}
          onDone={() => setSelected(new Set())}
        />
      )}
      <div className="table-scroll mt-3">
        <table
          className="pacco-lastre-table"
          aria-labelledby="pacco-lastre-title"
          data-testid="pacco-lastre"
        >
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
  );
}

function StockLedger({ paccoId }: { paccoId: string }) {
  return (
    <MovimentiSection query={useMovimenti({ paccoId })} unit="lastre" testId="pacco-movimenti" />
  );
}

function PaccoQuickActions({ pacco: p, photo }: { pacco: PaccoDetail; photo: ReactNode }) {
  const sposta = useSpostaPacco(p);
  return (
    <StockQuickActions
      codice={p.codice}
      current={p.ubicazione?.nome}
      photo={photo}
      movedLabel="Pacco spostato"
      onMove={(place) => sposta.mutateAsync(place)}
    />
  );
}
