import { InputText } from 'primereact/inputtext';
import { rottaLastraSchema } from '@gestcava/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { invalidProps } from '@/components/form/form-errors';
import { fieldErrors, useOperationForm, type OperationProps } from './operation-form';

/**
 * Rotta: how it broke (required) and a confirmation. (A slab is shipped with a DDT from Spedizioni,
 * not by hand: the API's manual `spedisci` stays for goods shipped with a document made elsewhere.)
 */
export function TextOperationDialog<V>({ title, onSave, onClose }: OperationProps<V>) {
  const form = useOperationForm<V>(rottaLastraSchema, { nota: '' });
  const error = fieldErrors(form).nota?.message;
  return (
    <FormDialog
      name="rotta"
      title={title}
      form={form}
      fieldNames={['nota']}
      onSave={onSave}
      onClose={onClose}
      width="30rem"
      saveLabel="Segna come rotta"
      saveIcon="pi pi-times-circle"
    >
      <p className="mt-0">
        La lastra esce dal magazzino e non si vende più: è una scelta definitiva.
      </p>
      <div className="formgrid grid">
        <FormField
          id="rotta-nota"
          label="Come si è rotta"
          required
          error={error}
          className="col-12"
        >
          <InputText
            id="rotta-nota"
            className="w-full"
            maxLength={500}
            {...form.register('nota')}
            {...invalidProps('rotta-nota', error)}
            data-testid="rotta-nota"
          />
        </FormField>
      </div>
    </FormDialog>
  );
}
