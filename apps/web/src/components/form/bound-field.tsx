import type { ReactElement, ReactNode } from 'react';
import {
  Controller,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { FormField } from './form-field';

/** What every field bound to a form says around its input: where it sits, its label, error and hint. */
export interface BoundFieldProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

/**
 * A form's field (docs/screens.md "Forms"): the label, error and hint of FormField around an input
 * that react-hook-form's Controller binds to `name`. The field kits (DropdownField, LookupField) build
 * on it, so the wiring is written once.
 */
export function BoundField<T extends FieldValues, O>({
  control,
  name,
  id,
  label,
  required,
  error,
  hint,
  className,
  children,
}: BoundFieldProps<T, O> & {
  children: (field: ControllerRenderProps<T, FieldPath<T>>) => ReactElement;
}) {
  return (
    <FormField
      id={id}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={className}
    >
      <Controller control={control} name={name} render={({ field }) => children(field)} />
    </FormField>
  );
}
