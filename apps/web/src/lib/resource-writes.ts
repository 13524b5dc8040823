import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api, isApiError } from './api';
import type { ParentOfSub } from './define-sub-resource';
import type { QueuedKind } from './offline/queue';
import { useQueueable as useQueueableMutation } from './offline/use-queueable';

/** What a resource's writes need of it (built by defineResource). */
export interface WritableResource<D extends z.ZodType> extends ParentOfSub {
  base: string;
  detail: D;
  historyKey: (id: string) => QueryKey;
  /** other features' query roots a write makes stale (the resource's config) */
  invalidates: readonly QueryKey[];
}

export interface Saved {
  _id: string;
}

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

export interface WriteOptions<T> {
  invalidates?: readonly QueryKey[];
  /** what the answer changes in the cache before the refresh */
  onSuccess?: (answer: T, queryClient: QueryClient) => unknown;
  /** false: the answer is all the cache needs (onSuccess writes it) */
  refresh?: boolean;
  onConflict?: boolean;
  /** refresh after a failure too (a batch that went in part) */
  onSettled?: boolean;
}

/**
 * A write whose answer is not the cached record (an operation's report, a wrapped answer, a
 * 204): once it succeeds the resource and what it invalidates refetch; `onConflict` refetches
 * after a 409 too (someone else changed it first: the screen must show the new state).
 */
function writeHook(resource: ParentOfSub) {
  return function useWrite<V, T>(
    send: (variables: V) => Promise<T>,
    options: WriteOptions<T> = {},
  ) {
    const queryClient = useQueryClient();
    const again = () => resource.refresh(queryClient, options.invalidates);
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
  };
}

/**
 * A yard action that answers the record: sent at once with its Idempotency-Key and
 * If-Match, or kept on the device when offline and replayed later; once sent, the caches refresh.
 */
function queueableHook<D extends z.ZodType<Saved>>(resource: WritableResource<D>) {
  return function useQueueable<V>(
    describe: (variables: V) => QueueableJson,
    options: { invalidates?: readonly QueryKey[] } = {},
  ) {
    const queryClient = useQueryClient();
    const invalidates = [resource.key, ...resource.invalidates, ...(options.invalidates ?? [])].map(
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
          schema: resource.detail,
          idempotencyKey: direct.idempotencyKey,
          headers: direct.headers,
        };
        return method === 'PUT' ? api.put(url, json, opts) : api.post(url, json, opts);
      },
      onSent: (saved: z.output<D>) => {
        queryClient.setQueryData(resource.detailKey((saved as Saved)._id), saved);
        return resource.refresh(queryClient, options.invalidates);
      },
    });
  };
}

/** A write that answers the record (create, update, a state move…): it replaces the cached one, then the caches refresh. */
function savingHook<D extends z.ZodType<Saved>>(
  resource: WritableResource<D>,
  useWrite: ReturnType<typeof writeHook>,
) {
  return function useSaving<V>(
    send: (variables: V) => Promise<z.output<D>>,
    options: { invalidates?: readonly QueryKey[]; onConflict?: boolean } = {},
  ) {
    return useWrite(send, {
      ...options,
      onSuccess: (saved, queryClient) =>
        queryClient.setQueryData(resource.detailKey((saved as Saved)._id), saved),
    });
  };
}

/** The record's own writes: create, update, an action on it, its removal. */
function recordWrites<D extends z.ZodType<Saved>>(
  resource: WritableResource<D>,
  useSaving: ReturnType<typeof savingHook<D>>,
) {
  const { base, path, detail } = resource;
  return {
    /** POST base: 201 and the record (the Idempotency-Key makes a retried click harmless). */
    useCreate: <B>() => useSaving((body: B) => api.create(base, body, { schema: detail })),
    /** PUT base/:id with the fields to change. */
    useUpdate: <B>(id: string) =>
      useSaving((body: B) => api.put(path(id), body, { schema: detail })),
    /** POST base/:id/<action> (stato, completa, declassa…): the record after it. */
    useAction: <B>(id: string, action: string, options?: { invalidates?: readonly QueryKey[] }) =>
      useSaving((body: B) => api.post(path(id, action), body, { schema: detail }), options),
    /** DELETE base/:id: 204, or 409 with the reason; the record's caches go. */
    useRemove: (id: string) => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: () => api.delete<void>(path(id)),
        onSuccess: () => {
          queryClient.removeQueries({ queryKey: resource.detailKey(id) });
          queryClient.removeQueries({ queryKey: resource.historyKey(id) });
          return resource.refresh(queryClient);
        },
      });
    },
  };
}

/**
 * A resource's writes (docs/architecture.md "Web: one API shape"): a write answers the record, which
 * replaces the cached detail, then everything under the resource's root and what it invalidates
 * refetches; a delete drops the record's detail and history.
 */
export function resourceWrites<D extends z.ZodType<Saved>>(resource: WritableResource<D>) {
  const useWrite = writeHook(resource);
  const useSaving = savingHook(resource, useWrite);
  return {
    useWrite,
    useSaving,
    useQueueable: queueableHook(resource),
    ...recordWrites(resource, useSaving),
  };
}
