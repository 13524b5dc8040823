import { useRef, useState } from 'react';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { InputText } from 'primereact/inputtext';
import type { AnagraficaPickerItem } from '@gestcava/contracts';
import { isApiError } from '@/lib/api';
import { invalidProps } from './form-errors';
import { usePickerSearch, type PickerProps } from './use-picker-search';
import './form.css';

export interface PickedAnagrafica {
  _id: string;
  ragioneSociale: string;
}

export interface AnagraficaPickerProps<K extends QueryKey> extends PickerProps<PickedAnagrafica> {
  which: 'clienti' | 'fornitori';
  /** the query of the names that match what is typed */
  choices: (q: string) => UseQueryOptions<AnagraficaPickerItem[], Error, AnagraficaPickerItem[], K>;
}

const NOUN = { clienti: 'cliente', fornitori: 'fornitore' } as const;
const PAGE_LABEL = { clienti: 'Clienti', fornitori: 'Fornitori' } as const;

/**
 * A cliente or fornitore chosen by typing part of its name. `choices` is the module's own search
 * (e.g. the blocchi module's `clienti-selezionabili`, so no Clienti or Fornitori page is needed).
 * Should the server still refuse (403), the picker explains it instead of failing, and the current
 * choice stays visible.
 */
export function AnagraficaPicker<K extends QueryKey>({
  which,
  choices: choicesQuery,
  ...props
}: AnagraficaPickerProps<K>) {
  const { id, value, onChange, onBlur, error, testId } = props;
  const [text, setText] = useState<string | PickedAnagrafica | null>(value);
  const autoComplete = useRef<AutoComplete>(null);
  const input = useRef<HTMLInputElement>(null);
  const { choices, suggestions, searchFor } = usePickerSearch(choicesQuery);
  const forbidden = isApiError(choices.error) && choices.error.status === 403;

  if (forbidden) {
    return (
      <>
        {value && (
          <InputText
            id={id}
            value={value.ragioneSociale}
            readOnly
            className="w-full mb-2"
            {...invalidProps(id, error)}
          />
        )}
        <div
          className="p-message p-component p-message-warn picker-forbidden"
          role="status"
          data-testid={`${testId ?? id}-forbidden`}
        >
          <div className="p-message-wrapper">
            <i className="pi pi-lock p-message-icon" aria-hidden="true" />
            <span className="p-message-detail">
              Il server non ti consente di consultare l&apos;elenco «{PAGE_LABEL[which]}», quindi
              qui non puoi scegliere il {NOUN[which]}. Chiedi all&apos;amministratore di controllare
              i tuoi permessi, oppure fai fare questa operazione a un collega.
            </span>
          </div>
        </div>
      </>
    );
  }

  return (
    <AutoComplete
      inputId={id}
      value={(text ?? undefined) as AnagraficaPickerItem | string | undefined}
      suggestions={suggestions}
      ref={autoComplete}
      inputRef={input}
      // A press on the list keeps the focus in the field: otherwise the field's blur validates first,
      // the error line moves the dialog, and the release lands beside the option (a lost choice).
      pt={{ panel: { onMouseDown: (e) => e.preventDefault() } }}
      completeMethod={(e) => {
        // PrimeReact's typing timer survives a click on an option: a search for text no longer in the
        // field is stale and would reopen the list over the next field. The dropdown button searches ''.
        if (e.query !== '' && input.current && input.current.value !== e.query) {
          autoComplete.current?.hide();
          return;
        }
        searchFor(e.query);
      }}
      field="ragioneSociale"
      itemTemplate={(c: AnagraficaPickerItem) => (
        <span className="country-option">
          <span>{c.ragioneSociale}</span>
          <span className="country-option-code">
            {c.nazione === 'IT' ? c.comune : `${c.comune} (${c.nazione})`}
          </span>
        </span>
      )}
      onChange={(e) => {
        const v = e.value as string | AnagraficaPickerItem | null;
        setText(v);
        if (v && typeof v === 'object') onChange({ _id: v._id, ragioneSociale: v.ragioneSociale });
        else if (!v) onChange(null);
      }}
      onBlur={() => {
        // A name typed but not chosen from the list is not a choice. Not PrimeReact's forceSelection:
        // it matches the text against the suggestions of that moment, which may be loading, and so
        // cleared a choice made within the 250 ms search delay.
        if (typeof text === 'string') setText(value);
        onBlur?.();
      }}
      dropdown
      dropdownAriaLabel={`Mostra i ${PAGE_LABEL[which].toLowerCase()}`}
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
