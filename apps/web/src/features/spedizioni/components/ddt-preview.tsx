import { Button } from 'primereact/button';
import {
  DDT_CAUSALE_TABLE,
  PORTO_LABELS,
  TRASPORTO_A_CURA_LABELS,
  avvisoMassaComplessiva,
  avvisoPortata,
  formatTarga,
  normalizeTarga,
  totaliDdt,
  type DdtCausale,
  type DdtElemento,
} from '@gestcava/contracts';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { SectionCard } from '@/components/section-card';
import { formatDateTime } from '@/lib/format';
import { useAutomezziOptions } from '@/lib/automezzi';
import type { Trasporto } from '../model/nuovo-ddt';
import { indirizzoText } from './ddt-figures';
import { DdtRighe } from './ddt-righe';

/** The DDT as it will print, before it is emitted: the party, the transport, the lines and the totals; then Emetti or Salva bozza. */
export function DdtPreview({
  causale,
  destinatario,
  trasporto: t,
  righe,
  busy,
  onEmetti,
  onBozza,
  onBack,
}: {
  causale: DdtCausale;
  destinatario: string;
  trasporto: Trasporto;
  righe: DdtElemento[];
  busy: 'emetti' | 'bozza' | null;
  onEmetti: () => void;
  onBozza: () => void;
  onBack: () => void;
}) {
  const targa = t.targa ? normalizeTarga(t.targa) : '';
  const automezzo = useAutomezziOptions().data?.find((a) => a.value === targa)?.automezzo;
  const mezzo = automezzo && { ...automezzo, targa: formatTarga(automezzo.targa) };
  const { pesoKg } = totaliDdt(righe);
  // warnings, not refusals: the weights are theoretical until the weighbridge
  const avvisi = [avvisoPortata(pesoKg, mezzo), avvisoMassaComplessiva(pesoKg, mezzo)].filter(
    (a): a is string => a !== null,
  );
  return (
    <SectionCard
      titleId="ddt-preview-title"
      title="Anteprima del DDT"
      icon="pi pi-eye"
      className="ddt-preview"
    >
      {avvisi.map((avviso) => (
        <p key={avviso} className="ddt-avvisi" role="alert" data-testid="ddt-preview-avviso">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {avviso}
        </p>
      ))}
      <DetailList testId="ddt-preview">
        <Item label="Causale">{DDT_CAUSALE_TABLE[causale].label}</Item>
        <Item label="Destinatario">{destinatario}</Item>
        <Item label="Destinazione" wide>
          {indirizzoText(t)}
        </Item>
        <Item label="Trasporto a cura del">{TRASPORTO_A_CURA_LABELS[t.trasportoACura]}</Item>
        {t.trasportoACura === 'vettore' && (
          <Item label="Vettore">
            {[
              t.vettoreRagioneSociale,
              t.vettorePartitaIva && `P.IVA ${t.vettorePartitaIva}`,
              targa && `targa ${formatTarga(targa)}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Item>
        )}
        {t.trasportoACura !== 'vettore' && targa && (
          <Item label="Targa del mezzo">{formatTarga(targa)}</Item>
        )}
        <Item label="Porto">{PORTO_LABELS[t.porto]}</Item>
        <Item label="Aspetto esteriore">{t.aspetto}</Item>
        <Item label="Inizio trasporto">{formatDateTime(t.inizioTrasporto)}</Item>
        <Item label="Note" wide>
          {t.note && <span className="pre-line">{t.note}</span>}
        </Item>
      </DetailList>
      <DdtRighe righe={righe} totali={totaliDdt(righe)} links={false} testId="ddt-preview-righe" />
      <div className="ddt-actions">
        <Button
          type="button"
          label="Modifica i dati"
          icon="pi pi-arrow-left"
          text
          onClick={onBack}
          disabled={busy !== null}
        />
        <Button
          type="button"
          label="Salva bozza"
          icon="pi pi-save"
          outlined
          loading={busy === 'bozza'}
          disabled={busy !== null}
          onClick={onBozza}
          data-testid="ddt-salva-bozza"
        />
        <Button
          type="button"
          label="Emetti e scarica il PDF"
          icon="pi pi-file-pdf"
          loading={busy === 'emetti'}
          disabled={busy !== null}
          onClick={onEmetti}
          data-testid="ddt-emetti"
        />
      </div>
    </SectionCard>
  );
}
