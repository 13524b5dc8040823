import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { lavorazioneLastreSchema, type lavorazioneLastreStatoBodySchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { invalidateAfterLavorazione, lavorazioniLastreKeys } from './keys';

export type LavorazioneLastreStatoBody = z.input<typeof lavorazioneLastreStatoBodySchema>;

/** POST /api/lavorazioni-lastre/:id/stato: start the sawing (the block goes in_segagione) or cancel it (the block is given back). */
export function changeLavorazioneLastreStato(id: string, body: LavorazioneLastreStatoBody) {
  return api.post(`/api/lavorazioni-lastre/${encodeURIComponent(id)}/stato`, body, { schema: lavorazioneLastreSchema });
}

export function useChangeLavorazioneLastreStato(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LavorazioneLastreStatoBody) => changeLavorazioneLastreStato(id, body),
    onSuccess: (lav) => {
      queryClient.setQueryData(lavorazioniLastreKeys.detail(id), lav);
      return invalidateAfterLavorazione(queryClient);
    },
  });
}
