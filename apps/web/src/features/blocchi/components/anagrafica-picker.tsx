import { useState } from 'react';
import { AutoComplete } from 'primereact/autocomplete';
import { InputText } from 'primereact/inputtext';
import { invalidProps } from '@/components/form/form-errors';
import { isApiError } from '@/lib/api-client';
import { useAnagraficheChoices, type AnagraficaChoice } from '../api/search-anagrafiche';

export interface PickedAnagrafica {
  _id: string;
  ragioneSociale: string;
}

const NOUN = { clienti: 'cliente', fornitori: 'fornitore' } as const;
const PAGE_LABEL = { clienti: 'Clienti', fornitori: 'Fornitori' } as const;

/**
 * A cliente or fornitore chosen by typing part of its name. The list comes from /api/clienti or
 * /api/fornitori: a user without that permission gets 403, and the picker explains it instead of
 * failing (the current choice, if any, stays visible).
 */
export function AnagraficaPicker({
  which,
  id,
  value,
  onChange,
  onBlur,
  error,
  testId,
}: {
  which: 'clienti' | 'fornitori';
  id: string;
  value: PickedAnagrafica | null;
  onChange: (value: PickedAnagrafica | null) => void;
  onBlur?: () => void;
  error?: string;
  testId?: string;
}) {
  const [query, setQuery] = useState('');
  const [text, setText] = useState<string | PickedAnagrafica | null>(value);
  const choices = useAnagraficheChoices(which, query);
  const forbidden = isApiError(choices.error) && choices.error.status === 403;

  if (forbidden) {
    return (
      <>
        {value && <InputText id={id} value={value.ragioneSociale} readOnly className="w-full mb-2" {...invalidProps(id, error)} />}
        <div className="p-message p-component p-message-warn picker-forbidden" role="status" data-testid={`${testId ?? id}-forbidden`}>
          <div className="p-message-wrapper">
            <i className="pi pi-lock p-message-icon" aria-hidden="true" />
            <span className="p-message-detail">
              Il tuo profilo non può consultare l&apos;elenco «{PAGE_LABEL[which]}», quindi qui non puoi scegliere il {NOUN[which]}.
              Chiedi all&apos;amministratore di darti l&apos;accesso in lettura ai {PAGE_LABEL[which].toLowerCase()}, oppure fai
              fare questa operazione a un collega che lo ha.
            </span>
          </div>
        </div>
      </>
    );
  }

  return (
    <AutoComplete
      inputId={id}
      value={text ?? undefined}
      suggestions={choices.data?.items ?? []}
      completeMethod={(e) => setQuery(e.query)}
      field="ragioneSociale"
      itemTemplate={(c: AnagraficaChoice) => (
        <span className="country-option">
          <span>{c.ragioneSociale}</span>
          <span className="country-option-code">{[c.comune, c.provincia].filter(Boolean).join(' ')}</span>
        </span>
      )}
      onChange={(e) => {
        const v = e.value as string | AnagraficaChoice | null;
        setText(v);
        if (v && typeof v === 'object') onChange({ _id: v._id, ragioneSociale: v.ragioneSociale });
        else if (!v) onChange(null);
      }}
      onBlur={() => {
        // a name typed but not chosen from the list is not a choice
        if (typeof text === 'string') setText(value);
        onBlur?.();
      }}
      dropdown
      dropdownAriaLabel={`Mostra i ${PAGE_LABEL[which].toLowerCase()}`}
      forceSelection
      delay={250}
      placeholder={`Cerca il ${NOUN[which]} per nome`}
      emptyMessage={choices.isError ? choices.error.message : `Nessun ${NOUN[which]} trovato`}
      showEmptyMessage
      className={`w-full${error ? ' p-invalid' : ''}`}
      inputClassName="w-full"
      data-testid={testId}
      {...invalidProps(id, error)}
    />
  );
}
