import { Controller } from 'react-hook-form';
import { spostaLottoSchema } from '@gestcava/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { DropdownField } from '@/components/form/dropdown-field';
import { FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { formatInteger } from '@/lib/format';
import { fieldErrors, useOperationForm, type OperationProps } from './operation-form';
import { useStockUbicazioni } from './stock-pickers';

/** Sposta to another place; for a lot, optionally only some pieces (they become a lot of their own). */
export function SpostaDialog<V>({
  title,
  current,
  lotto,
  onSave,
  onClose,
}: OperationProps<V> & { current?: string | null; lotto?: { pezzi: number } }) {
  const ubicazioni = useStockUbicazioni();
  const form = useOperationForm<V>(spostaLottoSchema, {});
  const errors = fieldErrors(form);
  return (
    <FormDialog
      name="sposta"
      title={title}
      form={form}
      fieldNames={['ubicazioneId', 'pezzi']}
      onSave={onSave}
      onClose={onClose}
      width="30rem"
      saveLabel="Sposta"
      saveIcon="pi pi-map-marker"
    >
      <p className="mt-0 text-color-secondary">Ora è in: {current ?? 'nessuna ubicazione'}.</p>
      <div className="formgrid grid">
        <DropdownField
          control={form.control}
          name="ubicazioneId"
          id="sposta-ubicazione"
          label="Nuova ubicazione"
          required
          error={errors.ubicazioneId?.message}
          className="col-12"
          options={(ubicazioni.data ?? []).filter((u) => u.nome !== current)}
          optionLabel="nome"
          optionValue="_id"
          placeholder={ubicazioni.isPending ? 'Caricamento…' : 'Scegli il posto'}
          testId="sposta-ubicazione"
        />
        {lotto && (
          <FormField
            id="sposta-pezzi"
            label="Pezzi da spostare"
            error={errors.pezzi?.message}
            className="col-12"
            hint={`Vuoto: tutto il lotto (${formatInteger(lotto.pezzi)} pezzi). Una parte diventa un lotto a sé, con lo stesso codice e un suffisso.`}
          >
            <Controller
              control={form.control}
              name="pezzi"
              render={({ field }) => (
                <NumberInput
                  id="sposta-pezzi"
                  decimals={0}
                  value={field.value as number | undefined}
                  onChange={(v) => field.onChange(v ?? undefined)}
                  onBlur={field.onBlur}
                  error={errors.pezzi?.message}
                />
              )}
            />
          </FormField>
        )}
      </div>
    </FormDialog>
  );
}
