import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lavorazioneLastreSchema, type LavorazioneLastreCreate } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { invalidateAfterLavorazione, lavorazioniLastreKeys } from './keys';

/** POST /api/lavorazioni-lastre: plans the sawing of a disponibile block (201, codice SG-YYYY-NNNN). */
export function createLavorazioneLastre(body: LavorazioneLastreCreate) {
  return api.create('/api/lavorazioni-lastre', body, { schema: lavorazioneLastreSchema });
}

export function useCreateLavorazioneLastre() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLavorazioneLastre,
    onSuccess: (lav) => {
      queryClient.setQueryData(lavorazioniLastreKeys.detail(lav._id), lav);
      return invalidateAfterLavorazione(queryClient);
    },
  });
}
