import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EntityKind } from '@gestcava/contracts';
import { api } from './api';
import { isNotOnDevice, loadWithDeviceCopy } from './offline/device-copy';
import { retryOnce } from './query-client';
import type { QueryParams } from './resource-read';

/** What the list sends besides its filters. */
export interface ListPaging {
  page: number;
  limit: number;
  sort: string;
}

/** What a resource's reads need of it (built by defineResource). */
interface ReadableResource {
  key: QueryKey;
  base: string;
  path: (id: string, suffix?: string) => string;
}

/**
 * The list, a page at a time, and its summary: GET base?<params>, GET base/summary?<filters>, under
 * [...key, 'list', params] and [...key, 'summary', filters].
 */
export function listQueries<Filters, L extends z.ZodType, S extends z.ZodType>(
  { key, base }: ReadableResource,
  schemas: { list: L; summary: S },
) {
  return {
    list: (params: Filters & ListPaging) =>
      queryOptions({
        queryKey: [...key, 'list', params] as const,
        queryFn: ({ signal }) =>
          api.get(base, { query: { ...(params as QueryParams) }, schema: schemas.list, signal }),
        // the previous page stays on screen while the next one loads
        placeholderData: keepPreviousData,
      }),
    summary: (filters: Filters) =>
      queryOptions({
        queryKey: [...key, 'summary', filters] as const,
        queryFn: ({ signal }) =>
          api.get(`${base}/summary`, {
            query: { ...(filters as QueryParams) },
            schema: schemas.summary,
            signal,
          }),
        placeholderData: keepPreviousData,
      }),
  };
}

/**
 * One record, GET base/:id under [...key, 'detail', id]; a kind readable offline is kept on the
 * device at every load and read from there when the network fails (lib/offline/device-copy.ts).
 */
export function detailQuery<D extends z.ZodType>(
  { key, path }: ReadableResource,
  detail: D,
  offline: EntityKind | undefined,
) {
  return (id: string) => {
    const queryKey = [...key, 'detail', id] as const;
    const load = (signal: AbortSignal) => api.get(path(id), { schema: detail, signal });
    if (!offline) return queryOptions({ queryKey, queryFn: ({ signal }) => load(signal) });
    return queryOptions({
      queryKey,
      queryFn: ({ signal }) => loadWithDeviceCopy(offline, id, () => load(signal)),
      // asked even when the browser says offline (TanStack would pause it): the device answers then
      networkMode: 'always',
      // the device's copy stays its own object, so DetailShell can tell it apart (deviceCopyTime)
      structuralSharing: false,
      // no copy on the device: asking again will not make one
      retry: (failureCount, error) => !isNotOnDevice(error) && retryOnce(failureCount, error),
    });
  };
}

/**
 * A search of the feature's own pickers: GET base/<endpoint>?q=<trimmed>&<extra>, under
 * [...key, 'picker', name, ...scope, q] (docs/api.md "Shape of the API": read under this module's permission).
 */
export function pickerQuery({ key, base }: ReadableResource) {
  return <P extends z.ZodType>(name: string, endpoint: string, schema: P, staleTime: number) =>
    (q: string, extra: QueryParams = {}) =>
      queryOptions({
        queryKey: [...key, 'picker', name, ...Object.values(extra), q.trim()] as const,
        queryFn: ({ signal }) =>
          api.get(`${base}/${endpoint}`, {
            query: { ...extra, q: q.trim() || undefined },
            schema,
            signal,
          }),
        staleTime,
      });
}
