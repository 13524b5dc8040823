import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The state of a server-paged list (page, rows per page, sort, search, filters) kept in the URL,
 * so a link reproduces the view and the browser's back button returns to the previous one.
 * Unknown or invalid values in the URL fall back to the defaults, never reach the server.
 */
export const ROWS_PER_PAGE_OPTIONS = [10, 20, 50, 100] as const;

export interface ListParamsConfig<F extends string> {
  /** sortable fields; `-field` is descending */
  sortFields: readonly string[];
  defaultSort: string;
  defaultLimit?: number;
  /** filter names, each validated by its function (return undefined to drop the value) */
  filters: Readonly<Record<F, (value: string) => string | undefined>>;
}

export interface ListParams<F extends string> {
  page: number;
  limit: number;
  sort: string;
  q: string;
  filters: Readonly<Partial<Record<F, string>>>;
  /** true when a search or a filter narrows the list */
  filtered: boolean;
  setPage: (page: number, limit?: number) => void;
  setSort: (sort: string) => void;
  setQ: (q: string) => void;
  setFilter: (name: F, value: string | undefined) => void;
  clear: () => void;
}

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,6}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

export function useListParams<F extends string>(config: ListParamsConfig<F>): ListParams<F> {
  const [search, setSearch] = useSearchParams();
  const { sortFields, defaultSort, filters: filterRules } = config;
  const defaultLimit = config.defaultLimit ?? 20;

  const state = useMemo(() => {
    const limitRaw = positiveInt(search.get('limit'));
    const limit =
      limitRaw && (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(limitRaw)
        ? limitRaw
        : defaultLimit;
    const page = positiveInt(search.get('page')) ?? 1;
    const sortRaw = search.get('sort') ?? '';
    const sort = sortFields.includes(sortRaw.replace(/^-/, '')) ? sortRaw : defaultSort;
    const q = (search.get('q') ?? '').slice(0, 200);
    const filters: Partial<Record<F, string>> = {};
    for (const name of Object.keys(filterRules) as F[]) {
      const raw = search.get(name);
      const value = raw === null ? undefined : filterRules[name](raw);
      if (value !== undefined && value !== '') filters[name] = value;
    }
    return { page, limit, sort, q, filters };
  }, [search, sortFields, defaultSort, defaultLimit, filterRules]);

  /** Writes the next state; a new search or filter goes back to page 1. */
  const write = useCallback(
    (change: (next: URLSearchParams) => void, options?: { replace?: boolean }) => {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setSearch],
  );

  const setOrDelete = (params: URLSearchParams, key: string, value: string | undefined) => {
    if (value === undefined || value === '') params.delete(key);
    else params.set(key, value);
  };

  const setPage = useCallback(
    (page: number, limit?: number) =>
      write((p) => {
        setOrDelete(p, 'page', page > 1 ? String(page) : undefined);
        if (limit !== undefined)
          setOrDelete(p, 'limit', limit !== defaultLimit ? String(limit) : undefined);
      }),
    [write, defaultLimit],
  );
  const setSort = useCallback(
    (sort: string) =>
      write((p) => {
        setOrDelete(p, 'sort', sort !== defaultSort ? sort : undefined);
        p.delete('page');
      }),
    [write, defaultSort],
  );
  const setQ = useCallback(
    (q: string) =>
      write((p) => {
        setOrDelete(p, 'q', q.trim());
        p.delete('page');
      }),
    [write],
  );
  const setFilter = useCallback(
    (name: F, value: string | undefined) =>
      write((p) => {
        setOrDelete(p, name, value);
        p.delete('page');
      }),
    [write],
  );
  const clear = useCallback(
    () =>
      write((p) => {
        p.delete('q');
        p.delete('page');
        for (const name of Object.keys(filterRules)) p.delete(name);
      }),
    [write, filterRules],
  );

  return {
    ...state,
    filtered: state.q !== '' || Object.keys(state.filters).length > 0,
    setPage,
    setSort,
    setQ,
    setFilter,
    clear,
  };
}
