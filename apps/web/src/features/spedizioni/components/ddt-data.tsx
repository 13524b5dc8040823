import {
  DDT_CAUSALE_TABLE,
  PORTO_LABELS,
  TRASPORTO_A_CURA_LABELS,
  detailPath,
  type Ddt,
} from '@gestcava/contracts';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { RecordLink } from '@/components/record-link';
import { SectionCard } from '@/components/section-card';
import { formatDate, formatDateTime } from '@/lib/format';
import { indirizzoText } from './ddt-figures';

/** The DDT's header data: number and date, the parties, the transport. */
export function DdtData({ ddt: d }: { ddt: Ddt }) {
  const dest = d.destinatario;
  return (
    <SectionCard titleId="ddt-data-title" title="Dati del DDT">
      <DetailList testId="ddt-data">
        <Item label="Numero">
          {d.numeroDocumento ?? 'Bozza (il numero si assegna all’emissione)'}
        </Item>
        <Item label="Data">{formatDate(d.data)}</Item>
        <Item label="Causale">{DDT_CAUSALE_TABLE[d.causale].label}</Item>
        <Item label="Destinatario">
          {d.cliente ? (
            <RecordLink to={detailPath('cliente', d.cliente._id)}>{dest.ragioneSociale}</RecordLink>
          ) : (
            dest.ragioneSociale
          )}
          {dest.partitaIva && (
            <span className="block text-color-secondary">P.IVA {dest.partitaIva}</span>
          )}
        </Item>
        <Item label="Destinazione" wide>
          {indirizzoText(d.destinazione)}
        </Item>
        <Item label="Luogo di partenza" wide>
          {d.luogoPartenza && indirizzoText(d.luogoPartenza)}
        </Item>
        <Item label="Trasporto a cura del">{TRASPORTO_A_CURA_LABELS[d.trasportoACura]}</Item>
        {d.vettore && (
          <Item label="Vettore">
            {[
              d.vettore.ragioneSociale,
              d.vettore.partitaIva && `P.IVA ${d.vettore.partitaIva}`,
              d.vettore.indirizzo,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Item>
        )}
        {d.vettore && <Item label="Targa">{d.vettore.targa}</Item>}
        <Item label="Porto">{PORTO_LABELS[d.porto]}</Item>
        <Item label="Aspetto esteriore">{d.aspetto}</Item>
        <Item label="Inizio trasporto">{formatDateTime(d.inizioTrasporto)}</Item>
        <Item label="Note" wide>
          {d.note && <span className="pre-line">{d.note}</span>}
        </Item>
        {d.stato === 'annullato' && (
          <Item label="Annullato" wide>
            {[formatDateTime(d.annullatoAt), d.annullatoMotivo].filter(Boolean).join(': ')}
          </Item>
        )}
        <Item label="Registrato il">
          {[formatDateTime(d.createdAt), d.createdBy?.name].filter(Boolean).join(' da ')}
        </Item>
      </DetailList>
    </SectionCard>
  );
}
