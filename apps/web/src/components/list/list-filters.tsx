import './list-filters.css';
import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { CARDS_QUERY, useMediaQuery } from './use-media-query';

/**
 * The search and filters of a list (role="search"). Under 768 px the filters fold behind a
 * "Filtri (n)" button so the first rows stay on the phone's screen; the search stays visible.
 */
export function ListFilters({
  search,
  children,
  active,
  onClear,
}: {
  search: ReactNode;
  children: ReactNode;
  /** how many filters narrow the list now */
  active: number;
  onClear?: () => void;
}) {
  const cards = useMediaQuery(CARDS_QUERY);
  const [open, setOpen] = useState(false);
  const showFilters = !cards || open;
  return (
    <div className="list-toolbar" role="search">
      {search}
      {cards && (
        <Button
          type="button"
          label={active > 0 ? `Filtri (${active})` : 'Filtri'}
          icon={open ? 'pi pi-chevron-up' : 'pi pi-filter'}
          outlined
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="list-filters-toggle"
          data-testid="filters-toggle"
        />
      )}
      {showFilters && children}
      {showFilters && active > 0 && onClear && (
        <Button
          type="button"
          label="Azzera filtri"
          icon="pi pi-filter-slash"
          text
          onClick={onClear}
          className="list-filters-clear"
          data-testid="filters-clear"
        />
      )}
    </div>
  );
}
