import type { ReactNode } from 'react';
import { useLastra, useStockHistory, useSpostaLastra, useMovimenti } from '../api/magazzino-lastre';
import {
  DIFETTO_LABELS,
  ENTITY_PAGES,
  FINITURA_LABELS,
  SCELTA_LABELS,
  type Lastra,
} from '@gestcava/contracts';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { SectionCard } from '@/components/section-card';
import { StatoPanel } from '@/components/stato-tag';
import { formatArea, formatDate, formatDateTime, formatInteger } from '@/lib/format';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { STOCK_FIELD_LABELS, stockHistoryValue } from './stock-format';
import { ProvenienzaSection } from '@/components/stock/provenienza-section';
import { LastraStatoTag } from './lastra-stato';
import { LastraActions } from './lastra-actions';
import { StockItemDetail, type StockItemSlots } from '@/components/stock/stock-item-detail';
import { StockQuickActions } from '@/components/stock/stock-quick-actions';
import { MovimentiSection } from '@/components/stock/movimenti-section';

/** A slab: its state, size and grade, its bundle and provenance up to the quarry, its photos. */
export function LastraDetailView({
  id,
  ...slots
}: { id: string } & Omit<StockItemSlots<Lastra>, 'trasferimenti'>) {
  const { user } = useSession();
  const writable = can(user, 'magazzino-lastre', 'write');
  const history = useStockHistory('lastre', id);
  return (
    <StockItemDetail
      query={useLastra(id)}
      noun="Lastra"
      icon="pi pi-clone"
      list={{ path: ENTITY_PAGES.lastra.path, label: 'Elenco lastre' }}
      notFoundText={{
        title: 'Lastra non trovata',
        text: 'La lastra richiesta non esiste o appartiene a un’altra ditta.',
      }}
      slots={slots}
      quickActions={(l) =>
        writable &&
        (l.stato === 'disponibile' || l.stato === 'riservata') && (
          <LastraQuickActions lastra={l} photo={slots.quickPhoto?.(l)} />
        )
      }
      ledger={(l) => <StockLedger lastraId={l._id} />}
      history={{ query: history, fieldLabels: STOCK_FIELD_LABELS, formatValue: stockHistoryValue }}
    >
      {(l) => (
        <>
          <SectionCard titleId="lastra-stato-title" title="Stato">
            <StatoPanel actions={writable && <LastraActions lastra={l} />}>
              <LastraStatoTag stato={l.stato} testId="lastra-stato" />
              {l.cliente && (
                <span className="text-color-secondary" data-testid="lastra-cliente">
                  {l.stato === 'riservata' ? 'per' : 'a'} {l.cliente.ragioneSociale}
                  {l.stato === 'riservata' && l.scadenzaRiserva
                    ? `, fino al ${formatDate(l.scadenzaRiserva)}`
                    : ''}
                </span>
              )}
            </StatoPanel>
          </SectionCard>
          <SectionCard titleId="lastra-data-title" title="Dati della lastra">
            <DetailList testId="lastra-data">
              <Item label="Codice">{l.codice}</Item>
              <Item label="N° di segagione">{formatInteger(l.progressivo)}</Item>
              <Item label="Materiale">{l.materiale.nome}</Item>
              <Item label="Misure">{`${formatInteger(l.lunghezzaMm)} × ${formatInteger(l.altezzaMm)} mm`}</Item>
              <Item label="Spessore">{`${l.spessoreMm} mm`}</Item>
              <Item label="Finitura">{FINITURA_LABELS[l.finitura]}</Item>
              <Item label="m²">{formatArea(l.mq)}</Item>
              <Item label="Scelta">{SCELTA_LABELS[l.scelta]}</Item>
              <Item label="Difetti">{l.difetti.map((d) => DIFETTO_LABELS[d]).join(', ')}</Item>
              <Item label="Ubicazione">{l.ubicazione?.nome}</Item>
              <Item label="Caricata il">{formatDateTime(l.createdAt)}</Item>
            </DetailList>
          </SectionCard>
          <ProvenienzaSection item={l} pacco={l.pacco} />
        </>
      )}
    </StockItemDetail>
  );
}

function StockLedger({ lastraId }: { lastraId: string }) {
  return (
    <MovimentiSection query={useMovimenti({ lastraId })} unit="lastre" testId="lastra-movimenti" />
  );
}

function LastraQuickActions({ lastra: l, photo }: { lastra: Lastra; photo: ReactNode }) {
  const sposta = useSpostaLastra(l);
  return (
    <StockQuickActions
      codice={l.codice}
      current={l.ubicazione?.nome}
      photo={photo}
      movedLabel="Lastra spostata"
      onMove={(place) => sposta.mutateAsync(place)}
    />
  );
}
