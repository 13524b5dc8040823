import { useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import {
  CONDIVISIONE_MAX_GIORNI,
  type CondivisioneCreated,
  type CondivisioneLingua,
} from '@gestcava/contracts';
import { AnagraficaPicker, type PickedAnagrafica } from '@/components/form/anagrafica-picker';
import { DateInput } from '@/components/form/date-input';
import { formatDate } from '@/lib/format';
import { todayIso } from '@/lib/iso-date';
import { notify } from '@/lib/toast';
import { clientiQueryOptions, useCreateCondivisione } from '../api/condivisioni';

export interface SharedBlocco {
  _id: string;
  codice: string;
}

/**
 * **Condividi con il cliente**: the cliente, the deadline (tomorrow to 30 days), language and prices;
 * then the link, shown once, to copy or send by WhatsApp or e-mail (docs/condivisioni.md).
 */
export function CondividiDialog({
  blocchi,
  cliente: initialCliente = null,
  onClose,
}: {
  blocchi: SharedBlocco[];
  cliente?: PickedAnagrafica | null;
  onClose: () => void;
}) {
  const [cliente, setCliente] = useState<PickedAnagrafica | null>(initialCliente);
  const [scadenza, setScadenza] = useState<string | null>(todayIso(7));
  const [lingua, setLingua] = useState<CondivisioneLingua>('it');
  const [mostraPrezzi, setMostraPrezzi] = useState(false);
  const [messaggio, setMessaggio] = useState('');
  const [created, setCreated] = useState<CondivisioneCreated | null>(null);
  const create = useCreateCondivisione();
  const codici = blocchi.map((b) => b.codice).join(', ');

  const submit = () => {
    if (!cliente || !scadenza) return;
    create.mutate(
      {
        clienteId: cliente._id,
        blocchi: blocchi.map((b) => b._id),
        scadenza,
        lingua,
        mostraPrezzi,
        messaggio: messaggio || null,
      },
      { onSuccess: setCreated },
    );
  };

  const text = created
    ? lingua === 'en'
      ? `Blocks ${codici}: ${created.url}`
      : `Blocchi ${codici}: ${created.url}`
    : '';

  return (
    <Dialog
      visible
      header="Condividi con il cliente"
      onHide={onClose}
      style={{ width: 'min(34rem, 96vw)' }}
      data-testid="condividi-dialog"
    >
      <p className="mt-0">
        {blocchi.length === 1 ? 'Blocco' : 'Blocchi'} <strong>{codici}</strong>
      </p>
      {created ? (
        <div className="flex flex-column gap-2">
          <label htmlFor="condividi-url">
            Link per {created.cliente.ragioneSociale}, valido fino al {formatDate(created.scadenza)}
            . Copialo ora: non sarà più mostrato.
          </label>
          <InputText id="condividi-url" value={created.url} readOnly data-testid="condividi-url" />
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              label="Copia il link"
              icon="pi pi-copy"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(created.url)
                  .then(() => notify({ severity: 'success', summary: 'Link copiato' }))
              }
            />
            <a
              className="p-button p-button-outlined"
              href={`https://wa.me/?text=${encodeURIComponent(text)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <i className="pi pi-whatsapp mr-2" aria-hidden="true" />
              WhatsApp
            </a>
            <a
              className="p-button p-button-outlined"
              href={`mailto:?subject=${encodeURIComponent(lingua === 'en' ? 'Blocks on offer' : 'Offerta blocchi')}&body=${encodeURIComponent(text)}`}
            >
              <i className="pi pi-envelope mr-2" aria-hidden="true" />
              E-mail
            </a>
            <Button
              type="button"
              label="Chiudi"
              text
              onClick={onClose}
              data-testid="condividi-chiudi"
            />
          </div>
        </div>
      ) : (
        <form
          className="flex flex-column gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="flex flex-column gap-1">
            <label htmlFor="condividi-cliente">Cliente *</label>
            <AnagraficaPicker
              which="clienti"
              choices={clientiQueryOptions}
              id="condividi-cliente"
              value={cliente}
              onChange={setCliente}
              testId="condividi-cliente"
            />
          </div>
          <div className="flex flex-column gap-1">
            <label htmlFor="condividi-scadenza">
              Valido fino al * (al massimo {CONDIVISIONE_MAX_GIORNI} giorni)
            </label>
            <DateInput
              id="condividi-scadenza"
              value={scadenza}
              onChange={setScadenza}
              min={todayIso(1)}
              max={todayIso(CONDIVISIONE_MAX_GIORNI)}
              testId="condividi-scadenza"
            />
          </div>
          <fieldset className="border-none p-0 m-0 flex gap-3 align-items-center">
            <legend className="mb-1">Lingua della pagina</legend>
            {(['it', 'en'] as const).map((l) => (
              <span key={l} className="flex align-items-center gap-1">
                <RadioButton
                  inputId={`condividi-lingua-${l}`}
                  name="condividi-lingua"
                  value={l}
                  checked={lingua === l}
                  onChange={() => setLingua(l)}
                />
                <label htmlFor={`condividi-lingua-${l}`}>
                  {l === 'it' ? 'Italiano' : 'Inglese'}
                </label>
              </span>
            ))}
          </fieldset>
          <span className="flex align-items-center gap-2">
            <Checkbox
              inputId="condividi-prezzi"
              checked={mostraPrezzi}
              onChange={(e) => setMostraPrezzi(!!e.checked)}
            />
            <label htmlFor="condividi-prezzi">Mostra i prezzi di listino</label>
          </span>
          <div className="flex flex-column gap-1">
            <label htmlFor="condividi-messaggio">Messaggio per il cliente</label>
            <InputTextarea
              id="condividi-messaggio"
              value={messaggio}
              onChange={(e) => setMessaggio(e.target.value)}
              rows={3}
              maxLength={2000}
              autoResize
            />
          </div>
          {create.isError && (
            <p role="alert" className="p-error m-0">
              {create.error.message}
            </p>
          )}
          <div className="flex justify-content-end gap-2">
            <Button type="button" label="Annulla" text onClick={onClose} />
            <Button
              type="submit"
              label="Crea il link"
              icon="pi pi-link"
              disabled={!cliente || !scadenza}
              loading={create.isPending}
              data-testid="condividi-crea"
            />
          </div>
        </form>
      )}
    </Dialog>
  );
}
