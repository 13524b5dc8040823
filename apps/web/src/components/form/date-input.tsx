import { InputText } from 'primereact/inputtext';
import { invalidProps } from './form-errors';

/**
 * A calendar date (`YYYY-MM-DD`, as the API takes it) through the browser's own date field: the
 * phone's date wheel, the it-IT order on screen, nothing to download. Empty is null.
 */
export function DateInput({
  id,
  value,
  onChange,
  onBlur,
  error,
  min,
  max,
  testId,
}: {
  id: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  error?: string;
  min?: string;
  max?: string;
  testId?: string;
}) {
  return (
    <InputText
      id={id}
      type="date"
      value={value ?? ''}
      min={min}
      max={max}
      onChange={(e) => onChange(e.target.value || null)}
      onBlur={onBlur}
      className={`w-full${error ? ' p-invalid' : ''}`}
      data-testid={testId}
      {...invalidProps(id, error)}
    />
  );
}
