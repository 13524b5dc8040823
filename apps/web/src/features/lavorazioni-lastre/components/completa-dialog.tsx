import { useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { InputText } from 'primereact/inputtext';
import type { LavorazioneLastre } from '@gestcava/contracts';
import { ComputedValues } from '@/components/form/computed-values';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { LookupDropdown } from '@/components/form/lookup-dropdown';
import { NumberInput } from '@/components/form/number-input';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes';
import { formatArea, formatInteger, formatNumber } from '@/lib/format';
import { useLookups } from '@/lib/lookups';
import { useCompletaLavorazioneLastre } from '../api/lavorazioni-lastre';
import { gridRow } from './lastre-grid-model';
import { LastreGrid } from './lastre-grid';
import { bodyOf, figuresOf, type CompletaDraft } from './completa-model';
import { formatResa } from './lavorazione-lastre-format';

const MODES = [
  { value: 'una', label: 'Una per una' },
  { value: 'media', label: 'Numero e misura media' },
] as const;

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

const lastre = (n: number) => (n === 1 ? '1 lastra' : `${formatInteger(n)} lastre`);

function pacchiText(sizes: readonly number[]): string {
  if (sizes.length === 0) return '—';
  if (sizes.length === 1) return `1 pacco da ${lastre(sizes[0] ?? 0)}`;
  const first = sizes[0] ?? 0;
  const last = sizes.at(-1) ?? 0;
  return last === first
    ? `${sizes.length} pacchi da ${lastre(first)}`
    : `${sizes.length} pacchi: ${sizes.length - 1} da ${formatInteger(first)}, l'ultimo da ${formatInteger(last)}`;
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
  const live = (
    <ComputedValues
      label="Lastre, m² e resa calcolati"
      testId="completa-figures"
      items={[
        { key: 'numeroLastre', label: 'Lastre', value: formatInteger(figures.numeroLastre) },
        { key: 'mq', label: 'm² totali', value: figures.mq > 0 ? formatArea(figures.mq) : null },
        {
          key: 'resa',
          label: `Resa (${formatNumber(lav.blocco.volumeNetto, 3)} m³ netti)`,
          value: formatResa(figures.resa),
        },
        {
          key: 'resaTeorica',
          label: `Massimo teorico (${lav.spessoreMm} mm + ${formatNumber(lav.macchina.kerfMm)} mm di taglio, rifilo 2 × ${formatNumber(lav.macchina.rifiloMm)} mm)`,
          value: formatResa(lav.resaTeorica),
        },
        {
          key: 'pacchi',
          label: 'Pacchi',
          value: figures.numeroLastre > 0 ? pacchiText(figures.pacchi) : null,
        },
      ]}
    />
  );

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
              <p className="mt-0 text-color-secondary">
                Blocco <strong>{lav.blocco.codice}</strong> · {lav.materiale.nome} · spessore{' '}
                {lav.spessoreMm} mm · {lav.macchina.nome}
              </p>
              <SelectButton
                value={draft.mode}
                options={MODES.map((m) => ({
                  ...m,
                  className: m.value === draft.mode ? undefined : 'p-button-outlined',
                }))}
                onChange={(e) => e.value && change({ mode: e.value as CompletaDraft['mode'] })}
                allowEmpty={false}
                aria-label="Come indicare le lastre"
                className="mb-3"
                data-testid="completa-mode"
              />
              {draft.mode === 'una' ? (
                <>
                  <p className="mt-0 text-sm text-color-secondary" id="lastre-grid-help">
                    Invio scende alla lastra dopo (in fondo ne aggiunge una con la stessa misura);
                    «=» copia la riga sopra; ↑ ↓ tra le righe.
                  </p>
                  <LastreGrid
                    rows={draft.rows}
                    onChange={(rows) => change({ rows })}
                    bloccoCodice={lav.blocco.codice}
                    showErrors={tried}
                  />
                  <Button
                    type="button"
                    label="Aggiungi lastra"
                    icon="pi pi-plus"
                    text
                    className="mt-2"
                    onClick={() =>
                      change({
                        rows: [
                          ...draft.rows,
                          gridRow({
                            lunghezza: draft.rows.at(-1)?.lunghezza,
                            altezza: draft.rows.at(-1)?.altezza,
                            scelta: draft.rows.at(-1)?.scelta,
                          }),
                        ],
                      })
                    }
                    data-testid="lastre-grid-add"
                  />
                </>
              ) : (
                <div className="formgrid grid">
                  <FormField
                    id="completa-numero"
                    label="Numero di lastre"
                    required
                    className="col-12 sm:col-4"
                  >
                    <InputText
                      id="completa-numero"
                      inputMode="numeric"
                      autoComplete="off"
                      className="w-full"
                      value={draft.numero}
                      onChange={(e) => change({ numero: e.target.value })}
                      data-testid="completa-numero"
                    />
                  </FormField>
                  <FormField
                    id="completa-lunghezza"
                    label="Lunghezza media (mm)"
                    required
                    className="col-12 sm:col-4"
                  >
                    <InputText
                      id="completa-lunghezza"
                      inputMode="numeric"
                      autoComplete="off"
                      className="w-full"
                      value={draft.lunghezza}
                      onChange={(e) => change({ lunghezza: e.target.value })}
                    />
                  </FormField>
                  <FormField
                    id="completa-altezza"
                    label="Altezza media (mm)"
                    required
                    className="col-12 sm:col-4"
                  >
                    <InputText
                      id="completa-altezza"
                      inputMode="numeric"
                      autoComplete="off"
                      className="w-full"
                      value={draft.altezza}
                      onChange={(e) => change({ altezza: e.target.value })}
                    />
                  </FormField>
                </div>
              )}
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
          <section aria-labelledby="completa-riepilogo-title" data-testid="completa-summary">
            <h2 id="completa-riepilogo-title" className="text-xl mt-0">
              Riepilogo
            </h2>
            <p>
              Confermando, la segagione {lav.codice} si chiude, il blocco {lav.blocco.codice}{' '}
              risulta segato e il magazzino lastre riceve:
            </p>
            <dl className="completa-summary-list">
              <dt>Lastre</dt>
              <dd data-testid="summary-lastre">
                {formatInteger(figures.numeroLastre)} ({figures.primo} … {figures.ultimo})
              </dd>
              <dt>Pacchi</dt>
              <dd data-testid="summary-pacchi">{pacchiText(figures.pacchi)}</dd>
              <dt>m² totali</dt>
              <dd data-testid="summary-mq">{formatArea(figures.mq)}</dd>
              <dt>Resa</dt>
              <dd data-testid="summary-resa">
                {formatResa(figures.resa)} (massimo teorico {formatResa(lav.resaTeorica)})
              </dd>
              <dt>Ubicazione</dt>
              <dd>{ubicazione ?? '—'}</dd>
            </dl>
          </section>
        )}
      </Dialog>
      <UnsavedChangesGuard
        when={dirty && !pending}
        closing={{ asked: askDiscard, onStay: () => setAskDiscard(false), onLeave: onClose }}
      />
    </>
  );
}
