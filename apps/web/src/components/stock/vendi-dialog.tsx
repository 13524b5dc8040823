import { Controller } from 'react-hook-form';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import {
  UNITA_PREZZO_VENDITA_LABELS,
  vendiLastraSchema,
  vendiLottoSchema,
} from '@gestcava/contracts';
import type { PickedAnagrafica } from '@/components/form/anagrafica-picker';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { invalidProps } from '@/components/form/form-errors';
import { NumberInput } from '@/components/form/number-input';
import type { LottoQuantita } from './lotto-quantita';
import { ClienteField, QuantityField } from './operation-fields';
import { fieldErrors, useOperationForm, type OperationProps } from './operation-form';

/** Vendi: to a cliente, a price per unit, its own reference if any (the goods leave with a DDT); a reserved item goes to its own cliente only. */
export function VendiDialog<V>({
  title,
  lotto,
  cliente,
  note,
  onSave,
  onClose,
}: OperationProps<V> & {
  lotto?: LottoQuantita;
  cliente?: PickedAnagrafica | null;
  note?: string;
}) {
  const units = lotto ? (['mq', 'pezzo'] as const) : (['mq', 'lastra'] as const);
  const form = useOperationForm<V>(lotto ? vendiLottoSchema : vendiLastraSchema, {
    unita: 'mq',
    documento: '',
    clienteId: cliente?._id,
  });
  const errors = fieldErrors(form);
  return (
    <FormDialog
      name="vendi"
      title={title}
      form={form}
      fieldNames={['clienteId', 'prezzo', 'unita', 'documento', 'pezzi', 'casse', 'mq']}
      onSave={onSave}
      onClose={onClose}
      width="36rem"
      saveLabel="Vendi"
      saveIcon="pi pi-shopping-cart"
    >
      {note && <p className="mt-0 text-color-secondary">{note}</p>}
      <div className="formgrid grid">
        {lotto && <QuantityField form={form} lotto={lotto} name="vendi" />}
        <ClienteField form={form} name="vendi" initial={cliente} />
        <FormField
          id="vendi-prezzo"
          label="Prezzo"
          required
          error={errors.prezzo?.message}
          className="col-7 sm:col-5"
        >
          <Controller
            control={form.control}
            name="prezzo"
            render={({ field }) => (
              <NumberInput
                id="vendi-prezzo"
                unit="€"
                value={field.value as number | undefined}
                onChange={(v) => field.onChange(v ?? undefined)}
                onBlur={field.onBlur}
                error={errors.prezzo?.message}
                testId="vendi-prezzo"
              />
            )}
          />
        </FormField>
        <FormField
          id="vendi-unita"
          label="Per"
          required
          error={errors.unita?.message}
          className="col-5 sm:col-3"
        >
          <Controller
            control={form.control}
            name="unita"
            render={({ field }) => (
              <Dropdown
                inputId="vendi-unita"
                value={field.value as string}
                options={units.map((u) => ({ value: u, label: UNITA_PREZZO_VENDITA_LABELS[u] }))}
                onChange={(e) => field.onChange(e.value as string)}
                className="w-full"
                pt={dropdownPt('Prezzo per')}
              />
            )}
          />
        </FormField>
        <FormField
          id="vendi-documento"
          label="Riferimento"
          error={errors.documento?.message}
          className="col-12 sm:col-4"
          hint="Ordine o fattura (facoltativo)"
        >
          <InputText
            id="vendi-documento"
            className="w-full"
            maxLength={100}
            {...form.register('documento')}
            {...invalidProps('vendi-documento', errors.documento?.message)}
            data-testid="vendi-documento"
          />
        </FormField>
      </div>
    </FormDialog>
  );
}
