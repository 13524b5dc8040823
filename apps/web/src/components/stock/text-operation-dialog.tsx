import { InputText } from 'primereact/inputtext';
import { rottaLastraSchema, spedisciLastraSchema } from '@gestcava/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { invalidProps } from '@/components/form/form-errors';
import { fieldErrors, useOperationForm, type OperationProps } from './operation-form';

/** Rotta (a note, required) or Spedisci (the document): one text and a confirmation. */
export function TextOperationDialog<V>({ kind, title, onSave, onClose }: OperationProps<V> & { kind: 'rotta' | 'spedisci' }) {
  const rotta = kind === 'rotta';
  const field = rotta ? 'nota' : 'documento';
  const form = useOperationForm<V>(rotta ? rottaLastraSchema : spedisciLastraSchema, { [field]: '' });
  const error = fieldErrors(form)[field]?.message;
  return (
    <FormDialog name={kind} title={title} form={form} fieldNames={[field]} onSave={onSave} onClose={onClose} width="30rem" saveLabel={rotta ? 'Segna come rotta' : 'Spedisci'} saveIcon={rotta ? 'pi pi-times-circle' : 'pi pi-truck'}>
      {rotta && <p className="mt-0">La lastra esce dal magazzino e non si vende più: è una scelta definitiva.</p>}
      <div className="formgrid grid">
        <FormField id={`${kind}-${field}`} label={rotta ? 'Come si è rotta' : 'Documento di trasporto'} required error={error} className="col-12">
          <InputText id={`${kind}-${field}`} className="w-full" maxLength={rotta ? 500 : 100} {...form.register(field)} {...invalidProps(`${kind}-${field}`, error)} data-testid={`${kind}-${field}`} />
        </FormField>
      </div>
    </FormDialog>
  );
}
