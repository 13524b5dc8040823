import {
  SCELTA_LABELS,
  SCELTE,
  UNITA_PREZZO_COLLAUDO,
  UNITA_PREZZO_COLLAUDO_LABELS,
} from '@gestcava/contracts';
import { NumberInput } from '@/components/form/number-input';
import { formatNumber, formatWeight } from '@/lib/format';
import { RigaField, type RigaFieldProps } from './riga-fields';

/** The price and its unit (€/m³ or €/t), the weighbridge's tonnes and the scelta assigned. */
export function PrezzoFields({ blocco: b, draft, set, commit, fid }: RigaFieldProps) {
  return (
    <div className="riga-row">
      <RigaField id={fid('prezzo')} label="Prezzo">
        <NumberInput
          id={fid('prezzo')}
          value={draft.prezzo}
          onChange={(v) => set('prezzo', v)}
          onBlur={commit}
          decimals={2}
          unit={UNITA_PREZZO_COLLAUDO_LABELS[draft.unitaPrezzo]}
          placeholder={
            b.prezzoListino !== null ? `listino ${formatNumber(b.prezzoListino, 2)}` : undefined
          }
          testId="riga-prezzo"
        />
      </RigaField>
      <ToggleGroup
        id={fid('unita')}
        label="Prezzo a"
        options={UNITA_PREZZO_COLLAUDO.map((u) => ({
          value: u,
          label: UNITA_PREZZO_COLLAUDO_LABELS[u],
          testId: `riga-unita-${u}`,
        }))}
        value={draft.unitaPrezzo}
        onPick={(u) => set('unitaPrezzo', u, true)}
      />
      <RigaField id={fid('pesoRilevato')} label="Peso alla pesa">
        <NumberInput
          id={fid('pesoRilevato')}
          value={draft.pesoRilevato}
          onChange={(v) => set('pesoRilevato', v)}
          onBlur={commit}
          decimals={2}
          unit="t"
          placeholder={b.pesoPesa !== null ? `blocco: ${formatWeight(b.pesoPesa)}` : 'facoltativo'}
          testId="riga-peso"
        />
      </RigaField>
      <ToggleGroup
        id={fid('scelta')}
        label="Scelta assegnata"
        wide
        options={SCELTE.map((v) => ({ value: v, label: SCELTA_LABELS[v] }))}
        value={draft.sceltaAssegnata}
        onPick={(v) => set('sceltaAssegnata', draft.sceltaAssegnata === v ? null : v, true)}
      />
    </div>
  );
}

/** A labelled row of pressed/unpressed buttons, one value of a few. */
function ToggleGroup<T extends string>({
  id,
  label,
  options,
  value,
  onPick,
  wide,
}: {
  id: string;
  label: string;
  options: ReadonlyArray<{ value: T; label: string; testId?: string }>;
  value: T | null;
  onPick: (value: T) => void;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'riga-field riga-field-wide' : 'riga-field'}>
      <span className="riga-label" id={id}>
        {label}
      </span>
      <div className="riga-toggle" role="group" aria-labelledby={id}>
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            className={`riga-toggle-btn${value === o.value ? ' riga-toggle-on' : ''}`}
            aria-pressed={value === o.value}
            onClick={() => onPick(o.value)}
            data-testid={o.testId}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}
