import { Calendar } from 'primereact/calendar';
import { invalidProps } from './form-errors';

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-03-05` → a Date at local midnight (not UTC's, which is the day before west of Greenwich… or here at 00:30). */
function fromIso(value: string | null | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

function toIso(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A calendar date: typed or picked as `05/03/26` (DESIGN §5, dd/MM/yy, PrimeReact's Italian
 * calendar), held by the form as `YYYY-MM-DD`, what the API takes. Empty is null.
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
  return (
    <Calendar
      inputId={id}
      value={fromIso(value)}
      onChange={(e) => {
        const d = e.value;
        onChange(d instanceof Date && !Number.isNaN(d.getTime()) ? toIso(d) : null);
      }}
      onBlur={onBlur}
      dateFormat="dd/mm/y"
      minDate={fromIso(min) ?? undefined}
      maxDate={fromIso(max) ?? undefined}
      placeholder={placeholder}
      showIcon
      iconPos="right"
      showButtonBar
      appendTo={typeof document !== 'undefined' ? document.body : undefined}
      className={`w-full date-input${error ? ' p-invalid' : ''}`}
      inputClassName="w-full"
      data-testid={testId}
      pt={{ input: { root: invalidProps(id, error) }, dropdownButton: { 'aria-label': 'Apri il calendario' } }}
    />
  );
}
