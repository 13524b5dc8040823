import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { InputTextarea } from 'primereact/inputtextarea';
import { formatNumber } from '@/lib/format';
import { fieldErrorId } from './form-errors';

/**
 * A long text of a form (notes) with its length under it, `1.234 / 2.000`. Nothing typed or
 * pasted is cut at the limit (a `maxLength` would drop the rest without a word): the counter
 * turns red and the schema's own message refuses the save.
 */
export function LongTextArea<T extends FieldValues>({
  control,
  name,
  id,
  max,
  error,
  rows = 3,
}: {
  control: Control<T>;
  name: Path<T>;
  id: string;
  /** the schema's limit */
  max: number;
  error?: string;
  rows?: number;
}) {
  const counterId = `${id}-counter`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const text = typeof field.value === 'string' ? field.value : '';
        const over = text.length > max;
        return (
          <>
            <InputTextarea
              id={id}
              ref={field.ref}
              name={field.name}
              value={text}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              rows={rows}
              autoResize
              className={`w-full${error || over ? ' p-invalid' : ''}`}
              aria-invalid={error || over ? true : undefined}
              aria-describedby={error ? `${fieldErrorId(id)} ${counterId}` : counterId}
            />
            <small
              id={counterId}
              className={`text-counter${over ? ' text-counter-over' : ''}`}
              data-testid={counterId}
            >
              {formatNumber(text.length, 0, 0)} / {formatNumber(max, 0, 0)}
            </small>
          </>
        );
      }}
    />
  );
}
