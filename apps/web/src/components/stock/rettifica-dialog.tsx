import { Controller, useWatch } from 'react-hook-form';
import { InputText } from 'primereact/inputtext';
import { rettificaLottoSchema } from '@gestcava/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { invalidProps } from '@/components/form/form-errors';
import { NumberInput } from '@/components/form/number-input';
import { formatInteger } from '@/lib/format';
import { fieldErrors, useOperationForm, type OperationProps } from './operation-form';

/** Rettifica: the pieces counted in the yard; the difference is what the ledger records. */
export function RettificaDialog<V>({
  title,
  pezzi,
  onSave,
  onClose,
}: OperationProps<V> & { pezzi: number }) {
  const form = useOperationForm<V>(rettificaLottoSchema, { motivo: '' });
  const errors = fieldErrors(form);
  const counted = useWatch({ control: form.control, name: 'pezzi' }) as number | undefined;
  const diff = counted === undefined || counted === null ? null : counted - pezzi;
  return (
    <FormDialog
      name="rettifica"
      title={title}
      form={form}
      fieldNames={['pezzi', 'motivo']}
      onSave={onSave}
      onClose={onClose}
      width="30rem"
      saveLabel="Registra la conta"
      saveIcon="pi pi-calculator"
    >
      <div className="formgrid grid">
        <FormField
          id="rettifica-pezzi"
          label="Pezzi contati"
          required
          error={errors.pezzi?.message}
          className="col-12"
          hint={
            <span data-testid="rettifica-differenza">
              {diff === null
                ? `In magazzino: ${formatInteger(pezzi)} pezzi`
                : diff === 0
                  ? 'Nessuna differenza'
                  : `Differenza: ${diff > 0 ? '+' : ''}${formatInteger(diff)} pezzi`}
            </span>
          }
        >
          <Controller
            control={form.control}
            name="pezzi"
            render={({ field }) => (
              <NumberInput
                id="rettifica-pezzi"
                decimals={0}
                value={field.value as number | undefined}
                onChange={(v) => field.onChange(v ?? undefined)}
                onBlur={field.onBlur}
                error={errors.pezzi?.message}
                testId="rettifica-pezzi"
              />
            )}
          />
        </FormField>
        <FormField
          id="rettifica-motivo"
          label="Motivo"
          required
          error={errors.motivo?.message}
          className="col-12"
        >
          <InputText
            id="rettifica-motivo"
            className="w-full"
            maxLength={500}
            {...form.register('motivo')}
            {...invalidProps('rettifica-motivo', errors.motivo?.message)}
            data-testid="rettifica-motivo"
          />
        </FormField>
      </div>
    </FormDialog>
  );
}
