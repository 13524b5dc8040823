import { useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import type { LavorazioneLastre } from '@gestcava/contracts';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { LookupDropdown } from '@/components/form/lookup-dropdown';
import { NumberInput } from '@/components/form/number-input';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes';
import { useLookups } from '@/lib/lookups';
import { useCompletaLavorazioneLastre } from '../api/lavorazioni-lastre';
import { gridRow } from './lastre-grid-model';
import { bodyOf, figuresOf, type CompletaDraft } from './completa-model';
import { CompletaLastreInput } from './completa-lastre-input';
import { CompletaLiveFigures, CompletaSummary } from './completa-summary';

function initialDraft(lav: LavorazioneLastre): CompletaDraft {
  // the block's net length and height (cm) are the first slab's likely size (mm)
  const lunghezza = String(Math.round(lav.blocco.lunghezzaNetta * 10));
  const altezza = String(Math.round(lav.blocco.altezzaNetta * 10));
  return {
    mode: 'una',
    rows: [gridRow({ lunghezza, altezza })],
    numero: '',
    lunghezza,
    altezza,
    lastrePerPacco: null,
    ubicazioneId: null,
  };
}

/**
 * Completing a sawing: the slabs one by one in a keyboard grid or as a count and an
 * average size, bundle size and location; live m² and yield beside the machine's maximum; a summary
 * before the one request that loads the stock. Full screen, so 60 rows fit a clerk's work.
 */
export function CompletaDialog({
  lavorazione: lav,
  onClose,
  onDone,
}: {
  lavorazione: LavorazioneLastre;
  onClose: () => void;
  onDone: (lav: LavorazioneLastre) => void;
}) {
  const completa = useCompletaLavorazioneLastre(lav._id);
  const ubicazioni = useLookups('ubicazioni');
  const [draft, setDraft] = useState<CompletaDraft>(() => initialDraft(lav));
  const [dirty, setDirty] = useState(false);
  const [step, setStep] = useState<'dati' | 'riepilogo'>('dati');
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [askDiscard, setAskDiscard] = useState(false);
  const figures = figuresOf(draft, lav);
  const checked = bodyOf(draft, lav);
  const pending = completa.isPending;

  const change = (next: Partial<CompletaDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setDirty(true);
    setError(null);
  };
  const requestClose = () => {
    if (pending) return;
    if (dirty) setAskDiscard(true);
    else onClose();
  };
  const toSummary = () => {
    setTried(true);
    if ('error' in checked) setError(checked.error);
    else {
      setError(null);
      setStep('riepilogo');
    }
  };
  const confirm = () => {
    if ('error' in checked) return;
    completa.mutate(checked.body, {
      onSuccess: (saved) => {
        setDirty(false);
        onDone(saved);
      },
      onError: (e) => {
        setError(e.message);
        setStep('dati');
      },
    });
  };

  const ubicazione = ubicazioni.data?.find((u) => u._id === draft.ubicazioneId)?.nome;
  const live = <CompletaLiveFigures lav={lav} figures={figures} />;

  const footer =
    step === 'dati' ? (
      <div className="flex flex-wrap justify-content-end gap-2">
        <Button type="button" label="Annulla" outlined onClick={requestClose} disabled={pending} />
        <Button
          type="button"
          label="Riepilogo"
          icon="pi pi-arrow-right"
          iconPos="right"
          onClick={toSummary}
          data-testid="completa-riepilogo"
        />
      </div>
    ) : (
      <div className="flex flex-wrap justify-content-end gap-2">
        <Button
          type="button"
          label="Indietro"
          icon="pi pi-arrow-left"
          outlined
          onClick={() => setStep('dati')}
          disabled={pending}
          data-testid="completa-indietro"
        />
        <Button
          type="button"
          label="Conferma e carica il magazzino"
          icon="pi pi-check"
          loading={pending}
          onClick={confirm}
          autoFocus
          data-testid="completa-conferma"
        />
      </div>
    );

  return (
    <>
      <Dialog
        visible
        onHide={requestClose}
        header={`Completa la segagione ${lav.codice}`}
        modal
        maximized
        closeOnEscape={!pending}
        onShow={() => {
          // the clerk starts typing the first slab at once
          const first = document.getElementById('lastra-1-lunghezza');
          if (first instanceof HTMLInputElement) {
            first.focus();
            first.select();
          }
        }}
        footer={footer}
        contentClassName="completa-content"
        data-testid="completa-dialog"
      >
        <FormAlert message={error} testId="completa-error" />
        {step === 'dati' ? (
          <div className="completa-layout">
            <div className="completa-main">
              <CompletaLastreInput lav={lav} draft={draft} change={change} tried={tried} />
            </div>
            <aside className="completa-side" aria-label="Pacchi e totali">
              <div className="formgrid grid">
                <FormField
                  id="completa-per-pacco"
                  label="Lastre per pacco"
                  hint="Vuoto: un solo pacco"
                  className="col-12 sm:col-6 lg:col-12"
                >
                  <NumberInput
                    id="completa-per-pacco"
                    value={draft.lastrePerPacco}
                    onChange={(v) => change({ lastrePerPacco: v })}
                    decimals={0}
                    testId="completa-per-pacco"
                  />
                </FormField>
                <FormField
                  id="completa-ubicazione"
                  label="Ubicazione dei pacchi"
                  required
                  className="col-12 sm:col-6 lg:col-12"
                >
                  <LookupDropdown
                    kind="ubicazioni"
                    id="completa-ubicazione"
                    label="Ubicazione dei pacchi"
                    value={draft.ubicazioneId}
                    onChange={(v) => change({ ubicazioneId: v })}
                    placeholder="Scegli l'ubicazione"
                    testId="completa-ubicazione"
                  />
                </FormField>
              </div>
              {live}
              {/* said while typing, before the summary: the server refuses the same */}
              <FormAlert message={figures.limite} testId="completa-limite" />
            </aside>
          </div>
        ) : (
          <CompletaSummary lav={lav} figures={figures} ubicazione={ubicazione} />
        )}
      </Dialog>
      <UnsavedChangesGuard
        when={dirty && !pending}
        closing={{ asked: askDiscard, onStay: () => setAskDiscard(false), onLeave: onClose }}
      />
    </>
  );
}
