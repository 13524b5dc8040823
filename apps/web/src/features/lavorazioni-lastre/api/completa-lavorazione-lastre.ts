import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lavorazioneLastreSchema, type LavorazioneLastreCompleta } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { invalidateAfterLavorazione, lavorazioniLastreKeys } from './keys';

/**
 * POST /api/lavorazioni-lastre/:id/completa: the slabs (one by one, or count and average size) →
 * completata, the block segato, pacchi and lastre loaded in one transaction; 409 if not in_segagione.
 */
export function completaLavorazioneLastre(id: string, body: LavorazioneLastreCompleta) {
  return api.post(`/api/lavorazioni-lastre/${encodeURIComponent(id)}/completa`, body, { schema: lavorazioneLastreSchema });
}

export function useCompletaLavorazioneLastre(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LavorazioneLastreCompleta) => completaLavorazioneLastre(id, body),
    onSuccess: (lav) => {
      queryClient.setQueryData(lavorazioniLastreKeys.detail(id), lav);
      return invalidateAfterLavorazione(queryClient, true);
    },
  });
}
