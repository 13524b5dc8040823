import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { z } from 'zod';
import { genealogyNodeSchema, historySchema, type EntityKind } from '@gestcava/contracts';
import { api, apiDownload } from './api';
import { isNotOnDevice, loadWithDeviceCopy } from './offline/device-copy';
import type { QueuedKind } from './offline/queue';
import { useQueueable as useQueueableMutation } from './offline/use-queueable';
import { retryOnce } from './query-client';

/**
 * One feature's server resource (docs/architecture.md "Module pattern", docs/architecture.md "web"): the list, its summary,
 * one record, its history (and genealogy), and the writes, over the one API client (./api).
 *
 * - URLs: GET base?<params>, GET base/summary?<filters>, GET base/:id, GET base/:id/history,
 *   GET base/:id/genealogy, GET base/export?<filters>&format; POST base (with an Idempotency-Key),
 *   PUT base/:id, DELETE base/:id.
 * - Query keys, all under `key` so a write refreshes the whole resource: [...key, 'list', params],
 *   [...key, 'summary', filters], [...key, 'detail' | 'history' | 'genealogy', id].
 * - A write answers the record: it replaces the cached detail, then everything under `key` and
 *   under `invalidates` (what other features show of it) refetches. A delete drops the record's
 *   detail and history. Toasts stay with the component that knows what the user did.
 */
export interface ResourceConfig<
  F extends z.ZodType,
  L extends z.ZodType,
  S extends z.ZodType,
  D extends z.ZodType,
> {
  key: QueryKey;
  base: string;
  schemas: {
    /** the list's page schema (pageOf(item)) */
    list: L;
    summary?: S;
    detail: D;
    /** types the filters the list, summary and export send in the URL (not parsed here) */
    filters?: F;
  };
  /** other features' query roots a write makes stale */
  invalidates?: readonly QueryKey[];
  /**
   * A kind readable offline: its detail is kept on the device at every load and read
   * from there when the network fails (lib/offline/device-copy.ts; DetailShell marks the copy).
   */
  offline?: EntityKind;
}

/** What the list sends besides its filters. */
export interface ListPaging {
  page: number;
  limit: number;
  sort: string;
}

const genealogySchema = z.array(genealogyNodeSchema);
type QueryParams = Record<string, string | number | boolean | null | undefined>;
interface Saved {
  _id: string;
}
export type ExportFormat = 'csv' | 'xlsx';

/** A yard action's request as the offline queue keeps it (JSON body; the record answered). */
export interface QueueableJson {
  kind: QueuedKind;
  /** Italian, for the queue's page */
  label: string;
  method: 'POST' | 'PUT';
  url: string;
  json: unknown;
  /** the record's updatedAt as its DTO gave it */
  ifMatch: string | null;
  itemKey: string;
}

export function defineResource<
  F extends z.ZodType = z.ZodType<object>,
  L extends z.ZodType = z.ZodType,
  S extends z.ZodType = z.ZodType,
  D extends z.ZodType<Saved> = z.ZodType<Saved>,
