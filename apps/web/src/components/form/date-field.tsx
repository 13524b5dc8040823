import type { FieldValues } from 'react-hook-form';
import { BoundField, type BoundFieldProps } from './bound-field';
import { DateInput } from './date-input';

/**
 * A form's calendar date (docs/screens.md "Forms"): a DateInput bound to the form's `YYYY-MM-DD`
 * field (null when emptied), with its label, error and hint.
 */
export function DateField<T extends FieldValues, O>({
  min,
  max,
  testId,
  ...field
}: BoundFieldProps<T, O> & {
  /** the first and last days allowed, `YYYY-MM-DD` */
  min?: string;
  max?: string;
  testId?: string;
}) {
  return (
    <BoundField {...field}>
      {({ value, onChange, onBlur }) => (
        <DateInput
          id={field.id}
          value={value as string | null | undefined}
          onChange={onChange}
          onBlur={onBlur}
          error={field.error}
          min={min}
          max={max}
          testId={testId}
        />
      )}
    </BoundField>
  );
}
