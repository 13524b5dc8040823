import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * The form of a FormDialog: each field checked by the resolver once left ('onTouched'), and no
 * focus from react-hook-form on a failed submit, since FormDialog focuses the first field in error
 * in the page's order.
 */
export function useDialogForm<T extends FieldValues, O>(
  resolver: Resolver<T, unknown, O>,
  defaultValues: DefaultValues<T>,
): UseFormReturn<T, unknown, O> {
  return useForm<T, unknown, O>({
    resolver,
    defaultValues,
    mode: 'onTouched',
    shouldFocusError: false,
  });
}
