import { useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { genealogyNodeSchema, historySchema, type EntityKind } from '@gestcava/contracts';
import { apiDownload } from './api';
import { defineSubResource, type SubResourceConfig } from './define-sub-resource';
import { defineRead, type QueryParams, type ReadSpec } from './resource-read';
import { detailQuery, listQueries, pickerQuery, type ListPaging } from './resource-queries';
import { resourceWrites, type Saved } from './resource-writes';

export type { ListPaging } from './resource-queries';
export type { QueueableJson } from './resource-writes';

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

const genealogySchema = z.array(genealogyNodeSchema);
export type ExportFormat = 'csv' | 'xlsx';

/** The resource's URLs, schemas and refresh, which its reads, writes and children share. */
function resourceCore<L, S, D>(config: ResourceConfig<z.ZodType, z.ZodType, z.ZodType, z.ZodType>) {
  const { key, base } = config;
  /** After a write: the whole resource and what other features show of it refetch. */
  const refresh = (queryClient: QueryClient, also: readonly QueryKey[] = []) =>
    Promise.all(
      [key, ...(config.invalidates ?? []), ...also].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return {
    key,
    base,
    path: (id: string, suffix?: string) =>
      `${base}/${encodeURIComponent(id)}${suffix ? `/${suffix}` : ''}`,
    schemas: (config.schemas ?? {}) as { list: L; summary: S; detail: D },
    detailKey: (id: string) => [...key, 'detail', id] as const,
    refresh,
  };
}

export function defineResource<
  F extends z.ZodType = z.ZodType<object>,
  L extends z.ZodType = z.ZodType,
  S extends z.ZodType = z.ZodType,
  D extends z.ZodType<Saved> = z.ZodType<Saved>,
>(config: ResourceConfig<F, L, S, D>) {
  type Filters = z.input<F>;
  const resource = resourceCore<L, S, D>(config);
  const { key, base, path, schemas, detailKey, refresh } = resource;
  /** Child rows or a nested path: GET/POST base/:id/<name>, PUT/DELETE base/:id/<name>/:childId. */
  const sub = <SL extends z.ZodType, SM, SI extends z.ZodType = D>(
    name: string,
    subConfig: SubResourceConfig<SL, SM, SI>,
  ) => defineSubResource({ ...resource, detail: schemas.detail }, name, subConfig);
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
    ...listQueries<Filters, L, S>(resource, schemas),
    detail: detailQuery(resource, schemas.detail, config.offline),
    history: history.queries.list,
    genealogy: genealogy.queries.list,
    picker: pickerQuery(resource),
  };
  const writes = resourceWrites({
    ...resource,
    detail: schemas.detail,
    historyKey: keys.history,
    invalidates: config.invalidates ?? [],
  });

  return {
    keys,
    queries,
    path,
    refresh,
    sub,
    /** Another read of the resource, under its root: `read((…args) => ({ key, url, schema }))`. */
    read: <A extends unknown[], R>(spec: (...args: A) => ReadSpec<R>) => defineRead(key, spec),
    ...writes,
    useList: (params: Filters & ListPaging) => useQuery(queries.list(params)),
    useSummary: (filters: Filters) => useQuery(queries.summary(filters)),
    useDetail: (id: string) => useQuery(queries.detail(id)),
    useHistory: (id: string) => history.useList(id),
    useGenealogy: (id: string) => genealogy.useList(id),
    /** GET base/export?<filters>&format: the filtered list as a file. */
    exportFile: (filters: object, format: ExportFormat, timeoutMs = 60_000) =>
      apiDownload(`${base}/export`, { query: { ...(filters as QueryParams), format }, timeoutMs }),
  };
}
