import { useState } from 'react';
import {
  Controller,
  useWatch,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { SelectButton } from 'primereact/selectbutton';
import { pezziOf } from '@gestcava/contracts';
import { AnagraficaPicker, type PickedAnagrafica } from '@/components/form/anagrafica-picker';
import { DateInput } from '@/components/form/date-input';
import { FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { todayIso } from '@/lib/iso-date';
import { conversione, type LottoQuantita, type Unit } from './lotto-quantita';
import { fieldErrors } from './operation-form';
import { stockClientiChoices } from './stock-pickers';

// The quantity, cliente and expiry fields of the stock operations' dialogs.

const UNIT_OPTIONS: Array<{ value: Unit; label: string }> = [
  { value: 'pezzi', label: 'Pezzi' },
  { value: 'casse', label: 'Casse' },
  { value: 'mq', label: 'm²' },
];

/** Pezzi, casse or m² of a lot, with what it comes to in the other two (as the server will count it). */
export function QuantityField<T extends FieldValues>({
  form,
  lotto,
  name,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  lotto: LottoQuantita;
  name: string;
}) {
  const [unit, setUnit] = useState<Unit>('pezzi');
  const { control, setValue, formState } = form;
  const values = useWatch({ control }) as { pezzi?: number; casse?: number; mq?: number };
  const value = values[unit];
  const pezzi =
    value !== undefined && value !== null && value > 0 ? pezziOf({ [unit]: value }, lotto) : null;
  const errors = formState.errors as Record<string, { message?: string } | undefined>;
  const error = errors.pezzi?.message ?? errors.casse?.message ?? errors.mq?.message;
  const id = `${name}-quantita`;
  const switchUnit = (to: Unit) => {
    for (const u of ['pezzi', 'casse', 'mq'] as const) setValue(u as Path<T>, undefined as never);
    setUnit(to);
  };
  return (
    <FormField
      id={id}
      label="Quantità"
      required
      error={error}
      className="col-12"
      hint={
        <span data-testid={`${name}-conversione`}>{conversione(lotto, unit, value, pezzi)}</span>
      }
    >
      <div className="flex flex-wrap gap-2 align-items-center">
        <SelectButton
          value={unit}
          options={UNIT_OPTIONS.map((o) => ({
            ...o,
            className: o.value === unit ? undefined : 'p-button-outlined',
          }))}
          allowEmpty={false}
          onChange={(e) => switchUnit(e.value as Unit)}
          aria-label="Unità della quantità"
          data-testid={`${name}-unita`}
        />
        <Controller
          control={control}
          name={unit as Path<T>}
          render={({ field }) => (
            <NumberInput
              id={id}
              decimals={unit === 'mq' ? 2 : 0}
              unit={unit === 'mq' ? 'm²' : unit}
              value={field.value as number | undefined}
              onChange={(v) => field.onChange(v ?? undefined)}
              onBlur={field.onBlur}
              error={error}
              testId={`${name}-quantita`}
            />
          )}
        />
      </div>
    </FormField>
  );
}

/** The cliente, from the stock pages' own picker. */
export function ClienteField<T extends FieldValues>({
  form,
  name,
  initial,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  name: string;
  initial?: PickedAnagrafica | null;
}) {
  const [cliente, setCliente] = useState<PickedAnagrafica | null>(initial ?? null);
  const error = fieldErrors(form).clienteId?.message;
  const id = `${name}-cliente`;
  return (
    <FormField id={id} label="Cliente" required error={error} className="col-12">
      <Controller
        control={form.control}
        name={'clienteId' as Path<T>}
        render={({ field }) => (
          <AnagraficaPicker
            which="clienti"
            choices={stockClientiChoices}
            id={id}
            value={cliente}
            onChange={(v) => {
              setCliente(v);
              field.onChange(v?._id);
            }}
            onBlur={field.onBlur}
            error={error}
            testId={id}
          />
        )}
      />
    </FormField>
  );
}

/** Until when a reservation holds: from today to a year ahead. */
export function ScadenzaField<T extends FieldValues>({
  form,
  name,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  name: string;
}) {
  const error = fieldErrors(form).scadenza?.message;
  const id = `${name}-scadenza`;
  return (
    <FormField
      id={id}
      label="Riservata fino al"
      required
      error={error}
      className="col-12 sm:col-6"
      hint="Compreso quel giorno; dopo torna libera da sola"
    >
      <Controller
        control={form.control}
        name={'scadenza' as Path<T>}
        render={({ field }) => (
          <DateInput
            id={id}
            value={field.value as string | undefined}
            onChange={(v) => field.onChange(v ?? undefined)}
            onBlur={field.onBlur}
            min={todayIso()}
            max={todayIso(365)}
            error={error}
          />
        )}
      />
    </FormField>
  );
}
