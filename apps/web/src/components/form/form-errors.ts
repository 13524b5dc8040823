import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api';

/** The id of a field's message (FieldError) for `aria-describedby`. */
export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

/** Props an input needs to say it is invalid and where its message is. */
export function invalidProps(id: string, message: string | undefined) {
  return message
    ? { 'aria-invalid': true as const, 'aria-describedby': fieldErrorId(id) }
    : { 'aria-invalid': undefined, 'aria-describedby': undefined };
}

/**
 * The server's field errors (`details[].path`, docs/api.md "Shape of the API") placed beside the form's fields.
 * Returns the message for the top of the form: the server's own when no field took a detail,
 * or null when every detail found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  fallback = 'Salvataggio non riuscito: riprova.',
): string | null {
  if (!isApiError(error)) return fallback;
  let placed = 0;
  let unplaced = false;
  for (const detail of error.details) {
    // `body.partitaIva`, `partitaIva`, `permissions.blocchi.write` → the first known segment
    const field = detail.path.split('.').find((segment) => fields.includes(segment));
    if (field) {
      setError(
        field as Path<T>,
        { type: 'server', message: detail.message },
        { shouldFocus: placed === 0 },
      );
      placed++;
    } else {
      unplaced = true;
    }
  }
  if (placed === 0) return error.message || fallback;
  return unplaced ? error.message : null;
}
