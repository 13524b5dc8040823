import { useMemo, useState } from 'react';
import {
  keepPreviousData,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';

/** What a record picker (AnagraficaPicker, BloccoPicker) takes besides its own choices. */
export interface PickerProps<V> {
  id: string;
  value: V | null;
  onChange: (value: V | null) => void;
  onBlur?: () => void;
  error?: string;
  testId?: string;
}

/**
 * The search behind a picker: what was typed, the module's query of the matching records (the
 * previous ones stay listed while the next search loads, so an option clicked then is still a
 * choice) and the suggestions to show.
 */
export function usePickerSearch<I, K extends QueryKey>(
  choicesQuery: (q: string) => UseQueryOptions<I[], Error, I[], K>,
) {
  const [search, setSearch] = useState({ q: '', n: 0 });
  const choices = useQuery({ ...choicesQuery(search.q), placeholderData: keepPreviousData });
  // PrimeReact opens the list when `suggestions` changes after a search: the same query asked again
  // (the dropdown button, the same text) answers from the cache with the same array and the list
  // stayed shut, so every search gets its own copy
  const suggestions = useMemo(
    () => ({ search: search.n, items: [...(choices.data ?? [])] }).items,
    [choices.data, search.n],
  );
  const searchFor = (q: string) => setSearch((prev) => ({ q, n: prev.n + 1 }));
  return { choices, suggestions, searchFor };
}
