import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PageKey } from '@gestcava/contracts';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useListParams, type ListParams, type ListParamsConfig } from './use-list-params';

export interface ListPageConfig<F extends string, Filters> extends ListParamsConfig<F> {
  /**
   * the list's own filters (what its list, summary and export queries take) from the URL's; by
   * default the search as `q` and each filter under its own name (the rules have checked its value)
   */
  toFilters?: (q: string, filters: Readonly<Partial<Record<F, string>>>) => Filters;
  /** the permission whose `write` shows the "new" button */
  permission?: PageKey;
  /** a link to the list with state `{ nuovo: true }` opens it with the create dialog open */
  newFromLinkState?: boolean;
}

/** The URL's search and filters as most lists' queries take them: the same names (the rules checked each value). */
function searchAndFilters<Filters>(q: string, filters: object): Filters {
  return { q: q || undefined, ...filters } as unknown as Filters;
}

/** What every list page keeps: its URL state, the rows ticked, the create dialog, the way to a row's page. */
export interface ListPageState<F extends string, Filters, T extends { _id: string }> {
  params: ListParams<F>;
  filters: Filters;
  /** the filters with page, rows per page and sort: the list query's argument */
  query: Filters & { page: number; limit: number; sort: string };
  /** router state of the links to a row (the list's search, for the detail's back link) */
  linkState: { listSearch: string };
  writable: boolean;
  creating: boolean;
  setCreating: (creating: boolean) => void;
  selected: T[];
  setSelected: (rows: T[]) => void;
  /** goes to a row's page, keeping the link state */
  open: (path: string) => void;
  /** a create dialog saved: it closes, a toast says what was saved, and the new record opens */
  created: (path: string, toast: { summary: string; detail: string }) => void;
}

/**
 * The state of a server-paged list page (docs/screens.md "Lists"): its search, filters, page and sort in
 * the URL (`useListParams`), the filters its queries take, the ticked rows and the create dialog.
 * The page calls its own list and summary hooks with `query` and `filters`.
 */
export function useListPage<F extends string, Filters, T extends { _id: string } = { _id: string }>(
  config: ListPageConfig<F, Filters>,
): ListPageState<F, Filters, T> {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const writable = config.permission ? can(user, config.permission, 'write') : false;
  const params = useListParams<F>(config);
  const [creating, setCreating] = useState(
    () =>
      writable &&
      !!config.newFromLinkState &&
      (location.state as { nuovo?: boolean } | null)?.nuovo === true,
  );
  const [selected, setSelected] = useState<T[]>([]);
  const { toFilters = searchAndFilters<Filters> } = config;
  const filters = useMemo(
    () => toFilters(params.q, params.filters),
    [toFilters, params.q, params.filters],
  );
  const query = useMemo(
    () => ({ ...filters, page: params.page, limit: params.limit, sort: params.sort }),
    [filters, params.page, params.limit, params.sort],
  );
  const linkState = { listSearch: location.search };
  const open = (path: string) => void navigate(path, { state: linkState });
  return {
    params,
    filters,
    query,
    linkState,
    writable,
    creating,
    setCreating,
    selected,
    setSelected,
    open,
    created: (path, toast) => {
      setCreating(false);
      notify({ severity: 'success', ...toast });
      open(path);
    },
  };
}
