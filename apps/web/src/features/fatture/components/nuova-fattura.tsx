import './fatture.css';
import { useEffect, useRef } from 'react';
import { Button } from 'primereact/button';
import { ENTITY_PAGES, type Fattura } from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { BackToList } from '@/components/detail/detail-shell';
import { SectionCard } from '@/components/section-card';
import { formatEuro } from '@/lib/format';
import { totaliScelti } from '../model/nuova-fattura';
import { ClienteStep } from './cliente-step';
import { DatiStep } from './dati-step';
import { DdtStep } from './ddt-step';
import { FatturaPreview } from './fattura-preview';
import { RigheStep } from './righe-step';
import { useNuovaFattura } from './use-nuova-fattura';

/**
 * Nuova fattura on one page: the document and the cliente; the DDTs of a month to invoice (a fattura
 * differita) or the free lines, the totals following each tick; date and payment; then the preview
 * the server computed (lines, VAT, due dates) and Emetti. With `draft`, the same form edits a draft
 * (or a scartata invoice being corrected) and `onSaved` closes it.
 */
export function NuovaFattura({
  draft,
  onCancel,
  onSaved,
}: {
  draft?: Fattura;
  onCancel?: () => void;
  onSaved?: (f: Fattura) => void;
}) {
  const s = useNuovaFattura(draft, onSaved);
  const previewRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (s.preview) previewRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [s.preview]);
  const { bozza: b } = s;
  const td24 = b.tipo === 'TD24';
  const totali = totaliScelti(td24 ? s.data : undefined, b.ticked, b.libere);
  const ready = s.cliente !== null && (!td24 || b.ticked.size > 0 || b.libere.length > 0);
  const title = draft
    ? draft.numeroDocumento
      ? `Correggi la fattura ${draft.numeroDocumento}`
      : 'Modifica bozza di fattura'
    : 'Nuova fattura';

  return (
    <div className="nuova-fattura">
      <PageHeader title={title} icon="pi pi-receipt">
        {onCancel ? (
          <Button
            type="button"
            label="Annulla modifiche"
            icon="pi pi-times"
            text
            onClick={onCancel}
          />
        ) : (
          <BackToList to={ENTITY_PAGES.fattura.path} label="Elenco fatture" />
        )}
      </PageHeader>
      <ol className="fattura-steps">
        <li>
          <SectionCard
            titleId="fattura-step-cliente"
            title="1. Documento e cliente"
            icon="pi pi-user"
          >
            <ClienteStep
              tipo={b.tipo}
              cliente={s.cliente}
              fixed={draft !== undefined}
              fatturaCollegataId={b.fatturaCollegataId}
              onTipo={s.setTipo}
              onCliente={s.setCliente}
              onCollegata={(id) => s.update({ fatturaCollegataId: id })}
            />
          </SectionCard>
        </li>
        {s.cliente && (
          <li>
            <SectionCard
              titleId="fattura-step-righe"
              title={td24 ? '2. DDT da fatturare' : '2. Righe'}
              icon={td24 ? 'pi pi-truck' : 'pi pi-list'}
            >
              {td24 &&
                (s.da.isError ? (
                  <p className="p-error m-0">{s.da.error.message}</p>
                ) : (
                  <DdtStep
                    da={s.data}
                    loading={s.da.isPending || !s.data}
                    mese={s.mese}
                    ticked={b.ticked}
                    onMese={s.setMese}
                    onToggle={s.toggle}
                    onTicked={s.setTicked}
                  />
                ))}
              {td24 && b.libere.length > 0 && <h3 className="text-base mb-2">Altre righe</h3>}
              <div className={td24 ? 'mt-3' : undefined}>
                <RigheStep
                  righe={b.libere}
                  onChange={s.setRighe}
                  showErrors={s.showRowErrors}
                  nota={b.tipo === 'TD04'}
                />
              </div>
              <div
                className="fattura-totali-bar"
                role="status"
                aria-live="polite"
                data-testid="fattura-totali-scelti"
              >
                {td24 && (
                  <>
                    <strong>{totali.ddt === 1 ? '1 DDT' : `${totali.ddt} DDT`}</strong>
                    {' · '}
                  </>
                )}
                {totali.righe === 1 ? '1 riga' : `${totali.righe} righe`} · imponibile{' '}
                <strong>{formatEuro(totali.imponibile)}</strong>
                <span className="block text-color-secondary text-sm">
                  IVA e totale secondo il cliente nell’anteprima
                </span>
              </div>
            </SectionCard>
          </li>
        )}
        {ready && (
          <li>
            <SectionCard
              titleId="fattura-step-dati"
              title="3. Data e pagamento"
              icon="pi pi-wallet"
            >
              <DatiStep bozza={b} onChange={s.update} fixedDate={draft?.numeroDocumento != null} />
              {s.errors.length > 0 && (
                <ul className="fattura-errors p-error" role="alert" data-testid="fattura-errors">
                  {s.errors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              )}
              {!s.preview && (
                <div className="fattura-actions">
                  <Button
                    type="button"
                    label="Anteprima"
                    icon="pi pi-eye"
                    loading={s.busy === 'anteprima'}
                    disabled={s.busy !== null}
                    onClick={s.anteprima}
                    data-testid="fattura-anteprima"
                  />
                </div>
              )}
            </SectionCard>
          </li>
        )}
      </ol>
      {s.preview && (
        <div ref={previewRef}>
          <FatturaPreview
            fattura={s.preview}
            busy={s.busy === 'emetti'}
            onEmetti={s.emetti}
            onBozza={s.lasciaInBozza}
            onBack={s.back}
          />
        </div>
      )}
    </div>
  );
}
