import { useLocation } from 'react-router';

/**
 * The list a detail page goes back to, with the search the list had when the row was opened
 * (the lists pass it as router state `listSearch`).
 */
export function useBackToList(base: string): string {
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: unknown } | null)?.listSearch;
  return `${base}${typeof listSearch === 'string' ? listSearch : ''}`;
}
