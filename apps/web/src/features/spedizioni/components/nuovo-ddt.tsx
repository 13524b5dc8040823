import './spedizioni.css';
import { useEffect, useRef } from 'react';
import { Button } from 'primereact/button';
import { ENTITY_PAGES, type Ddt } from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { BackToList } from '@/components/detail/detail-shell';
import { SectionCard } from '@/components/section-card';
import { DdtPreview } from './ddt-preview';
import { ItemsStep } from './items-step';
import { PartyStep } from './party-step';
import { TrasportoStep } from './trasporto-step';
import { useNuovoDdt } from './use-nuovo-ddt';

/**
 * Nuovo DDT on one page, in three steps: the party, what leaves (totals as you tick), the
 * transport; then the preview, and Emetti (which downloads the PDF) or Salva bozza. With `draft`,
 * the same form edits a draft and `onSaved` closes it.
 */
export function NuovoDdt({
  draft,
  onCancel,
  onSaved,
}: {
  draft?: Ddt;
  onCancel?: () => void;
  onSaved?: (d: Ddt) => void;
}) {
  const s = useNuovoDdt(draft, onSaved);
  const previewRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (s.previewing) previewRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [s.previewing]);
  const d = s.data;
  // the transport once there is something to ship
  const ready =
    s.party !== null &&
    s.trasporto !== null &&
    d !== undefined &&
    d.blocchi.length + d.pacchi.length + d.lastre.length + d.lotti.length > 0;

  return (
    <div className="nuovo-ddt">
      <PageHeader title={draft ? 'Modifica bozza di DDT' : 'Nuovo DDT'} icon="pi pi-truck">
        {onCancel ? (
          <Button
            type="button"
            label="Annulla modifiche"
            icon="pi pi-times"
            text
            onClick={onCancel}
          />
        ) : (
          <BackToList to={ENTITY_PAGES.ddt.path} label="Elenco DDT" />
        )}
      </PageHeader>
      <ol className="ddt-steps">
        <li>
          <SectionCard titleId="ddt-step-party" title="1. Destinatario" icon="pi pi-user">
            {draft ? (
              <p className="m-0" data-testid="ddt-party-fixed">
                {s.party?.nome}
              </p>
            ) : (
              <PartyStep
                causale={s.causale}
                party={s.party}
                onCausale={s.setCausale}
                onParty={s.setParty}
              />
            )}
          </SectionCard>
        </li>
        {s.party && (
          <li>
            <SectionCard titleId="ddt-step-items" title="2. Cosa parte" icon="pi pi-box">
              {s.da.isError ? (
                <p className="p-error m-0">{s.da.error.message}</p>
              ) : (
                <ItemsStep
                  da={s.data}
                  loading={s.da.isPending || !s.data}
                  ticked={s.ticked}
                  onToggle={s.toggle}
                  onPezzi={s.setPezzi}
                  onAll={s.all}
                />
              )}
            </SectionCard>
          </li>
        )}
        {ready && s.trasporto && (
          <li>
            <SectionCard titleId="ddt-step-trasporto" title="3. Trasporto" icon="pi pi-truck">
              <TrasportoStep value={s.trasporto} errors={s.errors} onChange={s.setTrasporto} />
              {!s.previewing && (
                <div className="ddt-actions">
                  <Button
                    type="button"
                    label="Anteprima"
                    icon="pi pi-eye"
                    onClick={s.preview}
                    data-testid="ddt-anteprima"
                  />
                </div>
              )}
            </SectionCard>
          </li>
        )}
      </ol>
      {s.previewing && s.trasporto && (
        <div ref={previewRef}>
          <DdtPreview
            causale={s.causale}
            destinatario={s.party?.nome ?? ''}
            trasporto={s.trasporto}
            righe={s.righe}
            busy={s.busy}
            onEmetti={s.emetti}
            onBozza={s.salvaBozza}
            onBack={s.back}
          />
        </div>
      )}
    </div>
  );
}
