import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  lavorazionePavimentiSchema,
  type LavorazionePavimentiCompleta,
  type LavorazionePavimentiCreate,
  type lavorazionePavimentiStatoBodySchema,
} from '@gestcava/contracts';
import { api } from '@/lib/api';
import { invalidateAfterLavorazionePavimenti, lavorazioniPavimentiKeys } from './keys';

const BASE = '/api/lavorazioni-pavimenti';
type Saved = z.infer<typeof lavorazionePavimentiSchema>;

function useSaving<V>(send: (v: V) => Promise<Saved>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (lav) => {
      queryClient.setQueryData(lavorazioniPavimentiKeys.detail(lav._id), lav);
      return invalidateAfterLavorazionePavimenti(queryClient);
    },
  });
}

/** POST /api/lavorazioni-pavimenti: plans a cut from a disponibile block or from disponibile slabs (201, LP-YYYY-NNNN). */
export function useCreateLavorazionePavimenti() {
  return useSaving((body: LavorazionePavimentiCreate) => api.create(BASE, body, { schema: lavorazionePavimentiSchema }));
}

export type LavorazionePavimentiStatoBody = z.input<typeof lavorazionePavimentiStatoBodySchema>;

/** POST /:id/stato: start (the block or the slabs are taken) or cancel (they are given back). */
export function useChangeLavorazionePavimentiStato(id: string) {
  return useSaving((body: LavorazionePavimentiStatoBody) => api.post(`${BASE}/${encodeURIComponent(id)}/stato`, body, { schema: lavorazionePavimentiSchema }));
}

/** POST /:id/completa: pieces and boxes → completata and a lot in magazzino pavimenti, in one transaction. */
export function useCompletaLavorazionePavimenti(id: string) {
  return useSaving((body: LavorazionePavimentiCompleta) => api.post(`${BASE}/${encodeURIComponent(id)}/completa`, body, { schema: lavorazionePavimentiSchema }));
}
