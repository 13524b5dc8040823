import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import type { LavorazioneLastre } from '@gestcava/contracts';
import { FormField } from '@/components/form/form-field';
import { gridRow } from './lastre-grid-model';
import { LastreGrid } from './lastre-grid';
import type { CompletaDraft } from './completa-model';

const MODES = [
  { value: 'una', label: 'Una per una' },
  { value: 'media', label: 'Numero e misura media' },
] as const;

/**
 * The slabs a sawing gave, as the clerk says them: one by one in the keyboard grid, or as a count
 * and an average size.
 */
export function CompletaLastreInput({
  lav,
  draft,
  change,
  tried,
}: {
  lav: LavorazioneLastre;
  draft: CompletaDraft;
  change: (next: Partial<CompletaDraft>) => void;
  /** the summary was asked for: the grid shows its errors */
  tried: boolean;
}) {
  return (
    <>
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
            Invio scende alla lastra dopo (in fondo ne aggiunge una con la stessa misura); «=» copia
            la riga sopra; ↑ ↓ tra le righe.
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
    </>
  );
}
