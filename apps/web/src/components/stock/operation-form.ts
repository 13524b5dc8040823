import { useForm, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';

// What the dialogs of the stock operations (docs/domain.md "Magazzino lastre", "Magazzino pavimenti")
// share: their props, their form (checked with the contract's schema, the server's answer shown by
// FormDialog) and the quantity, cliente and expiry fields (operation-fields.tsx).

export interface OperationProps<V> {
  title: string;
  onSave: (values: V) => Promise<void>;
  onClose: () => void;
}

/** An operation's form: the contract's schema, errors shown once a field is left. */
export function useOperationForm<V>(
  schema: Parameters<typeof zodResolver>[0],
  defaultValues: FieldValues,
) {
  return useForm<FieldValues, unknown, V>({
    resolver: zodResolver(schema) as unknown as Resolver<FieldValues, unknown, V>,
    defaultValues,
    mode: 'onTouched',
    shouldFocusError: false,
  });
}

/** The form's errors by field name (the forms are untyped: one dialog serves slabs and lots). */
export function fieldErrors<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>) {
  return form.formState.errors as Record<string, { message?: string } | undefined>;
}
