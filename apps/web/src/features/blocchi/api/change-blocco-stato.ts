import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bloccoSchema, type BloccoStatoBody } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { blocchiKeys, invalidateBlocchi, type BloccoKind } from './keys';

/**
 * POST /api/blocchi/:id/stato { stato, clienteId?, opzioneScadenza?, nota? }: a manual move of
 * BLOCCO_TRANSITIONS (opzionato needs the cliente and the expiry); any other answers 409.
 */
export function changeBloccoStato(kind: BloccoKind, id: string, body: BloccoStatoBody) {
  return api.post(`/api/${kind}/${encodeURIComponent(id)}/stato`, body, { schema: bloccoSchema });
}

export function useChangeBloccoStato(kind: BloccoKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BloccoStatoBody) => changeBloccoStato(kind, id, body),
    onSuccess: (blocco) => {
      queryClient.setQueryData(blocchiKeys.detail(kind, id), blocco);
      return invalidateBlocchi(queryClient, kind);
    },
  });
}
