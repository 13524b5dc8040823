import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { QueryKey } from '@tanstack/react-query';
import type { BloccoSegabile } from '@gestcava/contracts';
import {
  AnagraficaPicker,
  type AnagraficaPickerProps,
  type PickedAnagrafica,
} from './anagrafica-picker';
import { BloccoPicker, type BloccoPickerProps } from './blocco-picker';

/** A picker bound to a form's id field. */
interface Bound<T extends FieldValues, O, V> {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  /** the field's value when nothing is picked (none: undefined) */
  cleared?: '' | null;
  /** keeps the picked record beside the form: the picker shows it, the form holds its id */
  onPick: (value: V | null) => void;
}

/** An AnagraficaPicker as a form's field: the id of the cliente or fornitore picked. */
export function AnagraficaPickerField<T extends FieldValues, O, K extends QueryKey>({
  control,
  name,
  cleared,
  onPick,
  ...picker
}: Omit<AnagraficaPickerProps<K>, 'onChange' | 'onBlur'> & Bound<T, O, PickedAnagrafica>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <AnagraficaPicker
          {...picker}
          onChange={(v) => {
            onPick(v);
            field.onChange(v?._id ?? cleared);
          }}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** A BloccoPicker as a form's field: the id of the block picked. */
export function BloccoPickerField<T extends FieldValues, O, K extends QueryKey>({
  control,
  name,
  cleared,
  onPick,
  ...picker
}: Omit<BloccoPickerProps<K>, 'onChange' | 'onBlur'> & Bound<T, O, BloccoSegabile>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <BloccoPicker
          {...picker}
          onChange={(b) => {
            onPick(b);
            field.onChange(b?._id ?? cleared);
          }}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
