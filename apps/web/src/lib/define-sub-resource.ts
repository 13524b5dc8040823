import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api';

/** What a sub-resource needs of its parent (built by defineResource). */
export interface ParentOfSub {
  key: QueryKey;
  path: (id: string, suffix?: string) => string;
  /** the parent's record schema: what a write answers when it answers the parent */
  detail: z.ZodType;
  detailKey: (id: string) => QueryKey;
  /** everything under the parent's root and what it invalidates */
  refresh: (queryClient: QueryClient, also?: readonly QueryKey[]) => Promise<unknown>;
}

export interface SubResourceConfig<L extends z.ZodType, M, I extends z.ZodType> {
  /** the answer of GET base/:id/<name> */
  list?: L;
  /** what the list's answer becomes in the cache (`{ segni }` → the array) */
  map?: (answer: z.output<L>) => M;
  /**
   * A write's answer when it is the child row itself (a tariff). Without it a write answers the
   * parent's whole record (a collaudo after a row is added), which replaces the cached detail.
   */
  item?: I;
  timeoutMs?: number;
  /** other roots a write of the child makes stale, besides the parent's */
  invalidates?: readonly QueryKey[];
}

/**
 * A child write: a parent's record in the answer replaces its cached detail; then the parent's
 * root (its list, its children) and what it invalidates refetch.
 */
function childWriteHook(
  parent: ParentOfSub,
  config: { item?: unknown; invalidates?: readonly QueryKey[] },
) {
  return function useChildWrite<V, A>(parentId: string, send: (variables: V) => Promise<A>) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: send,
      onSuccess: (answer) => {
        if (!config.item && answer !== undefined)
          queryClient.setQueryData(parent.detailKey(parentId), answer);
        return parent.refresh(queryClient, config.invalidates);
      },
    });
  };
}

/** PUT base/:id/<name> with the whole set: the answer (the saved set) replaces the cached list. */
function replaceHook<L extends z.ZodType, Listed>(
  parent: ParentOfSub,
  sub: {
    path: (parentId: string) => string;
    listKey: (parentId: string) => QueryKey;
    mapList: (answer: z.output<L>) => Listed;
  },
  config: SubResourceConfig<L, unknown, z.ZodType>,
) {
  return function useReplace<V>(parentId: string, toBody: (variables: V) => unknown = (v) => v) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (variables: V) =>
        api
          .put(sub.path(parentId), toBody(variables), {
            schema: config.list as L,
            timeoutMs: config.timeoutMs,
          })
          .then((answer) => sub.mapList(answer as z.output<L>)),
      onSuccess: (saved) => {
        queryClient.setQueryData(sub.listKey(parentId), saved);
        return parent.refresh(queryClient, config.invalidates);
      },
    });
  };
}

/**
 * Child rows or a nested path of a resource (docs/architecture.md "Web: one API shape"):
 * `GET base/:id/<name>`, `POST base/:id/<name>`, `PUT|DELETE base/:id/<name>/:childId`, and
 * `PUT base/:id/<name>` for a set replaced whole. Cached under [...parentKey, name, parentId], so a
 * write of the parent refreshes its children and a write of a child refreshes the parent.
 */
export function defineSubResource<L extends z.ZodType, M, I extends z.ZodType>(
  parent: ParentOfSub,
  name: string,
  config: SubResourceConfig<L, M, I>,
) {
  type Listed = unknown extends M ? z.output<L> : M;
  type Answer = z.output<I>;
  const opts = { timeoutMs: config.timeoutMs };
  const path = (parentId: string, childId?: string) =>
    parent.path(parentId, childId === undefined ? name : `${name}/${encodeURIComponent(childId)}`);
  const keys = {
    all: [...parent.key, name] as const,
    list: (parentId: string) => [...parent.key, name, parentId] as const,
  };
  const mapList = (answer: z.output<L>) => (config.map ? config.map(answer) : answer) as Listed;

  const list = (parentId: string) =>
    queryOptions({
      queryKey: keys.list(parentId),
      queryFn: ({ signal }) =>
        api
          .get(path(parentId), { schema: config.list as L, signal, ...opts })
          .then((answer) => mapList(answer as z.output<L>)),
    });

  const useChildWrite = childWriteHook(parent, config);
  const answerSchema = () => (config.item ?? parent.detail) as z.ZodType;

  return {
    keys,
    path,
    queries: { list },
    useList: (parentId: string, options: { enabled?: boolean } = {}) =>
      useQuery({ ...list(parentId), enabled: options.enabled }),
    /**
     * POST base/:id/<name> (an Idempotency-Key makes a retried click harmless); `toBody` when the
     * mutation's variables are not the body itself (a collaudo's row is added by its block's id).
     */
    useCreate: <V>(parentId: string, toBody: (variables: V) => unknown = (v) => v) =>
      useChildWrite(
        parentId,
        (variables: V) =>
          api.create(path(parentId), toBody(variables), {
            schema: answerSchema(),
            ...opts,
          }) as Promise<Answer>,
      ),
    /** PUT base/:id/<name>/:childId with the fields to change. */
    useUpdate: <B>(parentId: string) =>
      useChildWrite(
        parentId,
        ({ id, body }: { id: string; body: B }) =>
          api.put(path(parentId, id), body, { schema: answerSchema(), ...opts }) as Promise<Answer>,
      ),
    /** DELETE base/:id/<name>/:childId: 204, or the parent after it. */
    useRemove: (parentId: string) =>
      useChildWrite(parentId, (id: string) =>
        config.item
          ? api.delete<void>(path(parentId, id), undefined, opts)
          : api.delete(path(parentId, id), undefined, { schema: parent.detail, ...opts }),
      ),
    /** PUT base/:id/<name> with the whole set: the answer (the saved set) replaces the cached list. */
    useReplace: replaceHook(parent, { path, listKey: keys.list, mapList }, config),
  };
}
