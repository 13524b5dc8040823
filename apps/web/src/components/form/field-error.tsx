/** A field's message, beside the field, linked to it by `aria-describedby={fieldErrorId(id)}`. */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <small
      id={`${id}-error`}
      className="p-error field-error"
      role="alert"
      data-testid={`${id}-error`}
    >
      {message}
    </small>
  );
}
