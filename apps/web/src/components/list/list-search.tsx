import { useEffect, useId, useState } from 'react';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';

export const SEARCH_DEBOUNCE_MS = 350;

/**
 * The global search of a list: what is typed goes to the URL (and the server) after a pause;
 * a change of the URL (back button, a link) shows up in the box.
 */
export function ListSearch({
  value,
  onSearch,
  label = 'Cerca',
  placeholder,
}: {
  value: string;
  onSearch: (q: string) => void;
  label?: string;
  placeholder?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (draft.trim() !== value) setDraft(value);
  }

  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => onSearch(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onSearch]);

  return (
    <div className="list-search">
      <label htmlFor={id}>{label}</label>
      <IconField iconPosition="left">
        <InputIcon className="pi pi-search" />
        <InputText
          id={id}
          type="search"
          value={draft}
          placeholder={placeholder}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onSearch(draft);
          }}
          className="w-full"
          maxLength={200}
          autoComplete="off"
        />
      </IconField>
    </div>
  );
}
