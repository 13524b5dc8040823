import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { lottoOperazioneSchema, lottoSchema, riservaSchema, type LottoUpdateInput } from '@gestcava/contracts';
import { api, isApiError } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';

export type LottoOp = 'riserva' | 'rilascia' | 'vendi' | 'rettifica' | 'sposta';

const BASE = '/api/magazzino/lotti';

/** After an operation, or a 409 (someone took the pieces first): every tile figure is refetched. */
function useRefreshLotti() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryRoots.magazzinoPavimenti, queryRoots.trasferimenti, queryRoots.giacenze].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** POST /api/magazzino/lotti/:id/<op>: the lot after it, the pieces and m² it took, a split's new lot. */
export function useLottoOperation(id: string) {
  const refresh = useRefreshLotti();
  return useMutation({
    mutationFn: ({ op, body }: { op: LottoOp; body: object }) => api.post(`${BASE}/${encodeURIComponent(id)}/${op}`, body, { schema: lottoOperazioneSchema }),
    onSuccess: () => refresh(),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void refresh();
    },
  });
}

/** PUT /api/magazzino/lotti/:id: list price, scelta, note. */
export function useUpdateLotto(id: string) {
  const refresh = useRefreshLotti();
  return useMutation({
    mutationFn: (body: LottoUpdateInput) => api.put(`${BASE}/${encodeURIComponent(id)}`, body, { schema: lottoSchema }),
    onSuccess: () => refresh(),
  });
}

/** GET /api/magazzino/lotti/:id/riserve: the reservations running, soonest expiry first. */
export function useLottoRiserve(id: string) {
  return useQuery({
    queryKey: [...queryRoots.magazzinoPavimenti, 'lotti', 'riserve', id],
    queryFn: ({ signal }) => api.get(`${BASE}/${encodeURIComponent(id)}/riserve`, { schema: z.array(riservaSchema), signal }),
  });
}
