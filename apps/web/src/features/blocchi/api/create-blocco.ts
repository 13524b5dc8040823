import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bloccoSchema, type BloccoEsternoCreate, type BloccoInternoCreate } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { blocchiKeys, invalidateBlocchi, type BloccoKind } from './keys';

export type BloccoCreateBody = BloccoInternoCreate | BloccoEsternoCreate;

/**
 * POST /api/blocchi (from a bancata ribaltata or in riquadratura, else 409) or /api/blocchi-esterni
 * (from a fornitore, with the purchase): 201 + the blocco, codice BL-YYYY-NNNN by the server.
 */
export function createBlocco(kind: BloccoKind, body: BloccoCreateBody) {
  return api.create(`/api/${kind}`, body, { schema: bloccoSchema });
}

export function useCreateBlocco(kind: BloccoKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BloccoCreateBody) => createBlocco(kind, body),
    onSuccess: (blocco) => {
      queryClient.setQueryData(blocchiKeys.detail(kind, blocco._id), blocco);
      return invalidateBlocchi(queryClient, kind);
    },
  });
}
