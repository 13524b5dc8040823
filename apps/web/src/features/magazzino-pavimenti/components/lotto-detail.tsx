import type { ReactNode } from 'react';
import {
  BORDO_LABELS,
  casseText,
  ENTITY_PAGES,
  FINITURA_LABELS,
  formatoLabel,
  SCELTA_LABELS,
  type Lotto,
} from '@gestcava/contracts';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { SectionCard } from '@/components/section-card';
import { formatArea, formatDateTime, formatEuro, formatInteger } from '@/lib/format';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import {
  useLotto,
  useLottoHistory,
  useLottoMovimenti,
  useSpostaLotto,
} from '../api/magazzino-pavimenti';
import { LottoActions, LottoRiserveSection } from './lotto-actions';
import { ProvenienzaSection } from '@/components/stock/provenienza-section';
import { StockItemDetail, type StockItemSlots } from '@/components/stock/stock-item-detail';
import { StockQuickActions } from '@/components/stock/stock-quick-actions';
import { MovimentiSection } from '@/components/stock/movimenti-section';

const FIELD_LABELS: Record<string, string> = {
  codice: 'Codice',
  pezzi: 'Pezzi',
  mq: 'm²',
  casse: 'Casse',
  pezziPerCassa: 'Pezzi per cassa',
  ubicazioneId: 'Ubicazione',
  prezzoListino: 'Prezzo di listino',
};

/**
 * A tile lot (docs/domain.md "Magazzino pavimenti"): format and quantities on hand, where it comes from up
 * to the quarry face, its photos (the photos feature's panel, given by the page), ledger and history.
 */
export function LottoDetailView({ id, ...slots }: { id: string } & StockItemSlots<Lotto>) {
  const { user } = useSession();
  const writable = can(user, 'magazzino-pavimenti', 'write');
  const history = useLottoHistory(id);
  return (
    <StockItemDetail
      query={useLotto(id)}
      noun="Lotto"
      icon="pi pi-table"
      list={{ path: ENTITY_PAGES.lotto.path, label: 'Elenco lotti' }}
      notFoundText={{
        title: 'Lotto non trovato',
        text: 'Il lotto richiesto non esiste o appartiene a un’altra ditta.',
      }}
      slots={slots}
      quickActions={(l) =>
        writable && l.pezzi > 0 && <LottoQuickActions lotto={l} photo={slots.quickPhoto?.(l)} />
      }
      ledger={(l) => <StockLedger lottoId={l._id} pezziPerCassa={l.pezziPerCassa} />}
      history={{ query: history, fieldLabels: FIELD_LABELS }}
    >
      {(l) => (
        <>
          <SectionCard titleId="lotto-data-title" title="Dati del lotto">
            <DetailList testId="lotto-data">
              <Item label="Codice">{l.codice}</Item>
              <Item label="Materiale">{l.materiale.nome}</Item>
              <Item label="Formato">{`${formatoLabel(l)} mm`}</Item>
              <Item label="Spessore">{`${l.spessoreMm} mm`}</Item>
              <Item label="Finitura">{FINITURA_LABELS[l.finitura]}</Item>
              <Item label="Bordo">{`${BORDO_LABELS[l.bordo]}${l.calibrato ? ', calibrato' : ''}`}</Item>
              <Item label="Scelta">{SCELTA_LABELS[l.scelta]}</Item>
              <Item label="Pezzi in giacenza">{formatInteger(l.pezzi)}</Item>
              <Item label="Riservati">{formatInteger(l.pezziRiservati)}</Item>
              <Item label="Disponibili">
                <strong data-testid="lotto-disponibili">{formatInteger(l.pezziDisponibili)}</strong>
              </Item>
              <Item label="Casse">{casseText(l.pezzi, l.pezziPerCassa)}</Item>
              <Item label="m² in giacenza">{formatArea(l.mq)}</Item>
              <Item label="Ubicazione">{l.ubicazione?.nome}</Item>
              <Item label="Prezzo di listino">
                {l.prezzoListino !== null ? `${formatEuro(l.prezzoListino)}/m²` : null}
              </Item>
              <Item label="Note">{l.note}</Item>
              <Item label="Caricato il">{formatDateTime(l.createdAt)}</Item>
            </DetailList>
            {writable && (
              <div className="mt-3">
                <LottoActions lotto={l} />
              </div>
            )}
          </SectionCard>
          <LottoRiserveSection lotto={l} writable={writable} />
          <ProvenienzaSection
            item={l}
            lavorazione={{ label: 'Lavorazione', kind: 'lavorazione-pavimenti' }}
            idPrefix="lotto"
          />
        </>
      )}
    </StockItemDetail>
  );
}

function StockLedger({ lottoId, pezziPerCassa }: { lottoId: string; pezziPerCassa: number }) {
  return (
    <MovimentiSection
      query={useLottoMovimenti(lottoId)}
      unit="pezzi"
      testId="lotto-movimenti"
      pezziPerCassa={pezziPerCassa}
    />
  );
}

function LottoQuickActions({ lotto: l, photo }: { lotto: Lotto; photo: ReactNode }) {
  const sposta = useSpostaLotto(l);
  return (
    <StockQuickActions
      codice={l.codice}
      current={l.ubicazione?.nome}
      photo={photo}
      movedLabel="Lotto spostato"
      onMove={(place) => sposta.mutateAsync(place)}
    />
  );
}
