import './number-input.css';
import { useState, type Ref } from 'react';
import { InputText } from 'primereact/inputtext';
import { formatNumberInput, readNumberInput } from './number-text';
import { invalidProps } from './form-errors';

/**
 * An Italian number input (docs/screens.md: `1.234,56`): typed with comma decimals and optional dot
 * groups, reported to the form as a number while the user types (so computed m³ and t follow
 * every key), shown grouped when the field is left. `unit` is read after the value (cm, t, €).
 */
export function NumberInput({
  id,
  value,
  onChange,
  onBlur,
  decimals = 2,
  unit,
  error,
  placeholder,
  disabled,
  testId,
  ref,
}: {
  id: string;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  /** decimals shown (0 for whole cm) */
  decimals?: number;
  unit?: string;
  error?: string;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
  /** the input, for the form to focus it when it is in error */
  ref?: Ref<HTMLInputElement>;
}) {
  const [draft, setDraft] = useState(() => formatNumberInput(value, decimals));
  const [seen, setSeen] = useState<number | null | undefined>(value);
  // A value set from outside (reset, a default) replaces the text; one that came from typing does not.
  if (!Object.is(value, seen)) {
    setSeen(value);
    const typed = readNumberInput(draft);
    if (!Object.is(typed, value ?? null)) setDraft(formatNumberInput(value, decimals));
  }

  const input = (
    <InputText
      id={id}
      ref={ref}
      value={draft}
      inputMode={decimals === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      placeholder={placeholder}
      disabled={disabled}
      onChange={(e) => {
        const text = e.target.value;
        const next = readNumberInput(text);
        setDraft(text);
        setSeen(next);
        onChange(next);
      }}
      onBlur={() => {
        // Grouped only when that shows the same number: `1150,5` in a whole-cm field stays as typed
        // (and the schema says it is not whole) instead of silently becoming `1.151`.
        const shown = formatNumberInput(value, decimals);
        if (typeof value === 'number' && readNumberInput(shown) === value) setDraft(shown);
        onBlur?.();
      }}
      className={`w-full number-input${error ? ' p-invalid' : ''}`}
      data-testid={testId}
      {...invalidProps(id, error)}
    />
  );
  if (!unit) return input;
  return (
    <div className="p-inputgroup">
      {input}
      <span className="p-inputgroup-addon" aria-hidden="true">
        {unit}
      </span>
    </div>
  );
}
