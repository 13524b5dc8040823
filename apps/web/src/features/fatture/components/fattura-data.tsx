import { FATTURA_TIPO_LABELS, detailPath, type Fattura } from '@gestcava/contracts';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { RecordLink } from '@/components/record-link';
import { SectionCard } from '@/components/section-card';
import { formatDate, formatDateTime } from '@/lib/format';
import { indirizzoCessionario } from './fattura-text';

/** The invoice's header data: document, number and date, the cliente with its tax data, the DDTs it invoices. */
export function FatturaData({ fattura: f }: { fattura: Fattura }) {
  const c = f.cessionario;
  const recapito = c.codiceSdi
    ? `Codice SDI ${c.codiceSdi}`
    : c.pec
      ? `PEC ${c.pec}`
      : 'Nessun codice SDI né PEC: la fattura resta nell’area riservata del cliente';
  return (
    <SectionCard titleId="fattura-data-title" title="Dati della fattura">
      <DetailList testId="fattura-data">
        <Item label="Documento">{FATTURA_TIPO_LABELS[f.tipoDocumento]}</Item>
        <Item label="Numero">
          {f.numeroDocumento ?? 'Bozza (il numero si assegna all’emissione)'}
        </Item>
        <Item label="Data">{formatDate(f.data)}</Item>
        <Item label="Cliente" wide>
          <RecordLink to={detailPath('cliente', f.cliente._id)}>{c.ragioneSociale}</RecordLink>
          <span className="block text-color-secondary">{indirizzoCessionario(c)}</span>
          <span className="block text-color-secondary">{recapito}</span>
        </Item>
        {f.ddt.length > 0 && (
          <Item label={f.ddt.length === 1 ? 'DDT' : 'DDT fatturati'} wide>
            <span className="flex flex-wrap gap-2" data-testid="fattura-ddt-links">
              {f.ddt.map((d) => (
                <RecordLink key={d._id} to={detailPath('ddt', d._id)}>
                  {`${d.numero}/${d.anno} del ${formatDate(d.data)}`}
                </RecordLink>
              ))}
            </span>
          </Item>
        )}
        {f.fatturaCollegata && (
          <Item label="Corregge la fattura">
            <RecordLink to={detailPath('fattura', f.fatturaCollegata._id)}>
              {`${f.fatturaCollegata.numeroDocumento} del ${formatDate(f.fatturaCollegata.data)}`}
            </RecordLink>
          </Item>
        )}
        <Item label="Causale" wide>
          {f.causale}
        </Item>
        <Item label="Note" wide>
          {f.note && <span className="pre-line">{f.note}</span>}
        </Item>
        <Item label="Emessa il">{formatDateTime(f.emessaAt)}</Item>
        <Item label="Registrata il">
          {[formatDateTime(f.createdAt), f.createdBy?.name].filter(Boolean).join(' da ')}
        </Item>
      </DetailList>
    </SectionCard>
  );
}
