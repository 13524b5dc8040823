import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { genealogyNodeSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { blocchiKeys, type BloccoKind } from './keys';

const genealogySchema = z.array(genealogyNodeSchema);

/** GET /api/blocchi/:id/genealogy: cava, bancata or fornitore above; lastre, collaudo, cliente below. */
export function getBloccoGenealogy(kind: BloccoKind, id: string, signal?: AbortSignal) {
  return api.get(`/api/${kind}/${encodeURIComponent(id)}/genealogy`, { schema: genealogySchema, signal });
}

export const bloccoGenealogyQueryOptions = (kind: BloccoKind, id: string) =>
  queryOptions({
    queryKey: blocchiKeys.genealogy(kind, id),
    queryFn: ({ signal }) => getBloccoGenealogy(kind, id, signal),
  });

export function useBloccoGenealogy(kind: BloccoKind, id: string) {
  return useQuery(bloccoGenealogyQueryOptions(kind, id));
}
