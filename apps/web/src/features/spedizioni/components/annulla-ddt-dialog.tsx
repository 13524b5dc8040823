import { useState } from 'react';
import { InputTextarea } from 'primereact/inputtextarea';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormField } from '@/components/form/form-field';
import { invalidProps } from '@/components/form/form-errors';

/** Annulla an emitted DDT: the reason is required (it goes in the history); the number stays used, the items return to sold. */
export function AnnullaDdtDialog({
  numero,
  loading,
  onConfirm,
  onCancel,
}: {
  numero: string;
  loading: boolean;
  onConfirm: (motivo: string) => void;
  onCancel: () => void;
}) {
  const [motivo, setMotivo] = useState('');
  const [tried, setTried] = useState(false);
  const error = tried && !motivo.trim() ? 'Motivo: obbligatorio' : undefined;
  return (
    <ConfirmDialog
      visible
      title={`Annulla il DDT ${numero}`}
      confirmLabel="Annulla il DDT"
      confirmIcon="pi pi-ban"
      cancelLabel="Chiudi"
      danger
      loading={loading}
      onConfirm={() => {
        setTried(true);
        if (motivo.trim()) onConfirm(motivo.trim());
      }}
      onCancel={onCancel}
      testId="ddt-annulla-dialog"
    >
      <p className="mt-0">
        Il numero resta usato e il PDF riporterà ANNULLATO; gli elementi tornano venduti, da
        spedire.
      </p>
      <div className="formgrid grid">
        <FormField id="ddt-motivo" label="Motivo" required error={error} className="col-12">
          <InputTextarea
            id="ddt-motivo"
            value={motivo}
            onChange={(e) => setMotivo(e.target.value)}
            rows={3}
            maxLength={500}
            className={`w-full${error ? ' p-invalid' : ''}`}
            data-testid="ddt-motivo"
            {...invalidProps('ddt-motivo', error)}
          />
        </FormField>
      </div>
    </ConfirmDialog>
  );
}
