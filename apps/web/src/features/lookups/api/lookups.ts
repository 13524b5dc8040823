import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LookupKind } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { LOOKUP_ITEM_SCHEMAS, lookupKeys, type LookupRecord } from '@/lib/lookups';
import { queryRoots } from '@/lib/query-keys';

/** POST /api/cave (or materiali, ubicazioni, macchine), admin: 201 + the record. */
export function createLookup<K extends LookupKind>(
  kind: K,
  body: Record<string, unknown>,
): Promise<LookupRecord[K]> {
  return api.create(`/api/${kind}`, body, { schema: LOOKUP_ITEM_SCHEMAS[kind] }) as Promise<
    LookupRecord[K]
  >;
}

export function useCreateLookup(kind: LookupKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => createLookup(kind, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.list(kind) }),
  });
}

/** DELETE /api/cave/:id (admin): 204, or 409 while bancate or blocchi use it (deactivate it instead). */
export function deleteLookup(kind: LookupKind, id: string) {
  return api.delete<void>(`/api/${kind}/${encodeURIComponent(id)}`);
}

export function useDeleteLookup(kind: LookupKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteLookup(kind, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.list(kind) }),
  });
}

/** PUT /api/cave/:id (admin) with the fields to change: 200 + the record. */
export function updateLookup<K extends LookupKind>(
  kind: K,
  id: string,
  body: Record<string, unknown>,
): Promise<LookupRecord[K]> {
  return api.put(`/api/${kind}/${encodeURIComponent(id)}`, body, {
    schema: LOOKUP_ITEM_SCHEMAS[kind],
  }) as Promise<LookupRecord[K]>;
}

export function useUpdateLookup(kind: LookupKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: Record<string, unknown> }) =>
      updateLookup(kind, v.id, v.body),
    // names shown in bancate and blocchi come with them: those lists refresh too
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lookupKeys.list(kind) }),
        queryClient.invalidateQueries({ queryKey: queryRoots.bancate }),
        queryClient.invalidateQueries({ queryKey: queryRoots.blocchi }),
      ]),
  });
}
