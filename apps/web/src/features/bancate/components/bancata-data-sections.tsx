import { METODO_TAGLIO_LABELS, type Bancata } from '@gestcava/contracts';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { formatDate, formatDateTime, formatNumber, formatVolume, formatWeight } from '@/lib/format';
import { formatDims } from '@/lib/production-format';
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
    </SectionCard>
  );
}

/** The by-products of the cut, in tonnes. */
export function BancataSottoprodottiSection({ bancata: b }: { bancata: Bancata }) {
  return (
    <SectionCard titleId="bancata-sottoprodotti-title" title="Sottoprodotti">
      <DetailList testId="bancata-sottoprodotti">
        <Item label="Informi">{formatWeight(b.informiT)}</Item>
        <Item label="Scaglie">{formatWeight(b.scaglieT)}</Item>
        <Item label="Terre">{formatWeight(b.terreT)}</Item>
      </DetailList>
    </SectionCard>
  );
}
