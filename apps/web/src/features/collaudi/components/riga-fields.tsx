import type { ReactNode } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  ABBUONO_LABELS,
  ABBUONO_TIPI,
  DIFETTI,
  DIFETTO_LABELS,
  ESITI,
  type AbbuonoTipo,
  type CollaudoRiga,
  type Esito,
} from '@gestcava/contracts';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { NumberInput } from '@/components/form/number-input';
import { formatNumber } from '@/lib/format';
import { ABBUONO_UNITS } from './collaudo-format';
import type { RigaDraft } from './riga-model';

/** What each part of a collaudo row's card works on. */
/** A field of the row: its label above its input. */
export function RigaField({
  id,
  label,
  children,
}: {
  id: string;
  label: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="riga-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

export interface RigaFieldProps {
  blocco: CollaudoRiga['blocco'];
  draft: RigaDraft;
  /** change one field; `commit` saves at once (buttons, toggles) */
  set: <K extends keyof RigaDraft>(key: K, value: RigaDraft[K], commit?: boolean) => void;
  /** change several fields and save at once */
  change: (next: RigaDraft) => void;
  /** save what differs from the stored row (numbers and notes, when left) */
  commit: () => void;
  /** the id of one of the card's fields */
  fid: (name: string) => string;
}

const ESITO_BUTTONS: Record<Esito, { label: string; icon: string; className: string }> = {
  accettato: { label: 'Accettato', icon: 'pi pi-check', className: 'esito-accettato' },
  accettato_con_riserva: {
    label: 'Con riserva',
    icon: 'pi pi-exclamation-triangle',
    className: 'esito-riserva',
  },
  rifiutato: { label: 'Rifiutato', icon: 'pi pi-times', className: 'esito-rifiutato' },
};
const ABBUONO_OPTIONS = [
  { value: null, label: 'Nessun abbuono' },
  ...ABBUONO_TIPI.map((t) => ({ value: t, label: ABBUONO_LABELS[t] })),
];

/** The measures found, in cm, with the declared ones as placeholders. */
export function MisureFields({ blocco: b, draft, set, commit, fid }: RigaFieldProps) {
  const number = (
    name: 'lunghezzaRilevata' | 'altezzaRilevata' | 'profonditaRilevata',
    label: string,
    declared: number,
  ) => (
    <RigaField id={fid(name)} label={label}>
      <NumberInput
        id={fid(name)}
        value={draft[name]}
        onChange={(v) => set(name, v)}
        onBlur={commit}
        decimals={0}
        placeholder={formatNumber(declared, 0)}
        testId={`riga-${name}`}
      />
    </RigaField>
  );
  return (
    <fieldset className="riga-section">
      <legend>Misure rilevate (cm)</legend>
      <div className="riga-misure">
        {number('lunghezzaRilevata', 'Lunghezza', b.lunghezza)}
        {number('altezzaRilevata', 'Altezza', b.altezza)}
        {number('profonditaRilevata', 'Profondità', b.profondita)}
      </div>
    </fieldset>
  );
}

/** The defects found, as chips, the declared ones marked. */
export function DifettiField({ blocco: b, draft, set }: RigaFieldProps) {
  return (
    <fieldset className="riga-section">
      <legend>Difetti</legend>
      <p className="riga-dichiarati">
        <span className="text-color-secondary">Dichiarati:</span>{' '}
        {b.difettiDichiarati.length > 0
          ? b.difettiDichiarati.map((d) => DIFETTO_LABELS[d]).join(', ')
          : 'nessuno'}
        {b.noteDifetti ? ` (${b.noteDifetti})` : ''}
      </p>
      <div className="riga-chips" role="group" aria-label="Difetti riscontrati">
        {DIFETTI.map((d) => {
          const on = draft.difettiRiscontrati.includes(d);
          const declared = b.difettiDichiarati.includes(d);
          return (
            <button
              key={d}
              type="button"
              className={`riga-chip${on ? ' riga-chip-on' : ''}${declared ? ' riga-chip-declared' : ''}`}
              aria-pressed={on}
              onClick={() =>
                set(
                  'difettiRiscontrati',
                  on
                    ? draft.difettiRiscontrati.filter((x) => x !== d)
                    : [...draft.difettiRiscontrati, d],
                  true,
                )
              }
              data-testid={`riga-difetto-${d}`}
            >
              {on && <i className="pi pi-check" aria-hidden="true" />}
              {DIFETTO_LABELS[d]}
              {declared && (
                <span className="riga-chip-mark" title="Dichiarato">
                  D
                </span>
              )}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The abbuono's kind and, once chosen, its value in that kind's unit. */
export function AbbuonoFields({ draft, set, change, commit, fid }: RigaFieldProps) {
  const abbuono = draft.abbuonoTipo ? ABBUONO_UNITS[draft.abbuonoTipo] : null;
  return (
    <div className="riga-row">
      <RigaField id={fid('abbuonoTipo')} label="Abbuono">
        <Dropdown
          inputId={fid('abbuonoTipo')}
          pt={dropdownPt('Abbuono')}
          value={draft.abbuonoTipo}
          options={ABBUONO_OPTIONS}
          placeholder="Nessun abbuono"
          onChange={(e) =>
            change({
              ...draft,
              abbuonoTipo: (e.value as AbbuonoTipo | null) ?? null,
              abbuonoValore: e.value ? draft.abbuonoValore : null,
            })
          }
          className="w-full"
          data-testid="riga-abbuono-tipo"
        />
      </RigaField>
      {abbuono && (
        <RigaField id={fid('abbuonoValore')} label="Valore dell'abbuono">
          <NumberInput
            id={fid('abbuonoValore')}
            value={draft.abbuonoValore}
            onChange={(v) => set('abbuonoValore', v)}
            onBlur={commit}
            decimals={abbuono.decimals}
            unit={abbuono.unit}
            testId="riga-abbuono-valore"
          />
        </RigaField>
      )}
    </div>
  );
}

/** The outcome as three big buttons; pressing the chosen one again clears it. */
export function EsitoField({ draft, set }: RigaFieldProps) {
  return (
    <fieldset className="riga-section">
      <legend>Esito</legend>
      <div className="riga-esiti" role="group" aria-label="Esito">
        {ESITI.map((e) => {
          const m = ESITO_BUTTONS[e];
          const on = draft.esito === e;
          return (
            <button
              key={e}
              type="button"
              className={`riga-esito ${m.className}${on ? ' riga-esito-on' : ''}`}
              aria-pressed={on}
              onClick={() => set('esito', on ? null : e, true)}
              data-testid={`riga-esito-${e}`}
            >
              <i className={m.icon} aria-hidden="true" />
              <span>{m.label}</span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The note; accepted with reservation, it is the reservation and required. */
export function NoteField({ draft, set, commit, fid }: RigaFieldProps) {
  const riserva = draft.esito === 'accettato_con_riserva';
  const noteMissing = riserva && draft.note.trim() === '';
  return (
    <div className="riga-field">
      <label htmlFor={fid('note')}>
        {riserva ? 'Riserva' : 'Note'}
        {riserva && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <InputTextarea
        id={fid('note')}
        value={draft.note}
        onChange={(e) => set('note', e.target.value)}
        onBlur={commit}
        rows={2}
        autoResize
        placeholder={riserva ? 'Scrivi la riserva del compratore' : undefined}
        className={`w-full${noteMissing ? ' p-invalid' : ''}`}
        aria-invalid={noteMissing ? true : undefined}
        aria-describedby={noteMissing ? fid('note-hint') : undefined}
        data-testid="riga-note"
      />
      {noteMissing && (
        <small id={fid('note-hint')} className="p-error">
          Con riserva: scrivi quale.
        </small>
      )}
    </div>
  );
}
