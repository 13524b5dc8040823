import { useRef, useState } from 'react';
import { Calendar } from 'primereact/calendar';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { invalidProps } from './form-errors';
import { formatDateText, fromIso, readDateText, toIso } from './date-text';

/**
 * A calendar date (docs/screens.md, dd/MM/yy), held by the form as `YYYY-MM-DD`, what the API takes;
 * empty is null, text that is not a date is reported as typed so the schema says why.
 * The text is the user's own: PrimeReact's Calendar input takes focus into its popup while it
 * opens and drops keys typed at normal speed (upstream #5944), so the calendar is only opened
 * by the button beside the field, in an overlay that Escape closes without closing the dialog
 * around it. The typed text is read when the field is left or on Enter: `07/01/27`, `7/1/2027`,
 * `070127` (see readDateText).
 */
export function DateInput({
  id,
  value,
  onChange,
  onBlur,
  error,
  min,
  max,
  placeholder = 'gg/mm/aa',
  testId,
}: {
  id: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  error?: string;
  min?: string;
  max?: string;
  placeholder?: string;
  testId?: string;
}) {
  const panel = useRef<OverlayPanel>(null);
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(() => formatDateText(value));
  const [seen, setSeen] = useState(value);
  // A value set from outside (reset, a filter cleared) replaces the text; the one just typed does not.
  if (!Object.is(value, seen)) {
    setSeen(value);
    if (readDateText(draft) !== (value ?? null)) setDraft(formatDateText(value));
  }
  const commit = (text: string) => {
    const next = readDateText(text);
    setSeen(next);
    setDraft(formatDateText(next));
    if (next !== (value ?? null)) onChange(next);
  };
  const pick = (date: Date | null) => {
    commit(date ? formatDateText(toIso(date)) : '');
    panel.current?.hide();
    input.current?.focus();
  };
  const notADate = draft.trim() !== '' && fromIso(readDateText(draft)) === null;
  const invalid = !!error || notADate;

  return (
    <div className="p-inputgroup date-input">
      <InputText
        id={id}
        ref={input}
        value={draft}
        placeholder={placeholder}
        autoComplete="off"
        inputMode="numeric"
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          commit(draft);
          onBlur?.();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(draft);
        }}
        className={`w-full${invalid ? ' p-invalid' : ''}`}
        data-testid={testId}
        {...invalidProps(id, error)}
        aria-invalid={invalid || undefined}
      />
      <Button
        type="button"
        icon="pi pi-calendar"
        outlined
        aria-label="Apri il calendario"
        aria-haspopup="dialog"
        aria-controls={`${id}-calendar`}
        onClick={(e) => panel.current?.toggle(e)}
        data-testid={testId ? `${testId}-calendar` : undefined}
      />
      <OverlayPanel
        ref={panel}
        id={`${id}-calendar`}
        appendTo={typeof document !== 'undefined' ? document.body : undefined}
        onShow={() =>
          panel.current?.getElement()?.querySelector<HTMLElement>('td [tabindex="0"]')?.focus()
        }
        pt={{ content: { className: 'p-0' } }}
      >
        <Calendar
          inline
          value={fromIso(value)}
          onChange={(e) =>
            pick(e.value instanceof Date && !Number.isNaN(e.value.getTime()) ? e.value : null)
          }
          minDate={fromIso(min) ?? undefined}
          maxDate={fromIso(max) ?? undefined}
          showButtonBar
        />
      </OverlayPanel>
    </div>
  );
}
