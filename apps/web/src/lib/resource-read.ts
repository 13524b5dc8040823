import {
  keepPreviousData,
  queryOptions,
  useQuery,
  type NetworkMode,
  type QueryKey,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api';

/** What a URL's query string may carry. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** The cache options a read of a resource may set (docs/architecture.md "Web: one API shape"). */
export interface ReadOptions<R> {
  staleTime?: number;
  gcTime?: number;
  enabled?: boolean;
  /** the previous answer stays on screen while the next one loads (pages, periods, searches) */
  keepPrevious?: boolean;
  networkMode?: NetworkMode;
  retry?: boolean | number | ((failureCount: number, error: Error) => boolean);
  refetchInterval?:
    number | false | ((query: { state: { data: R | undefined } }) => number | false);
  refetchOnWindowFocus?: boolean;
  structuralSharing?: boolean;
}

/**
 * One read of a resource besides its list, summary and record: a picker, a singleton (the
 * dashboard), a child list in another shape. `key` goes under the resource's root, so every write
 * of the resource refreshes it. Either a GET of `url` parsed by `schema`, or `load` when the answer
 * needs more than parsing (unwrapping `{ users }`, a failure read as an empty answer, a device copy).
 */
export type ReadSpec<R> = ReadOptions<R> & { key: readonly unknown[] } & (
    | { url: string; schema: z.ZodType<R>; query?: object; timeoutMs?: number }
    | { load: (signal: AbortSignal) => Promise<R> }
  );

export function readOptions<R>(root: QueryKey, spec: ReadSpec<R>) {
  const { key, keepPrevious, refetchInterval, ...rest } = spec;
  const load =
    'load' in spec
      ? spec.load
      : (signal: AbortSignal) =>
          api.get(spec.url, {
            query: spec.query as QueryParams | undefined,
            schema: spec.schema,
            timeoutMs: spec.timeoutMs,
            signal,
          }) as Promise<R>;
  const options = {
    staleTime: rest.staleTime,
    gcTime: rest.gcTime,
    enabled: rest.enabled,
    networkMode: rest.networkMode,
    retry: rest.retry,
    refetchOnWindowFocus: rest.refetchOnWindowFocus,
    structuralSharing: rest.structuralSharing,
  };
  // undefined would override the client's defaults: only what the spec sets goes in
  const set = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  return queryOptions<R, Error, R, QueryKey>({
    ...set,
    queryKey: [...root, ...key],
    queryFn: ({ signal }) => load(signal),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...(refetchInterval !== undefined
      ? { refetchInterval: refetchInterval as number | false | (() => number | false) }
      : {}),
  });
}

/** A named read: its options (for loaders, prefetches, tests) and its hook. */
export function defineRead<A extends unknown[], R>(
  root: QueryKey,
  spec: (...args: A) => ReadSpec<R>,
) {
  const options = (...args: A) => readOptions(root, spec(...args));
  return { options, use: (...args: A) => useQuery(options(...args)) };
}
