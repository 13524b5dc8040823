import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { bancataSchema, type bancataStatoBodySchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { bancataKeys } from './keys';

export type BancataStatoBody = z.input<typeof bancataStatoBodySchema>;

/** POST /api/bancate/:id/stato: a move of BANCATA_TRANSITIONS; any other answers 409 with the reason. */
export function changeBancataStato(id: string, body: BancataStatoBody) {
  return api.post(`/api/bancate/${encodeURIComponent(id)}/stato`, body, { schema: bancataSchema });
}

export function useChangeBancataStato(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BancataStatoBody) => changeBancataStato(id, body),
    onSuccess: (bancata) => {
      queryClient.setQueryData(bancataKeys.detail(id), bancata);
      return queryClient.invalidateQueries({ queryKey: bancataKeys.all });
    },
  });
}
