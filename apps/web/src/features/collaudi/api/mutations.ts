import { useMutation, useQueryClient } from '@tanstack/react-query';
import { collaudoSchema, type Collaudo, type CollaudoCreate, type CollaudoRigaUpdate, type CollaudoStatoBody, type CollaudoUpdate } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { collaudiKeys, invalidateAfterCollaudo } from './keys';
import { COLLAUDI_BASE } from './queries';

const idPath = (id: string) => `${COLLAUDI_BASE}/${encodeURIComponent(id)}`;

/** Every write answers the whole collaudo: it replaces the cached one, then the lists and the blocks refresh. */
function useSaving<V>(send: (v: V) => Promise<Collaudo>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (collaudo) => {
      queryClient.setQueryData(collaudiKeys.detail(collaudo._id), collaudo);
      return invalidateAfterCollaudo(queryClient);
    },
  });
}

/** POST /api/collaudi: a programmato collaudo for a cliente (201, CO-YYYY-NNNN). */
export function useCreateCollaudo() {
  return useSaving((body: CollaudoCreate) => api.create(COLLAUDI_BASE, body, { schema: collaudoSchema }));
}

/** PUT /api/collaudi/:id: the header (the cliente only while it has no rows). */
export function useUpdateCollaudo(id: string) {
  return useSaving((body: CollaudoUpdate) => api.put(idPath(id), body, { schema: collaudoSchema }));
}

/** POST /api/collaudi/:id/stato: the moves of COLLAUDO_TRANSITIONS; confirming sells the accepted blocks. */
export function useChangeCollaudoStato(id: string) {
  return useSaving((body: CollaudoStatoBody) => api.post(`${idPath(id)}/stato`, body, { schema: collaudoSchema }));
}

/** POST /api/collaudi/:id/righe: a block joins (it goes in_collaudo). */
export function useAddRiga(id: string) {
  return useSaving((bloccoId: string) => api.create(`${idPath(id)}/righe`, { bloccoId }, { schema: collaudoSchema }));
}

/** PUT /api/collaudi/:id/righe/:rigaId: only the fields that changed; null clears one. */
export function useUpdateRiga(id: string) {
  return useSaving(({ rigaId, body }: { rigaId: string; body: CollaudoRigaUpdate }) => api.put(`${idPath(id)}/righe/${encodeURIComponent(rigaId)}`, body, { schema: collaudoSchema }));
}

/** DELETE /api/collaudi/:id/righe/:rigaId: the block goes back to its previous state. */
export function useRemoveRiga(id: string) {
  return useSaving((rigaId: string) => api.delete(`${idPath(id)}/righe/${encodeURIComponent(rigaId)}`, undefined, { schema: collaudoSchema }));
}
