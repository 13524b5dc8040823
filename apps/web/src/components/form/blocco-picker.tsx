import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import type { BloccoSegabile } from '@gestcava/contracts';
import { invalidProps } from './form-errors';
import { formatVolume } from '@/lib/format';

/**
 * A block to process, found by typing part of its code: only disponibile blocks, own and bought-in,
 * each shown with its material and net m³. `choices` is the module's own picker (sawing or tiles),
 * under that module's permission.
 */
export function BloccoPicker<K extends QueryKey>({
  choices: choicesQuery,
  id,
  value,
  onChange,
  onBlur,
  error,
  testId,
}: {
  choices: (q: string) => UseQueryOptions<BloccoSegabile[], Error, BloccoSegabile[], K>;
  testId?: string;
  id: string;
  value: BloccoSegabile | null;
  onChange: (value: BloccoSegabile | null) => void;
  onBlur?: () => void;
  error?: string;
}) {
  const [search, setSearch] = useState({ q: '', n: 0 });
  const query = search.q;
  const [text, setText] = useState<string | BloccoSegabile | null>(value);
  const choices = useQuery({ ...choicesQuery(query), placeholderData: keepPreviousData });
  // PrimeReact opens the list when `suggestions` changes after a search: the same query asked
  // again (the dropdown button, the same text) answers from the cache with the same array, so
  // every search gets its own copy
  const suggestions = useMemo(() => ({ search: search.n, items: [...(choices.data ?? [])] }).items, [choices.data, search.n]);

  return (
    <AutoComplete
      inputId={id}
      value={(text ?? undefined) as BloccoSegabile | string | undefined}
      suggestions={suggestions}
      completeMethod={(e) => setSearch((s) => ({ q: e.query, n: s.n + 1 }))}
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
