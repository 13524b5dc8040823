import { Button } from 'primereact/button';
import { FATTURA_TIPO_LABELS, type Fattura } from '@gestcava/contracts';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { SectionCard } from '@/components/section-card';
import { formatDate } from '@/lib/format';
import { FatturaRighe, PagamentoFattura, RiepilogoIva } from './fattura-righe';
import { indirizzoCessionario } from './fattura-text';

/**
 * The invoice as it will be transmitted, from the draft the server just saved: the parties, the
 * DDTs, the lines, the VAT summary with its total, the payment; then Emetti, or leave it a draft.
 */
export function FatturaPreview({
  fattura: f,
  busy,
  onEmetti,
  onBozza,
  onBack,
}: {
  fattura: Fattura;
  busy: boolean;
  onEmetti: () => void;
  onBozza: () => void;
  onBack: () => void;
}) {
  return (
    <SectionCard titleId="fattura-preview-title" title="Anteprima della fattura" icon="pi pi-eye">
      <DetailList testId="fattura-preview">
        <Item label="Documento">{FATTURA_TIPO_LABELS[f.tipoDocumento]}</Item>
        <Item label="Data">{formatDate(f.data)}</Item>
        <Item label="Cliente" wide>
          {f.cessionario.ragioneSociale}
          <span className="block text-color-secondary">{indirizzoCessionario(f.cessionario)}</span>
        </Item>
        {f.ddt.length > 0 && (
          <Item label="DDT" wide>
            {f.ddt.map((d) => `${d.numero}/${d.anno} del ${formatDate(d.data)}`).join(', ')}
          </Item>
        )}
        {f.fatturaCollegata && (
          <Item label="Corregge la fattura">
            {f.fatturaCollegata.numeroDocumento} del {formatDate(f.fatturaCollegata.data)}
          </Item>
        )}
      </DetailList>
      <FatturaRighe righe={f.righe} testId="fattura-preview-righe" />
      <RiepilogoIva fattura={f} />
      <h3 className="text-base mb-2">Pagamento</h3>
      <PagamentoFattura pagamento={f.pagamento} />
      <div className="fattura-actions">
        <Button
          type="button"
          label="Modifica i dati"
          icon="pi pi-arrow-left"
          text
          onClick={onBack}
          disabled={busy}
        />
        <Button
          type="button"
          label="Lascia in bozza"
          icon="pi pi-save"
          outlined
          onClick={onBozza}
          disabled={busy}
          data-testid="fattura-lascia-bozza"
        />
        <Button
          type="button"
          label="Emetti"
          icon="pi pi-send"
          loading={busy}
          disabled={busy}
          onClick={onEmetti}
          data-testid="fattura-emetti"
        />
      </div>
    </SectionCard>
  );
}
