import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lavorazioneLastreSchema, type LavorazioneLastreUpdate } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { invalidateAfterLavorazione, lavorazioniLastreKeys } from './keys';

/** PUT /api/lavorazioni-lastre/:id: the plan while pianificata, the note at any time. */
export function updateLavorazioneLastre(id: string, body: Partial<LavorazioneLastreUpdate>) {
  return api.put(`/api/lavorazioni-lastre/${encodeURIComponent(id)}`, body, { schema: lavorazioneLastreSchema });
}

export function useUpdateLavorazioneLastre(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<LavorazioneLastreUpdate>) => updateLavorazioneLastre(id, body),
    onSuccess: (lav) => {
      queryClient.setQueryData(lavorazioniLastreKeys.detail(id), lav);
      return invalidateAfterLavorazione(queryClient);
    },
  });
}
