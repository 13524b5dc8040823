import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bloccoSchema, type BloccoDeclassaBody } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { blocchiKeys, invalidateBlocchi, type BloccoKind } from './keys';

/** POST /api/blocchi/:id/declassa { scelta?, categoria?, unitaPrezzo?, nota }: only lowers; the block stays sellable. */
export function declassaBlocco(kind: BloccoKind, id: string, body: BloccoDeclassaBody) {
  return api.post(`/api/${kind}/${encodeURIComponent(id)}/declassa`, body, { schema: bloccoSchema });
}

export function useDeclassaBlocco(kind: BloccoKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BloccoDeclassaBody) => declassaBlocco(kind, id, body),
    onSuccess: (blocco) => {
      queryClient.setQueryData(blocchiKeys.detail(kind, id), blocco);
      return invalidateBlocchi(queryClient, kind);
    },
  });
}
