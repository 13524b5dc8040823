import type { ReactNode } from 'react';
import { BORDO_LABELS, casseText, detailPath, ENTITY_PAGES, FINITURA_LABELS, formatoLabel, SCELTA_LABELS, type Lotto } from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { BackToList, DetailShell } from '@/components/detail/detail-shell';
import { HistorySection } from '@/components/detail/history-section';
import { useBackToList } from '@/components/detail/use-back-to-list';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { SectionCard } from '@/components/section-card';
import { RecordLink } from '@/components/record-link';
import { formatArea, formatDateTime, formatEuro, formatInteger } from '@/lib/format';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useLotto, useLottoHistory, useLottoMovimenti, useLottoOperation } from '../api/magazzino-pavimenti';
import { LottoActions, LottoRiserveSection } from './lotto-actions';
import { StockQuickActions } from '@/components/stock/stock-quick-actions';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { MovimentiSection } from '@/components/stock/movimenti-section';

const FIELD_LABELS: Record<string, string> = { codice: 'Codice', pezzi: 'Pezzi', mq: 'm²', casse: 'Casse', pezziPerCassa: 'Pezzi per cassa', ubicazioneId: 'Ubicazione', prezzoListino: 'Prezzo di listino' };

/**
 * A tile lot (DESIGN §4 "Magazzino pavimenti"): format and quantities on hand, where it comes from up
 * to the quarry face, its photos (the photos feature's panel, given by the page), ledger and history.
 */
export function LottoDetailView({
  id,
  photos,
  headerExtra,
  trasferimenti,
  quickPhoto,
}: {
  id: string;
  photos?: (lotto: Lotto) => ReactNode;
  /** more header buttons from other features (the label's print) */
  headerExtra?: (lotto: Lotto) => ReactNode;
  /** transfers to group companies (the trasferimenti feature's panel) */
  trasferimenti?: (lotto: Lotto) => ReactNode;
  /** the one-tap camera of the phone's quick actions (the photos feature's button) */
  quickPhoto?: (lotto: Lotto) => ReactNode;
}) {
  const phone = useMediaQuery(CARDS_QUERY);
  const { user } = useSession();
  const writable = can(user, 'magazzino-pavimenti', 'write');
  const record = useLotto(id);
  const history = useLottoHistory(id);
  const backTo = useBackToList(ENTITY_PAGES.lotto.path);
  const back = <BackToList to={backTo} label="Elenco lotti" />;
  return (
    <DetailShell query={record} title="Lotto" back={back} notFound={{ title: 'Lotto non trovato', text: 'Il lotto richiesto non esiste o appartiene a un’altra ditta.' }}>
      {(l) => (
        <>
          <PageHeader title={`Lotto ${l.codice}`} icon="pi pi-table">
            {back}
            {headerExtra?.(l)}
          </PageHeader>
          {phone && writable && l.pezzi > 0 && <LottoQuickActions lotto={l} photo={quickPhoto?.(l)} />}
          <div className="grid">
            <div className="col-12 xl:col-8">
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
                  <Item label="Prezzo di listino">{l.prezzoListino !== null ? `${formatEuro(l.prezzoListino)}/m²` : null}</Item>
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
              <ProvenienzaSection lotto={l} />
            </div>
            <div className="col-12 xl:col-4">
              {photos?.(l)}
              {trasferimenti?.(l)}
              <StockLedger lottoId={l._id} pezziPerCassa={l.pezziPerCassa} />
              <HistorySection query={history} fieldLabels={FIELD_LABELS} />
            </div>
          </div>
        </>
      )}
    </DetailShell>
  );
}

/** The cut that made the lot, its block and, for an own block, bancata and cava; or the group company it came from. */
function ProvenienzaSection({ lotto: l }: { lotto: Lotto }) {
  return (
    <SectionCard titleId="lotto-provenienza-title" title="Provenienza" icon="pi pi-sitemap">
      <DetailList testId="lotto-provenienza">
        {l.trasferitoDa && <Item label="Trasferito da">{l.trasferitoDa.ditta}</Item>}
        {l.lavorazione && (
          <Item label="Lavorazione">
            <RecordLink to={detailPath('lavorazione-pavimenti', l.lavorazione._id)} testId="lotto-lavorazione">
              {l.lavorazione.codice}
            </RecordLink>
          </Item>
        )}
        <Item label={l.blocco?.origine === 'esterno' ? 'Blocco (acquistato)' : 'Blocco'}>
          {l.blocco ? (
            <RecordLink to={detailPath(l.blocco.origine === 'esterno' ? 'blocco-esterno' : 'blocco', l.blocco._id)} testId="lotto-blocco">
              {l.blocco.codice}
            </RecordLink>
          ) : (
            l.trasferitoDa?.blocco
          )}
        </Item>
        {l.blocco?.origine !== 'esterno' && (
          <>
            <Item label="Bancata">
              {l.bancata && (
                <RecordLink to={detailPath('bancata', l.bancata._id)} testId="lotto-bancata">
                  {l.bancata.codice}
                </RecordLink>
              )}
            </Item>
            <Item label="Cava">{l.cava?.nome}</Item>
          </>
        )}
      </DetailList>
    </SectionCard>
  );
}

function StockLedger({ lottoId, pezziPerCassa }: { lottoId: string; pezziPerCassa: number }) {
  return <MovimentiSection query={useLottoMovimenti(lottoId)} unit="pezzi" testId="lotto-movimenti" pezziPerCassa={pezziPerCassa} />;
}

function LottoQuickActions({ lotto: l, photo }: { lotto: Lotto; photo: ReactNode }) {
  const operation = useLottoOperation(l._id);
  return (
    <StockQuickActions
      codice={l.codice}
      current={l.ubicazione?.nome}
      photo={photo}
      movedLabel="Lotto spostato"
      onMove={(ubicazioneId) => operation.mutateAsync({ op: 'sposta', body: { ubicazioneId } })}
    />
  );
}
