import { useState } from 'react';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import type { BloccoSegabile } from '@gestcava/contracts';
import { invalidProps } from './form-errors';
import { usePickerSearch, type PickerProps } from './use-picker-search';

export interface BloccoPickerProps<K extends QueryKey> extends PickerProps<BloccoSegabile> {
  choices: (q: string) => UseQueryOptions<BloccoSegabile[], Error, BloccoSegabile[], K>;
}
import { formatVolume } from '@/lib/format';

/**
 * A block to process, found by typing part of its code: only disponibile blocks, own and bought-in,
 * each shown with its material and net m³. `choices` is the module's own picker (sawing or tiles),
 * under that module's permission.
 */
export function BloccoPicker<K extends QueryKey>({
  choices: choicesQuery,
  ...props
}: BloccoPickerProps<K>) {
  const { id, value, onChange, onBlur, error, testId } = props;
  const [text, setText] = useState<string | BloccoSegabile | null>(value);
  const { choices, suggestions, searchFor } = usePickerSearch(choicesQuery);

  return (
    <AutoComplete
      inputId={id}
      value={(text ?? undefined) as BloccoSegabile | string | undefined}
      suggestions={suggestions}
      completeMethod={(e) => searchFor(e.query)}
      field="codice"
      itemTemplate={(b: BloccoSegabile) => (
        <span className="country-option" data-testid="blocco-segabile-option">
          <span>
            <strong>{b.codice}</strong> {b.materiale.nome}
            {b.origine === 'esterno' ? ' · esterno' : ''}
          </span>
          <span className="country-option-code">{formatVolume(b.volumeNetto)} netti</span>
        </span>
      )}
      onChange={(e) => {
        const v = e.value as string | BloccoSegabile | null;
        setText(v);
        if (v && typeof v === 'object') onChange(v);
        else if (!v) onChange(null);
      }}
      onBlur={() => {
        // a code typed but not chosen from the list is not a choice
        if (typeof text === 'string') setText(value);
        onBlur?.();
      }}
      // a press on the list keeps the focus in the field (see AnagraficaPicker: a lost choice otherwise)
      pt={{ panel: { onMouseDown: (e) => e.preventDefault() } }}
      dropdown
      dropdownAriaLabel="Mostra i blocchi disponibili"
      delay={250}
      placeholder="Cerca il blocco per codice"
      emptyMessage={choices.isError ? choices.error.message : 'Nessun blocco disponibile trovato'}
      showEmptyMessage
      className={`w-full${error ? ' p-invalid' : ''}`}
      inputClassName="w-full"
      data-testid={testId}
      {...invalidProps(id, error)}
    />
  );
}
