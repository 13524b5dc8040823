import './form.css';
import type { ReactNode } from 'react';
import { FieldError } from './field-error';

/** Label, input, hint and the field's own message beside it, in one grid cell. */
export function FormField({
  id,
  label,
  required,
  error,
  hint,
  className = 'col-12 md:col-6',
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && <small className="field-hint">{hint}</small>}
      <FieldError id={id} message={error} />
    </div>
  );
}
