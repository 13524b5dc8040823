import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import {
  lottoUpdateSchema,
  SCELTA_LABELS,
  SCELTE,
  type LottoUpdateInput,
} from '@gestcava/contracts';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { LongTextArea } from '@/components/form/long-text-area';
import { NumberInput } from '@/components/form/number-input';

/** A bundle's or lot's list price (€/m², the giacenze's value), scelta and note; a lot's also whether it is sold by the box. */
export function StockItemEditDialog({
  name,
  codice,
  values,
  sceltaHint,
  onSave,
  onClose,
}: {
  name: 'pacco' | 'lotto';
  codice: string;
  values: LottoUpdateInput;
  sceltaHint?: string;
  onSave: (body: LottoUpdateInput) => Promise<void>;
  onClose: () => void;
}) {
  const form = useForm<LottoUpdateInput, unknown, LottoUpdateInput>({
    resolver: zodResolver(lottoUpdateSchema) as unknown as Resolver<
      LottoUpdateInput,
      unknown,
      LottoUpdateInput
    >,
    defaultValues: values,
    shouldFocusError: false,
  });
  const errors = form.formState.errors;
  return (
    <FormDialog
      name={`${name}-modifica`}
      title={`Modifica ${codice}`}
      form={form}
      fieldNames={['prezzoListino', 'scelta', 'vendutoACasse', 'note']}
      onSave={onSave}
      onClose={onClose}
      width="32rem"
    >
      <div className="formgrid grid">
        <FormField
          id={`${name}-prezzo`}
          label="Prezzo di listino (€/m²)"
          error={errors.prezzoListino?.message}
          className="col-12 sm:col-6"
        >
          <Controller
            control={form.control}
            name="prezzoListino"
            render={({ field }) => (
              <NumberInput
                id={`${name}-prezzo`}
                unit="€/m²"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.prezzoListino?.message}
                testId={`${name}-prezzo`}
              />
            )}
          />
        </FormField>
        <FormField
          id={`${name}-scelta`}
          label="Scelta"
          required
          className="col-12 sm:col-6"
          hint={sceltaHint}
        >
          <Controller
            control={form.control}
            name="scelta"
            render={({ field }) => (
              <Dropdown
                inputId={`${name}-scelta`}
                value={field.value}
                options={SCELTE.map((s) => ({ value: s, label: SCELTA_LABELS[s] }))}
                onChange={(e) => field.onChange(e.value)}
                className="w-full"
                pt={dropdownPt('Scelta')}
              />
            )}
          />
        </FormField>
        {name === 'lotto' && (
          <FormField
            id="lotto-casse-intere"
            label="Vendita"
            className="col-12"
            hint="Una vendita o una riserva in m² prende casse intere"
          >
            <Controller
              control={form.control}
              name="vendutoACasse"
              render={({ field }) => (
                <div className="checkbox-field">
                  <Checkbox
                    inputId="lotto-casse-intere"
                    checked={field.value === true}
                    onChange={(e) => field.onChange(e.checked === true)}
                    data-testid="lotto-casse-intere"
                  />
                  <label htmlFor="lotto-casse-intere">Si vende a casse intere</label>
                </div>
              )}
            />
          </FormField>
        )}
        <FormField id={`${name}-note`} label="Note" error={errors.note?.message} className="col-12">
          <LongTextArea
            control={form.control}
            name="note"
            id={`${name}-note`}
            max={1000}
            rows={2}
            error={errors.note?.message}
          />
        </FormField>
      </div>
    </FormDialog>
  );
}
