import { useId, useRef, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';

/**
 * The temporary password after a reset, shown once: the admin copies it and gives it to the
 * user, who must replace it at the next login. Closing the dialog forgets it.
 */
export function TemporaryPasswordDialog({
  name,
  password,
  onClose,
}: {
  name: string;
  password: string;
  onClose: () => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'ok' | 'manual' | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied('ok');
    } catch {
      // no clipboard on a plain-http office network: select it for Ctrl+C
      inputRef.current?.select();
      setCopied('manual');
    }
  };

  return (
    <Dialog
      visible
      onHide={onClose}
      header="Password temporanea"
      modal
      style={{ width: '30rem' }}
      breakpoints={{ '640px': '95vw' }}
      data-testid="temp-password-dialog"
      footer={
        <Button type="button" label="Ho preso nota, chiudi" icon="pi pi-check" onClick={onClose} />
      }
    >
      <p className="mt-0">
        La nuova password di <strong>{name}</strong> è qui sotto. <strong>La vedi solo ora</strong>:
        copiala e comunicala all&apos;utente, che al prossimo accesso dovrà sceglierne una nuova.
      </p>
      <label htmlFor={id} className="block mb-2">
        Password temporanea
      </label>
      <div className="p-inputgroup">
        <InputText
          ref={inputRef}
          id={id}
          value={password}
          readOnly
          className="temp-password"
          onFocus={(e) => e.currentTarget.select()}
          data-testid="temp-password"
        />
        <Button
          type="button"
          icon="pi pi-copy"
          label="Copia"
          onClick={() => void copy()}
          data-testid="temp-password-copy"
        />
      </div>
      <p className="mb-0 mt-2 text-sm" role="status">
        {copied === 'ok' && (
          <span className="text-green-700">
            <i className="pi pi-check mr-1" aria-hidden="true" />
            Copiata negli appunti.
          </span>
        )}
        {copied === 'manual' && 'Password selezionata: premi Ctrl+C per copiarla.'}
      </p>
    </Dialog>
  );
}
