import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LookupKind } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { LOOKUP_ITEM_SCHEMAS, lookupKeys, type LookupRecord } from '@/lib/lookups';

/** POST /api/cave (or materiali, ubicazioni, macchine), admin: 201 + the record. */
export function createLookup<K extends LookupKind>(kind: K, body: Record<string, unknown>): Promise<LookupRecord[K]> {
  return api.create(`/api/${kind}`, body, { schema: LOOKUP_ITEM_SCHEMAS[kind] }) as Promise<LookupRecord[K]>;
}

export function useCreateLookup(kind: LookupKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => createLookup(kind, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.list(kind) }),
  });
}
