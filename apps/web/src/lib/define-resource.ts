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
import { api, apiDownload, isApiError } from './api';
import { defineSubResource, type SubResourceConfig } from './define-sub-resource';
import { isNotOnDevice, loadWithDeviceCopy } from './offline/device-copy';
import type { QueuedKind } from './offline/queue';
import { useQueueable as useQueueableMutation } from './offline/use-queueable';
import { retryOnce } from './query-client';
import { defineRead, type QueryParams, type ReadSpec } from './resource-read';

/**
 * One feature's server resource (docs/architecture.md "Web: one API shape"): the list, its summary,
 * one record, its history (and genealogy), its child rows (`sub`), its other reads (`read`) and the
 * writes, over the one API client (./api). Every feature's API is one or more of these.
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
  /** a root of lib/query-keys.ts (`queryRoots.x`), or a key under one */
  key: QueryKey;
  base: string;
  /** what the resource serves in the standard shape; a resource without a list or record omits them */
  schemas?: {
    /** the list's page schema (pageOf(item)) */
    list?: L;
    summary?: S;
    detail?: D;
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
  const { key, base } = config;
  const schemas = (config.schemas ?? {}) as { list: L; summary: S; detail: D };
  const path = (id: string, suffix?: string) =>
    `${base}/${encodeURIComponent(id)}${suffix ? `/${suffix}` : ''}`;

  /** After a write: the whole resource and what other features show of it refetch. */
  const refresh = (queryClient: QueryClient, also: readonly QueryKey[] = []) =>
    Promise.all(
      [key, ...(config.invalidates ?? []), ...also].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );

  const detailKey = (id: string) => [...key, 'detail', id] as const;
  /** Child rows or a nested path: GET/POST base/:id/<name>, PUT/DELETE base/:id/<name>/:childId. */
  const sub = <SL extends z.ZodType, SM, SI extends z.ZodType = D>(
    name: string,
    subConfig: SubResourceConfig<SL, SM, SI>,
  ) =>
    defineSubResource({ key, path, detail: schemas.detail, detailKey, refresh }, name, subConfig);
  const history = sub('history', { list: historySchema });
  /** where the server has it: cava, bancata or fornitore above; lastre, collaudo, cliente below */
  const genealogy = sub('genealogy', { list: genealogySchema });

  const keys = {
    all: key,
    list: (params: unknown) => [...key, 'list', params] as const,
    summary: (filters: unknown) => [...key, 'summary', filters] as const,
    detail: detailKey,
    history: history.keys.list,
    genealogy: genealogy.keys.list,
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
            schema: schemas.summary,
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
    history: history.queries.list,
    genealogy: genealogy.queries.list,
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

  /**
   * A write whose answer is not the cached record (an operation's report, a wrapped answer, a
   * 204): once it succeeds the resource and what it invalidates refetch; `onConflict` refetches
   * after a 409 too (someone else changed it first: the screen must show the new state).
   */
  function useWrite<V, T>(
    send: (variables: V) => Promise<T>,
    options: {
      invalidates?: readonly QueryKey[];
      /** what the answer changes in the cache before the refresh */
      onSuccess?: (answer: T, queryClient: QueryClient) => unknown;
      /** false: the answer is all the cache needs (onSuccess writes it) */
      refresh?: boolean;
      onConflict?: boolean;
      /** refresh after a failure too (a batch that went in part) */
      onSettled?: boolean;
    } = {},
  ) {
    const queryClient = useQueryClient();
    const again = () => refresh(queryClient, options.invalidates);
    return useMutation({
      mutationFn: send,
      onSuccess: async (answer: T) => {
        await options.onSuccess?.(answer, queryClient);
        if (options.refresh !== false && !options.onSettled) await again();
      },
      onError: (error: Error) => {
        if (options.onConflict && isApiError(error) && error.status === 409) void again();
      },
      onSettled: () => (options.onSettled ? again() : undefined),
    });
  }

  /** A write that answers the record (create, update, a state move…): it replaces the cached one, then the caches refresh. */
  function useSaving<V>(
    send: (variables: V) => Promise<Detail>,
    options: { invalidates?: readonly QueryKey[]; onConflict?: boolean } = {},
  ) {
    return useWrite(send, {
      ...options,
      onSuccess: (saved, queryClient) =>
        queryClient.setQueryData(keys.detail((saved as Saved)._id), saved),
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
    sub,
    /** Another read of the resource, under its root: `read((…args) => ({ key, url, schema }))`. */
    read: <A extends unknown[], R>(spec: (...args: A) => ReadSpec<R>) => defineRead(key, spec),
    useWrite,
    useSaving,
    useQueueable,
    useList: (params: Filters & ListPaging) => useQuery(queries.list(params)),
    useSummary: (filters: Filters) => useQuery(queries.summary(filters)),
    useDetail: (id: string) => useQuery(queries.detail(id)),
    useHistory: (id: string) => history.useList(id),
    useGenealogy: (id: string) => genealogy.useList(id),
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
