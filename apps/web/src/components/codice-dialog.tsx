import { useId, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { DialogFooter } from './dialog-footer';
import { FieldError } from './form/field-error';
import { invalidProps } from './form/form-errors';
import { isApiError } from '@/lib/api';

/**
 * An admin's correction of a generated code (docs/domain.md: codes are editable only by an admin).
 * `save` sends `{ codice }`; a server refusal (a code already used) shows beside the field.
 */
export function CodiceDialog({
  current,
  onClose,
  save,
}: {
  current: string;
  onClose: () => void;
  save: (codice: string) => Promise<unknown>;
}) {
  const id = useId();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const codice = value.trim();
    if (codice.length < 3 || codice.length > 30) {
      setError('Il codice deve avere da 3 a 30 caratteri');
      return;
    }
    if (codice === current) {
      onClose();
      return;
    }
    setBusy(true);
    try {
      await save(codice);
      onClose();
    } catch (e) {
      setError(
        isApiError(e)
          ? (e.details.find((d) => d.path.endsWith('codice'))?.message ?? e.message)
          : 'Salvataggio non riuscito: riprova.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      visible
      onHide={() => !busy && onClose()}
      header="Correggi il codice"
      modal
      style={{ width: '28rem' }}
      breakpoints={{ '640px': '95vw' }}
      data-testid="codice-dialog"
      footer={
        <DialogFooter onCancel={onClose} pending={busy}>
          <Button
            type="submit"
            form={`${id}-form`}
            label="Salva"
            icon="pi pi-check"
            loading={busy}
          />
        </DialogFooter>
      }
    >
      <form
        id={`${id}-form`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className="mt-0 text-color-secondary">
          Il codice è generato dal sistema: correggilo solo per allinearlo a un registro esistente.
        </p>
        <div className="field">
          <label htmlFor={id}>Codice</label>
          <InputText
            id={id}
            value={value}
            maxLength={30}
            autoComplete="off"
            onChange={(e) => {
              setValue(e.target.value);
              setError(undefined);
            }}
            className={`w-full${error ? ' p-invalid' : ''}`}
            {...invalidProps(id, error)}
          />
          <FieldError id={id} message={error} />
        </div>
      </form>
    </Dialog>
  );
}
