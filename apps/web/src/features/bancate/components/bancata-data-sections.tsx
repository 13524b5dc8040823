import { Message } from 'primereact/message';
import {
  BILANCIO_MASSA_TOLLERANZA_PERCENT,
  METODO_TAGLIO_LABELS,
  type Bancata,
} from '@gestcava/contracts';
import { DetailItem as Item, DetailList, RecordNoteItems } from '@/components/detail-list';
import { formatDate, formatInteger, formatNumber, formatVolume, formatWeight } from '@/lib/format';
import { formatDims, formatPercentValue } from '@/lib/production-format';
import { SectionCard } from '@/components/section-card';

/** "Dati della bancata": where and when it was cut, its measures and estimated weight. */
export function BancataDataSection({ bancata: b }: { bancata: Bancata }) {
  return (
    <SectionCard titleId="bancata-data-title" title="Dati della bancata">
      <DetailList testId="bancata-data">
        <Item label="Codice">{b.codice}</Item>
        <Item label="Cava">{b.cava.nome}</Item>
        <Item label="Fronte / gradone">{b.fronte}</Item>
        <Item label="Materiale">{b.materiale.nome}</Item>
        <Item label="Data di taglio">{formatDate(b.dataTaglio)}</Item>
        <Item label="Data di ribaltamento">{formatDate(b.dataRibaltamento)}</Item>
        <Item label="Metodo di taglio">
          {b.metodoTaglio ? METODO_TAGLIO_LABELS[b.metodoTaglio] : null}
        </Item>
        <Item label="Misure (L × H × P)">{formatDims(b.lunghezza, b.altezza, b.profondita)}</Item>
        <Item label="Volume lordo">{formatVolume(b.volumeLordo)}</Item>
        <Item label={`Peso stimato (${formatNumber(b.materiale.densita, 2)} t/m³)`}>
          {formatWeight(b.pesoStimato)}
        </Item>
        <RecordNoteItems record={b} />
      </DetailList>
    </SectionCard>
  );
}

/**
 * The by-products of the cut, in tonnes, and the mass balance: squared blocks, informi (registered
 * as blocks and loose), scaglie (bianche and scure), scogliere and terre against the gross weight; a closed bancata off by more than
 * the tolerance is flagged.
 */
export function BancataSottoprodottiSection({ bancata: b }: { bancata: Bancata }) {
  const m = b.bilancioMassa;
  return (
    <SectionCard titleId="bancata-sottoprodotti-title" title="Sottoprodotti e bilancio di massa">
      {m.fuoriTolleranza && (
        <Message
          className="w-full mb-3"
          severity="warn"
          data-testid="bancata-bilancio-warning"
          text={`Bilancio di massa fuori tolleranza: blocchi, informi, scaglie, scogliere e terre fanno ${formatWeight(m.totaleT)} contro ${formatWeight(m.lordoT)} di peso lordo stimato (${formatPercentValue(m.differenzaPercent)}, oltre il ${BILANCIO_MASSA_TOLLERANZA_PERCENT} %). Controlla le misure della bancata e le tonnellate dei sottoprodotti.`}
        />
      )}
      <DetailList testId="bancata-sottoprodotti">
        <Item label="Informi sfusi">{formatWeight(b.informiT)}</Item>
        <Item label="Informi registrati come blocchi">
          {b.blocchiInformi.count > 0
            ? `${formatInteger(b.blocchiInformi.count)} · ${formatWeight(b.blocchiInformi.pesoT)}`
            : null}
        </Item>
        <Item label="Scaglie bianche">{formatWeight(b.scaglieT)}</Item>
        <Item label="Scaglie scure">{formatWeight(b.scaglieScureT)}</Item>
        <Item label="Scogliere">{formatWeight(b.scogliereT)}</Item>
        <Item label="Terre">{formatWeight(b.terreT)}</Item>
      </DetailList>
      {/* an open bancata is still giving its stone: its balance is drawn once it is closed */}
      {b.stato === 'chiusa' && (
        <>
          <h3 className="form-section-title mt-3">Bilancio di massa</h3>
          <DetailList testId="bancata-bilancio">
            <Item label="Blocchi">{formatWeight(m.blocchiT)}</Item>
            <Item label="Informi">{formatWeight(m.informiT)}</Item>
            <Item label="Scaglie">{formatWeight(m.scaglieT)}</Item>
            <Item label="Scogliere">{formatWeight(m.scogliereT)}</Item>
            <Item label="Terre">{formatWeight(m.terreT)}</Item>
            <Item label="Totale uscito">{formatWeight(m.totaleT)}</Item>
            <Item label="Peso lordo stimato">{formatWeight(m.lordoT)}</Item>
            <Item label="Differenza">
              {m.differenzaPercent !== null ? formatPercentValue(m.differenzaPercent) : null}
            </Item>
          </DetailList>
        </>
      )}
    </SectionCard>
  );
}
