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

/** The list's state as the URL holds it: a missing or invalid value is the default. */
function readListState<F extends string>(
  search: URLSearchParams,
  { sortFields, defaultSort, defaultLimit, filters: filterRules }: Required<ListParamsConfig<F>>,
) {
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
}

function setOrDelete(params: URLSearchParams, key: string, value: string | undefined) {
  if (value === undefined || value === '') params.delete(key);
  else params.set(key, value);
}

type SetSearch = ReturnType<typeof useSearchParams>[1];

/**
 * The list's moves, each written to the URL (a new entry in the browser's history); a new sort,
 * search or filter goes back to page 1, and a default value leaves the URL.
 */
function useListMoves<F extends string>(
  setSearch: SetSearch,
  { defaultSort, defaultLimit, filters: filterRules }: Required<ListParamsConfig<F>>,
) {
  const write = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        change(next);
        return next;
      }),
    [setSearch],
  );
  /** a move that narrows or reorders the list starts again from its first page */
  const fromFirstPage = useCallback(
    (change: (next: URLSearchParams) => void) =>
      write((p) => {
        change(p);
        p.delete('page');
      }),
    [write],
  );
  return {
    setPage: useCallback(
      (page: number, limit?: number) =>
        write((p) => {
          setOrDelete(p, 'page', page > 1 ? String(page) : undefined);
          if (limit !== undefined)
            setOrDelete(p, 'limit', limit !== defaultLimit ? String(limit) : undefined);
        }),
      [write, defaultLimit],
    ),
    setSort: useCallback(
      (sort: string) =>
        fromFirstPage((p) => setOrDelete(p, 'sort', sort !== defaultSort ? sort : undefined)),
      [fromFirstPage, defaultSort],
    ),
    setQ: useCallback(
      (q: string) => fromFirstPage((p) => setOrDelete(p, 'q', q.trim())),
      [fromFirstPage],
    ),
    setFilter: useCallback(
      (name: F, value: string | undefined) => fromFirstPage((p) => setOrDelete(p, name, value)),
      [fromFirstPage],
    ),
    clear: useCallback(
      () =>
        fromFirstPage((p) => {
          p.delete('q');
          for (const name of Object.keys(filterRules)) p.delete(name);
        }),
      [fromFirstPage, filterRules],
    ),
  };
}

export function useListParams<F extends string>(config: ListParamsConfig<F>): ListParams<F> {
  const [search, setSearch] = useSearchParams();
  const { sortFields, defaultSort, filters } = config;
  const defaultLimit = config.defaultLimit ?? 20;
  const state = useMemo(
    () => readListState(search, { sortFields, defaultSort, defaultLimit, filters }),
    [search, sortFields, defaultSort, defaultLimit, filters],
  );
  const moves = useListMoves(setSearch, { sortFields, defaultSort, defaultLimit, filters });
  return {
    ...state,
    filtered: state.q !== '' || Object.keys(state.filters).length > 0,
    ...moves,
  };
}