>(config: ResourceConfig<F, L, S, D>) {
  type Filters = z.input<F>;
  type Detail = z.output<D>;
  const { key, base, schemas } = config;
  const path = (id: string, suffix?: string) =>
    `${base}/${encodeURIComponent(id)}${suffix ? `/${suffix}` : ''}`;

  const keys = {
    all: key,
    list: (params: unknown) => [...key, 'list', params] as const,
    summary: (filters: unknown) => [...key, 'summary', filters] as const,
    detail: (id: string) => [...key, 'detail', id] as const,
    history: (id: string) => [...key, 'history', id] as const,
    genealogy: (id: string) => [...key, 'genealogy', id] as const,
    /** a key of the feature's own queries (pickers…), under the resource's root */
    of: (...parts: unknown[]) => [...key, ...parts] as const,
  };

  const queries = {
    list: (params: Filters & ListPaging) =>
      queryOptions({
        queryKey: keys.list(params),
        queryFn: ({ signal }) =>
          api.get(base, { query: { ...(params as QueryParams) }, schema: schemas.list, signal }),
        // the previous page stays on screen while the next one loads
        placeholderData: keepPreviousData,
      }),
    summary: (filters: Filters) =>
      queryOptions({
        queryKey: keys.summary(filters),
        queryFn: ({ signal }) =>
          api.get(`${base}/summary`, {
            query: { ...(filters as QueryParams) },
            schema: schemas.summary as S,
            signal,
          }),
        placeholderData: keepPreviousData,
      }),
    detail: (id: string) => {
      const load = (signal: AbortSignal) => api.get(path(id), { schema: schemas.detail, signal });
      const { offline } = config;
      if (!offline)
        return queryOptions({ queryKey: keys.detail(id), queryFn: ({ signal }) => load(signal) });
      return queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => loadWithDeviceCopy(offline, id, () => load(signal)),
        // asked even when the browser says offline (TanStack would pause it): the device answers then
        networkMode: 'always',
        // the device's copy stays its own object, so DetailShell can tell it apart (deviceCopyTime)
        structuralSharing: false,
        // no copy on the device: asking again will not make one
        retry: (failureCount, error) => !isNotOnDevice(error) && retryOnce(failureCount, error),
      });
    },
    history: (id: string) =>
      queryOptions({
        queryKey: keys.history(id),
        queryFn: ({ signal }) => api.get(path(id, 'history'), { schema: historySchema, signal }),
      }),
    /** where the server has it: cava, bancata or fornitore above; lastre, collaudo, cliente below */
    genealogy: (id: string) =>
      queryOptions({
        queryKey: keys.genealogy(id),
        queryFn: ({ signal }) =>
          api.get(path(id, 'genealogy'), { schema: genealogySchema, signal }),
      }),
    /**
     * A search of the feature's own pickers: GET base/<endpoint>?q=<trimmed>&<extra>, under
     * [...key, 'picker', name, ...scope, q] (docs/api.md "Shape of the API": read under this module's permission).
     */
    picker:
      <P extends z.ZodType>(name: string, endpoint: string, schema: P, staleTime: number) =>
      (q: string, extra: QueryParams = {}) =>
        queryOptions({
          queryKey: keys.of('picker', name, ...Object.values(extra), q.trim()),
          queryFn: ({ signal }) =>
            api.get(`${base}/${endpoint}`, {
              query: { ...extra, q: q.trim() || undefined },
              schema,
              signal,
            }),
          staleTime,
        }),
  };

  /** After a write: the whole resource and what other features show of it refetch. */
  const refresh = (queryClient: QueryClient, also: readonly QueryKey[] = []) =>
    Promise.all(
      [key, ...(config.invalidates ?? []), ...also].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );

  /** A write that answers the record (create, update, a state move…): it replaces the cached one, then the caches refresh. */
  function useSaving<V>(
    send: (variables: V) => Promise<Detail>,
    options: { invalidates?: readonly QueryKey[] } = {},
  ) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: send,
      onSuccess: (saved: Detail) => {
        queryClient.setQueryData(keys.detail((saved as Saved)._id), saved);
        return refresh(queryClient, options.invalidates);
      },
    });
  }

  /**
   * A yard action that answers the record: sent at once with its Idempotency-Key and
   * If-Match, or kept on the device when offline and replayed later; once sent, the caches refresh.
   */
  function useQueueable<V>(
    describe: (variables: V) => QueueableJson,
    options: { invalidates?: readonly QueryKey[] } = {},
  ) {
    const queryClient = useQueryClient();
    const invalidates = [key, ...(config.invalidates ?? []), ...(options.invalidates ?? [])].map(
      (k) => k.map(String),
    );
    return useQueueableMutation({
      describe: (variables: V) => {
        const { json, ...rest } = describe(variables);
        return { ...rest, body: { type: 'json', json }, invalidates };
      },
      send: (variables: V, direct) => {
        const { method, url, json } = describe(variables);
        const opts = {
          schema: schemas.detail,
          idempotencyKey: direct.idempotencyKey,
          headers: direct.headers,
        };
        return method === 'PUT' ? api.put(url, json, opts) : api.post(url, json, opts);
      },
      onSent: (saved: Detail) => {
        queryClient.setQueryData(keys.detail((saved as Saved)._id), saved);
        return refresh(queryClient, options.invalidates);
      },
    });
  }

  return {
    keys,
    queries,
    path,
    refresh,
    useSaving,
    useQueueable,
    useList: (params: Filters & ListPaging) => useQuery(queries.list(params)),
    useSummary: (filters: Filters) => useQuery(queries.summary(filters)),
    useDetail: (id: string) => useQuery(queries.detail(id)),
    useHistory: (id: string) => useQuery(queries.history(id)),
    useGenealogy: (id: string) => useQuery(queries.genealogy(id)),
    /** POST base: 201 and the record (the Idempotency-Key makes a retried click harmless). */
    useCreate: <B>() => useSaving((body: B) => api.create(base, body, { schema: schemas.detail })),
    /** PUT base/:id with the fields to change. */
    useUpdate: <B>(id: string) =>
      useSaving((body: B) => api.put(path(id), body, { schema: schemas.detail })),
    /** POST base/:id/<action> (stato, completa, declassa…): the record after it. */
    useAction: <B>(id: string, action: string, options?: { invalidates?: readonly QueryKey[] }) =>
      useSaving((body: B) => api.post(path(id, action), body, { schema: schemas.detail }), options),
    /** DELETE base/:id: 204, or 409 with the reason; the record's caches go. */
    useRemove: (id: string) => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: () => api.delete<void>(path(id)),
        onSuccess: () => {
          queryClient.removeQueries({ queryKey: keys.detail(id) });
          queryClient.removeQueries({ queryKey: keys.history(id) });
          return refresh(queryClient);
        },
      });
    },
    /** GET base/export?<filters>&format: the filtered list as a file. */
    exportFile: (filters: object, format: ExportFormat, timeoutMs = 60_000) =>
      apiDownload(`${base}/export`, { query: { ...(filters as QueryParams), format }, timeoutMs }),
  };
}
